"""Every game fits the terminal: at 80x24 and at 120x40, with every seat's name, the prompt and
the legal moves on screen without scrolling, and a move played by the key shown beside it."""

from __future__ import annotations

import pytest

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.session import Session, Setup

from .conftest import human_to_move, screen_text, wait_for, your_turn_drawn

pytestmark = pytest.mark.asyncio

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def players_for(game, size: str) -> int:
    """The most players at 120x40 (every opponent must fit); three at 80x24 where allowed."""
    if size == "120x40":
        return game.players.stop - 1
    return min(3, game.players.stop - 1)


def moves_on_screen(table) -> list[str]:
    return [table.option_text(i) for i in table.order]


@pytest.mark.parametrize("seed", [3, 7])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
async def test_the_table_fits_with_every_name_the_prompt_and_the_moves(game, size, seed):
    players = players_for(game, size)
    seats = ["human"] + ["random"] * (players - 1)
    session = Session(Setup(game, players, seats, seed=seed))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=SIZES[size]) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        for _ in range(5):  # the rows are shared out after the first refresh
            await pilot.pause()
        table = app.screen
        text = screen_text(app)
        for name in table.names():
            assert name in text, f"{name} is not on screen"
        prompt = session.view(0)["prompt"]
        assert prompt.split(":")[0][:30] in text.replace("\n", " ")
        moves = moves_on_screen(table)
        shown = [line for line in moves if line[:32] in text]  # (a wide column may wrap)
        assert shown == moves[: len(shown)] and len(shown) >= min(len(moves), 5)
        if len(shown) < len(moves):  # a long list says that it scrolls
            assert "more moves" in text
        # The hand is in sight too (games with a hand), not somewhere below.
        if session.view(0).get("hand") is not None or game.id == "monsters-coffee":
            assert "Your hand" in text
        # A move is played by the key shown beside it.
        key = table.move_keys[table.order[-1]] if len(moves) <= 10 else "1"
        chosen = table.choices[table.move_keys.index(key)]
        before = len(session.state.history)
        await pilot.press(key)
        await wait_for(pilot, lambda: len(session.state.history) > before, "the move")
        assert session.state.history[before] == chosen


async def test_a_scroll_cue_left_on_goes_when_everything_fits():
    # At 80x24 a list of 4 moves showed 3 and "more moves": the cue, put on while the rows
    # were being shared out, took the fourth move's row and so kept itself needed.
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "random"], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 40)) as pilot:  # compact, and room for every move
        await your_turn_drawn(pilot, app)
        table = app.screen
        actions = table.query_one("#actions")
        assert not actions.has_class("-scrolls")
        actions.add_class("-scrolls")  # the cue as a layout that had not settled left it
        table.share_rows()
        actions.add_class("-scrolls")
        for _ in range(5):
            await pilot.pause()
        table.mark_scroll()
        await pilot.pause()
        assert not actions.has_class("-scrolls")
        assert actions.max_scroll_y == 0  # every move in sight
