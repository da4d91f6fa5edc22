"""Events: who did what, each tagged with who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One line of a game's log (a NamedTuple: games log on every move, so it must be cheap).

    `visible_to` is None when everyone (spectators too) may see the event, else the seats that
    may. A secret is logged twice: the full line for those who know it, a redacted line for the
    rest, so every log reads as a complete story without leaking.
    """

    text: str
    actor: int | None = None
    visible_to: frozenset[int] | None = None
    data: dict[str, Any] | None = None

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "actor": self.actor}
        if self.data:
            out["data"] = self.data
        return out
