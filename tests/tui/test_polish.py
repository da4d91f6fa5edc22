"""The table and the end of a game as a player sees them at 80x24 and 120x40 (a playtest's
faults): one clear breakdown at the end with every button in sight, status lines cut with "…"
with the news first, log lines that wrap to the width they have and are never cut off."""

from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import LogScreen
from cardcafe.tui.repeats import fold
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.summary import SummaryScreen

from .conftest import (
    first_move_key,
    human_to_move,
    key_for,
    played_out,
    screen_text,
    wait_for,
    your_turn_drawn,
)

pytestmark = pytest.mark.asyncio
SIZES = [(80, 24), (120, 40)]
BUTTONS = ["Replay (r)", "Play again (n)", "New setup (m)", "See the board (b)", "Quit (q)"]


def readable(log, texts: list[str], names: list[str]) -> None:
    """Every line of `texts` is on the log widget whole (wrapped, not cut) and inside the
    part of the widget that shows (not under its scrollbar); a run of alike lines told once."""
    width = log.scrollable_content_region.width
    shown = [strip.text.rstrip() for strip in log.lines]
    assert all(len(row) <= width for row in shown), "a line runs under the scrollbar"
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(fold(texts, names)).split())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["coffee-break", "monsters-coffee"])
async def test_the_end_shows_each_score_once_and_every_button(game, size):
    players = games.get(game).players.stop - 1  # the most seats: the most rows
    session = played_out(Session(Setup(games.get(game), players, ["random"] * players, seed=2)))
    app = CardcafeApp(session, pace=0)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        text = screen_text(app)
        assert all(f"{label}" in text for label in BUTTONS), text  # the whole row, in sight
        summary = app.screen
        view, names = summary.view, summary.names
        shown = app.plain_text(summary.query_one("#summary").content)
        assert shown.startswith("Winner")  # who won, first
        scores = shown.split(view["breakdown_title"], 1)[1]
        for name in names:
            assert scores.count(name) == 1  # one row per seat: no scores table besides
        rows = scores.splitlines()
        assert all(name in text for name in names)  # every seat's total in sight, unscrolled
        order = sorted(
            range(len(names)), key=lambda s: (s not in view["winners"], -view["scores"][s])
        )
        at = [next(n for n, row in enumerate(rows) if names[seat] in row) for seat in order]
        assert at == sorted(at)  # the winner first, then by score
        for seat in order:  # each seat's total beside its name, then how it was made
            row = rows[at[order.index(seat)]]
            assert row.split(names[seat], 1)[1].split()[:1] in (
                [f"{view['scores'][seat]:g}"],
                ["★"],
            )
            first = view["breakdown"][seat][0]["label"] if view["breakdown"][seat] else "nothing"
            assert first.split()[0] in rows[at[order.index(seat)] + 1]  # how, right under


def coffee_break_seed_3() -> tuple[Session, CardcafeApp]:
    """Coffee Break, seed 3, Ann against the heuristic bot: its first turn completes two orders."""
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=3))
    return session, CardcafeApp(session, pace=0, forced_beat=None)


async def play_to_after_the_bots_turn(pilot, app) -> None:
    """Ann lays three cards, completing the Iced Americano, and finishes; then the bot plays
    its turn: Ann's turn again."""
    lays = [
        f"Lay {card} under the Iced Americano" for card in ("an Espresso shot", "Hot water", "Ice")
    ]
    for move in [*lays, "Finish laying"]:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        await pilot.press(key_for(app, move))
    await wait_for(pilot, lambda: human_to_move(app), "the human's turn after the bot")


async def test_the_status_line_says_the_news_first_and_cuts_with_an_ellipsis():
    """At 80x24 after the bot's turn (it completes two orders, draws, two new orders show):
    the status says whose turn it is first, and the bot's completed order rather than the new
    order shown last; a line too long for 80 columns ends with "…" and where to read it whole."""
    session, app = coffee_break_seed_3()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_after_the_bots_turn(pilot, app)
        await pilot.pause()
        first, second = screen_text(app).splitlines()[:2]
        assert first.strip().startswith("Your turn · ")
        assert second.strip().startswith("Heuristic bot 2 completes the ")
        assert second.rstrip().endswith("… g: log") and len(second.rstrip()) <= 80
        said = second.strip().removesuffix("… g: log")  # (where it is read whole)
        whole = next(t for t in session.log_text(0) if t.startswith(said))
        assert len(whole) > 78  # it was cut because it is long, and the log has it whole


