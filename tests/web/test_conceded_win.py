"""A player who conceded, whose seat the bot then played on and won: the seat keeps its score
and its win (the game's result stands), but the win is the bot's. The banner said "you win" to
the player who had given up, the summary "You win!", the standings "Ann (conceded) ... winner".
Every place now says it alike: "Bot (for Ann, who conceded) wins", and to Ann "the bot that
played on for you wins"; the marks beside the score say "won by the bot"."""

from __future__ import annotations

import re

from .harness import DESKTOP, PHONE, http, seat_ann_against_bots
from .tablepage import TURN_TIMEOUT_MS

# The words of an element that lie on more than one line.
WORDS_BROKEN = """el => {
    const node = el.firstChild;
    const lineOf = (i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return Math.round(range.getBoundingClientRect().top);
    };
    return [...node.textContent.matchAll(/\\S+/g)]
        .filter((m) => new Set([...m[0]].map((_, k) => lineOf(m.index + k))).size > 1)
        .map((m) => m[0]);
}"""


def conceded_and_won(chromium, server: str):
    """A finished Monster Diner table whose seat 0, Ann's, conceded at once and which the
    stand-in (the heuristic bot) won against two random bots: (table, token). They move by
    chance, so a game may go their way first (a spectator's standings say who won)."""
    page = chromium.new_page(viewport=DESKTOP)
    try:
        for _ in range(6):
            table, token = seat_ann_against_bots(server, "monster-diner", 3)
            http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
            page.goto(f"{server}/table/{table['id']}?spectate=1")
            page.wait_for_selector("#summary-dialog[open]", timeout=TURN_TIMEOUT_MS)
            won = page.locator("#summary-dialog[open] .standings li.won")
            if won.count() == 1 and won.get_attribute("data-seat") == "0":
                return table, token
    finally:
        page.close()
    raise AssertionError("the heuristic bot lost six games of six to random bots")


def test_a_conceded_seat_s_win_is_the_bot_s_everywhere(chromium, server):
    table, token = conceded_and_won(chromium, server)
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token}")
        summary = page.locator("#summary-dialog[open]")
        assert summary.locator("h2").inner_text() == "Game over"
        lead = summary.locator(".summary-lead").inner_text()
        assert lead == "The bot that played on for you wins."
        assert summary.locator(".standings li.won .standing-note").inner_text() == "won by the bot"
        badge = summary.locator("table.breakdown.won .badge-won").inner_text()
        assert badge.lower() == "won by the bot"
        page.click("#summary-dialog[open] button:has-text('Look at the table')")
        page.set_viewport_size(DESKTOP)
        banner = page.locator("#banner").inner_text()
        assert "the bot that played on for you wins" in banner, banner
        words = page.locator("#table-page").inner_text()
        said = re.findall(r"[^.!]*\byou (?:win|share)\b[^.!]*", words, re.I)
        assert said == [], said
    finally:
        page.close()
    page = chromium.new_page(viewport=DESKTOP)
    try:
        # Three breakdowns side by side: the longer badge took the room of "Ann (conceded)
        # (you)", which broke inside "conceded"; the badge goes under the name instead.
        page.goto(f"{server}/table/{table['id']}?token={token}")
        name = page.locator("#summary-dialog[open] table.breakdown.won .breakdown-name")
        assert name.evaluate(WORDS_BROKEN) == []
    finally:
        page.close()
    page = chromium.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server}/table/{table['id']}?spectate=1")
        lead = page.locator("#summary-dialog[open] .summary-lead").inner_text()
        assert lead == "Bot (for Ann, who conceded) wins."
        page.click("#summary-dialog[open] button:has-text('Look at the table')")
        assert "Bot (for Ann, who conceded) wins" in page.locator("#banner").inner_text()
        # The log ends the same way (it said "Ann (conceded) wins."): the games' Words.won.
        assert (
            page.locator("#log li").last.inner_text().endswith("Bot (for Ann, who conceded) wins.")
        )
        # The finished games' list says it too.
        page.goto(f"{server}/history")
        won = page.locator(f".history-item[data-table='{table['id']}'] .history-scores li.won")
        assert won.inner_text().endswith("(won by the bot)"), won.inner_text()
    finally:
        page.close()
