"""The report's statistics: batch Plackett-Luce ratings, paired comparisons by deal, and balance
effects from a clustered logit, checked on data whose truth is known."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from cardcafe.sim.inference import (
    analyse,
    balance_effects,
    findings,
    paired_by_deal,
    plackett_luce,
)


def ranked_games(strengths: dict[str, float], games: int, seed: int, seats: int = 3):
    """Games whose finishing order is drawn from a Plackett-Luce model with known strengths;
    the bots rotate through the seats, three games per deal."""
    rng = np.random.default_rng(seed)
    bots = list(strengths)
    rows = []
    for game in range(games):
        table = [bots[(game + s) % len(bots)] for s in range(seats)]
        left = list(range(seats))
        order = []
        while left:
            w = np.array([np.exp(strengths[table[i]]) for i in left])
            pick = rng.choice(len(left), p=w / w.sum())
            order.append(left.pop(pick))
        for place, seat in enumerate(order):
            rows.append({
                "game": game, "deal": game // 3, "seat": seat + 1, "bot": table[seat],
                "rank": place + 1, "won": place == 0, "win_share": float(place == 0),
            })  # fmt: skip
    return pd.DataFrame(rows)


def test_plackett_luce_recovers_known_strengths_with_intervals():
    truth = {"a": 1.0, "b": 0.0, "c": -1.0}
    fitted = plackett_luce(ranked_games(truth, 1500, seed=1)).set_index("bot")
    for bot, value in truth.items():  # centred truth is the truth itself here (mean 0)
        assert fitted.ci_low[bot] < value < fitted.ci_high[bot]
        assert fitted.ci_high[bot] - fitted.ci_low[bot] < 0.3
    assert list(fitted.index) == ["a", "b", "c"]


def test_plackett_luce_does_not_depend_on_the_order_of_games():
    seats = ranked_games({"a": 0.5, "b": 0.0, "c": 0.0}, 300, seed=2)
    shuffled = seats.sample(frac=1.0, random_state=7)
    shuffled["game"] = shuffled.game.map(
        dict(zip(range(300), np.random.permutation(300), strict=True))
    )
    first = plackett_luce(seats).set_index("bot")
    second = plackett_luce(shuffled).set_index("bot").loc[first.index]
    np.testing.assert_allclose(first.strength, second.strength, atol=1e-6)
    np.testing.assert_allclose(first.se, second.se, atol=1e-6)


def test_plackett_luce_stays_finite_when_one_bot_always_wins():
    seats = ranked_games({"a": 30.0, "b": 0.0}, 40, seed=3, seats=2)
    fitted = plackett_luce(seats).set_index("bot")
    assert np.isfinite(fitted.strength).all() and fitted.strength["a"] > fitted.strength["b"]


def test_paired_comparison_is_scipys_paired_t_by_deal():
    seats = ranked_games({"a": 0.7, "b": 0.0}, 600, seed=4, seats=2)
    pairs = paired_by_deal(seats)
    per_deal = seats.pivot_table(index="deal", columns="bot", values="win_share")
    expected = sps.ttest_rel(per_deal.a, per_deal.b)
    row = pairs.iloc[0]
    assert (row.bot_a, row.bot_b, row.deals) == ("a", "b", 200)
    assert row.difference == pytest.approx((per_deal.a - per_deal.b).mean())
    assert row.p == pytest.approx(expected.pvalue)
    assert row.significant and row.ci_low > 0


def held_card_table(effect: float, games: int, seed: int) -> pd.DataFrame:
    """Two seats; the seat holding the card wins with odds multiplied by exp(effect); a second
    card has no effect; seat 1 has none either."""
    rng = np.random.default_rng(seed)
    rows = []
    for game in range(games):
        held = rng.integers(0, 2, size=2)
        other = rng.integers(0, 2, size=2)
        logits = effect * held
        p0 = 1 / (1 + np.exp(logits[1] - logits[0]))
        winner = 0 if rng.random() < p0 else 1
        for seat in range(2):
            rows.append({
                "game": game, "deal": game, "deal_seed": game, "seat": seat + 1, "bot": "random",
                "score": 0, "rank": 1 if seat == winner else 2, "win_share": float(seat == winner),
                "won": seat == winner, "held:magic": int(held[seat]), "held:dud": int(other[seat]),
            })  # fmt: skip
    return pd.DataFrame(rows)


def test_balance_effects_find_a_strong_card_and_not_a_dud():
    effects = balance_effects(held_card_table(1.0, 1500, seed=1)).set_index("effect")
    magic, dud = effects.loc["held:magic"], effects.loc["held:dud"]
    # The per-seat odds ratio is below exp(1): half the time the other seat holds it too.
    assert magic.kind == "held" and magic.significant and 1.8 < magic.odds_ratio < np.exp(1.0)
    assert not dud.significant and dud.ci_low < 1 < dud.ci_high
    assert not effects.loc["seat 2 (against seat 1)"].significant
    assert (effects.p_adjusted >= effects.p).all()  # Holm only raises p-values


def test_balance_effects_are_statsmodels_clustered_logit():
    import statsmodels.formula.api as smf

    table = held_card_table(0.5, 400, seed=6)
    table["deal"] = table.game // 4  # clusters of four games
    mine = balance_effects(table).set_index("effect").loc["held:magic"]
    table["won_f"] = table.won.astype(float)
    theirs = smf.logit("won_f ~ C(seat) + Q('held:magic')", table).fit(
        disp=0, cov_type="cluster", cov_kwds={"groups": table.deal}
    )
    coef = theirs.params["Q('held:magic')"]
    assert mine.odds_ratio == pytest.approx(np.exp(coef))
    assert mine.p == pytest.approx(theirs.pvalues["Q('held:magic')"])


def test_findings_say_in_words_what_is_significant():
    seats = held_card_table(1.2, 1500, seed=8)
    lines = findings(**analyse(seats))
    assert any("A seat holding magic wins more often than one without" in x for x in lines)
    assert not any("held:dud wins" in x for x in lines)
    assert any("not significant after the Holm correction" in x for x in lines)


def test_no_significant_seat_is_not_read_as_no_advantage():
    # "the data show no advantage of the turn order" claimed an absence that a test which finds
    # nothing cannot show: 60 games would miss a real advantage as readily as find none.
    seats = ranked_games({"a": 0.0, "b": 0.0, "c": 0.0}, 60, seed=3)
    lines = findings(**analyse(seats))
    (line,) = [x for x in lines if "seat 1 (who moves first)" in x]
    assert "do not show an advantage of the turn order" in line
    assert "not the same as showing there is none" in line and "show no advantage" not in line


def test_too_few_games_give_no_estimate_rather_than_an_error():
    seats = ranked_games({"a": 30.0, "b": 0.0}, 4, seed=9, seats=2)
    effects = balance_effects(seats)
    assert effects.empty or effects.p.notna().all()
    assert findings(**analyse(seats))  # still something to say


def test_an_interval_too_wide_for_a_number_is_no_estimate_rather_than_an_error():
    # A card held by whoever sits first, and only by them, says nothing apart from the seat:
    # its interval overflowed, and `simulate --out` of six Monster Rejects games stopped on
    # "OverflowError: math range error" with no report.
    seats = ranked_games({"a": 0.0, "b": 0.0, "c": 0.0}, 9, seed=3)
    seats["held:x"] = (seats.seat == 1).astype(int)
    effects = balance_effects(seats)
    assert "held:x" not in set(effects.effect)
    assert np.isfinite(effects[["odds_ratio", "ci_low", "ci_high", "p"]].to_numpy()).all()
    assert findings(**analyse(seats))


def test_a_card_in_play_that_favours_the_first_seat_is_found():
    rng = np.random.default_rng(12)
    seats, games = [], []
    for game in range(1200):
        in_play = int(rng.integers(0, 2))
        p_first = 0.75 if in_play else 0.5  # two seats; the card helps whoever moves first
        winner = 0 if rng.random() < p_first else 1
        games.append({"game": game, "deal": game, "family:x": in_play, "family:y": 1 - in_play,
                      "menu:z": int(rng.integers(0, 2))})  # fmt: skip
        for seat in range(2):
            seats.append({"game": game, "deal": game, "seat": seat + 1, "bot": "random",
                          "rank": 1 if seat == winner else 2, "won": seat == winner,
                          "win_share": float(seat == winner)})  # fmt: skip
    effects = balance_effects(pd.DataFrame(seats), pd.DataFrame(games)).set_index("effect")
    x, z = effects.loc["family:x"], effects.loc["menu:z"]
    assert x.kind == "in play" and x.significant and x.odds_ratio > 2
    assert not z.significant
