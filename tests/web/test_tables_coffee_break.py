"""The Coffee Break table's own check: an exchange is staged on the table and can be cancelled
(what every table is checked for is in test_tables.py)."""

from __future__ import annotations

import random

from .boards import click_board_once, open_table, wait_ready
from .harness import DESKTOP
from .tablepage import dataset, record_page_errors
from .test_tables import TABLES

GAME = "coffee-break"
OPTIONS = TABLES[GAME][0]


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
    # The pick, then the exchange: two moves sent one per update (the pick's log line may
    # mention the exchange before the exchange itself is made).
    page.wait_for_function(
        f"() => Number(document.getElementById('table-page').dataset.version) >= {version} + 2"
    )
    page.wait_for_function(f"() => ({exchanges})() > {before}")
    assert errors == []
    page.close()
