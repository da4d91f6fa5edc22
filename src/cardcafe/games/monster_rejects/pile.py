"""A card on the play pile: what it really is, what it shows, what it counts as, whose it is."""

from __future__ import annotations

from typing import NamedTuple

from .cards import REALM_CARDS, VALUE_OF

NOBODY = -1  # the owner of a face-up pile card


class PileEntry(NamedTuple):
    """One card of the pile. A tuple (equal to the plain 4-tuple it once was), so records and
    states compare as before."""

    real: str  # the card itself
    shown: str  # what it shows: itself, or an Illusionist's declaration while face down
    value: int  # what it counts as now (an item, Drop A Deuce)
    owner: int  # who put it face down (an Illusionist), or NOBODY when face up


# Every Realm card face up at its printed value, built once: the usual play makes no new entry.
FACE_UP = {card: PileEntry(card, card, VALUE_OF[card], NOBODY) for card in REALM_CARDS}
