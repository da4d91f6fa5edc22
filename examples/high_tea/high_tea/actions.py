"""High Tea's three kinds of decision, as actions (each one built once: see `ALL`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action

from .cards import CAKES


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the deck into your hand (then serve one)."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Keep your hand as it is and end your turn."""

    kind = "rest"


@dataclass(frozen=True, slots=True)
class Serve(Action):
    """Put a cake from your hand face up on the table (it leaves the game)."""

    kind = "serve"
    cake: str


DRAW, REST = Draw(), Rest()
SERVES = {cake: Serve(cake) for cake in CAKES}
ALL: list[Action] = [DRAW, REST, *SERVES.values()]
