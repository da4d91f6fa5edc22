"""The table at 120x40 with each game's largest table: the log reads wide, under the board."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardcafe import games
from cardcafe.tui import seatbots
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.render.monster_diner import kind_of
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.table import BOARD_LEAST_WIDTH

from .conftest import screen_text, your_turn_drawn

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
        await your_turn_drawn(pilot, app)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        table = app.screen
        box, log = table.query_one("#board-box"), table.query_one("#log")
        assert log.region.x == box.region.x and log.region.y >= box.region.bottom
        assert log.region.width == box.region.width >= BOARD_LEAST_WIDTH, "as wide as the board"
        assert box.max_scroll_y == 0, "the board is whole in sight"
        latest = session.log_text(0)[-1]
        assert latest[:24] in screen_text(app).replace("\n", " ")


def late_diner(deck_left: int) -> dict:
    """A six-player Monster Diner played at random until `deck_left` cards are left, Player 1
    to move: six diners full of cards."""
    game = games.get("monster-diner")
    state = game.new(6, 11)
    rng = random.Random(1)
    while state.view(None)["deck_size"] > deck_left or state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_position()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_six_diners_late_in_the_game_fit_without_scrolling_my_place_away(size):
    # At 120x40 the board scrolled (my own diner out of sight): the rivals fold (their running
    # breakdowns go first, their totals stay), my own place stays whole.
    position = late_diner(deck_left=20)
    seats = ["human"] + ["heuristic"] * 5
    session = Session(Setup(games.get("monster-diner"), 6, seats, position=position))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=size) as pilot:
        await your_turn_drawn(pilot, app)
        text = whole_board_in_sight(app)
        mine = session.view(0)
        assert f"Player 1 (you)   {mine['scores'][0]} points" in text
        assert text.count("Scores so far") == 1, "mine only"  # (the rivals' folded away)
        assert "Put the " in text and not app.screen.query_one("#actions").has_class("-scrolls")


def heuristic_diner(deck_left: int) -> dict:
    """Six at Monster Diner, Player 1 putting each card on their own mat and five heuristic
    bots playing, until `deck_left` cards are left, Player 1 to move: a long diner of their own."""
    seats = ["human"] + ["heuristic"] * 5
    session = Session(Setup(games.get("monster-diner"), 6, seats, seed=7))
    while session.state.current_player != 0 or session.view(0)["deck_size"] > deck_left:
        if session.state.current_player == 0:
            session.play(session.legal_actions()[0])
        else:
            bot, world, seat, rng = session.bot_task()
            session.play(seatbots.choose(bot, world, seat, rng))
    return session.state.to_position()


async def test_six_diners_at_80x24_late_my_long_diner_leaves_every_rival_in_sight():
    # Move 100 of a game of six: my diner and its running breakdown took eight rows, and two
    # rivals were below the fold ("more below"). My breakdown goes (my total stays) before.
    seats = ["human"] + ["heuristic"] * 5
    position = heuristic_diner(deck_left=7)
    session = Session(Setup(games.get("monster-diner"), 6, seats, position=position))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        text = whole_board_in_sight(app)
        assert "Scores so far" not in text and "Player 1 (you)   25 points" in text
        assert not app.screen.query_one("#actions").has_class("-scrolls")


def played(game_id: str, players: int, moves: int) -> dict:
    """A truth position after `moves` random moves (and on to Player 1's turn)."""
    state = games.get(game_id).new(players, 11)
    rng = random.Random(1)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    while state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_position()


def whole_board_in_sight(app) -> str:
    """The board does not scroll and every player's name is on the screen: the screen's text."""
    table = app.screen
    assert table.query_one("#board-box").max_scroll_y == 0, "the board scrolls"
    text = screen_text(app)
    assert all(name in text for name in table.names())
    return text


async def test_five_monsters_coffee_players_at_80x24_fit_folded():
    # Mid-game at 80x24 the fifth player was below the fold ("more below"): the lines under
    # the players and an empty hand's line go, rivals' alike Front Line cards are one chip.
    seats = ["human"] + ["random"] * 4
    position = played("monsters-coffee", 5, 60)
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, position=position))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        text = whole_board_in_sight(app)
        assert "1. " in text  # (the moves too)


