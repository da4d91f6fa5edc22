"""The game's events, each built once and then shared by every state that logs it (issue 17:
a playout builds no event it has built before, and a state's log holds references).

Events are immutable by contract (`engine.events.Event`; clones already share them): nobody
changes an event's data. Events whose data holds a whole hand or a round's tally are built
each time (`State._log`): they are few.
"""

from __future__ import annotations

from typing import Any

from cardcafe.engine import Event

from .pieces import Interned

# The data fields of each kind of public event, in the order the log has always written them.
FIELDS: dict[str, tuple[str, ...]] = {
    "take": ("card", "owner"),
    "skipped": ("family",),
    "cookie": (),
    "skeeter": (),
    "cream": (),
    "snout-coffee": ("card",),
    "snout-end": ("card",),
    "rex": ("rear", "front"),
    "priss": ("front", "centre"),
    "droppings": ("card", "owner"),
    "snout": ("card", "owner"),
    "mummy-put": ("card", "owner"),
    "mummy-draw": (),
    "grunge": ("target", "family", "answer", "coffee"),
    "grunge-shown": ("family",),
    "reveal": ("card",),
}
ONLY = [frozenset({seat}) for seat in range(5)]  # seat -> the seats that know its secret
_new_tuple = tuple.__new__


def event(
    kind: str,
    actor: int | None,
    visible_to: frozenset[int] | None,
    data: dict[str, Any] | None,
    hidden_from: frozenset[int] | None = None,
) -> Event:
    """`Event(kind, actor, visible_to, data, hidden_from)`, built without the named tuple's
    generated constructor (a Python function: the commonest cost of a fresh event)."""
    made: Event = _new_tuple(Event, (kind, actor, visible_to, data, hidden_from))
    return made


def _public(key: tuple[Any, ...]) -> Event:
    kind, actor, *values = key
    return Event(kind, actor, None, dict(zip(FIELDS[kind], values, strict=True)) or None)


def _secret_data(kind: str, value: Any) -> dict[str, Any]:
    if kind == "hide":
        return {"card": value}
    if kind == "mummy-get":
        return {"face": list(value)}
    return {"faces": [list(face) for face in value]}  # mummy-draw, peeking


def _secret(key: tuple[str, int, Any]) -> tuple[Event, Event]:
    # As `State._log_secret`: the event for the one who knows, a redacted one for all others.
    kind, actor, value = key
    return (
        Event(kind, actor, ONLY[actor], _secret_data(kind, value)),
        Event(kind, actor, None, None, ONLY[actor]),
    )


# (round, first player, hand size, cards discarded) -> the event that starts a round.
ROUND_STARTS: Interned[tuple[int, int, int, int], Event] = Interned(
    lambda key: Event(
        "round", None, None, dict(zip(("round", "first", "size", "discarded"), key, strict=True))
    )
)
# (seat, count) -> what all others see of a seat's deal ("deal", redacted).
DRAWN: Interned[tuple[int, int], Event] = Interned(
    lambda key: Event("deal", None, None, {"seat": key[0], "count": key[1]}, ONLY[key[0]])
)
# (kind, actor, *field values) -> the public event.
PUBLIC: Interned[tuple[Any, ...], Event] = Interned(_public)
# (kind, actor, value) -> the secret event and its redacted copy, for "hide" (value: the card),
# "mummy-get" ((coffee, bones)) and "mummy-draw" (the two faces drawn).
SECRET: Interned[tuple[str, int, Any], tuple[Event, Event]] = Interned(_secret)


def _taken(seat: int, owner: int) -> Interned[str, Event]:
    return Interned(lambda card: PUBLIC["take", seat, card, owner])


# The events of the two commonest moves, found by a card id alone (a string keeps its hash, a
# tuple does not): TAKEN[seat][owner][card] for a take, HIDDEN[seat][card] (both events) for a
# Rear Line choice.
TAKEN = [[_taken(seat, owner) for owner in range(5)] for seat in range(5)]


def _hidden(seat: int) -> Interned[str, tuple[Event, Event]]:
    return Interned(lambda card: SECRET["hide", seat, card])


HIDDEN = [_hidden(seat) for seat in range(5)]
