"""Coffee Break in players' words (issue 20): catalogue, labels, log lines, breakdown, citing
002_166af175196e41ee.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.coffee_break.actions import (
    Exchange,
    FinishLaying,
    Lay,
    LayJoker,
    PickForExchange,
)

from .helpers import GAME, position

NAMES = ["Ann", "Bob"]
HAND = ["espresso", "espresso", "milk", "milk", "water", "foam", "joker"]


def test_every_card_has_a_name_and_says_what_it_is_for():
    cards = GAME.catalogue()["cards"]
    assert cards["espresso"]["name"] == "Espresso shot"
    assert cards["water"]["text"] == (
        "For the Americano and Iced Americano: lay it under one that still needs it."
    )
    # 002: "They can be turned into cards for ingredients desired by the player." and "A player
    # allows other players know which ingredient the joker card is to be used for."
    assert "any ingredient" in cards["joker"]["text"] and "everyone sees" in cards["joker"]["text"]
    # Orders and ingredients share the id "espresso": shown orders carry a prefix.
    latte = cards["order:cafe-latte"]
    assert latte["name"] == "Café Latte" and latte["needs"] == ["espresso", "milk", "milk"]
    # 002: "3 points for each Café Latte (Including Ice Café Latte) order card ... the points
    # will be doubled when there are more than 2 same orders."
    assert latte["text"] == (
        "Needs an Espresso shot and 2 Milk cards. 3 points; with 2 or more Café Latte orders "
        "(Iced Café Latte included) all your Café Lattes score double."
    )
    assert latte["points"] == 3 and latte["double_at"] == 2 and latte["copies"] == 2
    assert cards["order:espresso"]["double_at"] == 3
    # The doubling option changes what the card says.
    literal = GAME.catalogue(doubling="more-than")["cards"]["order:cafe-latte"]
    assert "with 3 or more Café Latte orders" in literal["text"] and literal["double_at"] == 3


def test_the_catalogue_gives_the_families_phases_and_glossary():
    catalogue = GAME.catalogue()
    # 002: "(3) 3 points for each Café Latte ... order card: Brown, round dotted line"
    latte = catalogue["families"]["cafe-latte"]
    assert latte["edge"] == "brown, round dotted line"
    assert latte["orders"] == ["order:cafe-latte", "order:iced-cafe-latte"]
    assert catalogue["phases"]["exchanging"] == "Exchanging cards"
    assert "Used pile" in catalogue["glossary"]


def test_the_view_speaks_in_names_and_ids_only():
    state = position(hands=[HAND, HAND], taken=[["cappuccino"], []])
    view = state.view(0, NAMES)
    assert view["phase"] == "Laying or exchanging"
    assert view["taken"] == [["order:cappuccino"], []]
    assert view["orders"][0]["order"] == "order:espresso"
    assert not {"turn", "points"} & set(view)
    assert view["quiet_limit"] == 20 and view["end_reason"] is None


def test_labels_name_the_cards_and_the_order():
    state = position(hands=[HAND, HAND])
    assert state.describe(Lay(2, "milk"), NAMES) == "Lay Milk under the Café Latte"
    assert state.describe(LayJoker(3, "foam"), NAMES) == (
        "Lay a Joker as Milk foam under the Cappuccino"
    )
    assert state.describe(Lay(1, "espresso"), NAMES) == "Lay an Espresso shot under the Americano"
    state.apply(Lay(1, "water"))
    # The last ingredient an order lacks: the label says it completes the order.
    assert state.describe(Lay(1, "espresso"), NAMES) == (
        "Lay an Espresso shot under the Americano, completing it"
    )
    assert state.describe(FinishLaying(), NAMES) == "Finish laying and draw 1 card (back up to 7)"


def test_two_alike_orders_are_told_apart_from_the_left():
    state = position(hands=[HAND, HAND], slots=("cafe-latte", "espresso", "cafe-latte", None))
    labels = [state.describe(a, NAMES) for a in state.legal_actions()]
    assert "Lay Milk under the first Café Latte" in labels
    assert "Lay Milk under the second Café Latte" in labels
    assert len(set(labels)) == len(labels)
    assert not any(char.isdigit() for label in labels for char in label if label.startswith("Lay"))


def test_exchange_labels_and_prompt_name_the_picked_cards():
    state = position(hands=[HAND, HAND])
    assert state.describe(PickForExchange("joker"), NAMES) == "Pick a Joker to exchange"
    state.apply(PickForExchange("milk"))
    state.apply(PickForExchange("milk"))
    assert state.prompt_text(NAMES) == "Exchange 2 Milk cards, or pick up to 2 more."
    assert state.describe(Exchange(), NAMES) == (
        "Exchange 2 Milk cards: discard face up and draw 2 cards"
    )


def test_refusals_name_the_cards_not_places():
    state = position(hands=[HAND, HAND])
    with pytest.raises(IllegalMove, match="the Espresso does not need \\(more\\) Hot water"):
        state.apply(Lay(0, "water"))
    with pytest.raises(IllegalMove, match="you have no Chocolate in your hand"):
        state.apply(Lay(2, "chocolate"))


def test_secrets_are_worded_for_those_who_know_them_only():
    # 002: "Each player now can take 7 cards one by one from the top of the pile of ingredient
    # cards without letting others see them."
    state = position(hands=[HAND, HAND], pile_top=["caramel"])
    state.apply(PickForExchange("foam"))
    state.apply(Exchange())
    mine, theirs, spectator = (state.log_text(s, NAMES) for s in (0, 1, None))
    assert mine[-3:] == [
        "You pick Milk foam to exchange.",
        "You discard Milk foam face up.",
        "You draw Caramel.",
    ]
    for log in (theirs, spectator):
        assert log[-3:] == [
            "Ann picks a card to exchange.",
            "Ann discards Milk foam face up.",  # 002: "discarded while being disclosed"
            "Ann draws 1 card.",
        ]
    dealt = GAME.new(2, seed=4)
    hand = dealt.hands[1]
    assert dealt.log_text(1, NAMES)[2].startswith("You are dealt ")
    assert dealt.log_text(0, NAMES)[2] == "Bob is dealt 7 cards."
    assert dealt.log_text(None, NAMES)[1:] == ["Ann is dealt 7 cards.", "Bob is dealt 7 cards."]
    assert [e.data for e in dealt.log(None)[1:]] == [
        {"seat": 0, "count": 7},
        {"seat": 1, "count": 7},
    ]
    assert dealt.log(1)[2].data == {"seat": 1, "cards": hand}


def test_the_breakdown_names_each_order_and_the_doubling():
    # 002: "3 points for each Café Latte (Including Ice Café Latte) order card ... You can get
    # 3 points for one card, and the points will be doubled when there are more than 2 same
    # orders."
    lattes = ["cafe-latte", "iced-cafe-latte"]
    state = position(
        hands=[["espresso"] * 7, ["ice"]],
        slots=("espresso", "americano", None, None),
        laid=[[("espresso", "espresso")], [], [], []],
        taken=[[*lattes, "espresso", "espresso-con-panna"], ["americano"]],
    )
    assert state.breakdown() is None  # no rounds: shown at the end only
    state.apply(Lay(0, "espresso"))  # 12 + 6 doubled Espresso orders (3 of them) = 24
    assert state.is_over
    view = state.view(None, NAMES)
    assert view["breakdown_title"] == "Final scores"
    assert view["breakdown"] == [
        [
            {"label": "2 Espressos", "points": 4},
            {"label": "Espresso con panna", "points": 2},
            {"label": "Café Latte", "points": 3},
            {"label": "Iced Café Latte", "points": 3},
            {"label": "Doubled: 3 Espresso orders", "points": 6},
            {"label": "Doubled: 2 Café Latte orders", "points": 6},
        ],
        [{"label": "Americano", "points": 2}],
    ]
    for seat, parts in enumerate(view["breakdown"]):
        assert sum(p["points"] for p in parts) == view["scores"][seat]
    assert view["end_reason"] == "The target of 20 points was reached."
    assert state.log_text(1, NAMES)[-1] == (
        "Ann reaches the target of 20 points. Final scores: Ann 24 points and you 2 points. "
        "Ann wins."
    )


def test_nobody_with_orders_breaks_down_to_nothing():
    state = position(hands=[["ice"] * 3, ["ice"] * 3], stall_rounds=1)
    for _ in range(2):
        state.apply(PickForExchange("ice"))
        state.apply(Exchange())
    assert state.is_over and state.end_reason == "stalled"
    assert state.breakdown()[1] == [[{"label": "No orders completed", "points": 0}]] * 2
    assert state.log_text(None, NAMES)[-1] == (
        "No order was completed in 1 round. Final scores: Ann 0 points and Bob 0 points. "
        "Ann and Bob share the win."
    )


@pytest.mark.parametrize(
    ("doubling", "espresso", "latte"), [("at-least", 3, 2), ("more-than", 4, 3)]
)
def test_card_faces_say_points_and_doubling_in_words_that_fit_a_small_card(
    doubling, espresso, latte
):
    # 002: "2 points for each Espresso ... the points will be doubled when there are more than 3
    # same orders" and "3 points for each Café Latte ... doubled when there are more than 2".
    # The short line is printed on small card faces (about 9 letters a line, 2 lines): the
    # doubling must not be cut ("2 pts, double …"), nor the Joker's ("any ingredien").
    cards = GAME.catalogue(doubling=doubling)["cards"]
    assert cards["order:espresso"]["short"] == f"2 pts; {espresso}+ double"
    assert cards["order:iced-cafe-latte"]["short"] == f"3 pts; {latte}+ double"
    assert cards["joker"]["short"] == "wild card"
    for card, entry in cards.items():
        words = entry["short"].split()
        assert len(entry["short"]) <= 16 and max(map(len, words)) <= 9, (card, entry["short"])


def test_an_ingredients_face_counts_its_copies_in_the_game_not_in_the_deck():
    # A newcomer read "22 in the deck" on an Espresso shot in hand beside the draw pile's "29
    # ingredients left" (and Monster Diner's deck, "67 in the deck", counts what is left): the
    # face counts every copy the game has, not the cards still to draw.
    cards = GAME.catalogue()["cards"]
    assert cards["espresso"]["short"] == f"{cards['espresso']['count']} in the game"
    for card, entry in cards.items():
        assert "deck" not in entry["short"], (card, entry["short"])
