"""Each game's board at 80x24 and 120x40, as a player first sees it: compared with the accepted
screenshots in `__snapshots__/` (update them with `--snapshot-update` after a deliberate change,
and look at them).

The SVG is pytest-textual-snapshot's; the comparison leaves out the SVG's class prefix, a hash
of every segment's style metadata that differs from run to run while the picture does not."""

from __future__ import annotations

import re

import pytest
from pytest_textual_snapshot import SVGImageExtension

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.session import Session, Setup

from .conftest import your_turn_drawn

pytestmark = pytest.mark.asyncio
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
async def test_the_board_as_first_seen(game, size, snapshot):
    players = game.players.stop - 1 if size == "120x40" else min(3, game.players.stop - 1)
    seats = ["human"] + ["random"] * (players - 1)
    app = CardcafeApp(Session(Setup(game, players, seats, seed=3)), pace=0, forced_beat=None)
    async with app.run_test(size=SIZES[size]) as pilot:
        await your_turn_drawn(pilot, app)
        await pilot.wait_for_scheduled_animations()  # the log scrolls to its end
        await pilot.pause()
        svg = re.sub(r"terminal-\d+", "terminal", app.export_screenshot())
    assert snapshot.use_extension(SVGImageExtension) == svg
