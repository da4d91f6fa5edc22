"""The Monster's Coffee table's own check: every family's power is played on the table (what
every table is checked for is in test_tables.py)."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import open_table, play_by_board, vertical_overflow, wait_ready
from .harness import DESKTOP
from .tablepage import dataset, record_page_errors

GAME = "monsters-coffee"


@pytest.mark.parametrize("preset", [1, 2])
def test_every_power_is_played_by_clicking_the_table(chromium, server, preset):
    """The other presets bring the other families (Priss, Mummy, Snout, Grunge, Poopy...):
    their powers' choices (a centre card, a Mummy token, a player, a family) are on the table."""
    options = games.get(GAME).option_presets[preset]
    page, _ = open_table(chromium, server, GAME, 3, viewport=DESKTOP, options=options)
    errors = record_page_errors(page)
    assert play_by_board(page, GAME, timeout=90) > 0
    assert dataset(page)["turn"] == "over"
    assert errors == []
    page.close()


def test_five_players_rivals_sit_on_one_row_and_my_lines_show(chromium, server):
    """Five players on a 1366x900 desktop: the four rivals took two rows (three, then one beside
    an empty space), each one's Rear Line a column of three backs beside the Front Line, and my
    own lines began some 240 px below the screen from the deal on. Now the rivals sit on one
    row, each Rear Line a row under the Front Line, and the deal's table fits the screen (as a
    round goes on, long Front Lines may still push my lines down: they wrap three to a row)."""
    page, _ = open_table(chromium, server, GAME, 5, viewport=DESKTOP)
    assert wait_ready(page) == "mine"
    tops = page.evaluate(
        "() => [...document.querySelectorAll('#board .opponents .seat-other')]"
        ".map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    assert vertical_overflow(page) == 0
    page.close()
