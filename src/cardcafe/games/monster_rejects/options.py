"""Monster Rejects' table options (each one's text for players: words/options.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardcafe.engine.options import bounded

MAX_TURNS = 2000


@dataclass(frozen=True)
class RejectsOptions:
    # None: one deck for 2-5 players, two decks for 6-10. 2: two decks at any count.
    decks: Literal[1, 2] | None = None
    # "family": the Monster Misfits names for every Chaos card, in every view and log.
    names: Literal["original", "family"] = "original"
    # The Battle Pack items (weapons, curses, the Human Centipede): off unless asked for.
    battle_pack: bool = False
    # A Chaos card drawn for Suicide Bomber: 003 "Simply discard and draw another card" or
    # the house rule "count the value as 0".
    bomber_chaos: Literal["redraw", "zero"] = "redraw"
    # The Cosby under Right Wing Mentality: the card highest "by the current order" (the FAQ's
    # suggestion) or the printed highest (the Crown).
    cosby_takes: Literal["current", "printed"] = "current"
    # Our end-of-game guard: after this many turns (default 60 rounds) the player with the
    # fewest cards wins.
    turn_limit: int | None = bounded(None, 1, MAX_TURNS)
    # A card-set TOML file replacing names, Chaos counts, Drop A Deuce and the items.
    cards: str | None = None
