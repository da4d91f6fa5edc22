"""The events logged on most moves, each built once per content and shared by every game.

An `Event` and its data are never changed once logged, so two logs may hold the same object:
a playout then allocates nothing for its log lines, and a long game's log costs a pointer for
each repeated line ("Player 2 passes"). Each is exactly what `State._log` / `_log_secret`
would have made. The most frequent are built at import, in tables indexed by seat then card
(a move looks its line up without making a key).
"""

from __future__ import annotations

from cardcafe.engine.events import Event

from .cards import ALL_CARDS, MAX_PLAYERS, REALM_CARDS, VALUE_OF

# A secret's knowers: one seat.
ONLY = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))

PASSED = tuple(Event("pass", seat) for seat in range(MAX_PLAYERS))
# Per seat, the card drawn -> the drawer's line; DREW[seat]: everyone else's line.
OWN_DRAW = tuple(
    {card: Event("draw", seat, ONLY[seat], {"card": card}) for card in ALL_CARDS}
    for seat in range(MAX_PLAYERS)
)
DREW = tuple(Event("draw", seat, None, None, ONLY[seat]) for seat in range(MAX_PLAYERS))
# Per seat, a Realm card played at its printed value -> its line (see `played`).
PLAYED = tuple(
    {
        card: Event("play-realm", seat, None, {"card": card, "value": VALUE_OF[card]})
        for card in REALM_CARDS
    }
    for seat in range(MAX_PLAYERS)
)

_PLAYED: dict[tuple[int, str, int], Event] = {}
_CHAOS: dict[tuple[int, str], Event] = {}
_KILLED: dict[tuple[str | None, int], Event] = {}


def played(seat: int, card: str, value: int) -> Event:
    """`seat` played the Realm card `card`, worth `value` now."""
    if value == VALUE_OF[card]:
        return PLAYED[seat][card]
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


def pile_killed(by: str | None, count: int) -> Event:
    """The pile of `count` cards went to the graveyard, by the Chaos card `by` (None: all
    passed)."""
    event = _KILLED.get((by, count))
    if event is None:
        event = _KILLED[(by, count)] = Event("pile-killed", None, None, {"by": by, "count": count})
    return event
