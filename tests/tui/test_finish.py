"""A playtest's last faults, as a player sees them at 80x24 and 120x40: the hint in a player's
words, the session's tally in the table's seat names, a big table's end screen with every total
and button in sight, and the wide layout's card details cut with "…" (or whole)."""

from __future__ import annotations

import random
import re

import pytest

from cardcafe import games
from cardcafe.tui import seatbots
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.seatbots import Hint
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen

from .conftest import human_to_move, screen_text, wait_for

SIZES = [(80, 24), (120, 40)]
BUTTONS = ["Replay (r)", "Play again (n)", "New setup (m)", "See the board (b)", "Quit (q)"]
JARGON = re.compile(r"confidence|visit|search|playout|%|\d+ of \d+", re.IGNORECASE)
SURENESS = re.compile(
    r" \((the bot is sure of it|the bot is fairly sure|a close call with “(?P<other>.+)”"
    r"|the bot leans this way, but it is far from sure|your only move)\)$"
)


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


# -- the hint ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.asyncio
async def test_the_hint_says_the_move_and_how_sure_the_bot_is_without_search_jargon(size):
    """Coffee Break, seed 3 (the playtest's table): `h` used to say "(confidence 18%): 232 of
    1318 search visits"; it says the move as the list shows it, and how sure the bot is."""
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=3))
    app = CardcafeApp(session, pace=0, hint_budget=0.2, forced_beat=None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: table.hint_text not in ("", "thinking…"), "the hint")
        text = table.hint_text
        assert not JARGON.search(text), text
        moves = [table.option_text(i) for i in range(len(table.choices))]
        sure = SURENESS.search(text)
        assert sure, text
        assert text[: sure.start()] in moves  # the move first, with its key
        if sure.group("other"):
            assert sure.group("other") in moves  # the other move is one of the player's own
        await wait_for(pilot, lambda: len(app._notifications) > 0, "the toast")
        await pilot.pause()
        toast = [n.message for n in app._notifications]
        assert toast == [f"Hint: {text}"]
        status = screen_text(app).splitlines()[1].strip()
        tail = sure.group(0)
        if len(f"Hint: {text}") <= size[0] - 2:
            assert status == f"Hint: {text}"
        elif len(f"Hint: {tail}") + 12 <= size[0] - 2:  # the move is cut, how sure is kept
            move = status.removeprefix("Hint: ").removesuffix(tail)
            assert status.endswith(tail) and move.endswith("…") and text.startswith(move[:-1])
        else:
            assert status.endswith("…") and f"Hint: {text}".startswith(status[:-1])


def test_the_hint_words_come_from_the_search_numbers():
    """The move's share of the search and the next best's, in words."""
    words = {"a": "1. Lay Ice", "b": "2. Lay Milk", "c": "3. Lay Caramel"}
    label = words.__getitem__

    def said(share: float, **others: float) -> str:
        return Hint("a", share, {"a": share, **others}).describe(label)

    assert said(0.8, b=0.1, c=0.1) == "1. Lay Ice (the bot is sure of it)"
    assert said(0.45, b=0.3, c=0.25) == "1. Lay Ice (the bot is fairly sure)"
    assert said(0.25, b=0.22, c=0.1) == "1. Lay Ice (a close call with “2. Lay Milk”)"
    assert said(0.45, b=0.1, c=0.4) == "1. Lay Ice (a close call with “3. Lay Caramel”)"
    far = "1. Lay Ice (the bot leans this way, but it is far from sure)"
    assert said(0.18, b=0.06, c=0.06) == far
    assert Hint("a", 1.0, only=True).describe(label) == "1. Lay Ice (your only move)"
    assert Hint("a", None).describe(label) == "1. Lay Ice (the bot's pick)"
    assert Hint("a", 0.3).describe(label) == far  # (no shares: the move's own only)


