"""The table at 120x40 with each game's largest table: the log reads wide, under the board."""

from __future__ import annotations

import pytest

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.session import Session, Setup

from .conftest import human_to_move, screen_text, wait_for

pytestmark = pytest.mark.asyncio

# The most seats with the narrowest board (the longest moves) beside them; the snapshots
# (test_snapshots.py) show every game at its largest table.
LARGEST = {"monster-rejects": {"battle_pack": True}, "monsters-coffee": {}}


@pytest.mark.parametrize("game_id", LARGEST)
async def test_the_log_sits_under_the_board_as_wide_as_it_at_120x40(game_id):
    # Monster Rejects with 10 players: every log line wrapped in a 36-column log beside the
    # moves while the board's right side was empty.
    game = games.get(game_id)
    players = game.players.stop - 1
    seats = ["human"] + ["random"] * (players - 1)
    session = Session(Setup(game, players, seats, LARGEST[game_id], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        for _ in range(5):
            await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        table = app.screen
        box, log = table.query_one("#board-box"), table.query_one("#log")
        assert log.region.x == box.region.x and log.region.y >= box.region.bottom
        assert log.region.width == box.region.width >= 56, "the log is as wide as the board"
        assert box.max_scroll_y == 0, "the board is whole in sight"
        latest = session.log_text(0)[-1]
        assert latest[:24] in screen_text(app).replace("\n", " ")
