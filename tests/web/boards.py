"""Playing and measuring the game tables in the browser: play a human's moves to the end by
clicking the table only (never the move list), and the checks every table must pass (no
horizontal scrolling, no text under 12 px, the whole table on one desktop screen, every card
readable by hover and by tap)."""

from __future__ import annotations

import itertools
import random
import time

from cardcafe import games

from .harness import http, play_over_socket, seat_ann_against_bots
from .tablepage import TURN_TIMEOUT_MS, choose_in_menu, dataset, dismiss_round_end

# My move is open (the table drew it and no staged sequence is being sent), a round end
# pauses the table, or the game is over.
READY = """() => {
    const page = document.getElementById('table-page');
    if (document.querySelector('#round-dialog[open]')) return true;
    if (page.dataset.turn === 'over') return true;
    return page.dataset.turn === 'mine' && page.dataset.sending !== '1'
        && !document.querySelector('#board[data-busy]')
        && !!document.querySelector('#board .actionable, #board .board-action:not([disabled])');
}"""

# Everything on the table a click plays: moves the page mapped onto the table, and the table's
# own controls (Coffee Break's staged exchange: pick, cancel, confirm).
CLICKABLE = "#board .actionable, #board .board-action:not([disabled])"


def open_table(
    browser,
    server: str,
    game_id: str,
    players: int,
    *,
    viewport,
    bot="random",
    options=None,
    seed: int | None = None,
    until=None,
    choose=None,
):
    """A page at a new table where Ann (seat 0) plays `bot`s: (page, table). `seed`: the deal's
    (the test server deals from a seed a request names). `until(view)`: Ann's moves are first
    played over her socket until it holds on her turn, `choose(snapshot)` picking them where
    it returns one (`harness.play_over_socket`)."""
    if options or seed is not None:
        body = {"game": game_id, "players": players, "options": options or {}, "seats": ["human"]}
        body["seats"] += [bot] * (players - 1)
        if seed is not None:
            body["seed"] = seed
        table = http("POST", f"{server}/api/tables", body)
        token = http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})[
            "token"
        ]
    else:
        table, token = seat_ann_against_bots(server, game_id, players, bot)
    if until is not None:
        play_over_socket(server, table["id"], token, until, seed or 0, choose)
    page = browser.new_page(viewport=viewport)
    page.goto(f"{server}/table/{table['id']}?token={token}")
    page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
    return page, table


def seeds_where(game_id: str, players: int, holds, count: int = 1, **options) -> list[int]:
    """The first `count` seeds (of 2,000) whose deal (with `options`) `holds(state)`: the test
    server deals a table from a seed a request names as the engine does, so a test finds the
    deal it needs here in a moment instead of playing games until one comes."""
    game = games.get(game_id)
    deals = (s for s in range(2000) if holds(game.new(players, seed=s, **options)))
    found = list(itertools.islice(deals, count))
    assert len(found) == count, f"{len(found)} deals of 2,000 bring the moment, not {count}"
    return found


def finished_table(browser, server: str, game_id: str, players: int, *, viewport, bot="heuristic"):
    """A page watching a table that `bot`s played to the end at once (the test server's bots
    do not wait), its final summary open: (page, table). For what the end shows, without a
    browser playing every move to get there."""
    body = {"game": game_id, "players": players, "options": {}, "seats": [bot] * players}
    table = http("POST", f"{server}/api/tables", body)
    page = browser.new_page(viewport=viewport)
    page.goto(f"{server}/table/{table['id']}?spectate=1")
    page.wait_for_selector("#summary-dialog[open]", timeout=TURN_TIMEOUT_MS)
    return page, table


def wait_ready(page, timeout_ms: int = TURN_TIMEOUT_MS) -> str:
    """Wait for my move (reading round ends on the way) or the end: the page's turn state."""
    while True:
        page.wait_for_function(READY, timeout=timeout_ms)
        if not dismiss_round_end(page):
            return dataset(page)["turn"]


# The table's version and, for each thing a click plays, whether it is a server's move (not
# one of the table's own controls): read in one call, not three, on every move.
READ_CLICKABLE = f"""() => ({{
    version: document.getElementById('table-page').dataset.version,
    moves: [...document.querySelectorAll('{CLICKABLE}')]
        .map(el => el.classList.contains('actionable')),
}})"""


def click_board_once(page, rng: random.Random) -> bool:
    """One click on the table (and on the small menu it may open). True if a move was sent."""
    found = page.evaluate(READ_CLICKABLE)
    version, moves = found["version"], found["moves"]
    assert moves, "my turn, but nothing on the table to click"
    chosen = rng.randrange(len(moves))
    target = page.locator(CLICKABLE).nth(chosen)
    server_move = moves[chosen]
    target.click()
    if server_move:
        choose_in_menu(page, rng)
    if server_move or page.locator("#board[data-busy]").count():
        page.wait_for_function(
            "v => document.getElementById('table-page').dataset.version !== v",
            arg=version,
            timeout=TURN_TIMEOUT_MS,
        )
        return True
    return False


