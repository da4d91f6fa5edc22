"""What a player meets around the moves: the hot-seat cover hides hints too, quitting asks
first, the autosave comes back as Continue with the same seats, a replay pauses, steps and is
left, a forced move plays itself, the guide is one key away."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Button, Markdown, Select

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.guide import NO_GUIDE, GuideScreen
from cardcafe.tui.screens_small import ConfirmScreen, CoverScreen
from cardcafe.tui.session import Session, Setup, describe_record
from cardcafe.tui.start import StartScreen
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, screen_text, wait_for
from .toy_game import TOY

pytestmark = pytest.mark.asyncio
BREAK = games.get("coffee-break")
DINER = games.get("monster-diner")
REJECTS = games.get("monster-rejects")


async def test_the_cover_shows_no_hint_hand_or_secret_of_the_previous_player():
    # The steps: coffee-break, two humans, seed 4: a hint, then the turn passes.
    session = Session(Setup(BREAK, 2, ["human", "human"], seed=4))
    app = CardcafeApp(session, pace=0, hint_budget=0.05, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the first cover")
        await pilot.press("space")
        await wait_for(pilot, lambda: human_to_move(app), "player 1's turn")
        table = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: table.hint_text not in ("", "thinking…"), "the hint")
        assert "Hint" in screen_text(app)  # the hint is on player 1's screen
        hand_1 = list(session.state.hands[0])
        while session.state.current_player == 0:
            last = table.move_keys[table.order[-1]]  # the issue pressed End, Enter
            await pilot.press(last)
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "player 2's cover")
        for _ in range(3):
            await pilot.pause()
        text = screen_text(app)
        assert "Player 2, it is your turn" in text
        assert "Hint" not in text and "hint" not in text
        names = session.catalogue["cards"]
        assert not any(names[card]["name"] in text for card in hand_1)
        assert not list(app._notifications)  # no toast waits to come back either


async def test_quit_asks_first_and_no_keeps_the_game():
    session = Session(Setup(DINER, 2, ["human", "random"], seed=2))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "saved" in screen_text(app)  # it says the game is kept
        await pilot.press("n")
        assert app.screen is table and app.is_running
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


async def test_autosave_and_continue_restore_the_same_state_and_seats(data_dir):
    seats = ["human", "heuristic", "random"]
    session = Session(Setup(DINER, 3, seats, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
            await pilot.press("2")
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        record = session.record()
        await pilot.press("q")
        await pilot.press("y")
    assert (data_dir / "autosave.json").is_file()

    again = CardcafeApp(pace=0, forced_beat=None)
    async with again.run_test(size=(120, 40)) as pilot:
        start = again.screen
        assert isinstance(start, StartScreen)
        button = start.query_one("#continue", Button)
        assert button.display and "Monster Diner, 3 players" in screen_text(again)
        await pilot.press("enter")  # Continue has the focus
        await wait_for(pilot, lambda: human_to_move(again), "the continued game")
        resumed = again.screen.session
        assert resumed.record() == record
        assert resumed.setup.seats == seats
        assert resumed.state == games.replay(record)


async def test_a_finished_game_is_not_offered_to_continue(data_dir):
    session = Session(Setup(TOY, 2, ["random", "random"], seed=8))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        assert not (data_dir / "autosave.json").exists()
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        assert not app.screen.query_one("#continue", Button).display


async def test_a_replay_pauses_steps_and_goes_back_to_the_summary():
    session = Session(Setup(TOY, 2, ["random", "random"], seed=8))
    # A replay step every 0.3 s: slow enough that a loaded machine pauses it long before its
    # last move (at 0.05 s the 30-move replay could end before "space"), fast enough that the
    # 0.6 s paused below would have seen two steps.
    app = CardcafeApp(session, pace=0, replay_pace=0.3)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        total = len(session.state.history)
        await pilot.press("r")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen.replay is not None,
            "the replay",
        )
        replay = app.screen
        # Only what works in a replay is offered.
        await wait_for(pilot, lambda: "Pause" in screen_text(app), "the replay's footer")
        footer = screen_text(app).splitlines()[-1]
        assert "Pause" in footer and "Undo" not in footer and "Hint" not in footer
        assert "Save" not in footer
        await wait_for(pilot, lambda: len(replay.session.state.history) >= 1, "a replayed move")
        await pilot.press("space")
        moves = len(replay.session.state.history)
        for _ in range(30):
            await pilot.pause(0.02)
        assert len(replay.session.state.history) == moves  # paused
        assert moves < total  # (a step forward is left to take)
        await pilot.press("right")
        await pilot.pause()
        assert len(replay.session.state.history) == moves + 1  # one step
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary again")
        assert replay not in app.screen_stack


async def test_the_session_tally_comes_from_the_second_game_and_counts_wins():
    app = CardcafeApp(Session(Setup(TOY, 2, ["random", "random"], seed=8)), pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        first = app.screen
        assert first.tally == []  # one game: the winners' line says it all
        await pilot.press("n")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SummaryScreen) and app.screen is not first,
            "the second game's summary",
        )
        # Both games' winners, counted by seat name, most wins first; a seat that won
        # nothing is there too, with 0.
        wins: dict[str, int] = dict.fromkeys(first.names, 0)
        for summary in (first, app.screen):
            for seat in summary.view["winners"]:
                wins[summary.names[seat]] = wins.get(summary.names[seat], 0) + 1
        (line,) = app.screen.tally
        assert line.startswith("This session (2 games): ")
        counted = dict(part.rsplit(" won ", 1) for part in line.split(": ", 1)[1].split(", "))
        assert {name: int(n) for name, n in counted.items()} == wins
        # (the screen's first paint may come a frame after the screen: wait for it)
        await wait_for(pilot, lambda: line in screen_text(app), "the tally on screen")


async def test_a_single_legal_move_plays_itself_unless_just_taken_back():
    # A Monster Rejects position where the human has one move only (a draw).
    session = Session(Setup(REJECTS, 2, ["human", "random"], seed=0))
    rng = random.Random(0)
    state = session.state
    while not state.is_over and not (state.current_player == 0 and len(state.legal_actions()) == 1):
        session.play(rng.choice(state.legal_actions()))
    assert not state.is_over
    forced = session.legal_actions()[0]
    moves = len(session.state.history)
    app = CardcafeApp(session, pace=0.5, forced_beat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(session.state.history) > moves, "the forced move")
        assert session.state.history[moves] == forced
        assert session.actors[moves] == 0
        table = app.screen
        if session.undo_steps():  # taken back, it waits for its key this time
            await pilot.press("u")
            for _ in range(10):
                await pilot.pause()
            assert len(session.state.history) == moves and table.choices == [forced]


async def test_the_guide_is_one_key_away_and_the_reference_one_more():
    session = Session(Setup(DINER, 2, ["human", "random"], seed=1))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        await pilot.press("question_mark")
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        if guide.markdown != NO_GUIDE:
            assert "{card:" not in guide.markdown  # cards by name, never by key
            assert "Code" not in guide.markdown.split("\n", 1)[0]
        scroller = guide.query_one("#guide")
        await pilot.press("end")
        await wait_for(pilot, lambda: scroller.scroll_y > 0, "the guide read down")
        assert "r Full rules" in screen_text(app)
        await pilot.press("r")
        assert guide.reference
        # The reference reads from its top (it opened where the guide had been read to), and
        # the footer says that `r` goes back.
        await pilot.pause()
        assert scroller.scroll_y == 0
        assert "r How to play" in screen_text(app) and "Full rules" not in screen_text(app)
        # The rules as a player reads them: each rule and its quote, not the code behind it.
        await pilot.pause()
        shown = guide.query_one("#guide-text", Markdown).source
        assert "The player's move is over when there are three cards on the mat." in shown
        assert "DinerState" not in shown and "src/cardcafe" not in shown
        await pilot.press("escape")
        assert app.screen is table


async def test_the_start_screen_says_what_the_game_is_whole_at_80x24():
    """The chosen game's pitch wraps under it (it was one line cut at the screen's edge)."""
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.screen
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert " ".join(start.game.pitch.split()) in text


async def test_changing_the_game_keeps_the_seats_and_options_read_as_words():
    app = CardcafeApp(pace=0)
    async with app.run_test(size=(120, 50)) as pilot:
        start = app.screen
        start.query_one("#game", Select).value = "monster-diner"
        await wait_for(pilot, lambda: start.game_id == "monster-diner", "the game")
        await pilot.pause()
        # The chosen game says what a player does in it.
        assert games.get("monster-diner").pitch[:40] in screen_text(app)
        start.query_one("#seat-0", Select).value = "human"
        start.query_one("#seat-1", Select).value = "human"
        start.query_one("#game", Select).value = "monsters-coffee"
        await wait_for(pilot, lambda: start.query("#opt-mummy_peek"), "the new game's options")
        await pilot.pause()
        assert start.read_seats()[:2] == ["human", "human"]
        text = screen_text(app)
        assert "mummy_peek" not in text and "default: None" not in text


async def test_a_move_key_with_no_move_on_it_says_which_keys_play():
    # A newcomer pressed 1 when the moves were on 2 and 3 (keys stay put) and nothing happened.
    session = Session(Setup(TOY, 2, ["human", "random"], seed=1))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the first move")
        table = app.screen
        unused = next(k for k in "9xz" if k not in table.move_keys)
        shown = [table.move_keys[i] for i in table.order]
        moves = len(session.state.history)
        await pilot.press(unused)
        await wait_for(pilot, lambda: len(app._notifications) > 0, "the toast")
        (toast,) = [n.message for n in app._notifications]
        assert toast.startswith(f"No move on {unused}: your moves are on ")
        assert shown[0] in toast and shown[-1] in toast and "\n" not in toast
        assert len(session.state.history) == moves  # nothing played
        # The keys as the player sees them: with a gap, each; without, the first to the last.
        table.move_keys = ["2", "3"] + [None] * (len(table.choices) - 2)
        assert table.no_move_on("1") == "No move on 1: your moves are on 2 and 3."
        table.move_keys = list("123456")
        assert table.no_move_on("7") == "No move on 7: your moves are on 1 to 6."


def late_diner_position(seed: int, deck_left: int) -> dict:
    """A four-player Monster Diner played at random until `deck_left` cards are left and
    Player 1 is to move."""
    state = DINER.new(4, seed)
    rng = random.Random(1)
    while state.view(None)["deck_size"] > deck_left or state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_position()


async def test_move_keys_pressed_while_bots_move_leave_one_note_and_none_over_the_end():
    """Keys pressed again and again during the bots' last turns stacked a note each over the
    board, and they stayed over the end's summary; a note of your moves' keys stayed on after
    you moved. (Your last move: the bots end the game.)"""
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    session = Session.from_position(DINER, late_diner_position(13, 2), seats, seed=1)
    app = CardcafeApp(session, pace=600, forced_beat=None)  # (the bots wait: keys meanwhile)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "your last move")
        table = app.screen
        await pilot.press(next(k for k in "9xz" if k not in table.move_keys))
        (note,) = [n.message for n in app._notifications]
        assert note.startswith("No move on ")
        await pilot.press("1")
        assert not table.choices  # a bot's turn
        assert not list(app._notifications)  # ("your moves are on ..." is gone by)
        await pilot.press("1", "2", "7", "1", "3")
        notes = [n.message for n in app._notifications]
        assert notes == [f"Not your move: {session.seat_name(1)} is to move."]
        table.pace = 0
        table.start_bot(table.generation)  # the bots play on, to the end
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        assert not list(app._notifications)
        assert "Not your move" not in screen_text(app)


async def test_a_note_of_whose_move_it_is_follows_the_turn():
    """It named the bot to move when the key was pressed, and kept naming it while the next
    bots moved."""
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    session = Session.from_position(DINER, late_diner_position(13, 20), seats, seed=1)
    app = CardcafeApp(session, pace=600, forced_beat=None)  # (the bots wait: keys meanwhile)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "your move")
        while human_to_move(app):
            await pilot.press("1")
        table = app.screen
        await pilot.press("1")
        assert [n.message for n in app._notifications] == [
            f"Not your move: {session.seat_name(1)} is to move."
        ]
        while session.state.current_player == 1:
            moves = len(session.state.history)
            table.start_bot(table.generation)
            await wait_for(pilot, lambda m=moves: len(session.state.history) > m, "its move")
        assert [n.message for n in app._notifications] == [
            f"Not your move: {session.seat_name(2)} is to move."
        ]


async def test_a_game_from_a_position_counts_its_moves_from_there(tmp_path):
    """Started from a position late in a game, the status said "move 1" as at a game's start."""
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    session = Session.from_position(DINER, late_diner_position(13, 20), seats, seed=1)
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "your first move")
        first = screen_text(app).splitlines()[0]
        assert " · move 1 from the position · " in first, first
        await pilot.press("1")
        await wait_for(pilot, lambda: human_to_move(app), "your next move")
        assert " · move 2 from the position · " in screen_text(app).splitlines()[0]
    saved = session.save(tmp_path / "late.json")  # the load picker and Continue say it too
    assert describe_record(saved) == "Monster Diner, 4 players, 1 move from a position"


async def test_the_status_line_leaves_out_a_part_that_does_not_fit_rather_than_cut_it():
    """At 80 columns a bot's turn from a position ended "... from the position · Monster …"."""
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    session = Session.from_position(DINER, late_diner_position(13, 20), seats, seed=1)
    app = CardcafeApp(session, pace=600, forced_beat=None)  # (the bots wait)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "your move")
        while human_to_move(app):
            await pilot.press("1")
        await pilot.pause()
        first = screen_text(app).splitlines()[0].strip()
        number = len(session.state.history) + 1
        assert first == f"Heuristic bot 2 to move · Placing cards · move {number} from the position"
