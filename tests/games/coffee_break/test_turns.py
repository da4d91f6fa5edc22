"""A Coffee Break turn: lay cards, or exchange cards, citing 002_166af175196e41ee.txt."""

import random
import re

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.coffee_break.actions import (
    Exchange,
    FinishLaying,
    Lay,
    LayJoker,
    Pass,
    PickForExchange,
)

from .helpers import card_set, lay_all, position

HAND = ["espresso", "espresso", "milk", "milk", "water", "foam", "ice"]


def refused(state, action, match):
    before = state.clone()
    with pytest.raises(IllegalMove, match=match):
        state.apply(action)
    assert state == before


def test_only_one_of_the_two_actions_per_turn():
    # 002_166af175196e41ee.txt: "Individual players are allowed to choose only one of following
    # actions" and "If a player chooses the exchange, the player should not lay down the
    # ingredient cards below the order cards."
    state = position(hands=[HAND, []])
    state.apply(Lay(1, "water"))
    assert not any(isinstance(a, PickForExchange) for a in state.legal_actions())
    # The kernel refuses an action of the kind not chosen, saying what is asked instead.
    refused(state, PickForExchange("ice"), "^not now: Lay more ingredient cards")

    state = position(hands=[HAND, []])
    state.apply(PickForExchange("ice"))
    assert not any(isinstance(a, (Lay, LayJoker)) for a in state.legal_actions())
    refused(state, Lay(1, "water"), "^not now: Exchange ")


def test_lay_on_several_orders_or_several_cards_on_one():
    # 002_166af175196e41ee.txt: "Each player can lay down ingredient cards separately for
    # multiple order cards, or multiple ingredient cards for one order card."
    state = position(hands=[HAND, []])
    lay_all(state, [(3, "espresso"), (3, "milk"), (2, "milk")])
    assert state.laid[3] == [("espresso", "espresso"), ("milk", "milk")]
    assert state.laid[2] == [("milk", "milk")]
    assert state.current_player == 0


def test_only_cards_the_order_still_needs():
    # 002_166af175196e41ee.txt: "As long as it is suitable for the conditions of the order card
    # (Small ingredient picture)"
    state = position(hands=[HAND, []])
    assert Lay(0, "milk") not in state.legal_actions()  # an espresso takes no milk
    refused(state, Lay(0, "milk"), "does not need")
    state.apply(Lay(2, "espresso"))  # a café latte needs one espresso
    refused(state, Lay(2, "espresso"), "does not need")


def test_one_to_seven_cards():
    # 002_166af175196e41ee.txt: "each player can lay down 1 ~ 7 ingredient cards."
    state = position(hands=[HAND, []])
    assert FinishLaying() not in state.legal_actions()
    refused(state, FinishLaying(), "^not now: Lay ingredient cards under the orders")
    seven = position(
        hands=[["espresso", "espresso", "water", "milk", "milk", "foam", "espresso"], []],
        slots=("cafe-latte", "americano", "cappuccino", "iced-caramel-macchiato"),
    )
    lay_all(
        seven,
        [(0, "espresso"), (0, "milk"), (1, "water"), (2, "espresso"), (2, "espresso"), (2, "milk")],
    )
    seven.apply(Lay(2, "foam"))
    assert seven.hands[0] == [] and seven.legal_actions() == [FinishLaying()]


def test_draw_back_to_seven_only_after_laying():
    # 002_166af175196e41ee.txt: "Each player should not bring a new ingredient card while
    # laying down the existing one." and "individual players are expected to have 7 ingredient
    # cards when each turn is completed."
    state = position(hands=[HAND, HAND], pile_top=["ice", "caramel", "chocolate"])
    pile = len(state.pile)
    lay_all(state, [(1, "water"), (3, "foam")])
    assert len(state.hands[0]) == 5 and len(state.pile) == pile
    state.apply(FinishLaying())
    expected = [c for c in HAND if c not in ("water", "foam")] + ["chocolate", "caramel"]
    assert state.hands[0] == sorted(expected)
    assert len(state.pile) == pile - 2


