"""The marks a newcomer could not read: the eye on my hand's cards and the "P1"/"P2" tags beside
the names. The eye is explained by the label of each place my private cards lie in (the same
eye, and "only you see it"), which a phone shows without a hover; the seat tags, which said
nothing the name and the seat's colour do not, are gone."""

from __future__ import annotations

import pytest

from .boards import open_table
from .harness import PHONE

# Each private card of the board: whether the label of its place explains the eye in words.
EXPLAINED = """() => [...document.querySelectorAll('#board .card.private')].map((card) => {
    const legend = card.closest('.zone')?.querySelector(':scope > .zone-label .only-you');
    const eye = legend?.querySelector('.eye-mark');
    return {card: card.getAttribute('aria-label'), words: legend ? legend.innerText.trim() : null,
            eye: !!eye && eye.getBoundingClientRect().width > 0};
})"""


def moves(count: int):
    """`until` for open_table: my first `count` moves played over my socket."""
    seen = iter(range(count + 1))
    return lambda view: next(seen) == count


@pytest.mark.parametrize(
    ("game_id", "players", "played"),
    # Monster's Coffee after three moves (my Rear Line: face down to the others, face up to me);
    # Coffee Break's and Monster Rejects' hands at the first turn.
    [("monsters-coffee", 3, 3), ("coffee-break", 2, 0), ("monster-rejects", 3, 0)],
)
def test_the_eye_on_my_cards_is_explained_and_no_seat_tags(
    chromium, server, game_id, players, played
):
    page, _ = open_table(
        chromium,
        server,
        game_id,
        players,
        viewport=PHONE,
        bot="heuristic",
        seed=1,
        until=moves(played),
    )
    try:
        page.wait_for_selector("#board .card.private")
        cards = page.evaluate(EXPLAINED)
        assert cards and all(c["eye"] and c["words"] for c in cards), cards
        assert page.locator("#board .player-head").count() == players
        heads = page.locator("#board .player-head").all_inner_texts()
        assert not [h for h in heads if "P1" in h or "P2" in h], heads
    finally:
        page.close()
