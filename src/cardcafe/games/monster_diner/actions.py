"""Monster Diner actions: one card placed, one guest given, one card taken."""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action

from .cards import name


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the card just drawn on the mat of player `target` (possibly yourself)."""

    kind = "place"
    target: int

    def __str__(self) -> str:
        return f"place the card on player {self.target + 1}'s mat"


@dataclass(frozen=True, slots=True)
class GiveGuest(Action):
    """Give an Unwelcome guest from your diner to player `target`."""

    kind = "give-guest"
    target: int

    def __str__(self) -> str:
        return f"give the Unwelcome guest to player {self.target + 1}"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Take one `card` from the diner of the player you gave the guest to."""

    kind = "take-card"
    card: str

    def __str__(self) -> str:
        return f"take a {name(self.card)}"
