"""The report of a run directory: summary.json, report.md and readable PNG plots."""

from __future__ import annotations

import json

import matplotlib.image
import pytest

from cardcafe.sim import SimConfig, run_simulation, write_report
from cardcafe.sim.stats import mean_interval, openskill_ratings, ranks, wilson

PLOTS = ("win_rates.png", "seats.png", "ratings.png", "scores.png", "lengths.png", "balance.png")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("run")
    config = SimConfig.build("monster-diner", 3, "ismcts:iterations=2,random,random", 6, 3)
    outcome = run_simulation(config, out=directory, workers=1)
    summary = write_report(directory, config.to_json(), outcome.results)
    return directory, summary


def test_every_file_is_written(run_dir):
    directory, summary = run_dir
    for name in ("results.jsonl", "summary.json", "report.md", "run.json", *PLOTS):
        assert (directory / name).stat().st_size > 0, name
    assert json.loads((directory / "summary.json").read_text()) == summary


@pytest.mark.parametrize("name", PLOTS)
def test_plots_are_non_empty_pngs(run_dir, name):
    directory, _ = run_dir
    path = directory / name
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = matplotlib.image.imread(path)
    assert pixels.shape[0] >= 300 and pixels.shape[1] >= 400
    assert pixels.std() > 0.01  # not a blank canvas


def test_report_names_bots_seats_and_ratings(run_dir):
    directory, summary = run_dir
    text = (directory / "report.md").read_text()
    for heading in ("Win rate per bot", "OpenSkill ratings", "Seat order", "Scores", "Game length"):
        assert f"## {heading}" in text
    assert "`ismcts:iterations=2`" in text and "| 1 (first) |" in text
    assert summary["games_played"] == 6
    seats = summary["per_bot"]
    assert seats["ismcts:iterations=2"]["n"] == 6 and seats["random"]["n"] == 12
    assert sum(r["n"] for r in summary["per_seat"]) == 18


def test_report_says_which_intervals_are_adjusted_for_many_comparisons(run_dir):
    # A seat's own interval could clear the even share ("above (CI excludes it)") while the
    # findings said no seat differs from seat 1: the report did not say that one is a single
    # 95% interval and the other Holm-corrected over every effect.
    text = (run_dir[0] / "report.md").read_text()
    seat_order = text.split("## Seat order", 1)[1].split("\n|", 1)[0]
    assert "not adjusted for the seats compared at once" in seat_order
    assert "the intervals are 95% each, not adjusted" in text.split("## Balance effects", 1)[1]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_mean_interval_uses_students_t():
    # 40 values of 0 and 1: mean 0.5, sd 0.506, t(39) = 2.023, half-width 0.162.
    mean, low, high = mean_interval([0.0, 1.0] * 20)
    assert (
        mean == 0.5
        and low == pytest.approx(0.338, abs=2e-3)
        and high == pytest.approx(0.662, abs=2e-3)
    )
    # Few samples widen it: t(4) = 2.776, not the normal 1.96.
    mean, low, high = mean_interval([0.2, 0.4, 0.6, 0.8, 0.5])
    half = 2.776 * 0.2236 / 5**0.5
    assert low == pytest.approx(0.5 - half, abs=5e-3) and high == pytest.approx(
        0.5 + half, abs=5e-3
    )
    assert mean_interval([0.7]) == (0.7, 0.0, 1.0)
    # All alike: not a zero-width interval but Wilson's over the units.
    assert mean_interval([1.0] * 50) == (1.0, *wilson(50, 50))
    assert mean_interval([1.0] * 50)[1] < 0.95


def test_ranks_put_winners_first_then_scores():
    assert ranks({"scores": [10, 30, 30, 5], "winners": [2]}) == [2, 1, 0, 3]
    assert ranks({"scores": [10, 10], "winners": [0, 1]}) == [0, 0]


def test_openskill_ranks_a_bot_that_always_wins_first():
    games = [
        {"seats": ["a", "b"] if n % 2 else ["b", "a"], "scores": [1, 0] if n % 2 else [0, 1]}
        for n in range(20)
    ]
    for g in games:
        g["winners"] = [g["scores"].index(1)]
    rated = openskill_ratings(games)
    assert list(rated) == ["a", "b"] and rated["a"]["mu"] > rated["b"]["mu"]
