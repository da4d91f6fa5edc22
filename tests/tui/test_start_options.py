"""The start screen's options in players' words: a number the game refuses is told by the
option's label with its field in focus (it said "option 'stall_rounds' of coffee-break must
be 1 to 50"), and Monster's Coffee's own five families are typed by name."""

from __future__ import annotations

import contextlib
import dataclasses

import pytest
from textual.widgets import Input, Select

from cardcafe.tui.app import CardcafeApp

from .conftest import wait_for

pytestmark = pytest.mark.asyncio


@contextlib.asynccontextmanager
async def start_screen(game_id: str):
    """The start screen with `game_id` chosen: (app, pilot, start screen)."""
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        start = app.screen
        start.query_one("#game", Select).value = game_id
        await wait_for(pilot, lambda: start.game_id == game_id, "the game")
        await pilot.pause()
        yield app, pilot, start


def said(app) -> list[str]:
    """The notes the app shows."""
    return [str(note.message) for note in app._notifications]


async def test_a_number_refused_is_told_by_its_label_and_focused():
    async with start_screen("coffee-break") as (app, pilot, start):
        start.query_one("#opt-stall_rounds", Input).value = "100"
        start.action_start()
        await pilot.pause()
        assert said(app) == ["Stuck table must be 1 to 50, not 100"]
        assert app.focused is start.query_one("#opt-stall_rounds")
        assert app.screen is start  # nothing started, nothing lost


async def test_the_five_families_are_typed_by_name():
    async with start_screen("monsters-coffee") as (app, pilot, start):
        families = start.query_one("#opt-families", Input)
        # How to type them, with an example by name, under the field where it is read whole
        # (in the field's placeholder it was cut to "or e.g. Rex").
        told = [str(label.render()) for label in start.query("Label.help")]
        assert any("Type 5 names with commas, e.g. Rex, " in line for line in told)
        families.value = "Rex, grunge, Poopy, Snout, skyzo'clop"
        assert start.read_options()["families"] == ["rex", "grunge", "poopy", "snout", "skyzoclop"]
        families.value = "Rex, Tea"
        start.action_start()
        await pilot.pause()
        [note] = said(app)
        assert note.startswith("Your own five families has no 'Tea'")
        assert "Skyzo'clop" in note and "skyzoclop" not in note


async def test_a_wrong_family_name_is_told_when_the_player_count_changes():
    # The count's change reads the options to keep them: a name that is no family raised
    # out of the handler, and the app ended on a traceback.
    async with start_screen("monsters-coffee") as (app, pilot, start):
        start.query_one("#opt-families", Input).value = "Rex, Tea"
        start.query_one("#players", Select).value = 3
        await pilot.pause()
        await pilot.pause()
        [note] = said(app)
        assert note.startswith("Your own five families has no 'Tea'")
        assert app.focused is start.query_one("#opt-families")
        assert start.players == 2 and start.query_one("#players", Select).value == 2
        assert start.query_one("#opt-families", Input).value == "Rex, Tea"  # as typed


async def test_the_menu_coffee_is_chosen_by_name():
    """Monster's Coffee's Menu coffee was a text field that took a coffee's id alone
    ("Macchiato" was refused, "macchiato" taken): a choice among the coffees by name now."""
    async with start_screen("monsters-coffee") as (_app, _pilot, start):
        menu = start.query_one("#opt-menu", Select)
        names = [str(prompt) for prompt, _value in menu._options]
        assert any(name.startswith("Grungy Divinato: ") for name in names)
        assert menu.value is None and "menu" not in start.read_options()  # the Latte Newbie
        menu.value = "grungy-divinato"
        assert start.read_options()["menu"] == "grungy-divinato"


async def test_at_120_columns_each_field_is_one_row_beside_its_label():
    # The option selects wrapped to three rows each (a bordered box) and a long choice to
    # five: Coffee Break's form ran two screens. Now a label and its field share a row, the
    # help under them, and the form up to its last option reads in one screen.
    async with start_screen("coffee-break") as (_, pilot, start):
        rows = list(start.query(".row"))
        for row in rows:
            label, field = row.children
            assert field.region.height == 1, str(label.render())
            assert field.region.y == label.region.y
        options = dataclasses.fields(start.game.Options)
        assert len(rows) == 2 + 2 + len(options)  # the game, the players, the seats, options
        assert rows[-1].region.bottom <= 40 - 1  # (above the footer)
        # Every choice of an option fits its row when chosen (Doubling's wrapped to two).
        for row in rows[4:]:
            label, field = row.children
            if isinstance(field, Select):
                for _, value in field._options:
                    field.value = value
                    await pilot.pause()
                    assert field.region.height == 1, (str(label.render()), value)