def play_by_board(page, game_id: str, *, timeout: float = 60.0, seed: int = 7) -> int:
    """Play the human's moves to the end of the game by clicking the table only (cards, slots,
    piles, seats, the table's own buttons), never the move list. Returns the moves sent.
    `game_id` names the game (every game's table is played the same way: what is clickable is
    what the table marks)."""
    rng = random.Random(f"{game_id}:{seed}")
    deadline = time.monotonic() + timeout
    moves = 0
    while wait_ready(page) != "over":
        if time.monotonic() > deadline:
            raise AssertionError(f"{game_id}: the game did not end in {timeout} s ({moves} moves)")
        moves += click_board_once(page, rng)
    return moves


# -- measurements -------------------------------------------------------------------------

SMALL_TEXT = """() => {
    const small = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!node.textContent.trim()) continue;
        const el = node.parentElement;
        if (!el || el.closest('svg, script, style, [hidden], dialog:not([open])')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const rect = el.getBoundingClientRect();
        if (!rect.width || !rect.height) continue;
        const size = parseFloat(style.fontSize);
        if (size < 11.95) small.push(`${size}px: ${node.textContent.trim().slice(0, 40)}`);
    }
    return small;
}"""


def small_text(page) -> list[str]:
    """Visible text set under 12 px (with its size): a readable table has none."""
    return page.evaluate(SMALL_TEXT)


def horizontal_overflow(page) -> int:
    """How many pixels the page scrolls sideways (0 when it fits the screen's width)."""
    return page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def vertical_overflow(page) -> int:
    """How many pixels the page scrolls down (0 when it fits the screen's height)."""
    return page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")


def card_reads(page) -> tuple[str, str]:
    """The first card on the table with an effect text: (its title, the tap-to-read box's text
    after a tap on it)."""
    card = page.locator("#board .card-face[data-card][title]").first
    title = card.get_attribute("title") or ""
    card.focus()
    page.wait_for_selector("#card-details:not([hidden])", timeout=3000)
    return title, page.inner_text("#card-details")


PRIVATE_LOOKING_CLICKABLE = """() => [...document.querySelectorAll('#board .card.private')]
    .filter(el => !el.matches('.actionable, .board-action')
        && getComputedStyle(el).cursor === 'pointer')
    .map(el => el.getAttribute('aria-label'))"""


def private_cards_looking_clickable(page) -> list[str]:
    """My private cards styled as clickable (a pointer) while no move uses them."""
    return page.evaluate(PRIVATE_LOOKING_CLICKABLE)


def catalogue_texts(server: str, table_id: str) -> dict[str, str]:
    """Every card's effect text in this table's catalogue, by card id."""
    cards = http("GET", f"{server}/api/tables/{table_id}/catalogue")["cards"]
    return {key: entry.get("text", "") for key, entry in cards.items()}


def mid_game_table(browser, server: str, game_id: str, players: int, viewport, options):
    """A page at a new table after up to three of my moves, at my turn: (page, table). A short
    game (Coffee Break to 4 points) can end that soon on some deals: then another deal (seeded:
    the same deals and moves every run)."""
    for seed in (1, 2, 3):
        page, table = open_table(
            browser, server, game_id, players, viewport=viewport, options=options, seed=seed
        )
        rng = random.Random(3)
        for _ in range(3):
            if wait_ready(page) == "over":
                break
            click_board_once(page, rng)
        if wait_ready(page) == "mine":
            return page, table
        page.close()
    raise AssertionError("the game ended before the table could be measured, three deals running")


def check_table(browser, server: str, game_id: str, players: int, *, options=None) -> None:
    """The checks every game's table passes, mid-game, at desktop and phone size: on a
    1366x900 screen the whole table shows without scrolling; at 390 px nothing scrolls
    sideways; no text under 12 px; my private cards do not look clickable unless a move uses
    them; a card's catalogue text is its tooltip and what a tap shows."""
    from .harness import DESKTOP, PHONE

    for viewport in (DESKTOP, PHONE):
        page, table = mid_game_table(browser, server, game_id, players, viewport, options)
        try:
            where = f"{game_id}, {players} players, {viewport['width']}x{viewport['height']}"
            small = small_text(page)
            assert small == [], f"{where}: text under 12 px: {small}"
            assert horizontal_overflow(page) <= 0, f"{where}: the page scrolls sideways"
            if viewport == DESKTOP:
                over = vertical_overflow(page)
                assert over <= 0, f"{where}: the table is {over} px taller than the screen"
            looking = private_cards_looking_clickable(page)
            assert looking == [], f"{where}: private cards look clickable: {looking}"
            texts = catalogue_texts(server, table["id"])
            card_id = page.locator("#board .card-face[data-card][title]").first.get_attribute(
                "data-card"
            )
            title, details = card_reads(page)
            assert texts[card_id] and texts[card_id] in title
            assert texts[card_id] in details
        finally:
            page.close()
