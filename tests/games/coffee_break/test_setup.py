"""Coffee Break set-up and turn order, citing 002_166af175196e41ee.txt."""

from collections import Counter

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.coffee_break.actions import FinishLaying, Lay

from .helpers import GAME, position


def test_the_box_holds_20_orders_58_ingredients_and_3_jokers():
    # 002_166af175196e41ee.txt: "20 order cards", "58 ingredient cards", "3 joker cards"
    state = GAME.new(2, seed=1)
    deck = Counter(state.cards.ingredient_deck)
    assert len(state.cards.order_deck) == 20
    assert deck["joker"] == 3
    assert sum(deck.values()) - deck["joker"] == 58


def test_two_or_three_players():
    # 002_166af175196e41ee.txt: "about 2~3 baristas"
    for players in (2, 3):
        assert GAME.new(players, seed=0).num_players == players
    for players in (1, 4):
        with pytest.raises(BadInput, match="2 to 3 players"):
            GAME.new(players, seed=0)


def test_four_orders_face_up_in_a_line():
    # 002_166af175196e41ee.txt: "take 4 cards from the top of the pile of the order cards one by
    # one and arrange them in a line on the table"
    state = GAME.new(3, seed=2)
    assert len(state.slots) == 4 and all(state.slots)
    assert len(state.order_pile) == 16
    assert [o["order"] for o in state.view(None)["orders"]] == [f"order:{o}" for o in state.slots]


def test_seven_hidden_ingredient_cards_each():
    # 002_166af175196e41ee.txt: "Each player now can take 7 cards one by one from the top of the
    # pile of ingredient cards without letting others see them."
    state = GAME.new(3, seed=3)
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert len(state.pile) == 61 - 21
    for seat in range(3):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        assert view["hand_sizes"] == [7, 7, 7]
        # Another deal of the other hands (from the pile) looks the same to this player.
        other = state.to_position()
        pool = [c for s in range(3) if s != seat for c in other["hands"][s]]
        pool = list(reversed(pool + other["ingredient_pile"]))
        for s in range(3):
            if s != seat:
                other["hands"][s] = sorted(pool[:7])
                del pool[:7]
        other["ingredient_pile"] = pool
        other = GAME.from_position(other)
        assert other.hands != state.hands
        assert other.view(seat) == view
    assert state.view(None)["hand"] is None


def test_the_piles_are_shuffled():
    # 002_166af175196e41ee.txt: "Sort out the remaining order cards and ingredient cards and
    # shuffle"
    states = [GAME.new(2, seed=s) for s in range(10)]
    assert len({tuple(s.slots) for s in states}) > 5
    assert len({tuple(s.hands[0]) for s in states}) > 5


def test_the_first_player_starts():
    # 002_166af175196e41ee.txt: "the game can start when the first player lays down the
    # ingredient cards below the desired order cards or exchange cards"
    assert GAME.new(3, seed=4).current_player == 0


@pytest.mark.parametrize(("direction", "order"), [("right", [0, 2, 1, 0]), ("left", [0, 1, 2, 0])])
def test_play_goes_to_the_first_players_right(direction, order):
    # 002_166af175196e41ee.txt: "The participants play the game one by one starting from the
    # right direction of first player." Seats are clockwise; the right is counter-clockwise.
    hands = [["espresso"] * 7 for _ in range(3)]
    state = position(3, hands=hands, direction=direction, stall_rounds=50)
    seen = [state.current_player]
    for _ in range(3):
        slot = next(s for s in range(4) if state.missing(s)["espresso"])
        state.apply(Lay(slot, "espresso"))
        if not state.is_over and state.phase == "laying":
            state.apply(FinishLaying())
        seen.append(state.current_player)
    assert seen == order


def test_recipes_and_points_are_there_to_check():
    # 002_166af175196e41ee.txt: "It is possible to look at the help cards in the middle of the
    # game being played in order to check the points."
    state = position(taken=[["cappuccino"], ["espresso", "americano"]])
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["scores"] == [4, 4]
        assert view["orders"][2]["needs"] == ["espresso", "milk", "milk"]
