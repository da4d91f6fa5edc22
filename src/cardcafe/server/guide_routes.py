"""The player guides on the web: `/guide` (the four games) and `/guide/{game_id}` (one game's
short how-to-play page, its cards drawn from the game's catalogue).

`?options=` (JSON, as the catalogue route takes it) shows the cards under a table's options:
Monster Rejects' names, Monster's Coffee's Menu coffee. Without it the guide is about the game,
not a deal: no card is marked "not in this game" (the lobby's link, before anyone has set a game
up, marked seven of Monster's Coffee's families so, by the default Menu coffee's).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from cardcafe import games
from cardcafe.engine import BadInput
from cardcafe.guides import NoGuide
from cardcafe.guides.page import guide_page

from . import options as online
from . import pages

router = APIRouter()


@router.get("/guide", include_in_schema=False)
async def guide_index(request: Request) -> HTMLResponse:
    """Every game's guide, one link each."""
    return pages.render("guide.html", request, title="How to play", games=_games())


@router.get("/guide/{game_id}", include_in_schema=False)
async def guide(request: Request, game_id: str, options: str | None = None) -> HTMLResponse:
    """One game's guide; a friendly page naming the games for an unknown one."""
    try:
        game = games.get(game_id)
    except BadInput:
        return _missing(request, f"There is no game called “{game_id}” here.")
    try:
        catalogue = game.catalogue(**_options(game.id, options))
        if options is None:
            catalogue = _any_deal(catalogue)
    except BadInput as exc:
        return _missing(request, f"These options do not work for {game.title}: {exc}", 400)
    try:
        page = guide_page(game.id, catalogue)
    except NoGuide:
        return _missing(request, f"{game.title} has no player guide yet.", game=game.id)
    return pages.render(
        "guide.html",
        request,
        title=game.title,
        game=game.id,
        page=page,
        cards_json=_script_json(page.cards),
        games=_games(),
    )


def _options(game_id: str, text: str | None) -> dict[str, Any]:
    """The reader's options over this server's defaults for online tables (Monster Rejects'
    family names), so the guide names the cards the way the tables here do."""
    given: Any = {}
    if text:
        try:
            given = json.loads(text)
        except json.JSONDecodeError:
            raise BadInput("the options must be written as a JSON object") from None
        if not isinstance(given, dict):
            raise BadInput("the options must be written as a JSON object")
    defaults = online.SERVER_DEFAULTS.get(game_id, {})
    return {**defaults, **given}


def _any_deal(catalogue: dict[str, Any]) -> dict[str, Any]:
    """The catalogue with no card left out of the deal (`in_deck`, `in_play`: which cards some
    options leave out): a guide read before any game is set up speaks of every card."""
    dealt = ("in_deck", "in_play")
    cards = {
        key: {k: v for k, v in entry.items() if k not in dealt}
        for key, entry in catalogue.get("cards", {}).items()
    }
    return {**catalogue, "cards": cards}


def _missing(request: Request, message: str, status: int = 404, game: str | None = None):
    return pages.render(
        "guide.html",
        request,
        status=status,
        title="No such guide",
        game=game,
        missing=message,
        games=_games(),
    )


def _games() -> list[dict[str, str]]:
    return [{"id": g.id, "title": g.title} for g in games.all()]


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element (no `</` can close it early)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")
