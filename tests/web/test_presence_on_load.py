"""A player's own seat is online as soon as their table opens: the summary the page reads when
it loads (who is online) comes before its socket is there, and used to show the player's own
row as "away" until the next read, seconds later."""

from __future__ import annotations

from .boards import open_table
from .harness import DESKTOP

MINE = (
    "() => [...document.querySelectorAll('#score-list li')]"
    ".find(li => li.textContent.includes('(you)'))"
)


def test_my_own_seat_is_not_shown_away_when_my_table_opens(chromium, server):
    page, _ = open_table(chromium, server, "monster-diner", 2, viewport=DESKTOP)
    page.wait_for_function(f"() => Boolean(({MINE})())")
    # Sooner than the next periodic read (every 3 s): the read after the first snapshot.
    page.wait_for_function(f"() => !({MINE})().textContent.includes('away')", timeout=2000)
    assert "away" not in page.evaluate(f"() => ({MINE})().textContent")
    page.close()
