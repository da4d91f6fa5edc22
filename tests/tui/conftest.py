"""Helpers for driving the app with Textual's pilot."""

from __future__ import annotations

import pytest

from cardcafe.tui import seatbots
from cardcafe.tui.session import Session
from cardcafe.tui.table import TableScreen


async def wait_for(pilot, condition, what: str, steps: int = 20000) -> None:
    """Let the app run (workers included) until `condition()` holds."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


def human_to_move(app) -> bool:
    screen = app.screen
    return isinstance(screen, TableScreen) and bool(screen.choices)


def key_for(app, move: str) -> str:
    """The key of the move whose words start with `move`."""
    table = app.screen
    index = next(i for i, offer in enumerate(table.offers) if offer.label.startswith(move))
    return table.move_keys[index]


def first_move_key(app) -> str:
    """The key of the first move the list shows (move keys stay with their moves: "1" may be
    a key whose move just went)."""
    table = app.screen
    return table.move_keys[table.order[0]]


async def your_turn_drawn(pilot, app, what: str = "the human's turn") -> None:
    """Let the app run until a person is to move and the table has settled: its layout takes a
    few refreshes after the turn comes (the moves' rows, the board's fold, the log's height)."""
    await wait_for(pilot, lambda: human_to_move(app), what)
    for _ in range(5):
        await pilot.pause()


def played_out(session: Session) -> Session:
    """`session`'s game played to its end by its bots, as the table would play it, but without
    drawing a board for every move (a test about the end need not watch the whole game)."""
    while not session.state.is_over:
        bot, world, seat, rng = session.bot_task()
        session.play(seatbots.choose(bot, world, seat, rng))
    return session


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test keeps its autosave in its own folder, never in the user's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDCAFE_DATA_DIR", str(folder))
    return folder


def screen_text(app) -> str:
    """What the terminal shows right now, as plain text (one line per row)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.replace("\u00a0", " ") for strip in strips)
