"""The events logged on most moves, each built once per content and shared by every game.

An `Event` and its data are never changed once logged, so two logs may hold the same object:
a playout then allocates nothing for its log lines, and a long game's log costs a pointer for
each repeated line ("Player 2 passes"). Each is exactly what `State._log` / `_log_secret`
would have made.
"""

from __future__ import annotations

from cardcafe.engine.events import Event

from .cards import MAX_PLAYERS

# A secret's knowers: one seat.
ONLY = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))

_PLAYED: dict[tuple[int, str, int], Event] = {}
_CHAOS: dict[tuple[int, str], Event] = {}
_DRAWN: dict[tuple[int, str], Event] = {}
_KILLED: dict[tuple[str | None, int], Event] = {}
PASSED = tuple(Event("pass", seat) for seat in range(MAX_PLAYERS))
# Another player's draw, as everyone but the drawer reads it.
DREW = tuple(Event("draw", seat, None, None, ONLY[seat]) for seat in range(MAX_PLAYERS))


def played(seat: int, card: str, value: int) -> Event:
    """`seat` played the Realm card `card`, worth `value` now."""
    event = _PLAYED.get((seat, card, value))
    if event is None:
        event = Event("play-realm", seat, None, {"card": card, "value": value})
        _PLAYED[(seat, card, value)] = event
    return event


def chaos_played(seat: int, card: str) -> Event:
    """`seat` played the Chaos card `card`."""
    event = _CHAOS.get((seat, card))
    if event is None:
        event = _CHAOS[(seat, card)] = Event("play-chaos", seat, None, {"card": card})
    return event


def drawn(seat: int, card: str) -> Event:
    """`seat` drew `card`, as the drawer reads it (`DREW[seat]` is everyone else's line)."""
    event = _DRAWN.get((seat, card))
    if event is None:
        event = _DRAWN[(seat, card)] = Event("draw", seat, ONLY[seat], {"card": card})
    return event


def pile_killed(by: str | None, count: int) -> Event:
    """The pile of `count` cards went to the graveyard, by the Chaos card `by` (None: all
    passed)."""
    event = _KILLED.get((by, count))
    if event is None:
        event = _KILLED[(by, count)] = Event("pile-killed", None, None, {"by": by, "count": count})
    return event
