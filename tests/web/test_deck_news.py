"""A reshuffle shows where the deck is, for a moment, in the log's words. Coffee Break's
rulebook (002): "If a new ingredient card can not be brought any more as the pile of ingredient
cards is used up, it is required to reshuffle the cards of the 'area for the used cards' in
order to make and use a new pile of ingredient cards." The playtest saw it only as the
ingredients' count jumping and a log line; now the words sit over the ingredient pile for a few
seconds, then go."""

from __future__ import annotations

import random

from .boards import click_board_once, open_table, wait_ready
from .harness import DESKTOP
from .tablepage import record_frames, snapshots

GAME = "coffee-break"

# Every note that shows on the board, with whether it sits in the deck's element.
WATCH = """() => {
    window.deckNews = [];
    new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            for (const el of [node, ...node.querySelectorAll('.deck-news')]) {
                if (!el.matches('.deck-news')) continue;
                const deck = el.closest('[data-deck]');
                window.deckNews.push({text: el.textContent,
                    deck: deck ? deck.getAttribute('aria-label') || deck.textContent : null});
            }
        }
    }).observe(document.getElementById('board'), {childList: true, subtree: true});
}"""


def reshuffles(frames) -> list[str]:
    """The words of every reshuffle in the log the page holds."""
    log = snapshots(frames)[-1]["log"]
    return [event["text"] for event in log if event.get("kind") == "reshuffle"]


def test_a_reshuffle_is_told_over_the_ingredient_pile(chromium, server):
    for attempt in range(3):  # (a short game may end before the pile runs out)
        # (to 40 points: the pile runs out long before the end)
        page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, options={"target": 40})
        frames = record_frames(page)
        page.reload()
        page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
        page.evaluate(WATCH)
        rng = random.Random(attempt)
        while wait_ready(page) != "over" and not page.evaluate("window.deckNews.length"):
            click_board_once(page, rng)
        told = reshuffles(frames)
        if not told:
            page.close()
            continue
        news = page.evaluate("window.deckNews")
        assert news, f"the pile was reshuffled ({told}) and the table did not say so"
        assert news[0]["text"] == told[-1]
        assert news[0]["deck"] and "ingredients left" in news[0]["deck"], news
        # For a moment: then it goes.
        page.wait_for_selector("#board .deck-news", state="detached", timeout=9000)
        page.close()
        return
    raise AssertionError("three games ended before the ingredient pile ran out")
