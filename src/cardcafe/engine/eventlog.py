"""A game's log, packed: one small integer per event instead of a tuple and a dict.

A state keeps every event of its game, and every clone a search makes copies them: as objects
they were most of a state's memory and a good part of a clone's time. Here an event is the code
of its content (kind, actor, who may see it, its data) in a table that every log of the process
shares: a game logs the same few hundred events over and over ("Ann placed a Florist on Bob's
mat"), so each is stored once however many states log it, and a log is an array of 4-byte codes.
Reading an event gives back an `Event` equal to the one logged, with data of its own (a reader
that changes them changes nothing here).
"""

from __future__ import annotations

import copy
import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .events import Event, seen_by

# Events the process has logged, by code: events whose data are strings, integers and None (a
# seat, a card id, a count). An event holding a list or a dict (a whole hand, a round's tally)
# is kept as it is by the log that holds it: such events repeat little, and freezing them would
# cost more than it saves. Past this many codes a log keeps new events to itself too.
_LIMIT = 1 << 17
_events: list[tuple[Any, ...]] = []  # code -> the event as a key (see `_key`)
_masks: list[int] = []  # code -> who may see it: bit 0 spectators, bit 1 + s seat s
_codes: dict[tuple[Any, ...], int] = {}  # key -> code
_visibility: dict[tuple[Any, Any], int] = {}  # (visible_to, hidden_from) -> its mask
_lock = threading.Lock()
_SEATS = 16  # visibility masks cover this many seats (the largest game seats 10)
_PLAIN = (str, int, type(None))  # bool is not int here: True == 1 would merge two events


def _key(
    kind: str,
    actor: int | None,
    visible_to: frozenset[int] | None,
    data: dict[str, Any] | None,
    hidden_from: frozenset[int] | None,
) -> tuple[Any, ...] | None:
    """The event as a hashable tuple, or None when its data hold other values than strings,
    integers and None."""
    if not data:
        return (kind, actor, visible_to, hidden_from)
    values = tuple(data.values())
    for value in values:
        if type(value) not in _PLAIN:
            return None
    return (kind, actor, visible_to, hidden_from, tuple(data), values)


def _mask(visible_to: frozenset[int] | None, hidden_from: frozenset[int] | None) -> int:
    mask = _visibility.get((visible_to, hidden_from))
    if mask is None:
        seats = [None, *range(_SEATS)]
        mask = sum(1 << i for i, seat in enumerate(seats) if seen_by(seat, visible_to, hidden_from))
        _visibility[visible_to, hidden_from] = mask
    return mask


def _bit(player: int | None) -> int:
    return 1 if player is None else 1 << (player + 1)


# How many new events a log keeps unpacked (`EventLog`); a module constant too, for the kernel's
# check after every move (a class attribute read through an instance is not specialized by
# CPython 3.11, a module's is). Above the events of a whole random game of every base game at up
# to six players (Monster Rejects: about 600 at 4 players, 1,030 at 6, its Chaos cards' events
# fresh objects each): at 512 a four-player Monster Rejects playout packed once a game, 7.6% of
# its time.
PACK_AFTER = 2048


