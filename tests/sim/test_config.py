"""Seats, rotation and seeds of a run."""

from __future__ import annotations

from collections import Counter

import pytest

from cardcafe.engine import BadInput
from cardcafe.sim import SimConfig, deal_seed, derive_seed, expand_seats, play_game, seating


def test_seat_list_cycles_to_fill_the_table():
    assert expand_seats("ismcts,random", 4) == ["ismcts", "random", "ismcts", "random"]
    assert expand_seats("ismcts,heuristic,random", 3) == ["ismcts", "heuristic", "random"]
    assert expand_seats(None, 3) == ["random"] * 3
    assert expand_seats(" random , ismcts:iterations=5 ", 2) == ["random", "ismcts:iterations=5"]


def test_seat_list_errors():
    with pytest.raises(BadInput, match="3 seats given for a 2-player game"):
        expand_seats("random,random,random", 2)
    with pytest.raises(BadInput, match="empty bot name"):
        expand_seats("random,,random", 3)


def test_even_seats_refuses_a_list_that_does_not_divide_the_table():
    # Repeating would give ismcts two seats of four: `simulate` refuses, saying why (issue 18).
    with pytest.raises(BadInput, match=r"3 seats given for a 4-player game.*divides 4"):
        expand_seats("ismcts,heuristic,random", 4, even=True)
    with pytest.raises(BadInput, match="one bot spec per seat"):
        SimConfig.build("monster-diner", 3, "random,heuristic", 1, 0, even_seats=True)
    assert expand_seats("heuristic", 5, even=True) == ["heuristic"] * 5
    assert expand_seats("random,heuristic", 6, even=True) == ["random", "heuristic"] * 3
    # The Python API still cycles when asked to (the bots ladder seats 2 bots at 3 players).
    assert expand_seats("random,heuristic", 3) == ["random", "heuristic", "random"]


def test_rotation_gives_every_bot_the_first_seat_equally():
    config = SimConfig.build("monster-diner", 3, "ismcts:iterations=5,ismcts:c=1.0,random", 6, 1)
    firsts = Counter(seating(config, n)[0] for n in range(6))
    assert firsts == Counter({s: 2 for s in config.seats})
    for n in range(6):
        assert sorted(seating(config, n)) == sorted(config.seats)


def test_derived_seeds_are_stable_and_distinct():
    assert derive_seed(7, 3) == derive_seed(7, 3)
    seeds = {derive_seed(7, n) for n in range(100)} | {derive_seed(8, n) for n in range(100)}
    assert len(seeds) == 200
    assert derive_seed(7, 3, 0) != derive_seed(7, 3, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"players": 9}, "Monster Diner is for 2 to 6 players, not 9"),
        ({"seats": "random,genius"}, "unknown bot 'genius'"),
        ({"games_": 0}, "the number of games must be at least 1"),
        ({"options": {"colour": "red"}}, "unknown option 'colour' for monster-diner"),
    ],
)
def test_bad_configs_fail_before_any_game(kwargs, message):
    args = {"game": "monster-diner", "players": 3, "seats": None, "games_": 4, "seed": 0}
    args.update(kwargs)
    with pytest.raises(BadInput, match=message):
        SimConfig.build(args.pop("game"), args.pop("players"), args.pop("seats"), **args)


def test_duplicate_deals_replay_each_deal_from_every_seating():
    plain = SimConfig.build("monster-diner", 3, "heuristic,random,random", 9, 5)
    dup = SimConfig.build("monster-diner", 3, "heuristic,random,random", 9, 5, duplicate=True)
    deals = [deal_seed(dup, n) for n in range(9)]
    assert deals[0:3] == [deals[0]] * 3 and deals[3:6] == [deals[3]] * 3
    assert len(set(deals)) == 3
    assert len({deal_seed(plain, n) for n in range(9)}) == 9
    # Within a deal the heuristic bot sits in every seat once.
    assert sorted(seating(dup, n).index("heuristic") for n in range(3)) == [0, 1, 2]
    assert SimConfig.from_json(dup.to_json()) == dup
    assert not dup.same_run(plain)  # --resume will not mix the two
    first, second = play_game(dup, 0), play_game(dup, 1)
    assert first["seed"] == second["seed"] and first["seats"] != second["seats"]
