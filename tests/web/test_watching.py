"""What a watcher reads: every game's board and a card's details hold only words for people.
`Element.append(null)` writes the word "null"; the page once did so where a watcher has no
seat of their own, and under every card's details (TypeScript's checker now refuses such a
call: `make lint`)."""

from __future__ import annotations

import pytest

from .harness import DESKTOP, http

GAMES = {"coffee-break": 3, "monster-diner": 3, "monster-rejects": 3, "monsters-coffee": 3}

# The board's own words, and its elements' direct words, that read "null" or "undefined".
STRAY_WORDS = """() => [...document.querySelectorAll('#board, #board *, #card-details')]
    .flatMap(el => [...el.childNodes])
    .filter(n => n.nodeType === 3 && /\\b(null|undefined)\\b/.test(n.textContent))
    .map(n => n.parentElement.className + ': ' + n.textContent)"""


@pytest.mark.parametrize("game", GAMES)
def test_a_watcher_reads_no_stray_null(chromium, server, game):
    players = GAMES[game]
    table = http(
        "POST",
        f"{server}/api/tables",
        {"game": game, "players": players, "options": {}, "seats": ["random"] * players},
    )
    page = chromium.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server}/table/{table['id']}?spectate=1")
        page.wait_for_selector("#table-page[data-role='spectator'] #board .card-face[data-card]")
        page.locator("#summary-dialog button", has_text="Look at the table").click()
        page.locator("#board .card-face[data-card]").first.focus()
        page.wait_for_selector("#card-details:not([hidden])")
        assert page.evaluate(STRAY_WORDS) == []
    finally:
        page.close()
