"""Prompts and action labels: what a move does with which card, for the player to move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcafe.engine import Action
from cardcafe.engine.words import Words, join

from ..actions import (
    Accept,
    Call,
    Declare,
    Draw,
    EndPlay,
    GiveBack,
    Hide,
    Pass,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from ..cards import (
    COSBY,
    ILLUSIONIST,
    SMUGGLE,
    UNDEAD,
    VALUE_OF,
)
from ..follow import effective_value
from ..phases import COSBY_GIVE, COSBY_TARGET, DRAWN, GROUP, ILLUSION_HIDE, MAIN, REACT, START
from ..phases import SMUGGLE as SMUGGLING

if TYPE_CHECKING:
    from ..state import RejectsState


# -- card words ----------------------------------------------------------------------------
def the(w: Words, card: str) -> str:
    """'the 7 of Inferno', 'the Bone Saw (+2)', but Chaos cards by their name: 'The Cosby'."""
    entry = w.cards.get(card) or {}
    return w.card(card) if entry.get("article") == "" else f"the {w.card(card)}"


def realm_name(w: Words, realm: str) -> str:
    name: str = w.cards[f"{realm}-1"]["realm_name"]
    return name


def _on(state: RejectsState, w: Words) -> str:
    return f"on {the(w, state.pile[-1].shown)}" if state.pile else "to start a new pile"


def _no_realm_card(state: RejectsState, w: Words) -> str:
    """Why the player cannot play a Realm card now, said before what is left to do (003: "If
    you are unable ... to play a Realm card, you must draw a card from the deck."): the top card
    no card of theirs can follow, and the Chaos cards in force that have a part in it."""
    if not state.pile:
        return "you hold no Realm card to start a new pile"
    cards = [w.card(card) for card in state.in_force()]
    held = ""
    if cards:
        held = f" while {join(cards)} {'is' if len(cards) == 1 else 'are'} in force"
    return f"no Realm card of yours can follow {the(w, state.pile[-1].shown)}{held}"


def _choices(state: RejectsState, w: Words) -> str:
    """What the player may do in their turn, read from the moves offered (the start, where a
    Chaos card may come first; the main part after one; after a draw), saying so when no Realm
    card of theirs can be played, and why."""
    kinds = {type(action) for action in state.legal_actions()}
    chaos = PlayChaos in kinds
    # 003: "If you are unable or choose not to play a Realm card, you must draw a card"; with
    # nothing to draw, "If they can't go, they simply pass".
    other = "draw" if Draw in kinds else "pass" if Pass in kinds else None
    if PlayRealm in kinds:
        item = f" with {the(w, state.item)}" if state.item is not None else ""
        realm = f"a Realm card{item} {_on(state, w)}"
        what = f"play a Chaos card first, or {realm}" if chaos else f"play {realm}"
        return what + (f", or {other}" if other else "")
    # Battle Pack: an item is offered only when a Realm card could follow with it.
    with_item = PlayItem in kinds
    rest = ["play a Chaos card first"] if chaos else []
    rest += ["play an item with one"] if with_item else []
    rest += ["draw a card" if other == "draw" else "pass"]
    why = _no_realm_card(state, w) + (" without an item" if with_item else "")
    return f"{why}: {', or '.join(rest)}"


# -- prompts and action labels -------------------------------------------------------------
def prompt(state: RejectsState, w: Words) -> str:
    phase, on = state.phase, _on(state, w)
    if phase == REACT:
        owner = state.illusionist
        assert owner is not None, "no declaration waits for an answer"
        return (
            f"{w.Seat(owner)} put a card face down and declared it {the(w, state.pile[-1].shown)}: "
            "accept it or call the bluff."
        )
    if phase == MAIN and state.undead_only:
        return f"Play {realm_name(w, UNDEAD)} cards {on}."
    if phase in (START, MAIN):
        # (No "Your turn:" before it: every screen says whose turn it is above the prompt.)
        what = _choices(state, w)
        return f"{what[0].upper()}{what[1:]}."
    if phase == DRAWN:
        return f"You drew: {_choices(state, w)}."
    if phase == GROUP:
        return "Add another card to this play, or end your play."
    if phase == SMUGGLING:
        return f"{w.card(SMUGGLE)}: choose the card to put face down under it."
    if phase == COSBY_TARGET:
        return f"{w.card(COSBY)}: choose the player to take from."
    if phase == COSBY_GIVE:
        target = state.cosby_target
        assert target is not None, "The Cosby took from nobody"
        return f"{w.card(COSBY)}: choose the card to give back to {w.seat(target)}."
    if phase == ILLUSION_HIDE:
        return f"{w.card(ILLUSIONIST)}: choose the Realm card to put face down."
    return f"{w.card(ILLUSIONIST)}: declare what your face-down card is."


def describe(state: RejectsState, action: Action, w: Words) -> str:
    if isinstance(action, PlayRealm):
        if state.phase == GROUP:
            return f"Add {the(w, action.card)} to your play"
        value = effective_value(action.card, state.item)
        worth = f" (worth {value})" if value != VALUE_OF[action.card] else ""
        return f"Play {the(w, action.card)}{worth} {_on(state, w)}"
    if isinstance(action, PlayChaos):
        return f"Play {the(w, action.card)}"
    if isinstance(action, PlayItem):
        return f"Play {the(w, action.card)} with your Realm cards"
    if isinstance(action, Hide):
        if state.phase == SMUGGLING:
            return f"Smuggle {the(w, action.card)} face down under {w.card(SMUGGLE)}"
        return f"Put {the(w, action.card)} face down"
    if isinstance(action, Declare):
        return f"Declare it is {the(w, action.card)}"
    if isinstance(action, GiveBack):
        target = state.cosby_target  # None: asked out of turn (a refusal names the card still)
        to = f" to {w.seat(target)}" if target is not None else ""
        return f"Give {the(w, action.card)} back{to}"
    if isinstance(action, Target):
        return f"Take {w.seats(action.seat)} highest Realm card"
    owner = state.illusionist
    if owner is None and isinstance(action, Accept | Call):
        return "Accept the face-down card" if isinstance(action, Accept) else "Call the bluff"
    if isinstance(action, Accept) and owner is not None:
        claim = the(w, state.pile[-1].shown)
        return f"Accept {w.seats(owner)} face-down card as {claim}"
    if isinstance(action, Call) and owner is not None:
        return f"Call the bluff: turn {w.seats(owner)} face-down card over"
    simple = {EndPlay: "End your play", Draw: "Draw a card", Pass: "Pass"}
    if type(action) in simple:
        return simple[type(action)]
    raise TypeError(f"not a Monster Rejects action: {action!r}")
