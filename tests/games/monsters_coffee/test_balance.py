"""Monster's Coffee's balance statistics (issue 6: "how each family and each Menu coffee changes
outcomes"): families and Menu coffee in play, Coffee by family majority."""

from __future__ import annotations

import random

import pytest

from cardcafe.games.monsters_coffee.actions import Take
from cardcafe.games.monsters_coffee.cards import FAMILIES

from .helpers import ALL_POWERS, GAME
from .test_rounds import last_round_coffee, rex_example, scorer_round


def majorities(stats):
    return {k: v for k, v in stats.items() if k.startswith("coffee:majority ")}


def test_rex_majority_coffee_goes_to_the_player_with_the_most_rex():
    # 000: "PLAYER 2 wins the Coffee tokens associated with the 2 REX in the centre of the table."
    # The tied Cakosaurus wins nobody anything.
    state = rex_example()
    state.apply(Take(0, 3))
    stats = GAME.balance_stats(state)["players"]
    assert majorities(stats[1]) == {
        "coffee:majority rex": 2,
        "coffee:majority cakosaurus": 0,
        "coffee:majority skeeter": 0,
        "coffee:majority snorkel": 0,
        "coffee:majority bliblop": 0,
    }
    assert all(v == 0 for seat in (0, 2) for v in majorities(stats[seat]).values())
    assert [s["coffee:majorities"] for s in stats] == last_round_coffee(state)


@pytest.mark.parametrize(
    ("centre", "family", "coffee"),
    [
        (["bliblop"] * 3, "bliblop", 6),
        (["skyzoclop:-3", "skyzoclop:1", "skyzoclop:-1"], "skyzoclop", -3),
    ],
)
def test_scoring_families_count_their_own_worth(centre, family, coffee):
    state = scorer_round(centre, negative_coffee=True)
    state.apply(Take(0, 0))
    stats = GAME.balance_stats(state)["players"][0]
    assert stats[f"coffee:majority {family}"] == coffee == stats["coffee:majorities"]


@pytest.mark.parametrize(
    ("options", "menu"),
    [
        ({}, "latte-newbie"),
        ({"menu": "prissato"}, "prissato"),
        ({"families": ["skeeter", "snout", "skyzoclop", "mummy", "priss"]}, "prissato"),
        ({"families": ALL_POWERS}, None),
    ],
)
def test_the_table_names_the_families_and_the_menu_coffee_in_play(options, menu):
    state = GAME.new(3, seed=2, **options)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    stats = GAME.balance_stats(state)
    table = stats["table"]
    assert {f for f in FAMILIES if table[f"family:{f}"] == 1} == set(state.families)
    on = [k for k, v in table.items() if k.startswith("menu:") and v == 1]
    assert on == ([f"menu:{menu}"] if menu else [])
    # Both rounds' majorities are counted: they add up to the round-end Coffee of the log.
    rounds = [e.data["round_coffee"] for e in state.events if "round_coffee" in (e.data or {})]
    assert len(rounds) == 2
    for seat, numbers in enumerate(stats["players"]):
        assert numbers["coffee:majorities"] == sum(r[seat] for r in rounds)
        assert sum(majorities(numbers).values()) == numbers["coffee:majorities"]


def test_cookies_are_counted_only_with_the_cakosaurus_in_play():
    # 000 CAKOSAURUS: "Take 1 Cookie token." Without it nobody can hold one: no statistic.
    with_it = GAME.new(2, seed=1)
    with_it.cookies = [2, 0]
    with_it.supply["cookie"] -= 2
    assert [s["cookies"] for s in GAME.balance_stats(with_it)["players"]] == [2, 0]
    without = GAME.new(2, seed=1, menu="prissato")
    assert all("cookies" not in s for s in GAME.balance_stats(without)["players"])
