"""The coffee-break table in the browser: played to the end by clicking the table only (never the
move list), and drawn readably: the whole table on a 1366x900 screen with 3 players, no
sideways scrolling at 390 px, no text under 12 px, private cards not dressed as buttons, every
card readable by hover and by tap."""

from __future__ import annotations

import random

from .boards import check_table, click_board_once, open_table, play_by_board, wait_ready
from .harness import DESKTOP, PHONE
from .tablepage import dataset, record_page_errors

GAME = "coffee-break"
OPTIONS = {"target": 4}


def test_a_human_plays_to_the_end_by_clicking_the_table(chromium, server):
    page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, options=OPTIONS)
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
    check_table(chromium, server, GAME, 3)


def test_an_exchange_is_staged_on_the_table_and_can_be_cancelled(chromium, server):
    """Laying and exchanging are two explicit choices; cards picked to exchange are only staged
    (nothing is sent, the turn is not spent) until "Confirm", and "Cancel" undoes them."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, options=OPTIONS)
    errors = record_page_errors(page)
    # Play on (by the table) until a turn opens with both choices offered.
    rng = random.Random(11)
    for _ in range(60):
        assert wait_ready(page) == "mine"
        if page.locator("#board .cb-modes .mode-exchange").count():
            break
        click_board_once(page, rng)
    page.click("#board .cb-modes .mode-exchange")
    assert page.get_attribute("#board .cb-modes .mode-exchange", "aria-pressed") == "true"
    version = dataset(page)["version"]
    hand = page.locator("#board .cb-hand .card.board-action")
    hand.nth(0).click()
    hand.nth(1).click()
    assert page.locator("#board .cb-hand .card.staged").count() == 2
    assert "exchange 2" in page.inner_text("#board .cb-confirm")
    page.click("#board .cb-cancel")
    assert page.locator("#board .cb-hand .card.staged").count() == 0
    assert dataset(page)["version"] == version, "staging or cancelling sent a move"
    hand.nth(0).click()
    exchanges = """() => [...document.querySelectorAll('#log li')]
        .filter(li => /exchange/i.test(li.textContent)).length"""
    before = page.evaluate(exchanges)
    page.click("#board .cb-confirm")
    page.wait_for_function(f"() => ({exchanges})() > {before}")
    assert int(dataset(page)["version"]) >= int(version) + 2  # the pick, then the exchange
    assert errors == []
    page.close()
