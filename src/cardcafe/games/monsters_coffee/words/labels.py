"""Prompts and action labels, worded for the player to move ("your")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcafe.engine import Action
from cardcafe.engine.words import Words

from .. import powers as P
from ..actions import (
    AskFamily,
    AskPlayer,
    ChooseRear,
    PickCentre,
    PickFront,
    PickRear,
    PlaceMummy,
    Take,
)
from ..limits import REAR_SIZE
from .names import face, front_card, known, nth, ordinal, rear_card

if TYPE_CHECKING:
    from ..state import MonstersCoffeeState

PROMPTS = {
    P.TAKE: (
        "Take a card to the centre from a Front Line with more than 3 cards (yours or another "
        "player's), and use its power."
    ),
    P.REX_REAR: "Rex: choose the card of your Rear Line to swap with one of your Front Line.",
    P.PRISS_FRONT: "Priss: choose the card of your Front Line to swap with one of the centre.",
    P.POOPY: "Poopy: choose a Front Line card for the Droppings token; it can no longer move.",
    P.SNOUT: "Snout: choose a Front Line card for the Coffee token.",
    P.GRUNGE_PLAYER: "Grunge: choose the player you ask about their Rear Line.",
    P.MUMMY_TOKEN: (
        "Mummy: choose which drawn token to place on a Front Line card (you keep the other)."
    ),
    P.MUMMY_CARD: "Mummy: choose a Front Line card for the token, face down.",
}


def prompt(state: MonstersCoffeeState, w: Words) -> str:
    phase = state.phase
    if phase == P.REAR:
        left = REAR_SIZE - len(state.rear[state.chooser])
        return (
            f"Round {state.round}: choose a card of your hand to put face down in your Rear Line "
            f"({left} to go)."
        )
    if phase == P.REX_FRONT:
        rear = rear_card(state, state.turn, known(known(state.rex_rear)), w)
        return (
            f"Rex: choose the card of your Front Line that swaps places with {rear} of your "
            "Rear Line."
        )
    if phase == P.PRISS_CENTRE:
        mine = front_card(state, state.turn, known(known(state.priss_slot)), w)
        return (
            f"Priss: choose the card of the centre that swaps places with {mine} of your "
            "Front Line."
        )
    if phase == P.GRUNGE_FAMILY:
        return f"Grunge: choose the family you ask {w.seat(known(state.ask_target))} for."
    if phase == P.GRUNGE_REVEAL:
        asked = w.a(known(state.ask_family))
        return (
            f"{w.Seat(state.turn)} asks you for {asked}: choose which one of your Rear Line to "
            "reveal."
        )
    return PROMPTS[phase]


def describe(state: MonstersCoffeeState, action: Action, w: Words, alike: bool = False) -> str:
    """`action`'s label; `alike`: the card it picks named as any of its copies ("the Rex", not
    "the second Rex"), the label of the copies as one move (`copies.py`)."""
    me = known(state.current_player)
    if isinstance(action, ChooseRear):
        card = nth(state.hands[me], action.slot, w, alike)
        return f"Put {card} of your hand face down in your Rear Line"
    if isinstance(action, Take):
        card = front_card(state, action.owner, action.slot, w, alike)
        return f"Take {card} from {w.seats(action.owner)} Front Line"
    if isinstance(action, PickFront):
        return _pick_front(state, action, w, alike)
    if isinstance(action, PickRear):
        card = rear_card(state, me, action.slot, w, alike)
        if state.phase == P.GRUNGE_REVEAL:
            return f"Reveal {card} of your Rear Line"
        return f"Swap {card} of your Rear Line with a card of your Front Line"
    if isinstance(action, PickCentre):
        mine = front_card(state, me, known(known(state.priss_slot)), w)
        return f"Swap {mine} of your Front Line with {w.a(state.centre[action.slot])} of the centre"
    if isinstance(action, AskPlayer):
        return f"Ask {w.seat(action.seat)} about their Rear Line"
    if isinstance(action, AskFamily):
        return f"Ask {w.seat(known(state.ask_target))} for {w.a(action.family)} in their Rear Line"
    if isinstance(action, PlaceMummy):
        return _place_mummy(state, action.which, w, alike)
    raise TypeError(f"not a Monster's Coffee action: {action!r}")


def _pick_front(state: MonstersCoffeeState, action: PickFront, w: Words, alike: bool) -> str:
    card = front_card(state, action.owner, action.slot, w, alike)
    line = f"{w.seats(action.owner)} Front Line"
    phase = state.phase
    if phase == P.REX_FRONT:
        rear = rear_card(state, state.turn, known(known(state.rex_rear)), w)
        return f"Swap {card} of your Front Line with {rear} of your Rear Line"
    if phase == P.PRISS_FRONT:
        return f"Swap {card} of your Front Line with a card of the centre"
    if phase == P.POOPY:
        return f"Put the Droppings token on {card} of {line}"
    if phase == P.SNOUT:
        return f"Put a Coffee token on {card} of {line}"
    return f"Put the Mummy token face down on {card} of {line}"


def _place_mummy(state: MonstersCoffeeState, which: int, w: Words, alike: bool) -> str:
    keep = 1 - which
    if all(t.known_to(w.viewer) for t in state.drawn):
        faces = [face(*state.cards.mummy[t.value]) for t in state.drawn]
        if faces[0] != faces[1]:
            return f"Place the token showing {faces[which]} and keep the one showing {faces[keep]}"
        if alike:
            return f"Place a token drawn ({faces[which]}) and keep the other"
        return (
            f"Place the {ordinal(which)} token drawn ({faces[which]}) and keep the {ordinal(keep)}"
        )
    if alike:
        return "Place a token drawn, unseen, and keep the other"
    return f"Place the {ordinal(which)} token drawn, unseen, and keep the {ordinal(keep)}"