def test_copies_of_one_card_are_one_move_to_the_hint():
    """Monster's Coffee, a hand with three Rex: the search splits its visits between "the
    first Rex" and "the second Rex"; the hint said "a close call with 5. Put the second Rex"
    of "4. Put the first Rex", one and the same move to a player. The moves are worded as the
    list offers them (`State.offers`: the copies one move, one key), so they count as one."""
    rex = "3. Put the Rex of your hand face down in your Rear Line"
    words = {"a": rex, "b": rex, "c": rex, "d": "1. Put the Bliblop of your hand face down"}
    label = words.__getitem__
    shares = {"a": 0.25, "b": 0.24, "c": 0.21, "d": 0.3}  # a Rex: 0.7
    assert Hint("a", 0.25, shares).describe(label) == f"{rex} (the bot is sure of it)"
    only_rex = {"a": 0.34, "b": 0.33, "c": 0.33}
    assert Hint("a", 0.34, only_rex).describe(label) == f"{rex} (the bot is sure of it)"
    bliblop = {"d": 0.4, "a": 0.2, "b": 0.25, "c": 0.15}  # the other move is the Rex
    said = Hint("d", 0.4, bliblop).describe(label)
    assert said == f"{words['d']} (a close call with “{rex}”)"


def test_two_orders_alike_but_for_their_cards_are_two_moves_to_the_hint():
    """Coffee Break: "the first Café Latte" and "the second Café Latte", with other cards under
    them, are two moves (two offers); the hint stripped "first" and "second" from every label,
    counted them as one and said "sure" of a close call."""
    words = {
        "a": "1. Lay Milk under the first Café Latte",
        "b": "2. Lay Milk under the second Café Latte",
    }
    said = Hint("a", 0.5, {"a": 0.5, "b": 0.45, "c": 0.05}).describe(
        lambda move: words.get(move, "3. Finish laying")
    )
    assert said == f"{words['a']} (a close call with “{words['b']}”)"


def test_the_search_bots_answer_gives_every_moves_share():
    from cardcafe.bots.hint import Hint as SearchHint

    state = games.get("coffee-break").new(2, seed=3)
    first, second, third = state.legal_actions()[:3]
    hint = seatbots._as_hint(SearchHint(first, 0.5, {first: 50, second: 30, third: 20}))
    assert (hint.action, hint.confidence) == (first, 0.5)
    assert hint.shares == pytest.approx({first: 0.5, second: 0.3, third: 0.2})
    only = seatbots._as_hint(SearchHint(first, 1.0, {first: 0}))
    assert only.only and only.action == first


# -- the session's tally -----------------------------------------------------------------


def finished(seed: int) -> Session:
    """Coffee Break played to its end by random moves, won by the human in seat 1."""
    for tries in range(200):
        session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=seed))
        rng = random.Random(seed * 1000 + tries)
        while not session.state.is_over:
            session.play(rng.choice(session.legal_actions()))
        if session.state.winners() == [0]:
            return session
    raise AssertionError("no game won by the human")


@pytest.mark.asyncio
async def test_the_session_tally_names_seats_as_the_table_does():
    """After the second game the tally said "Player 1 won 1": the table and the end screen
    call that seat "Player 1 (you)". And it named only the seats that won: a seat that won
    nothing is there too, with 0."""
    app = CardcafeApp(finished(1), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the 1st summary")
        app.start_session(finished(2))
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SummaryScreen) and app.games_played == 2,
            "the 2nd summary",
        )
        await pilot.pause()
        you = app.screen.names[0]
        assert you == "Player 1 (you)"
        text = screen_text(app)
        bot = app.screen.names[1]
        assert f"This session (2 games): {you} won 2, {bot} won 0" in text
        assert "Player 1 won" not in text


