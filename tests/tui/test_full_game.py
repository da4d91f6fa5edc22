"""A complete game of every registered game, from the start screen to the summary: one human
seat (the test presses the keys) against bots at instant pace."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.start import StartScreen
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, wait_for

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
async def test_a_whole_game_from_the_start_screen_to_the_summary(game):
    players = game.players.start
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(110, 30)) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#game", Select).value = game.id
        await pilot.pause()
        start.query_one("#players", Select).value = players
        await pilot.pause()
        for seat in range(players):
            start.query_one(f"#seat-{seat}", Select).value = "human" if seat == 0 else "random"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert table.session.game is game
        assert table.session.setup.seats == ["human"] + ["random"] * (players - 1)

        presses = 0
        for _ in range(game.max_actions(players)):
            await wait_for(
                pilot,
                lambda: human_to_move(app) or isinstance(app.screen, SummaryScreen),
                "the human's turn or the end",
            )
            if isinstance(app.screen, SummaryScreen):
                break
            # What the human is shown is their own view, and only legal moves are offered.
            assert table.viewer == 0
            assert table.choices == table.session.legal_actions()
            await pilot.press("1")
            presses += 1
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        state = table.session.state
        assert state.is_over
        assert presses == sum(1 for seat in table.session.actors if seat == 0) > 0
        assert summary.view["scores"] == state.scores()
        winners = ", ".join(table.names()[w] for w in state.winners())
        assert summary.lines[0].endswith(winners)

        # Play again: a fresh game at the same table.
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "a new table")
        again = app.screen
        assert again is not table
        assert again.session.setup.seats == table.session.setup.seats
        assert len(again.session.state.history) < len(state.history)
