"""Every other registered game played to the end in a real browser by one person against bots.

Parametrized over `cardcafe.games.all()`, so each game merged later is covered at once, drawn by
its own table module or, until it has one, by the generic renderer.
"""

from __future__ import annotations

import random

import pytest

from cardcafe import games

from .harness import DESKTOP, PHONE, http
from .tablepage import check_against_engine, play_until_over, record_frames, record_page_errors

OTHER_GAMES = [game for game in games.all() if game.id != "monster-diner"]


@pytest.mark.parametrize("game", OTHER_GAMES, ids=[g.id for g in OTHER_GAMES])
def test_one_person_plays_against_bots_to_the_end(chromium, server, game):
    players = game.players.start
    table = http(
        "POST",
        f"{server}/api/tables",
        {
            "game": game.id,
            "players": players,
            "options": {},
            "seats": ["human"] + ["random"] * (players - 1),
            "turn_seconds": None,
        },
    )
    context = chromium.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    try:
        frames = record_frames(page)
        errors = record_page_errors(page)
        page.goto(f"{server}/table/{table['id']}?seat=0")
        page.fill("#join-name", "Ann")
        page.click("#join-submit")
        page.wait_for_selector("#table-page:is([data-status='playing'], [data-status='finished'])")
        assert page.get_attribute("#rules-btn", "href") == f"/guide/{game.id}"
        assert page.locator("#board .player").count() == players

        # A spectator sees no hand: no card marked as theirs, no moves.
        watcher = context.browser.new_context(viewport=PHONE, reduced_motion="reduce")
        try:
            spy = watcher.new_page()
            spy_frames = record_frames(spy)
            spy.goto(f"{server}/table/{table['id']}?spectate=1")
            spy.wait_for_selector("#table-page[data-role='spectator'] #board .player")
            assert spy.locator(".card.private, .badge-you, #action-list button").count() == 0
            assert "your hand" not in spy.inner_text("#board").lower()
            # The table fits a phone's width.
            assert spy.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        finally:
            watcher.close()

        play_until_over([page], random.Random(game.id), budget_s=60)

        page.wait_for_selector("#summary-dialog[open]")
        assert "Back to the lobby" in page.inner_text("#summary-dialog")
        assert errors == [], f"JavaScript errors: {errors}"
        check_against_engine(server, table["id"], {0: frames, None: spy_frames})
    finally:
        context.close()