# -- a big table's end -------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [6, 10])
@pytest.mark.asyncio
async def test_a_big_tables_end_keeps_the_winner_every_total_and_the_buttons_in_sight(
    players, size
):
    """Monster Rejects, you and random bots, played to a tie for the win (its tie rule is
    shown), after earlier games (a tally line): at 80x24 six seats used to scroll, the last
    totals out of sight. The details fold ("…") so that nothing needed scrolls."""
    game = games.get("monster-rejects")
    session = Session(Setup(game, players, ["human"] + ["random"] * (players - 1), seed=4))
    rng = random.Random(4)
    while not session.state.is_over:
        session.play(rng.choice(session.legal_actions()))
    app = CardcafeApp(session, pace=0)
    app.games_played = 2  # (this is the third game of the session)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        summary = app.screen
        rows = screen_text(app).splitlines()
        assert rows[2].strip().startswith("Winner")
        assert any(row.strip().startswith("This session (3 games)") for row in rows)
        for seat, name in enumerate(summary.names):
            row = next(row for row in rows if row.strip().startswith(name + " "))
            total = f"{summary.view['scores'][seat]:g}"
            assert total in row.split(name, 1)[1].replace("★ winner", "").split()[:1]
        assert all(button in rows[-2] for button in BUTTONS)
        assert all(len(row.rstrip()) <= size[0] for row in rows)
        assert summary.query_one("VerticalScroll").max_scroll_y == 0  # nothing hides below
        cut = [row.rstrip() for row in rows if row.rstrip().endswith("…")]
        if size == (120, 40) and players == 6:
            assert not cut  # room enough: nothing folds
            assert words(summary.lines[-1]) in words("\n".join(rows))  # the tie rule, whole


# -- the wide layout's card details ------------------------------------------------------


def details_on_screen(app) -> list[str]:
    """The rows the card details pane shows (cropped from the screen)."""
    region = app.screen.query_one("#details").content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    shown = [row[region.x : region.right].rstrip() for row in rows]
    while shown and not shown[-1]:
        shown.pop()  # (80x24: two rows, one card)
    return shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    ("game", "card"), [("monsters-coffee", "Cakosaurus"), ("monster-rejects", "Crown of")]
)
@pytest.mark.asyncio
async def test_card_details_are_whole_or_end_with_an_ellipsis(game, card, size):
    """Every first decision's moves: the details pane shows what the cards named do, whole
    (wrapped) or cut with "…"; at 120x40 a long card's text (Cakosaurus, a Crown) was cut at
    the pane's last row without a word."""
    from cardcafe.tui.details import cards_named

    session = Session(Setup(games.get(game), 2, ["human", "random"], seed=1))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        seen = False
        for index in table.order:
            table.show_details(table.choices[index])
            await pilot.pause()
            named = cards_named(session.label(table.choices[index]), session.catalogue)
            whole = words(" ".join(f"{name}: {text}" for name, text in named))
            shown = details_on_screen(app)
            if size == (80, 24):  # a card a row
                for row, (name, text) in zip(shown, named, strict=False):
                    full = f"{name}: {text}"
                    assert row == full or (row.endswith("…") and full.startswith(row[:-1]))
            elif words(" ".join(shown)) != whole:  # wrapped, and cut where the pane ends
                assert shown[-1].endswith("…"), shown
                assert whole.startswith(words(" ".join(shown))[:-1].rstrip())
            seen = seen or any(name.startswith(card) for name, _ in named)
        assert seen, f"no move named {card}"


# -- moves too long for the width --------------------------------------------------------


