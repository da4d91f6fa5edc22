"""The pieces on the table: a Front Line card with its tokens, a Rear Line card, a Mummy token.

Immutable tuples, so a state's lists of them copy cheaply and compare by value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Token(NamedTuple):
    """A Mummy token: `value` indexes `CardSet.mummy`; `knowers` is a bit mask of the seats that
    have seen its face (who drew it, who took it)."""

    value: int
    knowers: int = 0

    def seen_by(self, seat: int) -> Token:
        return TOKEN[self.value, self.knowers | (1 << seat)]

    def known_to(self, seat: int | None) -> bool:
        return seat is not None and bool(self.knowers >> seat & 1)


class Slot(NamedTuple):
    """A Front Line card and what sits on it.

    000 NOTE 3: "There can very well be two different tokens on a Monster card in the Front
    Line", so one of each kind at most.
    """

    card: str
    droppings: bool = False
    snout: bool = False  # the Coffee token Snout put on it
    mummy: Token | None = None


class RearCard(NamedTuple):
    card: str
    revealed: bool = False  # shown to all by Rex or Grunge (or at round end)


class Interned(dict[K, V], Generic[K, V]):
    """key -> the one immutable piece `make(key)` builds for it, built on first use and then
    shared by every state (issue 17: a playout builds no piece it has built before)."""

    def __init__(self, make: Callable[[K], V]):
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


FRONT_CARD: Interned[str, Slot] = Interned(
    Slot
)  # card -> the bare Front Line card (no token on it)
FACE_DOWN: Interned[str, RearCard] = Interned(
    RearCard
)  # card -> the Rear Line card not yet revealed
FACE_UP: Interned[str, RearCard] = Interned(
    lambda card: RearCard(card, True)
)  # card -> the revealed Rear Line card
TOKEN: Interned[tuple[int, int], Token] = Interned(
    lambda key: Token(*key)
)  # (value, knowers) -> the Mummy token
