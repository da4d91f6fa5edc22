"""Completing orders and showing new ones, citing 002_166af175196e41ee.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.coffee_break.actions import FinishLaying, Lay, LayJoker
from cardcafe.games.coffee_break.scoring import points

from .helpers import lay_all, orders_but, position

HAND = ["espresso", "espresso", "espresso", "milk", "water", "foam", "joker"]


def test_the_player_laying_the_last_ingredient_takes_the_order():
    # 002_166af175196e41ee.txt: "when an order is completed, the player who lays down the last
    # ingredient will acquire it."
    state = position(hands=[HAND, HAND])
    state.apply(Lay(0, "espresso"))  # player 1 starts the Espresso
    state.apply(FinishLaying())
    state.apply(Lay(0, "espresso"))  # player 2 finishes it
    assert state.taken == [[], ["espresso"]]
    assert state.scores() == [0, 2]


def test_laid_ingredients_stay_for_everyone():
    # 002_166af175196e41ee.txt: "When the ordered coffee is completed by laying down an
    # ingredient card that is suitable for the order card, the player who lays down the last
    # ingredient card takes the order and gains a point"
    state = position(hands=[HAND, HAND])
    lay_all(state, [(3, "espresso"), (3, "milk")])
    state.apply(FinishLaying())
    assert state.view(1)["orders"][3]["missing"] == ["espresso", "foam"]
    lay_all(state, [(3, "espresso"), (3, "foam")])
    assert state.taken[1] == ["cappuccino"]


def test_completed_ingredients_go_face_up_to_the_used_pile():
    # 002_166af175196e41ee.txt: "Once after the order is completed, all the cards laid down below
    # the relevant order cards need to be discarded while being disclosed."
    state = position(hands=[HAND, HAND])
    lay_all(state, [(1, "water"), ("joker", 1, "espresso")])
    assert state.laid[1] == []
    assert sorted(state.view(None)["used_pile"]) == ["joker", "water"]
    done = state.log(None)[-1]
    assert done.kind == "complete" and done.data["cards"] == ["water", "joker"]
    assert done.data["order"] == "order:americano"
    assert state.log_text(None, ["Ann", "Bob"])[-1] == (
        "Ann completes the Americano and takes it (2 points now); its cards go face up to the "
        "used pile: Hot water and a Joker."
    )


def test_keep_laying_after_completing_an_order():
    # 002_166af175196e41ee.txt: "Even after an order is completed, if a player holds ingredient
    # cards that can be laid down below other order cards, the player can keep laying down the
    # cards as long as the order cards allow."
    state = position(hands=[HAND, HAND])
    lay_all(state, [(0, "espresso"), (0, "espresso")])
    assert state.taken[0] == ["espresso"] and state.current_player == 0
    assert Lay(3, "espresso") in state.legal_actions()
    lay_all(state, [(3, "espresso"), (1, "water")])
    assert state.laid[3] == [("espresso", "espresso")] and state.laid[1] == [("water", "water")]


def test_the_vacant_place_stays_empty_until_the_turn_ends():
    # 002_166af175196e41ee.txt: "The order cards to be newly disclosed need to be disclosed
    # after the player completes his turn." and "it is required for a player not to disclose a
    # new order card at the place of the order card (Vacant) completed in his/her turn."
    state = position(hands=[HAND, HAND], order_pile_top=["iced-americano"])
    lay_all(state, [(0, "espresso"), (0, "espresso")])
    assert state.slots[0] is None and state.view(None)["orders"][0] is None
    assert not any(isinstance(a, (Lay, LayJoker)) and a.slot == 0 for a in state.legal_actions())
    with pytest.raises(IllegalMove, match="stays empty until the turn ends"):
        state.apply(Lay(0, "espresso"))
    state.apply(FinishLaying())
    assert state.slots[0] == "iced-americano"


def test_never_more_than_four_orders_and_fewer_when_the_pile_runs_out():
    # 002_166af175196e41ee.txt: "It is required to bring a new order card into the place of the
    # one taken by the player. The number of disclosed order cards should not exceed 4."
    state = position(hands=[HAND, HAND], order_pile_top=["americano"])
    lay_all(state, [(0, "espresso"), (0, "espresso"), (1, "water"), ("joker", 1, "espresso")])
    state.apply(FinishLaying())
    assert state.slots[0] == "americano" or state.slots[1] == "americano"
    assert len([o for o in state.slots if o]) == 4
    # Issue 4: "If the order pile runs out, play goes on with fewer orders". Every other order
    # was taken: player 2 holds them and needs one more order to reach the target.
    slots = ("espresso", "americano", "cappuccino", None)
    lattes = ["cafe-latte", "cafe-latte"]
    rest = orders_but(*slots[:3], *lattes)
    empty = position(
        hands=[HAND, HAND],
        slots=slots,
        taken=[lattes, rest],
        order_pile=[],
        target=points(rest) + 1,
    )
    lay_all(empty, [(0, "espresso"), (0, "espresso")])
    empty.apply(FinishLaying())
    assert empty.slots == [None, "americano", "cappuccino", None] and not empty.is_over
    assert empty.current_player == 1
