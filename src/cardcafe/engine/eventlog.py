"""A game's log, packed: every event as a few small integers instead of a tuple and a dict.

A state keeps every event of its game, and every clone a search makes copies them: as objects
they were most of a state's memory and a good part of a clone's time. Here an event is a row of
integer codes in one array: the code of its header (kind, actor, who may see it, the names of its
data fields), then one code per data value. A code stands for a value in a table that every log
of the process shares, so a card id or a seat costs four bytes however often it is logged.
Reading an event gives back an `Event` equal to the one logged (fresh lists and dicts, so a
reader that changes them changes nothing here).
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .events import Event, seen_by

# Values the process has logged, by code; a table of this size holds every value a long
# simulation logs many times over. Past it, a log keeps further new values to itself.
_LIMIT = 1 << 20
_values: list[Any] = []  # code -> the value, frozen (lists and dicts as tagged tuples)
_codes: dict[Any, int] = {}  # frozen value -> code
_lock = threading.Lock()
# Tags of frozen lists, dicts and of other scalars than str, int and None (True == 1 == 1.0 as
# dict keys: a bool or a float is kept with its type so that it comes back as it went in).
_LIST, _DICT, _TYPED = object(), object(), object()


def _freeze(value: Any) -> Any:
    """A hashable stand-in for `value` that tells lists, tuples, dicts, bools and floats apart."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    if kind is list:
        return (_LIST, *map(_freeze, value))
    if kind is tuple:
        return tuple(map(_freeze, value))
    if kind is dict:
        return (_DICT, *((k, _freeze(v)) for k, v in value.items()))
    return (_TYPED, kind, value)


def _thaw(frozen: Any) -> Any:
    if type(frozen) is not tuple:
        return frozen
    head = frozen[0] if frozen else None
    if head is _LIST:
        return [_thaw(v) for v in frozen[1:]]
    if head is _DICT:
        return {k: _thaw(v) for k, v in frozen[1:]}
    if head is _TYPED:
        return frozen[2]
    return tuple(_thaw(v) for v in frozen)


def _code(frozen: Any, extra: list[Any]) -> int:
    code = _codes.get(frozen)
    if code is None:
        with _lock:
            code = _codes.get(frozen)
            if code is None:
                if len(_values) >= _LIMIT:
                    extra.append(frozen)
                    return _LIMIT + len(extra) - 1
                code = _codes[frozen] = len(_values)
                _values.append(frozen)
    return code


class EventLog(Sequence[Event]):
    """The events of one game in order: a list of `Event`s to its readers, packed inside."""

    __slots__ = ("_cells", "_extra", "_starts")

    def __init__(self, events: Iterable[Event] = ()):
        self._cells = array("I")  # every event's header code, then its value codes
        self._starts = array("I")  # where each event's row begins in `_cells`
        self._extra: list[Any] = []  # values past the shared table's limit
        for event in events:
            self.append(event)

    def log(
        self,
        kind: str,
        actor: int | None,
        visible_to: frozenset[int] | None,
        data: dict[str, Any] | None,
        hidden_from: frozenset[int] | None = None,
    ) -> None:
        """Append an event given by its parts (what `State._log` calls: no Event is built)."""
        extra = self._extra
        self._starts.append(len(self._cells))
        if data:
            header = (kind, actor, visible_to, tuple(data), hidden_from)
            row = [_code(header, extra)]
            for value in data.values():
                kind_ = type(value)
                row.append(_code(value if kind_ is str or kind_ is int else _freeze(value), extra))
            self._cells.extend(row)
        else:
            self._cells.append(_code((kind, actor, visible_to, (), hidden_from), extra))

    def append(self, event: Event) -> None:
        self.log(event.kind, event.actor, event.visible_to, event.data, event.hidden_from)

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.append(event)

    def __iadd__(self, events: Iterable[Event]) -> EventLog:
        self.extend(events)
        return self

    def copy(self) -> EventLog:
        new = EventLog.__new__(EventLog)
        new._cells = array("I", self._cells)
        new._starts = array("I", self._starts)
        new._extra = list(self._extra)
        return new

    def seen_by(self, player: int | None, also_public: bool = False) -> EventLog:
        """The events `player` may see (and, with `also_public`, every public one), still packed:
        only each event's header is read."""
        new = EventLog()
        cells, starts = self._cells, self._starts
        ends = [*starts[1:], len(cells)] if starts else []
        for start, end in zip(starts, ends, strict=True):
            _, _, visible_to, _, hidden_from = self._header(cells[start])
            if seen_by(player, visible_to, hidden_from) or (
                also_public and seen_by(None, visible_to, hidden_from)
            ):
                new._starts.append(len(new._cells))
                new._cells.extend(cells[start:end])
        new._extra = list(self._extra)
        return new

    def _header(self, code: int) -> tuple[Any, ...]:
        return _values[code] if code < _LIMIT else self._extra[code - _LIMIT]

    def _value(self, code: int) -> Any:
        return _thaw(_values[code] if code < _LIMIT else self._extra[code - _LIMIT])

    def _event(self, index: int) -> Event:
        start = self._starts[index]
        kind, actor, visible_to, keys, hidden_from = self._value(self._cells[start])
        data = None
        if keys:
            cells = self._cells[start + 1 : start + 1 + len(keys)]
            data = {key: self._value(code) for key, code in zip(keys, cells, strict=True)}
        return Event(kind, actor, visible_to, data, hidden_from)

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [self._event(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("event index out of range")
        return self._event(index)

    def __iter__(self) -> Iterator[Event]:
        return (self._event(i) for i in range(len(self)))

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
