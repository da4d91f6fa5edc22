"""The Coffee Break table's own check: an exchange is staged on the table and can be cancelled
(what every table is checked for is in test_tables.py)."""

from __future__ import annotations

import random
import re

import pytest

from .boards import (
    click_board_once,
    open_table,
    vertical_overflow,
    wait_ready,
)
from .harness import DESKTOP, PHONE, http
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


def test_while_cards_are_picked_to_exchange_the_move_bar_offers_the_exchange(chromium, server):
    """On a phone the move bar at the screen's foot listed "Lay an Espresso shot under ..."
    while the player picked cards to exchange: not what they were doing. It offers the exchange's
    confirm and cancel (and the way back to laying), which stage and send as the board's do."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=PHONE, seed=3)
    errors = record_page_errors(page)
    try:
        assert wait_ready(page) == "mine"
        bar = page.locator("#action-list")
        assert "Lay " in bar.inner_text()  # laying: its moves
        page.click("#board .cb-modes .mode-exchange")
        version = dataset(page)["version"]
        assert bar.locator("button").all_inner_texts() == [
            "Pick 1 to 4 cards to exchange",
            "Lay cards instead",
        ]
        page.locator("#board .cb-hand .card.board-action").nth(0).click()
        assert bar.locator("button").all_inner_texts() == [
            "Confirm: exchange 1",
            "Cancel",
            "Lay cards instead",
        ]
        bar.locator("button:has-text('Cancel')").click()
        assert page.locator("#board .cb-hand .card.staged").count() == 0
        assert dataset(page)["version"] == version, "staging or cancelling sent a move"
        page.locator("#board .cb-hand .card.board-action").nth(0).click()
        bar.locator("button:has-text('Confirm: exchange 1')").click()
        page.wait_for_function(
            f"() => Number(document.getElementById('table-page').dataset.version) >= {version} + 2"
        )
        assert errors == []
    finally:
        page.close()


def test_while_laying_the_picks_to_exchange_are_one_way_to_the_exchange(chromium, server):
    """002: "If a player chooses the exchange, the player should not lay down the ingredient
    cards below the order cards." While laying, the move list offered "Pick Chocolate to
    exchange", "Pick Milk to exchange"... beside the "Lay ..." moves: each acted at once (the
    first pick ended the chance to lay), unlike the board's exchange, staged until "Confirm".
    They are one button now, after the laying moves, which opens that exchange."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=PHONE, seed=3)
    errors = record_page_errors(page)
    try:
        assert wait_ready(page) == "mine"
        version = dataset(page)["version"]
        labels = page.locator("#action-list button").all_inner_texts()
        exchanging = [label for label in labels if "exchange" in label.lower()]
        assert exchanging == ["Exchange 1 to 4 cards instead of laying"] == labels[-1:], labels
        assert all(label.startswith("Lay ") for label in labels[:-1]), labels
        page.locator("#action-list button").last.click()
        assert page.locator("#board.mode-exchange").count() == 1
        assert page.locator("#action-list button").all_inner_texts() == [
            "Pick 1 to 4 cards to exchange",
            "Lay cards instead",
        ]
        assert dataset(page)["version"] == version, "the way to the exchange sent a move"
        page.locator("#action-list button:has-text('Lay cards instead')").click()
        assert page.locator("#action-list button").all_inner_texts() == labels
        assert errors == []
    finally:
        page.close()


# One line per coffee served: "Café Latte ×2: 12 pts · doubled", "Americano ×1: 2 pts · 2 more
# double it".
KIND_LINE = re.compile(r"^(.+) ×(\d+): (\d+) pts · (doubled|(\d+) more doubles? (it|them))$")
SEATS = """() => [...document.querySelectorAll('#board section.player')].map(p => ({
    points: Number(p.querySelector('.player-points b')?.textContent ?? 'NaN'),
    cards: p.querySelectorAll('.cb-served .card').length,
    kinds: [...p.querySelectorAll('.cb-served .cb-kind')].map(li => li.textContent)}))"""


