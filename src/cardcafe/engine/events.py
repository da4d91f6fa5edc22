"""Events: who did what, each tagged with who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One line of a game's log (a NamedTuple: games log on every move, so it must be cheap).

    `visible_to` is None when everyone (spectators too) may see the event, else the seats that
    may; `hidden_from` names seats that may not. A secret is logged twice: the full line for those
    who know it (`visible_to`), a redacted line for everyone else, spectators included
    (`hidden_from`), so every log reads as a complete story without leaking.
    """

    text: str
    actor: int | None = None
    visible_to: frozenset[int] | None = None
    data: dict[str, Any] | None = None
    hidden_from: frozenset[int] | None = None

    def visible(self, player: int | None) -> bool:
        if self.hidden_from is not None and player in self.hidden_from:
            return False
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "actor": self.actor}
        if self.data:
            out["data"] = self.data
        return out
