"""The pieces on the table: a Front Line card with its tokens, a Rear Line card, a Mummy token.

Immutable tuples, so a state's lists of them copy cheaply and compare by value.
"""

from __future__ import annotations

from typing import NamedTuple


class Token(NamedTuple):
    """A Mummy token: `value` indexes `CardSet.mummy`; `knowers` is a bit mask of the seats that
    have seen its face (who drew it, who took it)."""

    value: int
    knowers: int = 0

    def seen_by(self, seat: int) -> Token:
        return self._replace(knowers=self.knowers | (1 << seat))

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
