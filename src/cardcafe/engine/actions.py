"""Actions: small frozen dataclasses with a JSON form and a fixed integer index per game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, ClassVar

from .errors import BadInput


class Action:
    """Base of every game action. Subclasses are `@dataclass(frozen=True, slots=True)`."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


class ActionSpace:
    """Every action a game can ever offer, in a fixed order, so masks line up across states."""

    def __init__(self, actions: Iterable[Action]):
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("the action space lists an action twice")
        self.kinds: dict[str, type[Action]] = {type(a).kind: type(a) for a in self.actions}

    def __len__(self) -> int:
        return len(self.actions)

    def from_json(self, obj: Any) -> Action:
        if not isinstance(obj, dict):
            raise BadInput(f"an action must be a JSON object, not {type(obj).__name__}")
        kind = obj.get("type")
        cls = self.kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise BadInput(f"unknown action type {kind!r}; expected one of {sorted(self.kinds)}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        given = set(obj) - {"type"}
        if given != names:
            missing, extra = sorted(names - given), sorted(given - names)
            detail = "; ".join(
                part
                for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"unexpected {', '.join(extra)}" if extra else "",
                )
                if part
            )
            raise BadInput(f"bad fields for action {kind!r}: {detail}")
        try:
            action = cls(**{k: _freeze(v) for k, v in obj.items() if k != "type"})
            found = action in self.index
        except (TypeError, ValueError):
            found = False
        if not found:
            raise BadInput(f"{obj!r} is not an action of this game")
        return action


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("nested objects are not action fields")
    return value