def test_served_orders_say_what_they_score_by_coffee(chromium, server):
    """The served orders are tiny cups; beside them each coffee served says how many, what they
    score now and whether they double, and the lines add up to the seat's points. 002: "3 points
    for each Café Latte (Including Ice Café Latte) order card" and "You can get 3 points for one
    card, and the points will be doubled when there are more than 2 same orders"."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, bot="heuristic")
    errors = record_page_errors(page)
    rng = random.Random(5)
    seats = page.evaluate(SEATS)
    for _ in range(80):
        if wait_ready(page) == "over" or any(s["cards"] for s in page.evaluate(SEATS)):
            break
        click_board_once(page, rng)
    seats = page.evaluate(SEATS)
    assert any(s["cards"] for s in seats), "nobody served an order"
    for seat in seats:
        lines = [KIND_LINE.match(line) for line in seat["kinds"]]
        assert all(lines), seat
        assert sum(int(m[2]) for m in lines) == seat["cards"], seat
        assert sum(int(m[3]) for m in lines) == seat["points"], seat
    assert errors == []
    page.close()


def test_long_coffee_names_wrap_at_a_syllable(chromium, server):
    """ "Macchiato" has no vowel-consonant-vowel joint: without a soft hyphen before its "ch"
    a narrow order card broke it anywhere, as "Macchiat/o"."""
    page = chromium.new_page(viewport=DESKTOP)
    page.goto(f"{server}/")
    hyphenated = page.evaluate(
        """async () => {
            const { softHyphens } = await import('/static/js/cards.js');
            return ['Caramel Macchiato', 'Iced Cappuccino', 'Espresso'].map(n => softHyphens(n, 6));
        }"""
    )
    assert hyphenated == [
        "Cara\u00admel Mac\u00adchiato",
        "Iced Cappuc\u00adcino",  # (unchanged)
        "Esp\u00adresso",  # (unchanged)
    ]
    page.close()


def test_on_a_phone_a_lone_opponent_takes_the_whole_row(chromium, server):
    """With 2 players the one opponent's panel spans the row on a phone (it took half, the other
    half empty, and its served orders' lines wrapped in the narrow half)."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=PHONE)
    widths = page.evaluate(
        """() => {
            const row = document.querySelector('#board .opponents');
            const panel = row.querySelector('section.player');
            return [row.getBoundingClientRect().width, panel.getBoundingClientRect().width];
        }"""
    )
    assert widths[1] >= widths[0] - 1, widths
    page.close()


