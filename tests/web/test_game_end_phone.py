"""The game's end on a phone: who won and by how much at a glance, every player's score and its
breakdown within reach, the ways on in sight. The summary and the board put each player's
breakdown table one under another (six players: some 1,800 px on the board), and in the rivals'
strip the winner's panel lay out of sight, scrolled off to the side: the end did not show who
won. A table bots played to the end at once, watched (every seat is then in the strip)."""

from __future__ import annotations

from .harness import PHONE, http
from .tablepage import TURN_TIMEOUT_MS, record_page_errors

GAME = "monster-rejects"
# A deal the heuristic bots play the same way every time (their moves follow the table's seed):
# the sixth seat goes out first, so the winner's panel is the strip's last.
SEED = 0

# Each seat's total as its breakdown table on the board says it (checked against the engine
# elsewhere, test_presentation.py), and which table is the winner's.
TOTALS = """() => [...document.querySelectorAll('#board-breakdown table.breakdown')].map((t) => ({
    seat: t.dataset.seat,
    total: Number(t.querySelector('.part-total').textContent),
    won: t.classList.contains('won'),
}))"""

ON_SCREEN = """(e) => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""

# A panel of the strip wholly in the strip's sight (sideways).
IN_STRIP = """(panel) => { const strip = panel.parentElement.getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    return box.left >= strip.left - 1 && box.right <= strip.right + 1; }"""


def test_the_end_on_a_phone_says_who_won_by_how_much_and_shows_the_winner(chromium, server):
    players = 6
    body = {"game": GAME, "players": players, "options": {}, "seats": ["heuristic"] * players}
    table = http("POST", f"{server}/api/tables", {**body, "seed": SEED})
    page = chromium.new_page(viewport=PHONE)
    page.emulate_media(reduced_motion="reduce")  # (a tap's scroll lands at once)
    errors = record_page_errors(page)
    try:
        page.goto(f"{server}/table/{table['id']}?spectate=1")
        dialog = page.locator("#summary-dialog[open]")
        dialog.wait_for(timeout=TURN_TIMEOUT_MS)
        totals = page.evaluate(TOTALS)
        ranked = sorted(totals, key=lambda t: -t["total"])
        winner = next(t for t in totals if t["won"])
        assert winner == ranked[0] and ranked[1]["total"] < winner["total"], totals
        gap = winner["total"] - ranked[1]["total"]

        # The summary: every player's score from the highest down, how far behind the winner,
        # all on the screen with the ways on.
        lines = dialog.locator(".standings > li")
        assert lines.count() == players
        assert lines.evaluate_all("els => els.map(e => e.dataset.seat)") == [
            t["seat"] for t in ranked
        ]
        assert "winner" in lines.nth(0).inner_text()
        second = lines.nth(1).inner_text()
        assert f"{gap} point{'s' if gap != 1 else ''} behind" in second, second
        assert str(ranked[1]["total"]) in second
        for i in range(players):
            assert lines.nth(i).evaluate(ON_SCREEN), f"standing {i + 1} is off the screen"
        assert dialog.locator("a:has-text('Back to the lobby')").evaluate(ON_SCREEN)
        # The last player's line brings their breakdown into sight.
        lines.nth(players - 1).locator("button").click()
        last = dialog.locator(f"table.breakdown[data-seat='{ranked[-1]['seat']}']")
        page.wait_for_function(ON_SCREEN, arg=last.element_handle(), timeout=2000)

        # The table behind it: the banner says by how much, the standings lead the board, and
        # the winner's panel is in sight in the strip, their initial starred in the row.
        dialog.locator("button:has-text('Look at the table')").click()
        banner = page.inner_text("#banner-who")
        assert f"wins by {gap} point" in banner, banner
        assert page.locator("#banner-next a:has-text('Back to the lobby')").evaluate(ON_SCREEN)
        board_lines = page.locator("#board-breakdown .standings > li")
        assert board_lines.count() == players
        assert board_lines.nth(players - 1).evaluate(ON_SCREEN)
        panel = page.locator(f"#board .opponents > .seat-other[data-seat='{winner['seat']}']")
        assert panel.evaluate(IN_STRIP), "the winner's panel is out of the strip's sight"
        chip = page.locator(f"#board .rival-chip[data-seat='{winner['seat']}']")
        assert "won" in (chip.get_attribute("class") or "")
        assert "winner" in (chip.get_attribute("aria-label") or "")
        assert errors == []
    finally:
        page.close()
