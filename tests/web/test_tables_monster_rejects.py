"""The monster-rejects table in the browser: played to the end by clicking the table only (never the
move list), and drawn readably: the whole table on a 1366x900 screen with 4 players, no
sideways scrolling at 390 px, no text under 12 px, private cards not dressed as buttons, every
card readable by hover and by tap."""

from __future__ import annotations

from .boards import check_table, open_table, play_by_board
from .harness import DESKTOP, PHONE
from .tablepage import dataset, record_page_errors

GAME = "monster-rejects"
OPTIONS = {"turn_limit": 60}


def test_a_human_plays_to_the_end_by_clicking_the_table(chromium, server):
    page, _ = open_table(chromium, server, GAME, 3, viewport=DESKTOP, options=OPTIONS)
    errors = record_page_errors(page)
    moves = play_by_board(page, GAME, timeout=60)
    assert dataset(page)["turn"] == "over"
    assert moves > 0
    assert errors == []
    page.close()


def test_the_phone_table_is_played_by_tapping(chromium, server):
    page, _ = open_table(chromium, server, GAME, 2, viewport=PHONE, options=OPTIONS)
    play_by_board(page, GAME, timeout=60)
    assert dataset(page)["turn"] == "over"
    page.close()


def test_the_table_fits_and_reads(chromium, server):
    check_table(chromium, server, GAME, 4, options=OPTIONS)