async def test_ten_players_at_80x24_sit_side_by_side_and_the_board_does_not_scroll():
    # A row each, the ten players of Monster Rejects pushed half the table below the fold at
    # 80x24 ("more below"); their short lines now sit in two columns, in seat order.
    seats = ["human"] + ["random"] * 9
    options = {"battle_pack": True}
    session = Session(Setup(games.get("monster-rejects"), 10, seats, options, seed=3))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        text = whole_board_in_sight(app)
        row = next(line for line in text.splitlines() if "Player 1 (you)" in line)
        assert "Random bot 6" in row, "the second column starts at the sixth seat"


async def test_six_diners_at_80x24_each_rival_row_says_points_and_what_they_collect_most():
    # Cut to one row each, the rivals' lines ended "diner  Bartender   Florist ×2   Ice Cr…":
    # what they collect most may be what got cut. Now: the points, the diner by kind, most
    # first, the mat if it holds cards, and how many of those did not fit. The rows the board
    # left blank under them (three at 80x24) go to the rivals that left the most out, a second
    # row each.
    position = late_diner(deck_left=20)
    seats = ["human"] + ["heuristic"] * 5
    session = Session(Setup(games.get("monster-diner"), 6, seats, position=position))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        assert app.screen.fold >= 3  # (a row each, or two)
        rows = whole_board_in_sight(app).splitlines()
        view, catalogue = session.view(0), session.catalogue
        box = app.screen.query_one("#board-box")
        drawn = rows[box.region.y : box.region.bottom]
        assert all(row.strip() for row in drawn), "no row of the board's is blank"
        longer = 0
        for seat, name in enumerate(app.screen.names()[1:], start=1):
            (at,) = [n for n, row in enumerate(rows) if row.lstrip(" ▶").startswith(f"{name}  ")]
            more = rows[at + 1].startswith(" " * 4)  # (a player's row starts at the third)
            row = rows[at] + (rows[at + 1] if more else "")
            longer += more
            assert not row.rstrip().endswith("…"), row
            assert f"{name}  {view['scores'][seat]} points · " in row
            diner = Counter(
                catalogue["cards"][kind_of(card, catalogue)]["name"]
                for card, n in view["diners"][seat].items()
                for _ in range(n)
            )
            (most, count), *_ = diner.most_common()
            assert f"{most} ×{count}" in row or (f"{most} " in row and count == 1), row
            items = len(diner) + bool(view["mats"][seat])  # (the mat after the diner)
            shown = sum(f"{kind} " in row for kind in diner) + (" · mat " in row)
            assert shown == items or row.rstrip().endswith(f"+{items - shown} more"), row
        assert longer, "a rival that left kinds out has a second row"


async def test_monsters_coffee_takes_of_alike_cards_keep_to_one_row_at_120x40():
    # "9. Take the Cakosaurus from Heuristic bot 3's Front Line (2" went on "alike)" under it:
    # the moves' column stopped where the board kept 56 columns. It may take 4 more.
    seats = ["human"] + ["heuristic"] * 4
    position = played("monsters-coffee", 5, 10)
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, position=position))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await your_turn_drawn(pilot, app)
        text = screen_text(app)
        takes = [offer.text for offer in app.screen.offers if "alike)" in offer.text]
        assert any("Heuristic bot" in take for take in takes)
        for take in takes:
            assert take in text, f"{take!r} is on one row"


async def test_the_card_details_give_a_row_to_the_board_before_it_scrolls():
    # Ten at Monster Rejects, 80x24, a pile with its Chaos cards beside it: the last row of
    # seats (Heuristic bots 5 and 10) was under the fold, with no cue, while the two card
    # details under the moves each had a row. Now one, ending "…" (`c` has every card).
    seats = ["human"] + ["heuristic"] * 9
    options = {"battle_pack": True}
    session = Session(Setup(games.get("monster-rejects"), 10, seats, options, seed=7))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        whole_board_in_sight(app)
        details = app.screen.query_one("#details").content.plain.splitlines()
        assert len(details) == 1 and details[0].endswith("…"), details
