"""The menu of several moves on one spot of the table, on a phone (390x844): whatever the game and
wherever the clicked card lies, the menu is a sheet wholly on the screen, on top of everything
(the sticky move bar included: each of its buttons is what a tap at its centre hits), and its
moves play. On a desktop it still hangs below the element clicked.

The deals are the server's own, so each test plays random moves from the move list until the
table offers a spot with a few moves on it (a flat menu: at most 8, more would be grouped).
"""

from __future__ import annotations

import random
from pathlib import Path

from .boards import horizontal_overflow
from .harness import DESKTOP, PHONE, seat_ann_against_bots
from .tablepage import (
    MOVE_OR_ROUND_END,
    TURN_TIMEOUT_MS,
    dataset,
    dismiss_round_end,
    make_move,
    menu_whole_and_on_top,
    record_page_errors,
    wait_version_change,
)

# A spot of the table with 2 to 8 moves on it (their labels joined by " / "), the menu's size
# before a choice is grouped.
SEVERAL = "#board .actionable[data-actions*=' / ']"
FLAT_MOST = 8

# The element clicked lies wholly between the page's header and the menu's sheet.
ABOVE_SHEET = """el => {
    const box = el.getBoundingClientRect();
    const sheet = document.querySelector('.chooser').getBoundingClientRect();
    return box.bottom <= sheet.top + 1
        && box.top >= document.querySelector('header').getBoundingClientRect().bottom - 1;
}"""


def several_moves_on_a_spot(page, rng: random.Random, most_moves: int = 120):
    """Play random moves from the move list until the table shows a spot with a few moves on
    it: that spot (a locator), or None if the game ended first."""
    for _ in range(most_moves):
        page.wait_for_function(
            MOVE_OR_ROUND_END + " || document.getElementById('table-page').dataset.turn === 'over'",
            timeout=TURN_TIMEOUT_MS,
        )
        if dismiss_round_end(page):
            continue
        if dataset(page)["turn"] == "over":
            return None
        spots = page.locator(SEVERAL)
        for i in range(spots.count()):
            spot = spots.nth(i)
            if len(spot.get_attribute("data-actions").split(" / ")) <= FLAT_MOST:
                return spot
        make_move(page, rng, on_board=False)
    return None


def open_spot(browser, server: str, game_id: str, players: int, viewport):
    """A page where Ann's table shows a spot with a few moves on it: (page, spot)."""
    rng = random.Random(game_id)
    for _ in range(6):
        table, token = seat_ann_against_bots(server, game_id, players)
        page = browser.new_page(viewport=viewport)
        page.goto(f"{server}/table/{table['id']}?token={token}")
        spot = several_moves_on_a_spot(page, rng)
        if spot is not None:
            return page, spot
        page.close()
    raise AssertionError(f"{game_id}: no spot with a few moves on it in 6 games")


def test_a_menu_on_a_phone_is_whole_on_screen_and_on_top(chromium, server, tmp_path: Path):
    game_id = "coffee-break"
    page, spot = open_spot(chromium, server, game_id, 3, PHONE)
    errors = record_page_errors(page)
    wanted = spot.get_attribute("data-actions").split(" / ")
    spot.scroll_into_view_if_needed()
    spot.click()
    labels = menu_whole_and_on_top(page)
    assert labels == [*wanted, "cancel"]
    # A sheet along the screen's bottom, over the move bar, the width of the screen.
    box = page.locator(".chooser").bounding_box()
    assert box is not None and box["width"] >= PHONE["width"] - 24
    assert box["y"] + box["height"] >= PHONE["height"] - 16
    assert horizontal_overflow(page) == 0
    # The order clicked shows above the sheet (the page scrolls it there): the player sees
    # what the menu is about.
    page.wait_for_function(ABOVE_SHEET, arg=spot.element_handle(), timeout=3000)
    page.screenshot(path=str(tmp_path / f"{game_id}-menu-phone.png"))

    # The keyboard works as before: the first move has the focus; Escape closes the menu.
    assert page.evaluate("document.activeElement.textContent.trim()") == wanted[0]
    page.keyboard.press("Escape")
    assert page.locator(".chooser").count() == 0

    # Opened again, the menu's last move plays.
    spot.click()
    menu_whole_and_on_top(page)
    version = dataset(page)["version"]
    page.locator(".chooser [role='menuitem']").filter(has_text=wanted[-1]).first.click()
    wait_version_change(page, version)
    assert page.locator(".chooser").count() == 0
    assert errors == [], f"JavaScript errors: {errors}"
    page.close()


def test_a_menu_on_a_desktop_hangs_below_its_element(chromium, server, tmp_path: Path):
    page, spot = open_spot(chromium, server, "coffee-break", 3, DESKTOP)
    spot.click()
    menu = page.locator(".chooser").bounding_box()
    element = spot.bounding_box()
    assert menu is not None and element is not None
    # (The element bobs a few pixels while it beckons to be clicked.)
    assert abs(menu["y"] - (element["y"] + element["height"])) <= 4
    assert abs(menu["x"] - element["x"]) <= 4
    page.screenshot(path=str(tmp_path / "coffee-break-menu-desktop.png"))
    page.close()
