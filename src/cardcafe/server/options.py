"""Game options as the lobby offers them, and the ones a remote player may not set.

An option naming a file (`cards`, a path to a card data file, in every game) would make the
server open a file of its own disk for whoever creates a table, so online tables never take it.
Other text options are offered as choices when the game's catalogue lists their values (Monster's
Coffee's `menu`: the coffees of its Menu), else as short text the game itself validates.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal

from cardcafe.engine import BadInput, Game
from cardcafe.engine.options import option_bounds

# Options that name a file on the server's disk (a card data file), in every game.
FILE_OPTIONS = frozenset({"cards"})
MAX_TEXT_OPTION = 100  # characters in a text option (a menu id is about 20)

# What a public server deals unless the table says otherwise, where that differs from the
# game's own default. Monster Rejects: the Monster Misfits family names for the Chaos cards
# (the rulebook's names are one choice away in the lobby).
SERVER_DEFAULTS: dict[str, dict[str, Any]] = {"monster-rejects": {"names": "family"}}


def online_options(game: Game) -> dict[str, dict[str, Any]]:
    """`{name: {"type", "default", "choices"?, "min"?, "max"?, "label", "help"?,
    "choice_texts"?, "item_texts"?, "count"?}}` for every option a table may set (`min`/`max`:
    a number's bounds, `max` null for none; `item_texts`: what a list option's items may be,
    `count` how many it holds): the default is what a table gets when it does not set the option
    (this server's default where it has one), and it is always one of the choices; the words
    are the game's `option_texts()` (`choice_texts` keyed by each choice's JSON)."""
    hints = typing.get_type_hints(game.Options)
    texts = game.option_texts()
    ours = SERVER_DEFAULTS.get(game.id, {})
    bounds = option_bounds(game.Options)
    out: dict[str, dict[str, Any]] = {}
    for f in dataclasses.fields(game.Options):
        if f.name in FILE_OPTIONS:
            continue
        kind = _type_name(hints[f.name])
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        default = ours.get(f.name, default)
        entry: dict[str, Any] = {"type": kind, "default": _jsonable(default)}
        choices = _choices(hints[f.name])
        if kind == "string" and not choices:
            choices = _catalogue_choices(game, f.name, default)
            if choices:
                entry["type"] = "choice"
        if choices:
            # `decks: Literal[1, 2] | None = None`: None (the game decides) is a choice too,
            # so the default can be chosen, and sent back, like any other.
            if _jsonable(default) not in choices:
                choices = [_jsonable(default), *choices]
            entry["choices"] = choices
        if f.name in bounds:
            entry["min"], entry["max"] = bounds[f.name]
        entry.update(_words(texts.get(f.name) or {}, f.name))
        out[f.name] = entry
    return out


def _words(text: dict[str, Any], name: str) -> dict[str, Any]:
    """An option's label, one-line help and choice texts, as the game words them."""
    words: dict[str, Any] = {"label": text.get("label") or name.replace("_", " ").capitalize()}
    if text.get("help"):
        words["help"] = text["help"]
    if text.get("choices"):
        words["choice_texts"] = dict(text["choices"])
    if text.get("items"):  # a list option's items to tick, and how many
        words["item_texts"] = dict(text["items"])
        if text.get("count"):
            words["count"] = text["count"]
    return words


def with_server_defaults(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """`options` with this server's defaults filled in where the table sets nothing."""
    return {**SERVER_DEFAULTS.get(game.id, {}), **options}


def _catalogue_choices(game: Game, name: str, default: Any) -> list[Any] | None:
    """The values of a text option the game's catalogue lists as a section of that name
    (Monster's Coffee's "menu": its coffees), the default (None: the game's choice) first."""
    try:
        section = game.catalogue().get(name)
    except Exception:  # a game without a catalogue offers the option as text
        return None
    if not isinstance(section, dict) or not section:
        return None
    return [default, *(k for k in section if k != default)]


def check_online_options(game: Game, options: dict[str, Any]) -> None:
    """BadInput naming the problem if an online table may not take `options` as given (the
    game checks names, types and values itself, in `new`: a menu it does not have, say)."""
    known = {f.name for f in dataclasses.fields(game.Options)}
    allowed = online_options(game)
    for name, value in options.items():
        if name in FILE_OPTIONS and name in known:
            raise BadInput(
                f"option {name!r} of {game.id} reads a file on the server and cannot be set "
                "for an online table"
            )
        if name not in allowed:
            continue  # unknown: the game names it, with the options it knows
        if isinstance(value, str) and len(value) > MAX_TEXT_OPTION:
            raise BadInput(
                f"option {name!r} of {game.id} is {len(value)} characters long "
                f"(the limit is {MAX_TEXT_OPTION})"
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