def test_no_need_to_complete_an_order():
    # 002_166af175196e41ee.txt: "A player does not have to complete the ordered coffee at
    # his/her turn necessarily."
    state = position(hands=[HAND, []])
    state.apply(Lay(3, "milk"))
    state.apply(FinishLaying())
    assert state.slots[3] == "cappuccino" and state.laid[3] == [("milk", "milk")]
    assert state.taken == [[], []]


def test_the_next_player_after_an_action():
    # 002_166af175196e41ee.txt: "When a player chooses and finishes an action, it is the time
    # for the next player to participate."
    state = position(hands=[HAND, HAND])
    state.apply(Lay(1, "water"))
    assert state.current_player == 0
    state.apply(FinishLaying())
    assert state.current_player == 1
    state.apply(PickForExchange("ice"))
    assert state.current_player == 1
    state.apply(Exchange())
    assert state.current_player == 0


def test_joker_stands_for_a_named_ingredient_everyone_sees():
    # 002_166af175196e41ee.txt: "The 'joker cards' can be used as ingredient cards as the
    # players want. A player allows other players know which ingredient the joker card is to
    # be used for."
    state = position(hands=[["joker", "milk"], []])
    assert LayJoker(1, "water") in state.legal_actions()
    assert LayJoker(1, "milk") not in state.legal_actions()  # still only what the order needs
    state.apply(LayJoker(3, "foam"))
    assert state.missing(3) == {"espresso": 2, "milk": 1}
    for seat in (None, 0, 1):
        assert state.view(seat)["orders"][3]["laid"] == [{"card": "joker", "as": "foam"}]
    lay = state.log(1)[-1]
    assert lay.kind == "lay" and lay.data == {
        "card": "joker",
        "ingredient": "foam",
        "order": "order:cappuccino",
    }
    assert state.log_text(1)[-1] == "Player 1 lays a Joker as Milk foam under the Cappuccino."


def test_exchange_one_to_four_cards_face_up_and_draw_as_many():
    # 002_166af175196e41ee.txt: "It is possible to exchange 1 ~ 4 cards and the discarded cards
    # are to be put at the place for the disclosed and "used" cards. It is required to bring
    # new ingredients card from the pile of ingredient cards as many as the players discarded."
    state = position(hands=[HAND, []], pile_top=["caramel"] * 4)
    assert Exchange() not in state.legal_actions()
    for card in ("milk", "milk", "ice", "foam"):
        state.apply(PickForExchange(card))
    assert not any(isinstance(a, PickForExchange) for a in state.legal_actions())
    refused(state, PickForExchange("water"), "at most 4")
    state.apply(Exchange())
    assert state.used == ["milk", "milk", "ice", "foam"]
    assert state.hands[0] == sorted(["espresso", "espresso", "water"] + ["caramel"] * 4)


def test_exchanged_cards_are_disclosed():
    # 002_166af175196e41ee.txt: "The cards to be discarded due to the exchange should be
    # discarded while being disclosed."
    state = position(hands=[HAND, []])
    state.apply(PickForExchange("ice"))
    # Picking is private until the exchange is made.
    assert state.view(1)["picked"] is None and state.view(1)["picked_count"] == 1
    assert state.log(1)[-1].kind == "pick" and not state.log(1)[-1].data
    assert state.log_text(1)[-1] == "Player 1 picks a card to exchange."
    assert state.log_text(0)[-1] == "You pick Ice to exchange."
    state.apply(Exchange())
    assert state.view(None)["used_pile"] == ["ice"]
    assert "Player 1 discards Ice face up." in state.log_text(None)


