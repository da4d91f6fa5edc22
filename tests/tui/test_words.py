"""The table speaks the game's words (issue 20): moves name cards, the cards in sight say what
they do, a round end pauses on its breakdown, the summary shows how each seat scored."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import OptionList, Static

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import BreakdownScreen, CardsScreen, LogScreen
from cardcafe.tui.repeats import fold
from cardcafe.tui.screens_small import CoverScreen
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, wait_for
from .toy_game import TOY

pytestmark = pytest.mark.asyncio
DINER = games.get("monster-diner")


def moves_shown(table: TableScreen) -> list[str]:
    options = table.query_one("#actions", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_move_list_shows_labels_that_name_the_cards():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=6, options={}))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        names = session.catalogue["cards"]
        hand = session.state.hands[0]
        assert moves_shown(table) == [
            f"{n}. Choose the {names[card]['name']}" for n, card in enumerate(hand, start=1)
        ]
        assert not any(card in " ".join(moves_shown(table)) for card in hand)  # no ids
        await pilot.press("1")
        chosen = names[session.state.chosen]["name"]
        assert moves_shown(table) == [
            f"1. Keep the {chosen} (score it)",
            f"2. Give the {chosen} to Random bot 2",
        ]


async def test_monster_diner_moves_name_the_card_and_the_seat():
    session = Session(Setup(DINER, 2, ["human", "heuristic"], seed=4))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        held = session.catalogue["cards"][session.state.held]["name"]
        assert moves_shown(table) == [
            f"1. Put the {held} on your mat",
            f"2. Put the {held} on Heuristic bot 2's mat",
        ]
        assert "Player 1 (you)" in table.board_text and "Heuristic bot 2" in table.board_text


async def test_the_card_details_list_the_cards_in_sight_with_what_they_do():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=2))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        await pilot.press("c")
        assert isinstance(app.screen, CardsScreen)
        text = app.plain_text(app.screen.query_one("#cards", Static).content)
        cards = session.catalogue["cards"]
        for card in session.state.hands[0]:
            assert f"{cards[card]['name']}   {cards[card]['text']}" in text  # one line
        for card in session.state.hands[1]:  # the other hand is not in sight
            assert cards[card]["name"] not in text
        await pilot.press("escape")
        assert app.screen is table


async def test_the_log_screen_shows_the_game_so_far_at_80x24():
    """At 80x24 the table has no room for its log: `g` shows every line so far, in the
    viewer's words (a bot's moves included, the hidden card it drew not), and Escape returns."""
    session = Session(Setup(DINER, 2, ["human", "heuristic"], seed=4))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        for _ in range(8):  # until the bot has moved too
            await pilot.press("1")
            await wait_for(pilot, lambda: human_to_move(app), "the human's turn again")
            if any("Heuristic bot 2" in line for line in session.log_text(0)):
                break
        table = app.screen
        assert not table.query_one("#log").display  # no room for the log at 80x24
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        shown = [line.plain for line in app.screen.lines]
        # every line, as seat 1 may read it
        assert shown == fold(session.log_text(0), session.words_names())
        assert len(shown) >= 3 and any("Heuristic bot 2" in line for line in shown)
        await pilot.press("escape")
        assert app.screen is table


def toy_scored_every_round() -> tuple[Session, CardcafeApp]:
    """The toy game scored every round, Player 1 against a random bot."""
    session = Session(Setup(TOY, 2, ["human", "random"], seed=5, options={"round_every": 1}))
    return session, CardcafeApp(session, pace=0)


async def keep_a_card_to_the_round_end(pilot, app, session) -> str:
    """Player 1 chooses a card and keeps it: the round is scored and its breakdown shows. The
    kept card's name."""
    await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
    await pilot.press("1")
    kept = session.catalogue["cards"][session.state.chosen]["name"]
    await pilot.press("1")  # keep it: the round is scored
    await wait_for(pilot, lambda: isinstance(app.screen, BreakdownScreen), "the breakdown")
    return kept


