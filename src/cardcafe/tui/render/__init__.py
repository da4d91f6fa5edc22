"""Board renderers: one per game where we have one, a generic one for every other view.

A renderer turns what one seat may know (`view`) into a Rich renderable, naming seats with
`names` and cards with the game's catalogue (names, effects, colours). It never sees the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from cardcafe import games
from cardcafe.engine import BadInput
from cardcafe.engine.words import points

from . import coffee_break, generic, monster_diner, monster_rejects, monsters_coffee

Renderer = Callable[[dict[str, Any], list[str], dict[str, Any]], RenderableType]

# Boards that can be drawn shorter (`fold`, 1 to n) when they are more than the terminal's
# rows: Monster Diner's six diners late in a game, Monster's Coffee's five players at 80x24.
# Game id -> (n, its renderer).
FOLDING: dict[str, tuple[int, Callable[..., RenderableType]]] = {
    "monster-diner": (monster_diner.FOLDS, monster_diner.render),
    "monsters-coffee": (monsters_coffee.FOLDS, monsters_coffee.render),
}

RENDERERS: dict[str, Renderer] = {
    "coffee-break": coffee_break.render,
    "monster-diner": monster_diner.render,
    "monster-rejects": monster_rejects.render,
    "monsters-coffee": monsters_coffee.render,
}


def score_words(game_id: str, score: float) -> str:
    """A score in the game's unit: "3 points", or the game's own ("3 Coffee"):
    `Game.score_words`, in points for a view of a game not registered here."""
    try:
        game = games.get(game_id)
    except BadInput:
        return points(score)
    return game.score_words(score)


def folds(view: dict[str, Any]) -> int:
    """How many ways shorter the board of `view` can be drawn (0: one way only)."""
    return FOLDING.get(view.get("game", ""), (0, None))[0]


def render(
    view: dict[str, Any], names: list[str], catalogue: dict[str, Any], fold: int = 0
) -> RenderableType:
    """The board as `view["seat"]` sees it; `names` labels every seat, `catalogue` every card;
    `fold` (1 to `folds(view)`) draws it shorter, for a terminal short of rows.

    A game's own renderer is tried first; if the view has changed shape under it (a new field
    name, a new card), the generic board takes over rather than the table failing.
    """
    own = RENDERERS.get(view.get("game", ""))
    if own is not None:
        try:
            if fold and folds(view):
                return FOLDING[view["game"]][1](view, names, catalogue, fold)
            return own(view, names, catalogue)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return generic.render(view, names, catalogue)
