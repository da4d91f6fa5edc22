"""Monster Diner's options (a module of their own: the state is typed by them, the game offers
them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class DinerOptions:
    # Where a given Unwelcome guest goes. "mat", as printed (001: "he has to put this card on
    # another player's mat"): it counts towards the receiver's three cards and is kept ("will
    # keep it till the end of the game"), never given on. "diner": a house rule, the guest goes
    # straight into the receiver's diner. See rules/monster-diner.md.
    guest_to: Literal["diner", "mat"] = "mat"
    # A card-set TOML file replacing the assumed counts, Salad-meister table and MasterChefs.
    cards: str | None = None