@pytest.mark.parametrize("game", ["coffee-break", "monster-diner"])
async def test_the_log_pane_wraps_every_line_to_its_width_at_120x40(game):
    """The log's column changes width with the longest move: its lines wrap again, so none
    is cut; the move list never scrolls while it has room."""
    session = Session(Setup(games.get(game), 2, ["human", "heuristic"], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(12):
            await wait_for(pilot, lambda: human_to_move(app) or session.state.is_over, "a turn")
            if session.state.is_over:
                break
            for _ in range(3):
                await pilot.pause()
            table = app.screen
            log = table.query_one("#log")
            readable(log, session.log_text(0), session.words_names())
            actions = table.query_one("#actions", OptionList)
            if actions.option_count <= 10:
                assert actions.max_scroll_y == 0, "the moves scroll with rows to spare"
            await pilot.press(first_move_key(app))


async def test_the_log_screen_shows_every_line_whole_at_80x24():
    session, app = coffee_break_seed_3()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_after_the_bots_turn(pilot, app)
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        await pilot.pause()
        assert "Coffee Break: the game so far" in screen_text(app).splitlines()[0]  # its name
        log = app.screen.query_one("#log-lines")
        assert log.max_scroll_y > 0  # more lines than rows: the scrollbar shows
        readable(log, session.log_text(0), session.words_names())


async def test_the_card_details_at_80x24_are_one_row_a_card_cut_with_an_ellipsis():
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        await pilot.pause()
        details = app.plain_text(app.screen.query_one("#details").content).splitlines()
        cards = session.catalogue["cards"]
        texts = {f"{c['name']}: {c['text']}" for c in cards.values()}
        assert len(details) == 2  # the Espresso shot and the Iced Americano: a row each
        for row in details:
            assert len(row) <= 78
            assert row in texts or (
                row.endswith("…") and any(t.startswith(row[:-1]) for t in texts)
            )
        assert any(row.endswith("…") for row in details)  # the Iced Americano's is long


async def test_a_choice_from_a_move_list_gone_by_is_dropped_not_a_crash():
    """Enter pressed twice quickly: the second choice arrives after the table moved on (the
    bot's turn, an empty list, or the next decision's list). It used to end the app with an
    IndexError; it is dropped, and no move is played for it."""
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        actions = table.query_one("#actions", OptionList)
        stale = actions.get_option_at_index(0)
        await pilot.press(first_move_key(app))
        await wait_for(pilot, lambda: human_to_move(app), "the next decision")
        moves = len(session.state.history)
        table.choices = []  # as while a bot thinks
        actions.post_message(OptionList.OptionSelected(actions, stale, 5))
        await pilot.pause()
        table.advance()
        await wait_for(pilot, lambda: human_to_move(app), "the decision again")
        actions.post_message(OptionList.OptionSelected(actions, stale, 0))  # a list gone by
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and len(session.state.history) == moves


async def test_the_card_details_at_80x24_say_when_a_card_is_left_out():
    """A move naming three cards ("Lay a Joker as Chocolate under the Iced Café Mocha") has
    two rows of details at 80x24: the second ends with "…" (it was cut off silently); at
    every decision the details are about the highlighted first move's cards."""
    from cardcafe.tui.details import cards_named

    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=11))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
            await pilot.pause()
            table = app.screen
            label = session.label(table.choices[table.order[0]])
            named = [name for name, _ in cards_named(label, session.catalogue)]
            details = table.query_one("#details").content.plain.splitlines()
            assert [row.split(": ")[0] for row in details] == named[:2]
            if len(named) > 2:
                assert details[-1].endswith("…")
                break
            await pilot.press(first_move_key(app))
        else:
            raise AssertionError("no move named three cards")