# Every order card of the catalogue drawn as the table draws it, in an order's place: the parts
# whose text is cut (clamped with an ellipsis, or broken off).
CUT_ORDER_CARDS = """async (table) => {
    const { cardFace } = await import('/static/js/cards.js');
    const catalogue = await (await fetch(`/api/tables/${table}/catalogue`)).json();
    const place = document.querySelector('#board .cb-order');
    const cut = [];
    for (const [id, info] of Object.entries(catalogue.cards)) {
        if (info.type !== 'order') continue;
        const face = cardFace({ id, ...info }, { class: 'card-mid' });
        place.querySelector('.card').replaceWith(face);
        for (const part of face.querySelectorAll('.card-name, .card-rule')) {
            const over = part.scrollHeight > part.clientHeight + 1;
            if (over || part.scrollWidth > part.clientWidth + 1)
                cut.push(`${info.name}: ${part.textContent}`);
        }
    }
    // The recipes beside the (wider) order cards still hold their longest one-word ingredient.
    for (const need of document.querySelectorAll('#board .cb-need')) {
        need.lastChild.textContent = 'Chocolate';
        const right = need.closest('.cb-order').getBoundingClientRect().right;
        if (need.getBoundingClientRect().right > right) cut.push('a recipe: Chocolate');
    }
    return cut;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_order_card_shows_its_name_points_and_doubling_whole(chromium, server, viewport):
    """An order card says its name, its points and how many double them (002: "3 points for
    each Café Latte ... doubled when there are more than 2 same orders"); none of it is cut
    ("2 pts, double ..." on a desktop, "Iced Cara-mel..." on a phone), and the recipe beside
    the card still fits in the order's place."""
    page, table = open_table(chromium, server, GAME, 2, viewport=viewport)
    assert page.evaluate(CUT_ORDER_CARDS, table["id"]) == []
    page.close()


def test_the_turn_banner_says_each_thing_once(chromium, server):
    """The banner's guiding line adds to the prompt above it, never repeats it: the laying
    turn's prompt already offers laying or exchanging, then laying more or finishing."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, options=OPTIONS)
    errors = record_page_errors(page)
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        assert wait_ready(page) == "mine"
        prompt = page.inner_text("#banner").lower()
        steps = page.locator("#banner .step")
        if steps.count():
            step = steps.inner_text()
            assert "lay" not in step.lower() or "no card fits" in step.lower(), prompt
        if "lay" in prompt:
            seen += 1
        if seen >= 3:
            break
        click_board_once(page, rng)
    assert seen >= 3, "no laying turn came"
    assert errors == []
    page.close()


# Each opponent's header: whether its name reads on the line of its avatar, and in one line.
RIVAL_NAMES = """() => [...document.querySelectorAll('#board .player:not(.me) .player-head')]
    .map((head) => {
        const avatar = head.querySelector('.avatar').getBoundingClientRect();
        const name = head.querySelector('.player-name');
        const range = document.createRange();
        range.selectNodeContents(name);
        const lines = [...range.getClientRects()];
        const tops = new Set(lines.map((r) => Math.round(r.top)));
        const box = name.getBoundingClientRect();
        return {name: name.textContent, lines: tops.size,
                besideAvatar: box.top < avatar.bottom && box.bottom > avatar.top};
    })"""


def test_on_a_phone_two_opponents_names_sit_beside_their_avatars(chromium, server):
    """With 3 players the two opponents share a phone's row: each header took three lines (the
    avatar alone, "Heuristic bot 2" under it, then the seat and the points)."""
    page, _ = open_table(chromium, server, GAME, 3, viewport=PHONE, bot="heuristic")
    heads = page.evaluate(RIVAL_NAMES)
    assert len(heads) == 2, heads
    for head in heads:
        assert head["besideAvatar"] and head["lines"] == 1, heads
    page.close()


# Each recipe label's text: how far it keeps from its box's border on every side (px).
RECIPE_MARGINS = """() => [...document.querySelectorAll('#board .cb-need:not(.ready)')]
  .map(need => {
    const box = need.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(need.lastChild);
    const text = range.getBoundingClientRect();
    return {label: need.textContent.trim(),
            top: text.top - box.top, bottom: box.bottom - text.bottom,
            left: text.left - box.left, right: box.right - text.right};
})"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_recipe_labels_keep_off_their_boxes_edges(chromium, server, viewport):
    """An order's recipe ("Espresso shot", "Chocolate") sits in a dashed box per ingredient; the
    words touched its top edge (2 px) and "Chocolate" nearly its right one."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=viewport)
    labels = page.evaluate(RECIPE_MARGINS)
    assert labels
    for label in labels:
        assert min(label["top"], label["bottom"], label["left"], label["right"]) >= 3, label
    page.close()


# Where the four orders and my hand lie on the page (px from its top), and where the move bar
# at the screen's foot begins.
ORDERS_AND_HAND = """() => {
    const top = (el) => el.getBoundingClientRect().top + scrollY;
    const orders = [...document.querySelectorAll('#board .cb-order')];
    return {
        orders: orders.map((o) => ({top: top(o), bottom: top(o) + o.offsetHeight})),
        hand: top(document.querySelector('#board .cb-hand')),
        bar: document.getElementById('actions-panel').getBoundingClientRect().top,
    };
}"""


def test_on_a_phone_my_hand_comes_right_under_the_orders(chromium, server):
    """At three players on a phone my hand began some 1,250 px down the page, a screen below
    the four orders (each card over its full recipe, two by two, then the piles and the rivals):
    now the four orders lie whole on the first screen, over the move bar, and my hand begins
    on it too, right under them."""
    page, _ = open_table(chromium, server, GAME, 3, viewport=PHONE, seed=3)
    assert wait_ready(page) == "mine"
    where = page.evaluate(ORDERS_AND_HAND)
    assert len(where["orders"]) == 4, where
    assert all(o["bottom"] <= where["bar"] for o in where["orders"]), where
    assert where["orders"][-1]["bottom"] <= where["hand"] < PHONE["height"], where
    page.close()


def test_on_a_phone_the_three_piles_share_a_line(chromium, server):
    """The orders left, the ingredients left and the used pile sit on one line under my hand on
    a phone: the used pile's caption ("17 used · top card shown") was wider than a third of the
    line and put the order pile on a line of its own."""
    page, _ = open_table(
        chromium, server, GAME, 3, viewport=PHONE, seed=3, until=lambda v: v.get("used_pile")
    )
    assert wait_ready(page) == "mine"
    assert "top card shown" in page.inner_text("#board .cb-used")
    tops = page.locator("#board .cb-pile .pile, #board .cb-used .pile").evaluate_all(
        "piles => piles.map((p) => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(tops) == 3 and len(set(tops)) == 1, tops
    page.close()


def test_three_players_rivals_many_kinds_served_keep_the_table_on_one_screen(chromium, server):
    """At three players on a 1366x900 desktop, a rival with four kinds of coffee served put
    them under their hand (their lines were wider than what was left beside it): my own area
    ran 47 px off the screen and the page scrolled. They stay beside the hand."""

    def served_much(view) -> bool:
        taken = view["taken"][1:]
        return max(len(t) for t in taken) >= 4 and sum(len(set(t)) for t in taken) >= 6

    page, _ = open_table(
        chromium, server, GAME, 3, viewport=DESKTOP, bot="heuristic", seed=0, until=served_much
    )
    assert wait_ready(page) == "mine"
    over = vertical_overflow(page)
    assert over <= 0, f"the table is {over} px taller than the screen"
    page.close()


def test_on_a_phone_an_empty_order_place_is_a_line(chromium, server):
    """The order that ends the game leaves its place empty ("vacant"): on a phone, where each
    order is a strip of its card's words over its recipe, that place kept a whole card's height
    of dashed outline."""
    # A deal the heuristic bots play the same way every time (their moves follow the seed),
    # to the target: the last order taken leaves its place empty.
    body = {"game": GAME, "players": 2, "options": {}, "seats": ["heuristic"] * 2, "seed": 0}
    table = http("POST", f"{server}/api/tables", body)
    page = chromium.new_page(viewport=PHONE)
    page.goto(f"{server}/table/{table['id']}?spectate=1")
    page.click("#summary-dialog[open] button:has-text('Look at the table')")
    empty = page.locator("#board .empty-order")
    assert empty.count() >= 1 and empty.first.inner_text() == "vacant"  # (the game is over)
    heights = empty.evaluate_all("places => places.map((p) => p.offsetHeight)")
    assert max(heights) <= 40, heights
    page.close()


def test_an_order_completed_this_turn_leaves_its_place_vacant_until_the_turn_ends(chromium, server):
    """002: "It is required to bring a new order card into the place of the one taken" but "not
    to disclose a new order card at the place of the order card (Vacant) completed in his/her
    turn". The place read "no order", as if none would come. Seed 0: Ann holds three Espresso
    shots, and the Espresso order needs two."""
    body = {"game": GAME, "players": 2, "options": {}, "seats": ["human", "random"], "seed": 0}
    table = http("POST", f"{server}/api/tables", body)
    token = http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token['token']}")
        for _ in range(2):
            assert wait_ready(page) == "mine"
            version = page.get_attribute("#table-page", "data-version")
            page.click("#action-list button:has-text('under the Espresso')")
            page.wait_for_function(
                "v => document.getElementById('table-page').dataset.version !== v", arg=version
            )
        empty = page.locator("#board .empty-order")
        assert empty.inner_text() == "vacant · a new order at the turn's end"
        assert empty.evaluate("p => p.offsetHeight") <= 40
    finally:
        page.close()
