"""Card names on narrow cards wrap at a syllable, with a hyphen, never inside a syllable: on a
phone Monster Rejects' hand showed "1 of Undea/d" and "Kaboo/m", Monster's Coffee's rivals'
cards "Cako-sauru/s" (one soft hyphen per word, and none in a word of six letters)."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import open_table
from .harness import DESKTOP, PHONE

# Every card of the game drawn at each small size, inside the board (whose styles size them);
# then every run of letters between two break points must lie on one line.
BROKEN_NAMES = r"""async ({cards, sizes}) => {
    const { cardFace } = await import('/static/js/cards.js');
    const board = document.getElementById('board');
    const shelf = document.createElement('div');
    shelf.className = 'card-row';
    shelf.style.flexWrap = 'wrap';
    for (const size of sizes) for (const [id, info] of Object.entries(cards)) {
        shelf.append(cardFace({ ...info, id }, { class: size }));
    }
    board.prepend(shelf);
    const broken = [];
    for (const name of shelf.querySelectorAll('.card-name')) {
        if (!name.offsetParent) continue;  // not shown at this size
        // The line of each letter (its last box: a hyphen drawn at a break is a box of the
        // letter after it, on the line before).
        const lineOf = (node, i) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const boxes = [...range.getClientRects()];
            return boxes.length ? Math.round(boxes[boxes.length - 1].top) : null;
        };
        const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.textContent.matchAll(/[\p{L}']+/gu)) {
                const lines = new Set([...m[0]].map((_, k) => lineOf(node, m.index + k)));
                if (lines.size > 1) {
                    const card = name.closest(".card").className;
                    broken.push(`${card}: ${name.textContent} (${m[0]})`);
                }
            }
        }
    }
    shelf.remove();
    return broken;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_no_card_name_breaks_inside_a_syllable(chromium, server, game_id, viewport):
    page, table = open_table(chromium, server, game_id, 2, viewport=viewport)
    page.wait_for_selector("#table-page[data-catalogue='loaded']")
    cards = page.evaluate(
        "async (id) => (await (await fetch(`/api/tables/${id}/catalogue`)).json()).cards",
        table["id"],
    )
    broken = page.evaluate(BROKEN_NAMES, {"cards": cards, "sizes": ["card-xs", "card-mid"]})
    assert broken == [], broken
    page.close()


def test_short_and_long_names_get_their_syllable_breaks(chromium, server):
    """Six-letter words and each long half of a long word get a break point on small cards."""
    page = chromium.new_page(viewport=DESKTOP)
    page.goto(f"{server}/")
    hyphenated = page.evaluate(
        """async () => {
            const { softHyphens } = await import('/static/js/cards.js');
            return ['9 of Undead', 'Kaboom', 'Smuggler', 'Cakosaurus', "Skyzo'clop", 'revealed',
                    'Whipped Cream', 'Unwelcome guest']
                .map((n) => softHyphens(n, 5));
        }"""
    )
    assert hyphenated == [
        "9 of Un\u00addead",
        "Ka\u00adboom",
        "Smug\u00adgler",  # between the doubled consonant, not "Smugg-ler"
        "Cako\u00adsau\u00adrus",
        "Sky\u00adzo'clop",  # never next to the apostrophe
        "re\u00advealed",  # a Rear Line card's note on a phone read "revea-led"
        "Whip\u00adped Cream",  # (the looser joint: the narrowest cards need one)
        "Unwel\u00adcome guest",
    ]
    page.close()
