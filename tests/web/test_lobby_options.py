"""The lobby's options as a player sets them: Monster's Coffee's own five families ticked by
name (a list the form had offered as free text, where any text was refused in the engine's
words), a number's bounds, and an option the game refuses told by its label, its field in
focus."""

from __future__ import annotations

import pytest

from .harness import DESKTOP, http

FAMILIES = ["rex", "grunge", "poopy", "snout", "mummy"]


@pytest.fixture
def page(chromium, server):
    """A desktop page at the lobby."""
    context = chromium.new_context(viewport=DESKTOP)
    lobby = context.new_page()
    lobby.goto(f"{server}/")
    yield lobby
    context.close()


def test_the_five_families_are_ticked_by_name(page, server):
    page.click(".game-tile[data-game='monsters-coffee']")
    page.click("details.advanced summary")
    boxes = page.locator("#opt-families input[type='checkbox']")
    assert "Rex: " in page.inner_text("#opt-families")  # each family by name and power
    for family in FAMILIES:
        page.check(f"#opt-families input[value='{family}']")
    # Five ticked: the rest wait, and the line under them says so.
    assert page.locator("#opt-families input:disabled").count() == boxes.count() - 5
    assert "5 of 5" in page.inner_text(".option-tally")
    page.click("#create-table")
    page.wait_for_url(lambda url: "/table/" in url)
    table_id = page.url.split("/table/")[1].split("?")[0].split("#")[0]
    catalogue = http("GET", f"{server}/api/tables/{table_id}/catalogue")
    assert sorted(catalogue["families"]) == sorted(FAMILIES)


def test_an_option_refused_is_told_by_its_label_and_its_field_focused(page):
    page.click(".game-tile[data-game='coffee-break']")
    stuck = page.locator("#opt-stall_rounds")
    assert (stuck.get_attribute("min"), stuck.get_attribute("max")) == ("1", "50")
    page.click(".game-tile[data-game='monster-rejects']")
    page.select_option("#player-count", "7")
    page.select_option("#opt-decks", "1")
    page.click("#create-table")
    page.wait_for_function("document.getElementById('form-error').textContent !== ''")
    error = page.inner_text("#form-error")
    assert error == (
        "Could not create the table: Decks must be 2 with 7 players (one deck is for 2 to 5)"
    )
    assert page.evaluate("document.activeElement.id") == "opt-decks"
    # Another game chosen: the error said of this one goes (it stayed under the new form).
    page.click(".game-tile[data-game='coffee-break']")
    assert page.inner_text("#form-error") == ""


def test_a_number_left_empty_says_what_the_game_then_uses(page):
    # A newcomer read "Target: the game decides" and could not tell how long a game would run:
    # the game's words for an empty field (`Game.option_texts`, "null") say it under the field.
    page.click(".game-tile[data-game='coffee-break']")
    target = page.locator(".option-row", has=page.locator("#opt-target"))
    assert (
        "Left empty: 20 points with 2 players, 15 with 3, as the rulebook says."
        in target.inner_text()
    )
    page.click(".game-tile[data-game='monster-rejects']")
    limit = page.locator(".option-row", has=page.locator("#opt-turn_limit"))
    assert "Left empty: 60 rounds (60 turns for each player)." in limit.inner_text()