async def test_a_round_end_pauses_on_the_breakdown_until_a_key():
    session, app = toy_scored_every_round()
    async with app.run_test(size=(80, 24)) as pilot:
        kept = await keep_a_card_to_the_round_end(pilot, app, session)
        pause = app.screen
        text = app.plain_text(pause.body)
        assert pause.heading == "Round 1"
        assert "Player 1 (you)" in text and "Random bot 2" in text and kept in text
        assert "Total" in text
        # Nothing moves while it shows: the bot to move waits.
        moves = len(session.state.history)
        for _ in range(20):
            await pilot.pause()
        assert len(session.state.history) == moves and app.screen is pause
        await pilot.press("space")
        await wait_for(pilot, lambda: len(session.state.history) > moves, "the bot's move")
        assert not isinstance(app.screen, BreakdownScreen) or app.screen is not pause


async def test_the_summary_shows_each_seats_breakdown():
    session = Session(Setup(TOY, 2, ["random", "random"], seed=8))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SummaryScreen) and app.screen.query("#summary"),
            "the summary",
        )
        # Let the new screen's Header run its first title callbacks: left pending, they ran
        # when the test closed the app, after the header's parts were gone (Textual's
        # NoMatches 'HeaderTitle', once in CI).
        await pilot.pause()
        text = app.plain_text(app.screen.query_one("#summary", Static).content)
        state = session.state
        assert "Final scores" in text and "Total" in text
        cards = session.catalogue["cards"]
        for seat, scored in enumerate(state.scored):
            assert session.words_names()[seat] in text
            for card in scored:
                assert cards[card]["name"] in text
            assert f"{state.scores()[seat]}" in text


async def test_a_hot_seat_round_end_shows_nobodys_hand_and_then_the_cover():
    session = Session(Setup(TOY, 2, ["human", "human"], seed=3, options={"round_every": 1}))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the first cover")
        await pilot.press("space")
        await wait_for(pilot, lambda: human_to_move(app), "player 1's turn")
        table = app.screen
        await pilot.press("1")
        await pilot.press("2")  # give it away: the round ends
        await wait_for(pilot, lambda: isinstance(app.screen, BreakdownScreen), "the breakdown")
        names = session.catalogue["cards"]
        assert table.viewer is None and table.shown[0]["hand"] is None
        assert not any(names[c]["name"] in table.board_text for h in session.state.hands for c in h)
        await pilot.press("1")  # a move's key does not skip the breakdown unread
        assert isinstance(app.screen, BreakdownScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "player 2's cover")
        await pilot.press("enter")
        await wait_for(pilot, lambda: human_to_move(app), "player 2's turn")
        assert table.viewer == 1


async def test_monster_rejects_counts_the_turn_being_played_against_the_limit():
    # 003 sets no limit; ours (rules page): the game ends after `turn_limit` turns. The board
    # names the turn under way: the first turn is "turn 1", each later one a turn more.
    from rich.console import Console

    from cardcafe.tui.render.monster_rejects import render

    rejects = games.get("monster-rejects")
    state = rejects.new(3, 11, turn_limit=30)
    names = ["Ann", "Bo", "Cy"]

    def board() -> str:
        console = Console(width=120, record=True, color_system=None)
        console.print(render(state.view(0, names), names, state.catalogue))
        return console.export_text()

    assert "turn 1 of 30" in board()
    mover = state.current_player
    while state.current_player == mover:
        state.apply(state.legal_actions()[-1])  # draw, then pass (or end the play)
    assert "turn 2 of 30" in board()


async def test_two_keys_at_once_on_a_round_end_close_it_once():
    # Enter pressed twice before the breakdown had gone (a busy machine, tmux, Monster's Coffee
    # for two at 80x24): the second key closed the table under it too, and the app stopped on
    # "ScreenStackError: Can't pop screen".
    session, app = toy_scored_every_round()
    async with app.run_test(size=(80, 24)) as pilot:
        await keep_a_card_to_the_round_end(pilot, app, session)
        pause, table = app.screen, app.screen_stack[-2]
        for _ in range(2):  # (both in its queue before it handles the first)
            pause.post_message(events.Key("enter", "\r"))
        for _ in range(5):
            await pilot.pause()
        assert table in app.screen_stack and pause not in app.screen_stack
