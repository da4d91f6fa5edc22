"""Which moves are copies of one move to the player to move (`engine/offers.py`): the legal
actions name a card by its place ("the first Rex", "the second Rex" of a hand), where a player
sees two Rex. Screens list the copies once, "Put the Rex of your hand face down in your Rear
Line (you hold 2)", "Take the Priss from Ann's Front Line (2 alike)".

Copies are told apart only by what the player to move sees: a Front Line card's tokens (a
Mummy token by its face only if they have seen it), a Rear Line card of their own and whether
it is face up. Front Line order means nothing in the rules (000 scores a line as a whole).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from cardcafe.engine import Action
from cardcafe.engine.offers import Copy
from cardcafe.engine.words import Words

from ..actions import ChooseRear, PickFront, PickRear, PlaceMummy, Take
from ..pieces import Slot, Token
from .labels import describe
from .names import known

if TYPE_CHECKING:
    from ..state import MonstersCoffeeState

NO_TOKEN = ("no token on it", "no token on them")


def copy_of(state: MonstersCoffeeState, action: Action, w: Words) -> Copy | None:
    """The move `action` is a copy of, for the player to move (`w.viewer`)."""
    me = known(state.current_player)
    key: Hashable
    aside = None
    if isinstance(action, ChooseRear):
        key = state.hands[me][action.slot]
        return Copy(key, describe(state, action, w, alike=True), held=True)
    if isinstance(action, Take | PickFront):
        line = state.front[action.owner]
        slot = line[action.slot]
        key = (action.owner, slot.card, *_tokens(state, slot, me))
        if not _has_token(slot) and any(s.card == slot.card and _has_token(s) for s in line):
            aside = NO_TOKEN  # (beside a copy with a token, one without says so)
    elif isinstance(action, PickRear):
        rear = state.rear[me]
        card = rear[action.slot]
        key = (card.card, card.revealed)
        if any(r.card == card.card and r.revealed != card.revealed for r in rear):
            aside = ("face up", "face up") if card.revealed else ("face down", "face down")
    elif isinstance(action, PlaceMummy):
        placed, kept = state.drawn[action.which], state.drawn[1 - action.which]
        key = (_face(state, placed, me), _face(state, kept, me))
    else:
        return None
    return Copy(key, describe(state, action, w, alike=True), aside=aside)


def _tokens(state: MonstersCoffeeState, slot: Slot, seat: int) -> tuple[Hashable, ...]:
    mummy = None if slot.mummy is None else _face(state, slot.mummy, seat)
    return (slot.droppings, slot.snout, mummy)


def _has_token(slot: Slot) -> bool:
    return slot.droppings or slot.snout or slot.mummy is not None


def _face(state: MonstersCoffeeState, token: Token, seat: int) -> Hashable:
    """A Mummy token as `seat` sees it: its face if they have seen it, else only that it is
    there (two unseen tokens are alike to them, whatever their faces)."""
    return state.cards.mummy[token.value] if token.known_to(seat) else "unseen"
