"""Events: who did what, as data, each tagged with who may see it; worded only when shown."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One line of a game's log (a NamedTuple: games log on every move, so it must be cheap).

    `kind` names what happened ("place", "round-end"); `data` holds what it concerns, as seat
    numbers and card ids, never words: the game's `event_texts[kind]` words it for a viewer with
    the seat names their screen gives (`State.event_text`), so rollouts and simulations pay
    nothing for text.

    `visible_to` is None when everyone (spectators too) may see the event, else the seats that
    may; `hidden_from` names seats that may not. A secret is logged twice: the full event for
    those who know it (`visible_to`), a redacted one for everyone else, spectators included
    (`hidden_from`), so every log reads as a complete story without leaking.
    """

    kind: str
    actor: int | None = None
    visible_to: frozenset[int] | None = None
    data: dict[str, Any] | None = None
    hidden_from: frozenset[int] | None = None

    def visible(self, player: int | None) -> bool:
        return seen_by(player, self.visible_to, self.hidden_from)

    def get(self, key: str, default: Any = None) -> Any:
        """A field of `data` (formatters read events this way)."""
        return self.data.get(key, default) if self.data else default


def seen_by(
    player: int | None, visible_to: frozenset[int] | None, hidden_from: frozenset[int] | None
) -> bool:
    """Whether `player` (None: a spectator) may see an event with this visibility."""
    if hidden_from is not None and player in hidden_from:
        return False
    return visible_to is None or (player is not None and player in visible_to)
