"""The game registry: every sub-package of `cardcafe.games` that exports `GAME` is a game."""

from __future__ import annotations

import builtins
import functools
import importlib
import pkgutil

from cardcafe.engine import BadInput, Game, Record, State


@functools.cache
def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            game = importlib.import_module(f"{__name__}.{module.name}").GAME
            found[game.id] = game
    return dict(sorted(found.items()))


def all() -> builtins.list[Game]:
    return builtins.list(_registry().values())


def get(game_id: str) -> Game:
    try:
        return _registry()[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_registry())
        raise BadInput(f"unknown game {game_id!r}; the games are: {known}") from None


def replay(record: Record, upto: int | None = None) -> State:
    """The state after the first `upto` actions of `record` (all by default), whichever
    registered game it is of (`Game.replay`)."""
    return get(record.game).replay(record, upto)
