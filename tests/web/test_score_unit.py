"""A game's end says its scores in the game's unit: Monster's Coffee counts Coffee tokens, and
its table said "Heuristic bot wins by 4 points!", "4 points behind" and "18 pts" while the log,
the rules and the finished games' list said "18 Coffee" (a newcomer's evening: which is it?)."""

from __future__ import annotations

from .harness import DESKTOP, http
from .tablepage import TURN_TIMEOUT_MS

# The words a finished table shows about scores: the banner, the summary's standings notes, and
# each player's score beside their name on the board.
READ = """() => ({
    banner: document.getElementById('banner-who').textContent,
    notes: [...document.querySelectorAll('#summary-dialog .standing-note')]
        .map((n) => n.textContent),
    beside: [...document.querySelectorAll('#board .player-points')].map((p) => p.textContent),
})"""


def test_a_monsters_coffee_end_counts_in_coffee_not_points(chromium, server):
    # Heuristic bots play a seeded deal to its end at once, and not level (bot 1 wins 22 to 18:
    # a table's bots draw from its seed), so the banner says by how much and the loser's note
    # how far behind.
    body = {"game": "monsters-coffee", "players": 2, "options": {}, "seed": 2}
    table = http("POST", f"{server}/api/tables", {**body, "seats": ["heuristic"] * 2})
    page = chromium.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server}/table/{table['id']}?spectate=1")
        page.wait_for_selector("#summary-dialog[open]", timeout=TURN_TIMEOUT_MS)
        words = page.evaluate(READ)
        assert " Coffee!" in words["banner"] and "point" not in words["banner"], words
        assert any(n.endswith(" Coffee behind") for n in words["notes"]), words
        assert len(words["beside"]) == 2, words
        assert all(p.endswith(" Coffee") for p in words["beside"]), words
    finally:
        page.close()
