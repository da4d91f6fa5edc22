"""The hinted move in sight: when the player asks for a hint and its move lies beyond the visible
part of the move list (a long list on a desktop, the sideways move bar on a phone), the list
scrolls to it; the page itself does not scroll, and the keyboard's focus stays on the Hint
button.

The deals are the server's own, so each test plays random moves until a hint names a move out
of the list's first view.
"""

from __future__ import annotations

import random
import time

import pytest

from .harness import DESKTOP, PHONE, seat_ann_against_bots
from .tablepage import (
    MOVE_OR_ROUND_END,
    TURN_TIMEOUT_MS,
    dataset,
    dismiss_round_end,
    make_move,
    record_page_errors,
)

# The café gives a seat one hint every 2 seconds.
HINT_EVERY_S = 2.0

# The hinted move and the boxes of the move list that scroll around it (the list, or a
# section of it): whether it lies within what each shows (`seen`), and whether it lay beyond
# their first view (`beyond`: where it is in their content, whatever they scrolled).
HINTED = """() => {
    const list = document.getElementById('action-list');
    const hinted = list.querySelector('.action.hinted');
    if (!hinted) return null;
    const r = hinted.getBoundingClientRect();
    let seen = true, beyond = false, boxes = 0;
    for (let box = hinted.parentElement; box; box = box === list ? null : box.parentElement) {
        const style = getComputedStyle(box);
        const down = /auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight;
        const across = /auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth;
        if (!down && !across) continue;
        boxes += 1;
        const v = box.getBoundingClientRect();
        const top = v.top + box.clientTop, left = v.left + box.clientLeft;
        seen = seen && r.top >= top - 1 && r.bottom <= top + box.clientHeight + 1
            && r.left >= left - 1 && r.right <= left + box.clientWidth + 1;
        beyond = beyond || r.bottom - top + box.scrollTop > box.clientHeight + 1
            || r.right - left + box.scrollLeft > box.clientWidth + 1;
    }
    return {seen, beyond, boxes};
}"""

# Where the page and the side column are scrolled (a hint moves neither), and the room the hint
# line takes at the side column's top (its height and margin; none while hidden).
PAGE_SCROLL = """() => {
    const side = document.querySelector('.side'), line = document.getElementById('hint-line');
    const margin = parseFloat(getComputedStyle(line).marginBottom);
    const room = line.hidden ? 0 : line.offsetHeight + margin;
    return {page: [scrollX, scrollY], side: [side.scrollTop, side.scrollLeft], room};
}"""


def side_held_still(before: dict, after: dict) -> bool:
    """Whether the side column kept what was in sight where it was: not scrolled at all, or,
    when it was scrolled down, scrolled by at most the hint line's new room above what was in
    sight (the browser's scroll anchoring: the words the player was reading do not jump). At
    most: the line first says "Asking…", then grows to the hint, and the browser compensates
    a growth only while its anchor survives the move list's redrawing (on a loaded machine one
    line of growth went uncompensated); never up, nor further down than the room."""
    top, left = before["side"]
    grown = after["room"] - before["room"] if top > 0 else 0
    return top - 1.5 <= after["side"][0] <= top + grown + 1.5 and after["side"][1] == left


READY_OR_OVER = (
    MOVE_OR_ROUND_END + " || document.getElementById('table-page').dataset.turn === 'over'"
)


def list_scrolls(page) -> bool:
    """Some of the move list lies out of its first view (so a hint may name a move there)."""
    return page.evaluate(
        """() => [document.getElementById('action-list'),
                  ...document.querySelectorAll('#action-list .action-group-list')]
            .some(b => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1)"""
    )


def hint_beyond_first_view(page, rng: random.Random, most_moves: int = 80) -> dict | None:
    """Play random moves, asking for a hint on each turn whose list scrolls, until a hint names
    a move beyond the list's first view: the hint's place then (the page's scroll and the focus
    recorded before as `scroll_before`), or None if the game ended first."""
    asked = 0.0
    for _ in range(most_moves):
        page.wait_for_function(READY_OR_OVER, timeout=TURN_TIMEOUT_MS)
        if dismiss_round_end(page):
            continue
        if dataset(page)["turn"] == "over":
            return None
        if list_scrolls(page):
            time.sleep(max(0.0, asked + HINT_EVERY_S + 0.2 - time.monotonic()))
            before = page.evaluate(PAGE_SCROLL)
            page.click("#hint-btn")
            asked = time.monotonic()
            page.wait_for_selector("#hint-line:text-matches('^Hint: ')", timeout=TURN_TIMEOUT_MS)
            place = page.evaluate(HINTED)
            if place and place["beyond"]:
                return {**place, "scroll_before": before}
        make_move(page, rng, on_board=False)
    return None


@pytest.mark.parametrize(
    ("game_id", "viewport", "where"),
    [("monsters-coffee", DESKTOP, "desktop"), ("coffee-break", PHONE, "phone")],
)
def test_the_hinted_move_scrolls_into_the_lists_view(
    chromium, server, tmp_path, game_id: str, viewport, where: str
):
    rng = random.Random(game_id)
    for _ in range(6):
        table, token = seat_ann_against_bots(server, game_id, 3)
        page = chromium.new_page(viewport=viewport)
        errors = record_page_errors(page)
        page.goto(f"{server}/table/{table['id']}?token={token}")
        place = hint_beyond_first_view(page, rng)
        if place is not None:
            break
        page.close()
    else:
        raise AssertionError(f"{game_id}: no hint beyond the move list's first view in 6 games")

    # The list scrolls (smoothly) until the hinted move is within its visible box.
    page.wait_for_function(f"() => ({HINTED})().seen", timeout=3000)
    now = page.evaluate(HINTED)
    assert now["seen"] and now["boxes"] >= 1
    # Neither the page nor the side column moved; the focus is still on the Hint button.
    after = page.evaluate(PAGE_SCROLL)
    assert after["page"] == place["scroll_before"]["page"]
    assert side_held_still(place["scroll_before"], after), (place["scroll_before"], after)
    assert page.evaluate("document.activeElement.id") == "hint-btn"
    page.screenshot(path=str(tmp_path / f"{game_id}-hint-{where}.png"))
    assert errors == [], f"JavaScript errors: {errors}"
    page.close()
