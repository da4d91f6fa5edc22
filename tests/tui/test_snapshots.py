"""Each game's board at 80x24 and 120x40, as a player first sees it: compared with the accepted
screenshots in `__snapshots__/` (update them with `--snapshot-update` after a deliberate change,
and look at them)."""

from __future__ import annotations

import pytest

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.session import Session, Setup

from .conftest import human_to_move, wait_for

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_the_board_as_first_seen(game, size, snap_compare):
    players = game.players.stop - 1 if size == "120x40" else min(3, game.players.stop - 1)
    seats = ["human"] + ["random"] * (players - 1)
    app = CardcafeApp(Session(Setup(game, players, seats, seed=3)), pace=0, forced_beat=None)

    async def until_the_humans_turn(pilot) -> None:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=until_the_humans_turn)
