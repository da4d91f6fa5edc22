"""The end of a Coffee Break game, citing 002_166af175196e41ee.txt."""

import pytest

from cardcafe.games.coffee_break.actions import Exchange, FinishLaying, Lay, PickForExchange
from cardcafe.games.coffee_break.cards import load

from .helpers import GAME, orders_but, position

LATTES = ["cafe-latte", "iced-cafe-latte"]  # 2 lattes, doubled: 12 points


def almost(order, missing):
    """The cards under `order` when only `missing` is lacking."""
    needs = list(load().recipes[order])
    needs.remove(missing)
    return [(c, c) for c in needs]


@pytest.mark.parametrize(
    ("players", "taken", "order", "rule", "ends"),
    [
        # 12 + 2 + 2 + 4 = 20 points with 2 players.
        (2, [*LATTES, "espresso", "americano"], "cappuccino", "reach", True),
        (2, [*LATTES, "espresso", "americano"], "cappuccino", "exceed", False),
        # 12 + 3 = 15 points with 3 players.
        (3, LATTES, "cafe-mocha", "reach", True),
        (3, LATTES, "cafe-mocha", "exceed", False),
        # 12 + 4 = 16 points passes 15 either way.
        (3, LATTES, "cappuccino", "exceed", True),
        # 12 + 2 + 4 = 18 does not reach 20.
        (2, [*LATTES, "americano"], "cappuccino", "reach", False),
    ],
)
def test_the_game_ends_when_a_player_passes_the_target(players, taken, order, rule, ends):
    # 002_166af175196e41ee.txt: "When the points exceed the level for ending the game, such as
    # '20' points – 2 persons and '15 points' – 3 persons, the game ends and the relevant
    # player wins the game."
    hands = [["espresso"] * 7] + [["ice"] * 3] * (players - 1)
    state = position(
        players,
        hands=hands,
        slots=(order, "espresso", None, None),
        laid=[almost(order, "espresso"), [], [], []],
        taken=[taken] + [[]] * (players - 1),
        target_rule=rule,
    )
    state.apply(Lay(0, "espresso"))  # the game ends at once, mid-turn
    assert state.is_over == ends
    if ends:
        assert state.winners() == [0] and state.end_reason == "target"
        assert state.legal_actions() == []


def test_the_target_is_an_option():
    # 002_166af175196e41ee.txt: "such as '20' points" (the target is an example, and an option).
    state = position(
        hands=[["espresso"] * 7, []],
        slots=("espresso", None, None, None),
        laid=[[("espresso", "espresso")], [], [], []],
        target=2,
    )
    state.apply(Lay(0, "espresso"))
    assert state.is_over and state.winners() == [0]


def test_the_game_ends_when_nobody_can_reach_the_target():
    # 002_166af175196e41ee.txt: "Players gain points by completing the order card." Decision:
    # when the orders left could not bring anyone to the target, the most points win. The order
    # pile is empty, player 2 took every order not named here, and the target is 51.
    mine = [*LATTES, "cafe-latte", "cappuccino", "cappuccino", "caramel-macchiato", "espresso"]

    def game(slots):
        state = position(
            hands=[["espresso"] * 7, ["ice"] * 3],
            slots=slots,
            laid=[[("espresso", "espresso")], [], [], []],
            taken=[mine, orders_but(*mine, *(o for o in slots if o))],
            order_pile=[],
            target=51,
        )
        assert not state.is_over
        return state

    state = game(("espresso", None, None, None))
    state.apply(Lay(0, "espresso"))  # no order left: 43 points against 50
    assert state.is_over and state.end_reason == "unreachable"
    assert state.scores() == [43, 50] and state.winners() == [1]
    # With an Espresso con panna still out, player 1 could make 3 Espresso orders, doubled:
    # 43 - 4 + 12 = 51.
    state = game(("espresso", "espresso-con-panna", None, None))
    state.apply(Lay(0, "espresso"))
    assert not state.is_over and state.scores() == [43, 48]


def test_a_stuck_table_ends_after_stall_rounds():
    # Decision (rules page): no order completed for `stall_rounds` rounds ends the game; a tie on
    # points is a shared win.
    state = position(
        hands=[["ice"] * 3, ["ice"] * 3], taken=[["espresso"], ["americano"]], stall_rounds=1
    )
    state.apply(PickForExchange("ice"))
    state.apply(Exchange())
    assert not state.is_over
    state.apply(PickForExchange("ice"))
    state.apply(Exchange())
    assert state.is_over and state.end_reason == "stalled"
    assert state.winners() == [0, 1]


def test_a_completed_order_restarts_the_stall_count():
    state = position(hands=[["espresso"] * 7, ["ice"] * 3], stall_rounds=1)
    state.apply(Lay(1, "espresso"))
    state.apply(FinishLaying())
    state.apply(PickForExchange("ice"))
    state.apply(Exchange())
    assert state.is_over  # two turns, nothing completed
    state = position(
        hands=[["espresso"] * 7, ["ice"] * 3],
        laid=[[("espresso", "espresso")], [], [], []],
        stall_rounds=1,
    )
    state.apply(Lay(0, "espresso"))
    state.apply(FinishLaying())
    state.apply(PickForExchange("ice"))
    state.apply(Exchange())
    assert not state.is_over and state.quiet_turns == 1


def test_a_target_out_of_reach_from_the_start_ends_the_game_at_once():
    # Decision (rules page): all 20 assumed orders in one hand, every kind doubled, are worth
    # 118 points, so a target of 119 cannot be reached.
    state = GAME.new(2, seed=0, target=119)
    assert state.is_over and state.end_reason == "unreachable" and state.winners() == [0, 1]
    assert not GAME.new(2, seed=0, target=118).is_over
