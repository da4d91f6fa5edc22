"""A newcomer's playtest of the terminal app, at 80x24 and 120x40: what read wrong to a
player who had never seen the games, each checked on the screen it was seen on."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Select

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import cards_in_view
from cardcafe.tui.render import render
from cardcafe.tui.seatbots import Hint
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.summary import FOLDED_CUE, WHOLE_CUE, SummaryScreen, how_text, outcome

from .conftest import human_to_move, screen_text, wait_for, your_turn_drawn

ORDINAL = re.compile(r"\b(first|second|third|fourth)\b")


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.asyncio
async def test_copies_of_a_card_in_hand_are_one_move_that_plays_one_copy():
    """Monster's Coffee, seed 5: a hand of a Bliblop, 2 Cakosaurus, 3 Rex, 2 Skeeters and 2
    Snorkels listed ten moves ("the first Rex", "the second Rex", "the third Rex"...) for five
    cards; in a hand, copies are the same card: one move each, saying how many you hold."""
    session = Session(Setup(games.get("monsters-coffee"), 3, ["human"] + ["heuristic"] * 2, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen
        moves = [table.option_text(i) for i in table.order]
        assert len(moves) == 5 and not any(ORDINAL.search(m) for m in moves), moves
        rex = "Put the Rex of your hand face down in your Rear Line (you hold 3)"
        key = next(m for m in moves if m.endswith(rex))[0]
        assert f"{key}. {rex}" in screen_text(app)
        # The hint names the move as listed (less the count), whichever copy the bot picked.
        hand = session.view(0)["hands"][0]
        third_rex = session.legal_actions()[hand.index("rex") + 2]
        assert hand[third_rex.slot] == "rex" and third_rex not in table.choices
        named = f"{key}. {rex.removesuffix(' (you hold 3)')}"
        assert table.keyed_label(third_rex) == named
        table.hint_found((table.generation, 0), Hint(third_rex, 0.9, {third_rex: 0.9}))
        assert table.hint_text == f"{named} (the bot is sure of it)"
        await pilot.press(key)  # one Rex goes face down; the move stays, with one copy fewer
        await wait_for(pilot, lambda: len(session.state.history) == 1, "the move")
        assert sorted(session.view(0)["hands"][0]).count("rex") == 2
        await wait_for(pilot, lambda: human_to_move(app), "the human's next choice")
        assert table.option_text(table.move_keys.index(key)).endswith("(you hold 2)")


def test_a_monsters_coffee_tie_is_told_in_coffee_with_the_rulebooks_tie_rule():
    """Monster's Coffee, a tie on 14 broken: the end screen said "Tied on 14 points" (the
    rulebook's unit is Coffee) and gave as the tie rule a passage of the rules page written for
    programmers ("`roundtwo`, the Coffee won during round two ... seats from 0")."""
    names = ["Player 1 (you)", "Heuristic bot 2", "Heuristic bot 3"]
    view = {"game": "monsters-coffee", "scores": [9, 14, 14], "winners": [1]}
    lines = outcome(view, names, games.get("monsters-coffee"))
    assert lines[1] == "Tied on 14 Coffee: Heuristic bot 2, Heuristic bot 3; the tie was broken."
    # 000: "In the event of a tie, the player who won the most Coffee tokens during the second
    # round wins (Cookie tokens and Mummy tokens not included)."
    assert lines[2].startswith('Tie rule: "In the event of a tie, the player who won the most')
    assert "Coffee tokens during the second round wins" in lines[2]
    assert "`" not in lines[2] and "from 0" not in lines[2]


@pytest.mark.asyncio
async def test_a_folded_end_screen_shows_its_lines_whole_and_an_enter_starts_no_game():
    """Monster's Coffee at 80x24: the end screen folded each seat's breakdown to a row ("Round
    1 +2 · Round 2: Bliblop majority +8 · Cookie bonus (most Cookie t…") with four rows to
    spare and no way to read the rest; it folds the lines over the scores first, and `f` shows
    every line whole (it scrolls), as the last row says. And the
    Enter pressed for the last move went to the focused "Play again": the end screen was gone
    before it was read."""
    session = Session(Setup(games.get("monsters-coffee"), 4, ["human"] + ["heuristic"] * 3, seed=2))
    rng = random.Random(2)
    while not session.state.is_over:
        session.play(rng.choice(session.legal_actions()))
    app = CardcafeApp(session, pace=0)
    app.games_played = 2  # (the third game of the session: a tally line too)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        summary = app.screen
        folded = screen_text(app)
        assert "…" in folded and FOLDED_CUE in folded
        # What folds first is the lines over the scores (the tie rule, the tally): every seat's
        # breakdown fits whole here (it was cut to a row, with rows to spare).
        for parts in summary.view["breakdown"]:
            assert words(how_text(parts).plain) in words(folded)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is summary and app.games_played == 3
        await pilot.press("f")
        await pilot.pause()
        whole = words(app.plain_text(summary.body(*app.size)))
        assert "…" not in whole and WHOLE_CUE in whole
        for line in summary.lines:
            assert words(line) in whole
        for parts in summary.view["breakdown"]:
            assert words(how_text(parts).plain) in whole
        assert WHOLE_CUE in screen_text(app) or summary.query_one(VerticalScroll).max_scroll_y
        await pilot.press("f")
        await pilot.pause()
        assert FOLDED_CUE in screen_text(app)


@pytest.mark.asyncio
async def test_the_start_screens_option_help_wraps_at_80_columns():
    """Monster's Coffee's options at 80x24: each help line ran off the screen ("A coffee of
    the Menu: it picks the five monster fa"); it wraps under its option."""
    app = CardcafeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.screen
        start.query_one("#game", Select).value = "monsters-coffee"
        await pilot.pause()
        await pilot.pause()
        helps = list(start.query("Label.help"))
        assert len(helps) >= 4
        room = start.query_one("#options").content_region.right
        for label in helps:
            assert label.region.right <= room, (label.region, str(label.render()))
        assert any(label.region.height > 1 for label in helps)  # a long one wraps


def test_your_rear_line_says_which_of_your_cards_were_revealed():
    """Monster's Coffee, seed 1: a Rex swap revealed the middle Cakosaurus of your Rear Line
    (000: "Both cards are revealed"), and everyone sees it on their board; yours said "Skeeter
    Cakosaurus Cakosaurus (face down: only you see them)", as if nobody knew any of them."""
    state = games.get("monsters-coffee").new(3, seed=1)
    rng = random.Random(1)
    while not any(slot["revealed"] for slot in state.view(0)["rear"][0]):
        state.apply(rng.choice(state.legal_actions()))
    rear = state.view(0)["rear"][0]
    assert [(s["card"], s["revealed"]) for s in rear] == [
        ("skeeter", False),
        ("cakosaurus", True),
        ("cakosaurus", False),
    ]
    names = ["Player 1 (you)", "Random bot 2", "Random bot 3"]
    board = words(CardcafeApp().plain_text(render(state.view(0), names, state.catalogue)))
    mine = board.split("Rear Line", 1)[1].split("Random bot 2", 1)[0].rstrip(" ▶")
    assert mine.strip() == (
        "Skeeter Cakosaurus revealed Cakosaurus (the rest face down: only you see them)"
    )
    theirs = words(CardcafeApp().plain_text(render(state.view(1), names, state.catalogue)))
    assert "Rear Line Cakosaurus 2 face down" in theirs  # what the others see of it


def test_the_cards_on_the_table_are_the_families_in_play():
    """Monster's Coffee with the Latte Newbie (no Mummy): `c` listed the Mummy among "Cards on
    the table", found in the view's Mummy tokens (the supply's "mummy", every Front Line slot's
    "mummy" field); it is listed when its family is in play."""
    game = games.get("monsters-coffee")
    for options, mummy in (({}, False), ({"menu": "prissato"}, True)):
        state = game.new(3, seed=2, **options)
        rng = random.Random(2)
        for _ in range(20):  # (Front Lines laid out)
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(0)
        assert view["front"][0] and "mummy" in view["front"][0][0]
        shown = cards_in_view(view, state.catalogue)
        assert {card.split(":")[0] for card in shown} == set(view["families"])  # (skyzoclop:2)
        assert ("mummy" in shown) is mummy


@pytest.mark.asyncio
async def test_a_move_that_wraps_continues_under_its_words_not_under_the_keys():
    """Monster's Coffee at 80x24, Rex's second choice: "1. Swap the first Cakosaurus of your
    Front Line with the Bliblop of your Rear" went on with "Line" under the "1.", breaking
    the column of keys."""
    session = Session(Setup(games.get("monsters-coffee"), 3, ["human"] + ["heuristic"] * 2, seed=5))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        # Two Rex and a Bliblop face down; take the Rex; swap the Bliblop (the two Rex of the
        # Rear Line are one move, "2", the Bliblop the second)
        for key in "33122":
            await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
            moves = len(session.state.history)
            await pilot.press(key)
            await wait_for(
                pilot, lambda moves=moves: len(session.state.history) > moves, "the move"
            )
        await wait_for(pilot, lambda: human_to_move(app), "Rex's Front Line choice")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        first = next(n for n, row in enumerate(rows) if row.startswith("1. Swap"))
        # (the two Cakosaurus of the line are one move: "... (2 alike)")
        assert rows[first].rstrip().endswith("with the Bliblop of your Rear Line")
        assert rows[first + 1].rstrip() == "   (2 alike)"


def test_the_supply_shows_the_tokens_of_the_families_in_play():
    """Monster's Coffee with the Latte Newbie: "Left in the supply: Cookie tokens 12, Whipped
    Cream tokens 8, Droppings tokens 8, Mummy tokens 24" (two rows at 80 columns), though no
    Poopy or Mummy is in play. 000: "Certain Monsters need particular tokens. Put these within
    easy reach of everyone"."""
    game = games.get("monsters-coffee")
    names = ["Player 1 (you)", "Random bot 2", "Random bot 3"]
    for options, shown in (
        ({}, "Left in the supply: Cookie tokens 12, Whipped Cream tokens 8"),
        ({"menu": "prissato"}, "Left in the supply: Mummy tokens 24"),
    ):
        state = game.new(3, seed=2, **options)
        board = CardcafeApp().plain_text(render(state.view(0), names, state.catalogue))
        assert words(board.split("Left in the supply:", 1)[1]) == shown.split(": ", 1)[1]


@pytest.mark.asyncio
async def test_the_start_screen_words_its_seats_and_keeps_quit_in_the_footer():
    """The seats offered "human", "heuristic" and the search bot's spec "ismcts:seconds=1";
    at 80x24 the footer left out "^q Quit" (the app's hidden ctrl+q took the key)."""
    app = CardcafeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seat = app.screen.query_one("#seat-1", Select)
        labels = [str(label) for label, _ in seat._options if str(label)]
        assert {"A person at this keyboard", "Search bot (thinks 1 s a move)"} <= set(labels)
        assert not any(":" in label or label.islower() for label in labels), labels
        # The footer is drawn after the first refresh, later on a loaded machine (CI once).
        await wait_for(pilot, lambda: "^s Start" in screen_text(app), "the start screen's footer")
        footer = [line for line in screen_text(app).splitlines() if "^s Start" in line]
        assert "^q Quit" in footer[0], footer
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code in (0, None)


def test_copies_alike_in_a_front_line_are_one_move_and_a_bare_one_says_so():
    """Monster's Coffee, five players, Grando Monstro: a take listed "the first Priss", "the
    second Priss" of one line with nothing to tell them apart, and "the first Snout (with a
    Coffee token)" beside "the second Snout" with nothing said of the second. Copies alike are
    one move; copies with other tokens stay apart, and a bare one says so."""
    seats = ["human"] + ["heuristic"] * 4
    options = {"menu": "grando-monstro"}
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, seed=11, options=options))
    game, rng, takes = session.game, random.Random(1), 0
    while True:
        state = session.state
        if state.current_player == 0 and state.phase == "take":
            takes += 1
            if takes == 2:  # (the first take has no bare copy yet)
                break
        human = state.current_player == 0
        session.play(state.legal_actions()[0] if human else game.heuristic_action(state, rng))
    legal = session.legal_actions()
    listed = session.offers()
    texts = [offer.text for offer in listed]
    offered = sorted(legal.index(a) for offer in listed for a in offer.actions)
    assert offered == list(range(len(legal)))  # every legal move is still offered, once
    assert len(listed) < len(legal)
    bot = "Heuristic bot"
    assert f"Take the Priss from {bot} 4's Front Line (2 alike)" in texts
    assert not any(ORDINAL.search(t) for t in texts if "alike" in t)
    # (its token tells it apart: no "first" either)
    assert f"Take the Snout (with a Coffee token) from {bot} 5's Front Line" in texts
    assert f"Take the Snout from {bot} 5's Front Line (2 alike, no token on them)" in texts


def test_a_token_on_a_front_line_card_stays_on_its_cards_row():
    """Monster's Coffee at 80 columns: "Front Line  Priss" then, on the next row, "+Mummy
    token: 1 Coffee, 0 Bones  Priss": the token read as the second Priss's, not the first's."""
    seats = ["human"] + ["heuristic"] * 4
    options = {"menu": "grando-monstro"}
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, seed=11, options=options))
    game, rng = session.game, random.Random(1)
    while not any(slot["mummy"] for line in session.view(0)["front"] for slot in line):
        session.play(game.heuristic_action(session.state, rng))
    board = render(session.view(0), [f"P{n}" for n in range(5)], session.catalogue)
    for width in range(40, 81):
        console = Console(width=width, record=True, color_system=None)
        console.print(board)
        rows = [row.replace("\u00a0", " ").strip() for row in console.export_text().splitlines()]
        assert not any(row.startswith("+") for row in rows), width


