"""The hint says how sure the bot is in words, as the terminal does: a newcomer read "Hint: Put
the Janitor on your mat (46% sure)" and did not know what the number meant. The server words it
(`cardcafe.bots.hint.sure_words`, the terminal's function), the page shows those words."""

from __future__ import annotations

import re

from .boards import open_table
from .harness import DESKTOP

SURENESS = re.compile(
    r"^Hint: .+ \((the bot is sure of it|the bot is fairly sure|a close call with “.+”"
    r"|the bot leans this way, but it is far from sure|your only move)\)$"
)


def test_the_hint_says_how_sure_in_words_not_a_bare_share(chromium, server):
    page, _ = open_table(
        chromium, server, "monster-diner", 3, viewport=DESKTOP, bot="heuristic", seed=1
    )
    try:
        page.wait_for_selector("#table-page[data-turn='mine']")
        page.click("#hint-btn")
        page.wait_for_function(
            "() => document.getElementById('hint-line').textContent.startsWith('Hint: ')"
        )
        line = page.inner_text("#hint-line")
        assert SURENESS.match(line) and "%" not in line, line
    finally:
        page.close()