class EventLog(Sequence[Event]):
    """The events of one game in order: a list of `Event`s to its readers, packed inside.

    New events wait as objects in `tail` (a game appends to it) and are packed when
    the log is copied (a clone) or filtered (a determinization, a seat's log), or read, or when
    the tail grows past `PACK_AFTER`. A state that lives is read or copied (a table's state after
    every move, a search's root), so it is packed; a playout's state is thrown away unread, and
    packing it would cost 5 to 13% of the playout. `PACK_AFTER` bounds what such a state holds
    unpacked (its events are mostly shared objects: a pointer each)."""

    __slots__ = ("_cells", "_extra", "_extra_masks", "_seen", "tail")
    PACK_AFTER = PACK_AFTER

    def __init__(self, events: Iterable[Event] = ()):
        self._cells = array("I")  # one code per packed event
        self._extra: list[Event] = []  # packed events kept whole (code _LIMIT + their index)
        # Who may see each of them (`_mask`), worked out once: a seat's log is read after
        # every move of a table, and Coffee Break keeps tens of events whole.
        self._extra_masks: list[int] = []
        # The events not packed yet, in order after the packed ones. Public: a game logs an
        # event by appending it here (`state.events.tail.append(event)`), and after every move
        # of a playout the kernel reads its length, without a call to `settle`. (An `append`
        # of the log's own, holding the tail's, cost more: CPython 3.11 cannot specialize a
        # method call on an attribute kept in a slot; 0.7 to 1.2% of a random playout.)
        self.tail: list[Event] = []
        # `seen_by`'s answers kept per visibility bitmask, as (how many cells were read, the
        # codes kept): a search determinizes the same state over and over, and a log only ever
        # grows, so each answer is extended with the new cells rather than worked out again.
        self._seen: dict[int, tuple[int, array[int]]] = {}
        self.extend(events)

    def log(
        self,
        kind: str,
        actor: int | None,
        visible_to: frozenset[int] | None,
        data: dict[str, Any] | None,
        hidden_from: frozenset[int] | None = None,
    ) -> None:
        """Append an event given by its parts (what `State._log` calls)."""
        self.tail.append(Event(kind, actor, visible_to, data, hidden_from))

    def settle(self) -> None:
        """Pack the tail if it has grown long (the kernel calls this after every move)."""
        if len(self.tail) > self.PACK_AFTER:
            self.pack()

    def pack(self) -> None:
        """Pack every event of the tail."""
        # A game that logs the same Event objects again and again (built once) pays one lookup
        # each, written inline: this runs on every few moves of every playout.
        known_by_id = _by_identity.get
        append = self._cells.append
        for event in self.tail:
            known = known_by_id(id(event))
            append(known[1] if known is not None and known[0] is event else self._code_of(event))
        self.tail.clear()  # the same list: an `append` a game holds stays bound to it

    def _code_of(self, event: Event) -> int:
        """The code of an event not known by identity."""
        key = _key(event.kind, event.actor, event.visible_to, event.data, event.hidden_from)
        found = _codes.get(key) if key is not None else None
        code = found if found is not None else self._new_code(key, event)
        # Only a packed event is remembered: one kept whole (a hand, a tally) is usually fresh,
        # and remembering each kept it alive and made work for the garbage collector (a shared
        # one costs a `_key` that gives up at its first list).
        if code < _LIMIT:
            if len(_by_identity) >= _REMEMBERED:
                _by_identity.clear()
            # (This holds `event`, so its id stays its own while it is here.)
            _by_identity[id(event)] = (event, code)
        return code

    def _new_code(self, key: tuple[Any, ...] | None, event: Event) -> int:
        if key is not None:
            with _lock:
                code = _codes.get(key)
                if code is not None:
                    return code
                if len(_events) < _LIMIT:
                    code = len(_events)
                    _events.append(key)
                    _masks.append(_mask(key[2], key[3]))
                    _codes[key] = code
                    return code
        self._extra.append(event)
        self._extra_masks.append(_mask(event.visible_to, event.hidden_from))
        return _LIMIT + len(self._extra) - 1

    def extend(self, events: Iterable[Event]) -> None:
        self.tail.extend(events)

    def __iadd__(self, events: Iterable[Event]) -> EventLog:
        self.extend(events)
        return self

    def copy(self) -> EventLog:
        self.pack()
        return self._with(array("I", self._cells))

    def _with(self, cells: array[int]) -> EventLog:
        """A new log of these packed `cells` (codes of this log's), with nothing in its tail."""
        new = EventLog.__new__(EventLog)
        new._cells = cells
        new._extra = list(self._extra)
        new._extra_masks = list(self._extra_masks)
        new.tail = []
        new._seen = {}
        return new

    def seen_by(self, player: int | None, also_public: bool = False) -> EventLog:
        """The events `player` may see (and, with `also_public`, every public one), still
        packed: no event is unpacked to decide."""
        self.pack()
        want = _bit(player) | (1 if also_public else 0)
        cells = self._cells
        read, kept = self._seen.get(want, (0, None))
        if kept is None or read < len(cells):
            new_cells = cells[read:] if read else cells
            masks = _masks
            if self._extra:
                extra = self._extra_masks
                found = [
                    c for c in new_cells if (masks[c] if c < _LIMIT else extra[c - _LIMIT]) & want
                ]
            else:
                found = [c for c in new_cells if masks[c] & want]
            kept = array("I", found) if kept is None else kept + array("I", found)
            self._seen[want] = (len(cells), kept)
        return self._with(array("I", kept))

    def _event(self, code: int) -> Event:
        if code >= _LIMIT:
            # Kept whole and possibly shared: the reader gets its own data to change.
            event = self._extra[code - _LIMIT]
            return event._replace(data=copy.deepcopy(event.data)) if event.data else event
        key = _events[code]
        kind, actor, visible_to, hidden_from = key[:4]
        data = dict(zip(key[4], key[5], strict=True)) if len(key) > 4 else None
        return Event(kind, actor, visible_to, data, hidden_from)

    def __len__(self) -> int:
        return len(self._cells) + len(self.tail)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        self.pack()
        if isinstance(index, slice):
            return [self._event(code) for code in self._cells[index]]
        return self._event(self._cells[index])

    def __iter__(self) -> Iterator[Event]:
        self.pack()
        return (self._event(code) for code in self._cells)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # Codes mean something only in this process: another one gets the events themselves.
        return (EventLog, (list(self),))

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


# id(event) -> (event, code) for Event objects appended whole (to `EventLog.tail`). A game's
# shared events (built once) are a few hundred; the fresh ones it also logs would fill this
# (and be kept alive) without end, so it is emptied when it reaches `_REMEMBERED` entries and
# the shared ones come back at their next use.
_REMEMBERED = 4096
_by_identity: dict[int, tuple[Event, int]] = {}
