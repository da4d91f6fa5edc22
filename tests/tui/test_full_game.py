"""A complete game of every registered game, from the start screen to the summary: one human
seat (the test presses the keys) against bots at instant pace."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import BreakdownScreen
from cardcafe.tui.start import StartScreen
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, wait_for

pytestmark = pytest.mark.asyncio
# Shorter games where a game's length is one of its options, typed into the start screen's
# fields as a player would (the checks are per move, not about a game's length): Coffee Break
# to 4 points, Monster Rejects' end-of-game guard after 20 turns.
SHORT = {"coffee-break": {"target": 4}, "monster-rejects": {"turn_limit": 20}}


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
async def test_a_whole_game_from_the_start_screen_to_the_summary(game):
    players = game.players.start
    app = CardcafeApp(pace=0, forced_beat=None)  # every human move is pressed here
    async with app.run_test(size=(110, 30)) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#game", Select).value = game.id
        await pilot.pause()
        start.query_one("#players", Select).value = players
        await pilot.pause()
        for seat in range(players):
            start.query_one(f"#seat-{seat}", Select).value = "human" if seat == 0 else "random"
        short = SHORT.get(game.id, {})
        for name, value in short.items():
            start.query_one(f"#opt-{name}", Input).value = str(value)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert table.session.game is game
        assert table.session.setup.seats == ["human"] + ["random"] * (players - 1)
        assert table.session.setup.options == short

        presses = pauses = 0
        for _ in range(game.max_actions(players)):
            await wait_for(
                pilot,
                lambda: (
                    human_to_move(app) or isinstance(app.screen, (SummaryScreen, BreakdownScreen))
                ),
                "the human's turn, a round's end or the end",
            )
            if isinstance(app.screen, SummaryScreen):
                break
            if isinstance(app.screen, BreakdownScreen):
                # A round end: the table waits on the breakdown until a key is pressed.
                assert app.screen.heading and "Total" in app.plain_text(app.screen.body)
                await pilot.press("space")
                pauses += 1
                continue
            # What the human is shown is their own view, and only legal moves are offered,
            # every one of them (copies of a card in hand as one move).
            assert table.viewer == 0
            legal = table.session.legal_actions()
            offered = [legal.index(a) for offer in table.offers for a in offer.actions]
            assert sorted(offered) == list(range(len(legal)))
            assert table.choices == [offer.action for offer in table.offers]
            await pilot.press(table.move_keys[table.order[0]])  # the first move listed
            presses += 1
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        state = table.session.state
        assert state.is_over
        assert presses == sum(1 for seat in table.session.actors if seat == 0) > 0
        assert summary.view["scores"] == state.scores()
        assert summary.view["breakdown"]  # the summary shows how each seat scored
        assert pauses == 0 or game.id == "monsters-coffee"  # the one game with rounds
        winners = ", ".join(table.names()[w] for w in state.winners())
        assert summary.lines[0].endswith(winners)

        # Play again: a fresh game at the same table.
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "a new table")
        again = app.screen
        assert again is not table
        assert again.session.setup.seats == table.session.setup.seats
        assert len(again.session.state.history) < len(state.history)