def test_a_player_with_no_cards_can_only_pass(tmp_path):
    # 002_166af175196e41ee.txt: "If both are empty" piles (issue 4: "play goes on without
    # drawing"): a player left with no cards has nothing to lay or exchange. Only long recipes
    # (rules page) can hold the 54 cards neither hand holds.
    cards = card_set(
        tmp_path,
        espresso=["espresso"] * 21,
        americano=["espresso"] + ["water"] * 4 + ["ice"] * 5 + ["whipped-cream"] * 2,
        cafe_latte=["espresso"] + ["milk"] * 12 + ["chocolate"] * 3,
        cappuccino=["espresso"] + ["foam"] * 6 + ["caramel"] * 4,
    )
    laid = [
        [("espresso", "espresso")] * 20,
        [(c, c) for c in ["water"] * 3 + ["ice"] * 5 + ["whipped-cream"] * 2],
        [(c, c) for c in ["milk"] * 11 + ["chocolate"] * 3],
        [(c, c) for c in ["foam"] * 3 + ["caramel"] * 4] + [("joker", "foam")] * 3,
    ]
    state = position(hands=[[], HAND], laid=laid, rest="used", cards=cards)
    assert state.pile == [] and state.used == []
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.current_player == 1
    refused(state, Pass(), "only pass")


def test_actions_outside_the_game_are_refused_clearly():
    state = position(hands=[HAND, []])
    refused(state, Lay(7, "milk"), "not an action of Coffee Break")
    refused(state, LayJoker(0, "tea"), "not an action of Coffee Break")


def test_determinizations_do_not_keep_the_hidden_hand_or_the_picked_cards():
    # 002_166af175196e41ee.txt: "without letting others see them": a determinization for player
    # 2 re-deals player 1's hand and the cards player 1 picked, keeping only what player 2 saw.
    state = position(hands=[HAND, ["caramel"] * 4 + ["chocolate"] * 3])
    state.apply(PickForExchange("ice"))
    rng = random.Random(3)
    seen_hands, seen_picks = set(), set()
    for _ in range(30):
        det = state.determinize(1, rng)
        assert det.view(1) == state.view(1)
        assert det.hands[1] == state.hands[1] and len(det.hands[0]) == 7
        seen_hands.add(tuple(det.hands[0]))
        seen_picks.add(tuple(det.picked))
        det.check_invariants()
    assert len(seen_hands) > 1 and len(seen_picks) > 1
    # The player who picked keeps their own hand and picks in their own determinization.
    det = state.determinize(0, rng)
    assert det.hands[0] == sorted(HAND) and det.picked == ["ice"]


def test_a_turn_s_other_action_is_refused_with_what_is_asked_now():
    # 002_166af175196e41ee.txt: "Individual players are allowed to choose only one of following
    # actions" and "If a player chooses the exchange, the player should not lay down the
    # ingredient cards below the order cards." Before issue 19 the reasons had drifted from the
    # rule: exchanging after laying said "pick 1 to 4 cards to exchange first" (no pick makes
    # it possible), finishing an exchange said "lay at least one card before finishing" (no card
    # may be laid). Now the phase table refuses the other action's kinds, saying what is asked.
    laying = position(hands=[HAND, []])
    laying.apply(Lay(1, "water"))
    asked = "not now: Lay more ingredient cards, or finish laying and draw back up to 7."
    for action in (Exchange(), PickForExchange("ice"), Pass()):
        refused(laying, action, f"^{re.escape(asked)}$")

    exchanging = position(hands=[HAND, []])
    exchanging.apply(PickForExchange("ice"))
    asked = "not now: Exchange Ice, or pick up to 3 more."
    for action in (FinishLaying(), Lay(1, "water"), LayJoker(1, "water"), Pass()):
        refused(exchanging, action, f"^{re.escape(asked)}$")

    choosing = position(hands=[HAND, []])
    asked = "not now: Lay ingredient cards under the orders, or pick 1 to 4 cards to exchange."
    for action in (FinishLaying(), Exchange()):
        refused(choosing, action, f"^{re.escape(asked)}$")
