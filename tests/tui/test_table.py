"""The table's promises: the hot-seat cover hides hands, undo stops at anything revealed,
save and load round-trip the record, hints, rules, the end summary."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.files import LoadScreen
from cardcafe.tui.guide import GuideScreen
from cardcafe.tui.screens_small import CoverScreen, PathPrompt
from cardcafe.tui.session import Session, Setup, read_record
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, wait_for
from .toy_game import TOY

pytestmark = pytest.mark.asyncio
DINER = games.get("monster-diner")


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


def shown(table: TableScreen, cards) -> list[bool]:
    """Whether each card's catalogue name is on the board (the board names, never ids)."""
    catalogue = table.session.catalogue["cards"]
    return [catalogue[card]["name"] in table.board_text for card in cards]


async def test_hot_seat_cover_hides_the_previous_hand():
    session = Session(Setup(TOY, 2, ["human", "human"], seed=3))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(140, 45)) as pilot:
        # Player 1 starts: a cover first (nobody's cards are on screen before they are ready).
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the first cover")
        await pilot.press("space")
        await wait_for(pilot, lambda: human_to_move(app), "player 1's turn")
        table = app.screen
        hand_1 = list(session.state.hands[0])
        assert table.viewer == 0
        assert all(shown(table, hand_1))

        await pilot.press("1")  # choose a card: still player 1's decision, no cover
        assert isinstance(app.screen, TableScreen)
        await pilot.press("1")  # keep it: the turn passes to player 2
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the cover")
        # Under the cover the table shows only public information: no hand at all.
        hidden_1 = session.state.hands[0]
        assert table.viewer is None
        assert not any(shown(table, hidden_1))
        assert not any(shown(table, session.state.hands[1]))
        assert table.shown[0]["hand"] is None

        await pilot.press("enter")
        await wait_for(pilot, lambda: human_to_move(app), "player 2's turn")
        assert table.viewer == 1
        assert all(shown(table, session.state.hands[1]))
        assert not any(shown(table, hidden_1))


async def test_hot_seat_covers_even_a_game_with_nothing_secret():
    # Everything in Monster Diner is public, but the cover is the cue that the turn passed.
    session = Session(Setup(DINER, 2, ["human", "human"], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the first cover")
        assert "Player 1, it is your turn" in app.screen.text
        await pilot.press("enter")
        await wait_for(pilot, lambda: human_to_move(app), "player 1's turn")
        table = app.screen
        while session.state.current_player == 0:
            await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "player 2's cover")
        assert "Player 2, it is your turn" in app.screen.text
        await pilot.press("enter")
        await wait_for(pilot, lambda: human_to_move(app), "player 2's turn")
        assert table.viewer == 1


async def test_undo_takes_back_a_choice_but_not_a_revealed_card():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=5))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        first = list(table.choices)
        await pilot.press("2")  # choose the second card: a sub-step that shows nothing new
        assert len(session.state.history) == 1
        assert session.undo_steps() == 1
        await pilot.press("u")
        assert session.state.history == []
        assert table.choices == first

        await pilot.press("1")
        await pilot.press("1")  # keep it: a new card is drawn from the deck, which is final
        await wait_for(pilot, lambda: human_to_move(app), "the human's next turn")
        count = len(session.state.history)
        await pilot.press("u")
        await pilot.pause()
        assert len(session.state.history) == count
        assert session.undo_steps() == 0


async def test_save_then_load_round_trips_the_record(tmp_path):
    session = Session(Setup(DINER, 2, ["human", "random"], seed=11))
    app = CardcafeApp(session, pace=0, save_dir=tmp_path, forced_beat=None)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(4):
            await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
            await pilot.press("1")
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        saved_record = table.session.record()

        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, PathPrompt), "the save prompt")
        path = tmp_path / "game.json"
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await wait_for(pilot, lambda: path.exists(), "the saved file")
        assert read_record(path.read_text()) == (saved_record, ["human", "random"])

        # Play on, then load the saved game: back to where it was saved.
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        await pilot.press("1")
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        assert len(table.session.state.history) > len(saved_record.actions)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the file picker")
        picker = app.screen
        assert path in picker.found  # the saved games of the save folder are listed
        picker.dismiss(str(path))
        await wait_for(
            pilot,
            lambda: len(table.session.state.history) == len(saved_record.actions),
            "the loaded game",
        )
        assert table.session.record() == saved_record
        assert table.session.state == games.replay(saved_record)

        # A bad file is refused with a message and the game stays as it was.
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the file picker")
        assert bad not in app.screen.found  # not a game record: not offered
        app.screen.dismiss(str(bad))
        await pilot.pause()
        assert table.session.record() == saved_record


async def test_hint_rules_and_pace():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=2))
    app = CardcafeApp(session, pace=0, hint_budget=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: table.hint_text not in ("", "thinking…"), "the hint")
        assert any(session.label(action) in table.hint_text for action in table.choices)

        await pilot.press("question_mark")
        assert isinstance(app.screen, GuideScreen)
        await pilot.press("escape")
        assert app.screen is table

        await pilot.press("p")
        assert table.pace > 0


async def test_summary_replay_shows_the_same_game_again():
    session = Session(Setup(TOY, 2, ["random", "random"], seed=8))
    app = CardcafeApp(session, pace=0, replay_pace=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        history = list(table_of(app).session.state.history)
        await pilot.press("r")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SummaryScreen) and table_of(app).replay is not None,
            "the replay's end",
        )
        assert table_of(app).session.state.history == history


async def test_a_move_can_be_chosen_with_the_mouse():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=6))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        third = table.choices[2]
        # The list has no border: the third option is on its third line.
        assert await pilot.click("#actions", offset=(5, 2))
        await pilot.pause()
        assert session.state.history == [third]


async def test_the_start_screen_offers_the_games_own_options():
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(140, 50)) as pilot:
        start = app.screen
        start.query_one("#game", Select).value = "coffee-break"
        await wait_for(pilot, lambda: start.query("#opt-stall_rounds"), "the game's options")
        # Literal options are choices, others typed (JSON); an empty field keeps the default.
        start.query_one("#opt-direction", Select).value = "left"
        start.query_one("#opt-stall_rounds", Input).value = "5"
        start.query_one("#players", Select).value = 3
        await wait_for(pilot, lambda: start.query("#seat-2"), "a third seat")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        session = app.screen.session
        assert session.setup.options == {"direction": "left", "stall_rounds": 5}
        assert session.state.options.stall_rounds == 5
        assert len(session.setup.seats) == 3


async def test_a_bad_option_stays_on_the_start_screen():
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(140, 50)) as pilot:
        start = app.screen
        start.query_one("#game", Select).value = "coffee-break"
        await wait_for(pilot, lambda: start.query("#opt-stall_rounds"), "the game's options")
        start.query_one("#opt-stall_rounds", Input).value = '"many"'
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is start


async def test_the_theme_switches_between_light_and_dark():
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.press("t")
        assert app.theme == "cardcafe-light"
        await pilot.press("t")
        assert app.theme == "cardcafe-dark"
