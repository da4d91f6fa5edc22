"""Coffee Break's options: the rulebook's readings where its words are open, and the table's
choices. Quotes cite 002_166af175196e41ee.txt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardcafe.engine.options import bounded

MAX_STALL_ROUNDS = 50


@dataclass(frozen=True)
class CoffeeBreakOptions:
    # Who plays after the first player: "starting from the right direction of first player".
    # "right": the player on their right (counter-clockwise); "left": clockwise.
    direction: Literal["right", "left"] = "right"
    # "doubled when there are more than 3 same orders": "at-least" reads it as 3 or more (the
    # Korean original's sense), "more-than" as 4 or more (the English words).
    doubling: Literal["at-least", "more-than"] = "at-least"
    # "When the points exceed the level for ending the game": "reach" ends at 20 (15) points,
    # "exceed" needs more than that.
    target_rule: Literal["reach", "exceed"] = "reach"
    # The target; None means the rulebook's 20 with 2 players, 15 with 3.
    target: int | None = bounded(None, 1)
    # The game ends when no order was completed for this many rounds (a stuck table).
    stall_rounds: int = bounded(10, 1, MAX_STALL_ROUNDS)
    # A card-set TOML file replacing the assumed recipes and ingredient split.
    cards: str | None = None