async def test_a_replays_footer_fits_80_columns_and_says_what_space_does():
    session = Session(Setup(games.get("coffee-break"), 2, ["random", "random"], seed=11))
    app = CardcafeApp(session, pace=0, forced_beat=None, replay_pace=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.press("r")
        await wait_for(pilot, lambda: "space Pause" in screen_text(app), "the replay's footer")
        footer = screen_text(app).splitlines()[-1]
        for key in ("c Cards", "g Log", "? How to play", "space Pause", "esc Summary", "q Quit"):
            assert key in footer  # whole: the row used to be cut at "esc Back to the su"
        await pilot.press("space")
        await wait_for(pilot, lambda: "space Play " in screen_text(app), "Space now plays on")
        table = app.screen
        moves = len(table.session.state.history)
        await pilot.press("right")
        await pilot.pause()
        assert len(table.session.state.history) == moves + 1  # → still steps


def told_in_order(rows: list[str], news: list[str]) -> bool:
    """Are the status' news `rows` (a row cut short ends "… g: log") lines of `news`, in
    their order?"""
    at = [-1]
    for row in rows:
        head = row.split("…")[0].strip()
        later = [n for n, line in enumerate(news) if n > at[-1] and line.startswith(head)]
        if not later:
            return False
        at.append(later[0])
    return True


async def test_before_the_first_move_the_status_tells_the_setup():
    """Before anyone has moved, the news is the game's setup ("Round 1: each player draws 10
    cards…"), not a bot's "draws 10 cards" that happened to come last."""
    session = Session(
        Setup(games.get("monsters-coffee"), 3, ["human", "heuristic", "heuristic"], seed=4)
    )
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        await pilot.pause()
        table = app.screen
        rows = table.query_one("#status").content.plain.splitlines()[1:]
        assert any(row.startswith("Round 1: each player draws 10 cards") for row in rows), rows
        assert told_in_order(rows, table.news())  # all of it in sight: as it happened


async def test_a_round_end_pause_says_the_round_not_a_draw():
    """Monster's Coffee at 80x24: while the round's breakdown shows, the status under it says
    what the round came to (its end or the next round's deal), not a bot's "draws 10 cards",
    and the viewer's own seat to move next reads "Your turn next", not "Player 1 (you) to
    move"."""
    from cardcafe.tui.details import BreakdownScreen

    session = Session(
        Setup(games.get("monsters-coffee"), 3, ["human", "heuristic", "heuristic"], seed=4)
    )
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, BreakdownScreen):
            await wait_for(
                pilot,
                lambda: human_to_move(app) or isinstance(app.screen, BreakdownScreen),
                "a turn or the round's end",
            )
            if human_to_move(app):
                await pilot.press("enter")
        table = next(s for s in app.screen_stack if s.__class__.__name__ == "TableScreen")
        await pilot.pause()
        first, *rows = table.query_one("#status").content.plain.splitlines()
        assert any(row.startswith(("End of round 1", "Round 2")) for row in rows), rows
        assert told_in_order(rows, table.news())  # the latest, the round's end among them
        if session.state.current_player == 0:
            assert first.startswith("Your turn next")


@pytest.mark.parametrize(
    ("game", "unit"), [("monsters-coffee", "Coffee"), ("monster-diner", "points")]
)
async def test_a_breakdowns_total_says_the_games_unit(game, unit):
    """The breakdown's parts are bare numbers ("Rex majority  3"): the total under them says
    what they count, in the game's own unit (Monster's Coffee counts Coffee, 000: "the player
    who has the most Coffee tokens wins")."""
    import random

    from rich.console import Console

    from cardcafe.tui.details import breakdown

    state = games.get(game).new(2, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0, ["Ann", "Bob"])
    console = Console(width=80, record=True)
    console.print(breakdown(view, ["Ann", "Bob"]))
    text = " ".join(console.export_text().split())
    totals = re.findall(r"Total (-?[\d.]+)( \w+)?", text)
    assert len(totals) == 2 and all(word == f" {unit}" for _, word in totals), totals


async def test_at_80x24_rows_the_board_leaves_blank_tell_more_of_the_news():
    """Monster Rejects, five players, at 80x24: one news line could not say both that a card
    was taken from your hand and what came after, with rows blank under the board. Rows to
    spare now show the latest lines since your last move under the fullest one."""
    game = games.get("monster-rejects")
    seats = ["human"] + ["heuristic"] * 4
    session = Session(Setup(game, 5, seats, seed=7, options={"battle_pack": True}))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        table = app.screen
        rows = [row.strip() for row in table.query_one("#status").content.plain.splitlines()]
        log = session.log_text(0)
        assert len(rows) > 2 and rows[0].startswith("Your turn")
        assert rows[1].startswith("To choose who goes first")  # the fullest line first
        assert rows[2:] == log[-len(rows[2:]) :]  # then the latest, in their order
        text = screen_text(app)
        assert text.index(log[-1]) < text.index("in the deck")  # above the board, in sight
        assert "more below" not in text and "more moves" not in text  # nothing pushed away


def test_the_news_in_few_rows_keeps_its_order_and_its_fullest_line():
    from cardcafe.tui.table import news_in

    played = "Heuristic bot 2 plays Smuggle A Mexican."
    smuggled = "Heuristic bot 2 smuggles a card face down."
    lines = ["You pass.", played, smuggled, "Bot 2 plays the 8.", "Bot 3 plays the 8."]
    # The fullest line among the latest: the latest, as they happened (it was put first,
    # above the Smuggle A Mexican that it follows).
    assert news_in(lines, 4) == lines[1:]
    assert news_in(lines, 9) == lines
    # The fullest line older than the rows hold: it first, then the latest.
    assert news_in(lines, 2) == [smuggled, "Bot 3 plays the 8."]
    assert news_in(lines, 1) == [smuggled]
    assert news_in([], 3) == [] and news_in(lines, 0) == []