def test_a_mummy_tokens_face_says_one_bone_not_one_bones():
    """The board said "Mummy token: 0 Coffee, 1 Bones" where the log says "1 Bone"."""
    from cardcafe.tui.render.monsters_coffee import token

    catalogue = games.get("monsters-coffee").catalogue()
    one = words(token({"coffee": 0, "bones": 1}, catalogue).plain)
    assert one.endswith("0 Coffee, 1 Bone")
    assert words(token({"coffee": 1, "bones": 2}, catalogue).plain).endswith("1 Coffee, 2 Bones")


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_the_guides_terminal_paragraph_names_the_key_of_the_full_rules(game):
    """The guide sent a terminal player to "/rules/monster-rejects", a web address; the
    terminal's key for the full rules (`r` in the guide) was said nowhere."""
    from cardcafe.guides import guide_text
    from cardcafe.tui.guide import GuideScreen

    (key,) = {b.key for b in GuideScreen.BINDINGS if b.action.startswith("reference")}
    terminal = words(guide_text(game.id).split("**In the terminal.**", 1)[1].split("\n\n")[0])
    assert f"**{key}** shows the full rules" in terminal


@pytest.mark.asyncio
async def test_a_choice_that_names_no_card_leaves_no_blank_details_rows():
    """Monster's Coffee at 80x24, a Mummy's choice of token: two blank rows under the moves
    (the card details', with no card to tell of) while the board said "more below"."""
    seats = ["human"] + ["heuristic"] * 4
    options = {"menu": "grando-monstro"}
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, seed=12, options=options))
    game, rng = session.game, random.Random(1)
    while not (session.state.current_player == 0 and session.state.phase == "mummy-token"):
        state = session.state
        if state.current_player != 0:
            session.play(game.heuristic_action(state, rng))
            continue
        front = state.view(0)["front"]
        legal = state.legal_actions()
        mummy = [a for a in legal if a.kind == "take" and front[a.owner][a.slot]["card"] == "mummy"]
        session.play((mummy or legal)[0])
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app, "the Mummy's choice")
        table = app.screen
        assert table.query_one("#details").size.height == 0
        rows = screen_text(app).splitlines()
        assert rows[-1].strip().startswith("u Undo")  # the footer, and right above it...
        assert rows[-2].strip() == "Coffee"  # ...the end of the last move: no blank row
        assert "more moves" not in screen_text(app)  # both moves whole, in sight


