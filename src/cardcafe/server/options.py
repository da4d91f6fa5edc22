"""Game options as the lobby offers them, and the ones a remote player may not set.

An option that is free text (such as Monster Diner's `cards`, a path to a card file) would make
the server open a file of its own disk for whoever creates a table, so online tables take only
options with a fixed type: booleans, numbers, lists, and choices.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal

from cardcafe.engine import BadInput, Game


def online_options(game: Game) -> dict[str, dict[str, Any]]:
    """`{name: {"type", "default", "choices"?}}` for every option a table may set."""
    hints = typing.get_type_hints(game.Options)
    out: dict[str, dict[str, Any]] = {}
    for f in dataclasses.fields(game.Options):
        kind = _type_name(hints[f.name])
        if kind == "string":
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        entry: dict[str, Any] = {"type": kind, "default": _jsonable(default)}
        choices = _choices(hints[f.name])
        if choices:
            entry["choices"] = choices
        out[f.name] = entry
    return out


def check_online_options(game: Game, options: dict[str, Any]) -> None:
    allowed = online_options(game)
    for name in options:
        if name not in allowed and name in {f.name for f in dataclasses.fields(game.Options)}:
            raise BadInput(
                f"option {name!r} of {game.id} reads a file on the server and cannot be set "
                "for an online table"
            )


def options_schema(game: Game) -> dict[str, dict[str, Any]]:
    hints = typing.get_type_hints(game.Options)
    out: dict[str, dict[str, Any]] = {}
    for f in dataclasses.fields(game.Options):
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        entry: dict[str, Any] = {"type": _type_name(hints[f.name]), "default": _jsonable(default)}
        choices = _choices(hints[f.name])
        if choices:
            entry["choices"] = choices
        out[f.name] = entry
    return out


def _type_name(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return "choice"
    if origin in (typing.Union, types.UnionType):
        names = [_type_name(a) for a in typing.get_args(hint) if a is not type(None)]
        return names[0] if len(names) == 1 else "any"
    if origin in (tuple, list):
        return "list"
    return {bool: "bool", int: "int", float: "float", str: "string"}.get(hint, "any")


def _choices(hint: Any) -> list[Any] | None:
    if typing.get_origin(hint) is Literal:
        return list(typing.get_args(hint))
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            found = _choices(arg)
            if found:
                return found
    return None


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
