"""A card's short line (its effect in a few words, printed under its name) is whole on the
table: the playtest found them cut on hand cards ("Count round;…" for Monster Rejects' Kaboom,
"Take a Whip" for Monster's Coffee's Snorkel, a Chaos card's line cut at the card's edge with no
"…"). Every card of every game is drawn in every place the table shows cards (my hand, my
Front Line, the centre, a rival's area), at desktop and phone size, and its short line must
show all its words: not clamped, not running off the card's edge. Only a line too long for any
small card (over 40 characters: Monster Diner's MasterChef of five kinds) may end with "…" (a
clamp draws it); its whole text is the tooltip and the tap-to-read box."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import mid_game_table
from .harness import DESKTOP, PHONE

# For each kind of card drawn on the board (its place and size class), every catalogue card
# drawn the same way beside it; then each short line is measured and the faces removed.
CUT_LINES = r"""async ({cards}) => {
    const LONGEST = 40;
    const { cardFace } = await import('/static/js/cards.js');
    const board = document.getElementById('board');
    const places = new Map();
    for (const el of board.querySelectorAll('.card.card-face')) {
        const size = [...el.classList].filter((c) => /^card-(xs|tiny|mid|small|big)/.test(c));
        const where = el.closest('.seat-mine') ? 'mine'
            : el.closest('.seat-other') ? 'rival' : 'centre';
        const key = `${where} ${size.join(' ')}`;
        if (!places.has(key)) places.set(key, { el, size: size.join(' ') });
    }
    const cut = [];
    for (const [key, { el, size }] of places) {
        const faces = Object.entries(cards)
            .map(([id, info]) => cardFace({ ...info, id }, { class: size }));
        el.parentElement.append(...faces);
        for (const face of faces) {
            const line = face.querySelector('.card-rule');
            if (!line || !line.offsetParent) continue;  // no short line, or none at this size
            const clamped = line.scrollHeight > line.clientHeight + 1;
            // (a clamped box measures its hidden lines too: wider only counts when whole)
            const sideways = !clamped && line.scrollWidth > line.clientWidth + 1;
            if ((clamped && line.textContent.length <= LONGEST) || sideways) {
                cut.push(`${key}: ${face.getAttribute('aria-label')}: "${line.textContent}"`
                    + `${clamped ? ' (cut short)' : ''}${sideways ? ' (runs off the edge)' : ''}`);
            }
        }
        faces.forEach((face) => face.remove());
    }
    return cut;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_every_short_line_is_whole_on_the_table(chromium, server, game_id, viewport):
    page, table = mid_game_table(chromium, server, game_id, 2, viewport, None)
    try:
        cards = page.evaluate(
            "async (id) => (await (await fetch(`/api/tables/${id}/catalogue`)).json()).cards",
            table["id"],
        )
        assert any(entry.get("short") for entry in cards.values()), "no card has a short line"
        cut = page.evaluate(CUT_LINES, {"cards": cards})
        assert cut == [], "\n".join(cut)
    finally:
        page.close()