@pytest.mark.asyncio
async def test_a_move_that_wraps_gets_its_rows_before_the_board_gets_spare_ones():
    """Monster's Coffee at 80x24, a whole game by Enter (the first move each time): "1. Swap the
    first Snorkel of your Front Line with the Skeeter of your Rear Line" takes two rows; the
    list was given one row a move, scrolled ("more moves") with the move cut in half, while
    the board had empty rows under it."""
    session = Session(Setup(games.get("monsters-coffee"), 3, ["human"] + ["heuristic"] * 2, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    wrapped = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(14):  # (a move wraps at Ann's 6th turn, another at her 10th)
            await wait_for(
                pilot,
                lambda: human_to_move(app) or not isinstance(app.screen, TableScreen),
                "a turn",
            )
            if not isinstance(app.screen, TableScreen):  # a round's end: on
                if isinstance(app.screen, SummaryScreen):
                    break
                await pilot.press("enter")
                continue
            for _ in range(3):
                await pilot.pause()
            table = app.screen
            box, actions = table.query_one("#board-box"), table.query_one("#actions")
            spare = box.scrollable_content_region.height - table.query_one("#board").size.height
            assert not (actions.max_scroll_y > 0 and spare > 0), "moves cut, board rows empty"
            wrapped += any(len(table.option_text(i)) > 78 for i in range(len(table.choices)))
            await pilot.press("enter")
    assert wrapped  # (a move did wrap)


# -- Monster's Coffee's score ------------------------------------------------------------


@pytest.mark.asyncio
async def test_monsters_coffee_players_score_coffee_not_points():
    """The rulebook's score is Coffee tokens (the cards say "wins 2 Coffee"): each player's
    line said "0 points"."""
    session = Session(Setup(games.get("monsters-coffee"), 3, ["human"] + ["heuristic"] * 2, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        board = app.screen.board_text
        for name in app.screen.names():
            line = next(row for row in board.splitlines() if name in row)
            assert re.search(rf"{re.escape(name)}\s+0 Coffee · ", line), line
        assert "point" not in board


# -- a lone move playing itself ----------------------------------------------------------


def lone_move_table() -> tuple[Session, CardcafeApp]:
    """Monster Rejects, you and two heuristic bots, seed 7: within a few moves "No Realm card of
    yours can follow…: draw a card" is your only move (it plays itself after 30 s)."""
    game = games.get("monster-rejects")
    session = Session(Setup(game, 3, ["human", "heuristic", "heuristic"], seed=7))
    return session, CardcafeApp(session, pace=0, forced_beat=30)


async def to_a_lone_move(pilot, app) -> None:
    for _ in range(60):
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        if len(app.screen.choices) == 1:
            return
        await pilot.press("enter")
    raise AssertionError("no lone move")


@pytest.mark.asyncio
async def test_a_lone_move_playing_itself_is_not_called_a_hint():
    """The status said "Hint: only one move: playing it…", though nobody asked for a hint."""
    _, app = lone_move_table()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_a_lone_move(pilot, app)
        await pilot.pause()
        second = screen_text(app).splitlines()[1].strip()
        assert second == "Only one move: playing it…"
        assert not app.screen.hint_text


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_hints_toast_goes_when_its_decision_does(size):
    """`h` while the lone move waits to play itself: the toast "Hint: 1. Draw a card (your
    only move)" stayed up for 8 seconds after the move, over the next decision's list."""
    session, app = lone_move_table()
    async with app.run_test(size=size) as pilot:
        await to_a_lone_move(pilot, app)
        table = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: table.hint_text not in ("", "thinking…"), "the hint")
        await wait_for(pilot, lambda: len(app._notifications) > 0, "the toast")
        assert [n.message for n in app._notifications] == [f"Hint: {table.hint_text}"]
        status = screen_text(app).splitlines()[1].strip()
        assert status.endswith("(your only move)")
        moves = len(session.state.history)
        await pilot.press("1")
        await wait_for(pilot, lambda: len(session.state.history) > moves, "the move")
        await pilot.pause()
        assert not any("Hint" in n.message for n in app._notifications)
        assert "Hint: " not in screen_text(app)  # (the footer offers "h Hint")


@pytest.mark.asyncio
async def test_a_long_hint_keeps_how_sure_the_bot_is_in_sight_at_80x24():
    """Monster's Coffee's moves are long ("1. Put the first Bliblop of your hand face down in
    your Rear Line"): the status line cut the hint before it said how sure the bot was."""
    session = Session(Setup(games.get("monsters-coffee"), 3, ["human"] + ["heuristic"] * 2, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        first, other = table.choices[table.order[0]], table.choices[table.order[-1]]
        found = Hint(first, 0.7, {first: 0.7, other: 0.3})
        table.hint_found((table.generation, len(session.state.history)), found)
        await pilot.pause()
        status = screen_text(app).splitlines()[1].rstrip()
        assert status.endswith("… (the bot is sure of it)") and len(status) <= 79
        move = status.strip().removeprefix("Hint: ").removesuffix("… (the bot is sure of it)")
        assert table.option_text(table.order[0]).startswith(move) and move.startswith("1. Put")
