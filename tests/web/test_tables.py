"""Every game's table in the browser: played to the end by tapping the table only (never the
move list) on a phone (on a desktop, test_journey.py plays each game so, from the lobby to the
end), and drawn readably: the whole table on a 1366x900 screen with 4 players (Coffee Break
seats at most 3), no sideways scrolling at 390 px, no text under 12 px, private cards not
dressed as buttons, every card readable by hover and by tap. Each game's own checks are in
test_tables_<game>.py."""

from __future__ import annotations

import pytest

from .boards import check_table, open_table, play_by_board
from .harness import PHONE
from .tablepage import dataset

# game -> (options that keep a browser game short, players for the fit check): Monster Rejects
# ends by its guard after 20 turns (up to 60 took 25-29 s a phone game in a loaded run, 12 s now)
TABLES = {
    "coffee-break": ({"target": 4}, 3),
    "monster-diner": (None, 4),
    "monster-rejects": ({"turn_limit": 20}, 4),
    "monsters-coffee": (None, 4),
}
# Monster Diner has no option that shortens it: the first half of the deck goes over Ann's
# socket and the second is tapped (every kind of its moves comes in either half, the end only
# in the second; a whole game tapped took 24 s, the longest browser test).
TAPPED_FROM = {"monster-diner": lambda view: view["deck_size"] <= 34}


@pytest.mark.parametrize("game", TABLES)
def test_the_phone_table_is_played_by_tapping(chromium, server, game):
    options, until = TABLES[game][0], TAPPED_FROM.get(game)
    page, _ = open_table(chromium, server, game, 2, viewport=PHONE, options=options, until=until)
    play_by_board(page, game, timeout=60)
    assert dataset(page)["turn"] == "over"
    page.close()


@pytest.mark.parametrize("game", TABLES)
def test_the_table_fits_and_reads(chromium, server, game):
    options, players = TABLES[game]
    check_table(chromium, server, game, players, options=options)
