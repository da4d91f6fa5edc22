"""The finished games' list marks the seat this browser played, "(you)", as the table does: a
player looking through it for their own games found their name among the others, unmarked."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .harness import PHONE, http, play_over_socket, seat_ann_against_bots


def test_my_seat_in_the_finished_games_is_marked_you(chromium, server):
    table, token = seat_ann_against_bots(server, "monster-diner", 2)
    # A game of bots only, which this browser may watch: over while Ann plays hers.
    watched = http(
        "POST",
        f"{server}/api/tables",
        {"game": "monster-diner", "players": 2, "options": {}, "seats": ["random"] * 2},
    )
    try:  # Ann's moves at random over her socket, to the end
        play_over_socket(server, table["id"], token, lambda view: False)
    except AssertionError as ended:
        assert "ended" in str(ended)
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/history")
        # As the table page keeps it when Ann sits down there (api.js, seats).
        mine = json.dumps({"seat": 0, "token": token})
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"cardcafe.seat.{table['id']}", mine]
        )
        page.reload()
        row = page.locator(f".history-item[data-table='{table['id']}'] .history-scores li")
        row.first.wait_for()
        assert row.nth(0).inner_text().startswith("Ann (you): ")
        assert "(you)" not in row.nth(1).inner_text()
        other = page.locator(f".history-item[data-table='{watched['id']}'] .history-scores")
        assert "(you)" not in other.inner_text()  # a game this browser only watched
    finally:
        page.close()


def test_an_empty_list_says_what_it_was_filtered_by(chromium, server):
    """ "No finished game matches." said nothing of what to loosen (nor, on a new site, that
    nothing had finished yet)."""
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/history")
        page.select_option("#history-game", "monster-diner")
        page.fill("#history-player", "Nobody-at-all")
        page.click("#history-filter button[type='submit']")
        empty = page.locator("#history-list li.muted")
        words = "No finished game of Monster Diner with a player named like “Nobody-at-all”."
        # Choosing the game lists its games at once ("No finished game of Monster Diner."):
        # wait for the list the submitted filter asked for, not the first empty one.
        expect(empty).to_have_text(words, timeout=20_000)
    finally:
        page.close()
