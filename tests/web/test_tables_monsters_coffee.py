"""The Monster's Coffee table's own check: every family's power is played on the table (what
every table is checked for is in test_tables.py)."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import open_table, play_by_board
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
