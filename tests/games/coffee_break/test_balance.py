"""Coffee Break's balance statistics (issue 6: "Coffee Break, orders taken by kind")."""

from __future__ import annotations

import random

import pytest

from .helpers import GAME, position


def test_orders_and_points_by_kind_of_a_constructed_table():
    # Three espressos (one the con panna variant) double under "at-least": 2 * 3 * 2 = 12.
    taken = [["espresso", "espresso-con-panna", "espresso", "cappuccino"], ["iced-americano"]]
    slots = ("americano", "cafe-latte", "cafe-mocha", "cappuccino")  # both Espressos are taken
    state = position(taken=taken, slots=slots)
    first, second = GAME.balance_stats(state)["players"]
    assert first["orders:espresso"] == 3 and first["orders:cappuccino"] == 1
    assert first["orders taken"] == 4 and first["orders:americano"] == 0
    assert first["points:espresso"] == 12 and first["points:cappuccino"] == 4
    assert second["orders:americano"] == 1 and second["points:americano"] == 2
    # Read literally ("more than 3"), three espressos do not double.
    literal = GAME.balance_stats(position(taken=taken, slots=slots, doubling="more-than"))[
        "players"
    ][0]
    assert literal["points:espresso"] == 6


@pytest.mark.parametrize("seed", range(4))
def test_points_by_kind_add_up_to_the_score_of_a_played_game(seed):
    rng = random.Random(seed)
    state = GAME.new(2 + seed % 2, seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    stats = GAME.balance_stats(state)
    for seat, numbers in enumerate(stats["players"]):
        assert sum(v for k, v in numbers.items() if k.startswith("points:")) == numbers["score"]
        kinds = sum(v for k, v in numbers.items() if k.startswith("orders:"))
        assert kinds == numbers["orders taken"] == len(state.taken[seat])
    assert sum(v for k, v in stats["table"].items() if k.startswith("ended:")) == 1
