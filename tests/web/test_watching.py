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


def test_a_watchers_chat_says_nobody_has_spoken_yet(chromium, server):
    # A newcomer watching a table of bots found a "Chat" panel with nothing under its title (a
    # watcher has no field to type in): it says so until someone speaks.
    body = {"game": "monster-rejects", "players": 2, "options": {}, "seats": ["random"] * 2}
    table = http("POST", f"{server}/api/tables", body)
    page = chromium.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server}/table/{table['id']}?spectate=1")
        page.wait_for_selector("#table-page[data-role='spectator'] #chat-panel:not([hidden])")
        assert page.locator("#chat-form").is_hidden()
        assert page.inner_text("#chat-log") == "No messages yet."
    finally:
        page.close()
