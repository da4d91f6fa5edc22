"""The game registry: the built-in games (every sub-package of `cardcafe.games` that exports
`GAME`), the games installed packages declare under the `cardcafe.games` entry point group, and
the modules named in the `CARDCAFE_GAMES` environment variable (comma-separated importable
module names, each exporting `GAME`: how a game under development plays everywhere before it
is packaged, see docs/adding-a-game.md). A built-in id is never shadowed."""

from __future__ import annotations

import builtins
import functools
import importlib
import os
import pkgutil
from importlib.metadata import entry_points
from typing import Any

from cardcafe.engine import BadInput, Game, Record, State
from cardcafe.engine.record import find_games_with

ENTRY_POINT_GROUP = "cardcafe.games"
ENVIRONMENT_VARIABLE = "CARDCAFE_GAMES"

AnyGame = Game[Any, Any]


@functools.cache
def _registry() -> dict[str, AnyGame]:
    found: dict[str, AnyGame] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            game = importlib.import_module(f"{__name__}.{module.name}").GAME
            found[game.id] = game
    for where, load in _plugins():
        game = _load(where, load)
        found.setdefault(game.id, game)
    return dict(sorted(found.items()))


def _plugins() -> builtins.list[tuple[str, Any]]:
    """(where it comes from, how to load its GAME) for every plugin game."""
    plugins: builtins.list[tuple[str, Any]] = [
        (f"entry point {ep.value}", ep.load) for ep in entry_points(group=ENTRY_POINT_GROUP)
    ]
    for name in os.environ.get(ENVIRONMENT_VARIABLE, "").split(","):
        if name.strip():
            module = name.strip()
            plugins.append((f"{ENVIRONMENT_VARIABLE} module {module}", _module_game(module)))
    return plugins


def _module_game(module: str) -> Any:
    return lambda: importlib.import_module(module).GAME


def _load(where: str, load: Any) -> AnyGame:
    try:
        game = load()
    except Exception as exc:  # a broken plugin is the plugin's fault: one line, not a traceback
        raise BadInput(f"the game plugin {where} cannot be loaded: {exc}") from None
    if not isinstance(game, Game):
        raise BadInput(f"the game plugin {where} does not give a Game, but {game!r}")
    return game


def reload() -> None:
    """Look for games again (after installing a plugin or changing CARDCAFE_GAMES)."""
    _registry.cache_clear()


def all() -> builtins.list[AnyGame]:
    """Every registered game, by id."""
    return builtins.list(_registry().values())


def get(game_id: str) -> AnyGame:
    """The game with this id (BadInput naming the games there are, for an unknown one)."""
    try:
        return _registry()[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_registry())
        raise BadInput(f"unknown game {game_id!r}; the games are: {known}") from None


def replay(record: Record, upto: int | None = None) -> State[Any]:
    """The state after the first `upto` actions of `record` (all by default), whichever
    registered game it is of (`Game.replay`)."""
    state: State[Any] = get(record.game).replay(record, upto)
    return state


# `Record.replay()` finds its game here (the kernel cannot import the registry).
find_games_with(get)
