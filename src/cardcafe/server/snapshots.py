"""What a table's sockets are sent: each viewer's snapshot built once per revision.

A viewer class is one seat (every socket of that seat) or the spectators (seat None, all
alike). Every change at the table (a move, a claim, a seat handed to a bot...) is a new
revision. The snapshot of a class at a revision is built on first need, serialized once and
sent to every socket of the class; a socket that takes deltas and holds the class's previous
revision gets the delta from it instead (`delta.make_patch`, also made once per class).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from .delta import make_patch

Seat = int | None
# A delta longer than this is sent only if shorter than the whole snapshot. Checking means
# serializing the whole snapshot too, which cost more than the delta itself when it was done
# for every delta over 1 KiB (a third of them in Monster Diner, whose snapshots are 4 to 14
# KiB); a delta of a few KiB is always worth sending.
DELTA_CHECKED = 4096


def dumps(message: dict[str, Any]) -> str:
    """One message's JSON as sent (no spaces: every byte is sent to every socket). orjson
    writes a Monster Diner snapshot in about an eighth of the standard library's time (11 us
    against 94 for 6 KB) and a delta in a tenth; keys that are not strings (a seat number)
    are written as strings, as `json` does."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Published:
    """One viewer class's snapshot at one revision, and its JSON, made once."""

    __slots__ = ("_delta", "_text", "revision", "snapshot")

    def __init__(self, revision: int, snapshot: dict[str, Any]):
        self.revision = revision
        self.snapshot = snapshot
        self._text: str | None = None
        self._delta: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = dumps(self.snapshot)
        return self._text

    def delta_from(self, before: Published) -> str:
        """The delta message from `before` (this class's previous revision) to this one:
        "" when nothing this class sees changed, the full snapshot when that is shorter."""
        if self._delta is None:
            patch = make_patch(before.snapshot, self.snapshot)
            delta = ""
            if patch:
                delta = dumps(
                    {
                        "type": "delta",
                        "base": before.snapshot["version"],
                        "version": self.snapshot["version"],
                        "patch": patch,
                    }
                )
                if len(delta) > DELTA_CHECKED and len(delta) >= len(self.text):
                    delta = self.text
            self._delta = delta
        return self._delta


class Publisher:
    """Every viewer class's snapshot of the table's current revision, and the previous one's
    (the base of the deltas). `build(seat)` makes a class's snapshot from the table."""

    def __init__(self, build: Callable[[Seat], dict[str, Any]]):
        self._build = build
        self.revision = 0
        self._now: dict[Seat, Published] = {}
        self._before: dict[Seat, Published] = {}

    def advance(self) -> None:
        """The table changed: a new revision, built anew for each class on first need."""
        self.revision += 1
        self._before, self._now = self._now, {}

    def forget(self) -> None:
        """The table changed behind the publisher's back: nothing built so far is reused."""
        self.revision += 1
        self._before, self._now = {}, {}

    def built(self, seat: Seat) -> Published | None:
        """`seat`'s snapshot of the current revision if it is built already, else None."""
        return self._now.get(seat)

    def current(self, seat: Seat) -> Published:
        published = self._now.get(seat)
        if published is None:
            published = self._now[seat] = Published(self.revision, self._build(seat))
        return published

    def message(self, seat: Seat, deltas: bool, holds: int | None) -> str | None:
        """What a socket of `seat` is sent for the current revision: a delta when it takes
        them and holds the previous revision, else the full snapshot; None when nothing it
        sees changed (it then holds the current revision as it is)."""
        now = self.current(seat)
        before = self._before.get(seat)
        if deltas and before is not None and holds == before.revision:
            return now.delta_from(before) or None
        return now.text
