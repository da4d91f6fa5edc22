"""The intervals in sim/stats.py against the published tables (issue 18)."""

import math

import pytest

from cardcafe.sim.stats import mean_interval, t_quantile, wilson


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (10, 2.228), (30, 2.042)],
)
def test_t_quantile_matches_the_table(df, expected):
    assert t_quantile(df) == pytest.approx(expected, abs=5e-4)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_mean_interval_with_few_units_uses_the_exact_quantile(n):
    values = [0.2, 0.6, 0.4, 0.9][:n]
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    got_mean, low, high = mean_interval(values)
    assert got_mean == pytest.approx(mean)
    assert low == pytest.approx(max(0.0, mean - half))
    assert high == pytest.approx(min(1.0, mean + half))


def test_mean_interval_at_three_degrees_of_freedom():
    # n = 4, df = 3: the half-width is 3.182 standard errors, not 3.064.
    values = [0.4, 0.5, 0.5, 0.6]
    mean, low, high = mean_interval(values)
    se = math.sqrt(sum((v - 0.5) ** 2 for v in values) / 3) / 2
    assert (high - mean) / se == pytest.approx(3.1824, abs=1e-3)
    assert (mean - low) / se == pytest.approx(3.1824, abs=1e-3)


def test_wilson_matches_the_reference_interval():
    # Wilson's interval for 8 of 10 (Agresti & Coull 1998; statsmodels gives the same).
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
