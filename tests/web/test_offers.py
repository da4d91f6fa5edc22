"""Copies of one card are one move on the web too: Monster's Coffee, seed 5, three players,
Ann's hand holds a Bliblop, 2 Cakosaurus, 3 Rex, 2 Skeeters and 2 Snorkels. The list showed
ten buttons, "Put the first Rex ...", "Put the second Rex ...", for five cards."""

from __future__ import annotations

import re

from .harness import DESKTOP, http
from .tablepage import TURN_TIMEOUT_MS, wait_version_change

REAR = "of your hand face down in your Rear Line"


def labels(page) -> list[str]:
    return page.locator("#action-list .action-label").all_inner_texts()


def test_copies_in_hand_are_one_button_that_plays_one_copy(chromium, server):
    body = {"game": "monsters-coffee", "players": 3, "options": {}, "seed": 5}
    table = http("POST", f"{server}/api/tables", {**body, "seats": ["human", "random", "random"]})
    token = http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})
    page = chromium.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token['token']}")
        page.wait_for_selector("#table-page[data-turn='mine']", timeout=TURN_TIMEOUT_MS)
        assert labels(page) == [
            f"Put the Bliblop {REAR}",
            f"Put the Cakosaurus {REAR} (you hold 2)",
            f"Put the Rex {REAR} (you hold 3)",
            f"Put the Skeeter {REAR} (you hold 2)",
            f"Put the Snorkel {REAR} (you hold 2)",
        ]
        # Each Rex of the hand is still its own card to click; the button plays one of them.
        assert page.locator("#board .actionable[data-card='rex']").count() == 3
        # The hint marks its move on the table wherever it lies: every copy in the hand (it
        # marked only the copy the bot happened to pick).
        page.click("#hint-btn")
        page.wait_for_selector("#action-list .hinted", timeout=TURN_TIMEOUT_MS)
        words = page.inner_text("#action-list .hinted")
        held = re.search(r"\(you hold (\d)\)", words)
        assert page.locator("#board .hinted").count() == (int(held[1]) if held else 1), words
        version = page.get_attribute("#table-page", "data-version")
        page.click(f"#action-list button:has-text('Put the Rex {REAR}')")
        wait_version_change(page, version)
        page.wait_for_selector("#table-page[data-turn='mine']", timeout=TURN_TIMEOUT_MS)
        assert f"Put the Rex {REAR} (you hold 2)" in labels(page)
        assert page.locator("#board .actionable[data-card='rex']").count() == 2
    finally:
        page.close()
