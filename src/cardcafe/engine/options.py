"""Typed, validated game options: every game declares a frozen dataclass of them."""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from typing import Any, Literal

from .errors import BadInput, OptionError

# The metadata keys of a number option's bounds (`bounded`).
MIN, MAX = "min", "max"


def bounded(default: int | None, low: int, high: int | None = None) -> Any:
    """A whole-number option field from `low` to `high` (None: no upper bound): `parse_options`
    refuses a value outside, and lobbies and start screens read the bounds to offer the
    field (`option_bounds`). None, where the field allows it, means "the game decides"."""
    return dataclasses.field(default=default, metadata={MIN: low, MAX: high})


@functools.cache
def option_bounds(cls: type) -> dict[str, tuple[int, int | None]]:
    """`{name: (low, high)}` of the options of `cls` declared with `bounded` (once per class:
    every game dealt with options asks)."""
    return {
        f.name: (f.metadata[MIN], f.metadata.get(MAX))
        for f in dataclasses.fields(cls)
        if MIN in f.metadata
    }


def options_from_json(text: str | None, what: str = "options") -> dict[str, Any]:
    """The option names and values in `text`, a JSON object (a command's `--options`, a
    page's `?options=`); nothing given is no options. BadInput names what is wrong."""
    if not text:
        return {}
    try:
        chosen = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not valid JSON: {exc.msg} at character {exc.pos}") from None
    if not isinstance(chosen, dict):
        raise BadInput(f'{what} must be a JSON object, e.g. \'{{"guest_to": "mat"}}\'')
    return chosen


def parse_options(cls: type, game_id: str, raw: dict[str, Any]) -> Any:
    """Build the options dataclass `cls` from user values, naming every mistake clearly."""
    if not raw and cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return _defaults(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        known = ", ".join(sorted(fields)) or "none"
        raise BadInput(f"unknown option {unknown[0]!r} for {game_id}; known options: {known}")
    hints = _hints(cls)
    bounds = option_bounds(cls)
    values = {}
    for name, value in raw.items():
        _check_type(game_id, name, value, hints[name])
        if name in bounds and value is not None:
            _check_bounds(game_id, name, value, *bounds[name])
        # JSON gives lists; options stay hashable tuples.
        values[name] = tuple(value) if isinstance(value, list) else value
    try:
        return cls(**values)
    except OptionError as exc:
        raise exc.of(game_id) from None
    except (TypeError, ValueError) as exc:
        raise BadInput(f"bad options for {game_id}: {exc}") from exc


def _check_bounds(game_id: str, name: str, value: int, low: int, high: int | None) -> None:
    if high is None and value < low:
        raise OptionError(name, f"must be {low} or more, not {value}", game_id)
    if high is not None and not low <= value <= high:
        raise OptionError(name, f"must be {low} to {high}, not {value}", game_id)


@functools.cache
def _defaults(cls: type) -> Any:
    # Every game dealt with the defaults (a simulation deals thousands a second) shares one
    # options object: they are frozen.
    return cls()


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    # Resolving string annotations compiles code: once per options class, not once per game.
    return typing.get_type_hints(cls)


def _check_type(game_id: str, name: str, value: Any, hint: Any) -> None:
    if _matches(value, hint):
        return
    raise OptionError(name, f"must be {_describe(hint)}, not {value!r}", game_id)


def _matches(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is Literal:
        # type too: True == 1 in Python, but `decks=true` is not `decks=1`.
        return any(value == a and type(value) is type(a) for a in typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
    if origin in (tuple, list):
        args = typing.get_args(hint)
        item = args[0] if args else Any
        return isinstance(value, (list, tuple)) and all(_matches(v, item) for v in value)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, hint)


# What a value must be, as a player reads it: a start screen shows the error under the
# option's label ("Stuck table must be a whole number"), not the type's name ("int").
_KINDS: dict[Any, str] = {
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    str: "text",
    type(None): "empty",
}


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in typing.get_args(hint))
    if origin in (tuple, list):
        return "a list of " + _describe(typing.get_args(hint)[0])
    return _KINDS.get(hint) or str(getattr(hint, "__name__", hint))


def _has_default(f: dataclasses.Field[Any]) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def _default(f: dataclasses.Field[Any]) -> Any:
    # (an option with no default at all is always written out: there is nothing to omit it for)
    if f.default is not dataclasses.MISSING:
        return f.default
    return f.default_factory()  # type: ignore[operator]  # (a factory: it is not MISSING)


def options_to_json(options: Any, full: bool = False) -> dict[str, Any]:
    """The options as JSON (lists, not tuples): those that differ from the defaults, or with
    `full` every one (what records and positions keep, so that a later change of a default
    never changes a stored game)."""
    out = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if not full and _has_default(f) and value == _default(f):
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
