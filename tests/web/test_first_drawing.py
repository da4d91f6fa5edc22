"""The table is first drawn by its game's own module. A snapshot waits for that module (loaded
on the first snapshot of a game); a drawing asked for meanwhile (the list of games' titles
arriving) drew the fallback table, and the page said it was ready (its status set) with a
table that was not the game's: a player saw it flash, and a test reading the board then found
none of Coffee Break's recipes (CI)."""

from __future__ import annotations

from .harness import DESKTOP, seat_ann_against_bots
from .tablepage import record_page_errors

GAME_MODULE = "**/static/js/games/coffee-break.js"
TITLES = "**/api/games"


def holder(routes: list):
    """A route handler that holds each request (in `routes`) until the test lets it go on."""
    return lambda route: routes.append(route)


def test_nothing_is_drawn_until_the_games_own_module_has_loaded(chromium, server):
    table, token = seat_ann_against_bots(server, "coffee-break", 2)
    page = chromium.new_page(viewport=DESKTOP)
    errors = record_page_errors(page)
    held: dict[str, list] = {GAME_MODULE: [], TITLES: []}
    for pattern, routes in held.items():
        page.route(pattern, holder(routes))
    page.goto(f"{server}/table/{table['id']}?token={token}")
    # The snapshot is in, its game's module held back; then the games' titles come.
    page.wait_for_function("() => window.cardcafe && window.cardcafe.snapshot() !== null")
    with page.expect_response(lambda response: response.url.endswith("/api/games")):
        for route in held[TITLES]:
            route.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # (their handler ran)
    assert page.get_attribute("#table-page", "data-status") == "loading"
    assert page.locator("#board > *").count() == 0

    for _ in range(100):  # (the module is asked for once the snapshot is in)
        if held[GAME_MODULE]:
            break
        page.wait_for_timeout(50)
    assert held[GAME_MODULE], "the game's module was never asked for"
    for route in held[GAME_MODULE]:
        route.continue_()
    page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
    assert page.locator("#board .cb-need").count() > 0  # Coffee Break's own table: its recipes
    assert errors == []
    page.close()
