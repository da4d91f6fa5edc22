"""The Monster's Coffee table's own check: every family's power is played on the table (what
every table is checked for is in test_tables.py)."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import open_table, play_by_board, vertical_overflow, wait_ready
from .harness import DESKTOP, PHONE
from .tablepage import dataset, record_page_errors

GAME = "monsters-coffee"


@pytest.mark.parametrize("preset", [1, 2])
def test_every_power_is_played_by_clicking_the_table(chromium, server, preset):
    """The other presets bring the other families (Priss, Mummy, Snout, Grunge, Poopy...):
    their powers' choices (a centre card, a Mummy token, a player, a family) are on the table."""
    options = games.get(GAME).option_presets[preset]
    page, _ = open_table(chromium, server, GAME, 3, viewport=DESKTOP, options=options)
    errors = record_page_errors(page)
    assert play_by_board(page, GAME, timeout=90) > 0
    assert dataset(page)["turn"] == "over"
    assert errors == []
    page.close()


def test_five_players_rivals_sit_on_one_row_and_my_lines_show(chromium, server):
    """Five players on a 1366x900 desktop: the four rivals took two rows (three, then one beside
    an empty space), each one's Rear Line a column of three backs beside the Front Line, and my
    own lines began some 240 px below the screen from the deal on. Now the rivals sit on one
    row, each Rear Line a row under the Front Line, and the deal's table fits the screen (later
    in a round: test_five_players_later_in_a_round_my_lines_stay_in_sight)."""
    page, _ = open_table(chromium, server, GAME, 5, viewport=DESKTOP)
    assert wait_ready(page) == "mine"
    tops = page.evaluate(
        "() => [...document.querySelectorAll('#board .opponents .seat-other')]"
        ".map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    assert vertical_overflow(page) == 0
    page.close()


SMALL_DESKTOP = {"width": 1024, "height": 768}

OUT_OF_SIGHT = """els => els.filter(e => {
    const r = e.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
}).map(e => e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40))"""


@pytest.fixture(scope="module")
def five_players(chromium, server):
    """A five-player table later in the first round, at my turn (six cards in the centre, a
    rival with a token beside their name)."""
    page, _ = open_table(
        chromium,
        server,
        GAME,
        5,
        viewport=DESKTOP,
        seed=5,
        until=lambda view: (
            len(view["centre"]) >= 6
            and any(view["cookies"][seat] or view["whipped_cream"][seat] for seat in range(1, 5))
        ),
    )
    assert wait_ready(page) == "mine"
    yield page
    page.close()


def test_five_players_later_in_a_round_my_lines_stay_in_sight(five_players):
    """Five players on a 1366x900 desktop: later in a round the rivals' Front Lines, three cards
    to a row, pushed my own lines 85-170 px below the screen. A rival's Front Line holds four to
    a row, and the rivals' area scrolls inside the table when it has more than fits: my Front
    and Rear Lines stay on the screen, the page does not scroll. A 1024x768 screen is too short
    for that: the table scrolls inside itself, under the banner and beside the moves, and my
    lines are its last part (they hung out of the table's bottom edge)."""
    page = five_players
    assert vertical_overflow(page) <= 0
    mine = "#board .seat-mine .mc-line"
    assert page.eval_on_selector_all(mine, OUT_OF_SIGHT) == []
    page.set_viewport_size(SMALL_DESKTOP)
    assert vertical_overflow(page) <= 0
    page.eval_on_selector("#board", "b => { b.scrollTop = b.scrollHeight; }")
    assert page.eval_on_selector_all(mine, OUT_OF_SIGHT) == []
    page.eval_on_selector("#board", "b => { b.scrollTop = 0; }")
    page.set_viewport_size(DESKTOP)
    # Every rival's name whole beside their points and tokens (a one-line head cut them).
    cut = page.eval_on_selector_all(
        "#board .seat-other .player-name",
        "els => els.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)",
    )
    assert cut == []
    # Every rival's Front Line begins on the screen, four cards to its first row.
    for front in page.locator("#board .seat-other .mc-front").all():
        cards = front.locator(".card")
        assert front.locator(".zone-label").is_visible()
        tops = [round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count())]
        assert tops.count(tops[0]) == min(4, len(tops)), tops


def test_the_families_names_and_powers_are_whole_at_1024_px(five_players):
    """At 1024 px the five families' strip gave each 120 px: "Cakosaurus" was cut and its
    power ran over the tile's edge. Each tile keeps 150 px (three then two to a row), its name
    and power whole."""
    page = five_players
    page.set_viewport_size(SMALL_DESKTOP)
    cut = page.eval_on_selector_all(
        "#board .mc-family",
        """tiles => tiles.flatMap(tile => {
            const edge = tile.getBoundingClientRect().right;
            return [...tile.querySelectorAll('b, small')]
                .filter(e => e.scrollWidth > e.clientWidth + 1
                    || e.getBoundingClientRect().right > edge + 0.5)
                .map(e => e.textContent);
        })""",
    )
    assert page.locator("#board .mc-family").count() == 5
    assert cut == []
    page.set_viewport_size(DESKTOP)


def test_on_a_phone_the_title_is_whole(five_players):
    """At 390 px the top bar cut the game's name to "Monster's C…" beside its buttons: it
    takes two lines there, whole."""
    page = five_players
    page.set_viewport_size(PHONE)
    title = page.locator("#table-title")
    assert title.inner_text() == "Monster's Coffee"
    assert title.evaluate(
        "t => t.scrollWidth <= t.clientWidth + 1 && t.scrollHeight <= t.clientHeight + 1"
    )
    box = title.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.set_viewport_size(DESKTOP)


# How many lines the banner's own words ("Your turn", "Bob is playing…") take.
BANNER_WHO_LINES = """() => {
    const text = [...document.getElementById('banner-who').childNodes]
        .find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""


def test_on_a_narrow_phone_your_turn_stays_on_its_line(chromium, server):
    """At 320 px the decision's name beside it ("Choosing the Rear Line", the deal's first;
    a power's, "Rex: choosing a Rear Line card", at 390 px) squeezed "Your turn" to a word a
    line. The name goes under it when both do not fit."""
    page, _ = open_table(chromium, server, GAME, 3, viewport={"width": 320, "height": 640})
    assert wait_ready(page) == "mine"
    assert page.evaluate(BANNER_WHO_LINES) == 1
    assert page.locator("#phase-tag").is_visible()
    page.close()
