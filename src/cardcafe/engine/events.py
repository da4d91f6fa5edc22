"""Events: who did what, each tagged with who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a game's log.

    `visible_to` is None when everyone (spectators too) may see the event, else the seats that
    may. A secret is logged twice: the full line for those who know it, a redacted line for the
    rest, so every log reads as a complete story without leaking.
    """

    text: str
    actor: int | None = None
    visible_to: frozenset[int] | None = None
    data: dict[str, Any] = field(default_factory=dict)
    # A redacted line (see State._log_secret) is for spectators too: they know no secret.
    spectators: bool = False

    def visible(self, player: int | None) -> bool:
        if self.visible_to is None:
            return True
        return self.spectators if player is None else player in self.visible_to

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "actor": self.actor,
            **({"data": self.data} if self.data else {}),
        }