@pytest.mark.asyncio
async def test_coffee_break_s_lays_keep_their_keys_after_the_first_lay():
    """Coffee Break, seed 21: "2" was "Lay Chocolate under the Café Mocha"; after "1" laid an
    Espresso shot (the turn goes from laying or exchanging to laying), every lay moved up a key
    and "2" laid an Espresso shot under the Café Mocha instead."""
    session = Session(Setup(games.get("coffee-break"), 2, ["human", "heuristic"], seed=21))
    app = CardcafeApp(session, pace=0, forced_beat=None)
    async with app.run_test(size=(80, 40)) as pilot:
        await wait_for(pilot, lambda: human_to_move(app), "the human's turn")
        table = app.screen

        def key_of(label: str) -> str | None:
            found = [
                k for o, k in zip(table.offers, table.move_keys, strict=False) if o.label == label
            ]
            return found[0] if found else None

        chocolate = "Lay Chocolate under the Café Mocha"
        assert key_of("Lay an Espresso shot under the Americano") == "1"
        assert key_of(chocolate) == "2"
        await pilot.press("1")
        await wait_for(pilot, lambda: len(session.state.history) == 1, "the lay")
        await wait_for(pilot, lambda: human_to_move(app) and key_of(chocolate), "the next lay")
        assert key_of(chocolate) == "2"
        assert f"2. {chocolate}" in screen_text(app)
        # "Finish laying and draw 1 card" becomes "... 2 cards" after the next lay: one move,
        # one key (its key hopped with its words).
        finish = key_of("Finish laying and draw 1 card (back up to 7)")
        await pilot.press("2")
        await wait_for(pilot, lambda: len(session.state.history) == 2, "the second lay")
        await wait_for(pilot, lambda: human_to_move(app), "the next lay")
        assert key_of("Finish laying and draw 2 cards (back up to 7)") == finish
