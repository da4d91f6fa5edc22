"""Build Coffee Break positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter

from cardcafe import games
from cardcafe.games.coffee_break.actions import Lay, LayJoker

GAME = games.get("coffee-break")


def position(
    players=2,
    hands=None,
    slots=("espresso", "americano", "cafe-latte", "cappuccino"),
    laid=None,
    pile_top=(),
    used=(),
    order_pile_top=(),
    taken=None,
    turn=0,
    rest="pile",
    **options,
):
    """A state with the given hands, face-up orders (None: a vacant place), cards laid under
    them as (card, counts as) pairs, the top of both piles (top card last), used pile and taken
    orders. The ingredient cards the position does not name go under the ingredient pile
    (rest="pile"), on the used pile (rest="used") or out of the game (rest="drop", breaking
    card conservation on purpose); the order cards it does not name go under the order pile."""
    state = GAME.new(players, seed=0, **options)
    state.hands = [sorted(h) for h in (hands or [[] for _ in range(players)])]
    state.slots = list(slots)
    state.laid = [list(cards) for cards in (laid or [[] for _ in slots])]
    state.used = list(used)
    state.taken = [list(t) for t in (taken or [[] for _ in range(players)])]
    named = Counter(pile_top) + Counter(used)
    for hand in state.hands:
        named.update(hand)
    for cards in state.laid:
        named.update(card for card, _ in cards)
    deck = Counter(state.cards.ingredient_deck)
    assert rest == "drop" or named <= deck, "the position names more cards than exist"
    remainder = sorted((deck - named).elements())
    state.pile = (remainder if rest == "pile" else []) + list(pile_top)
    if rest == "used":
        state.used += remainder
    orders = Counter(o for o in slots if o) + Counter(order_pile_top)
    for t in state.taken:
        orders.update(t)
    state.order_pile = sorted((Counter(state.cards.order_deck) - orders).elements()) + list(
        order_pile_top
    )
    state.turn = turn
    state._legal = None
    return state


def lay_all(state, lays) -> None:
    """Apply (slot, ingredient) lays; a ("joker", slot, ingredient) triple lays a joker."""
    for lay in lays:
        state.apply(LayJoker(*lay[1:]) if lay[0] == "joker" else Lay(*lay))
