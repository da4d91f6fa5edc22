"""High Tea on every screen, with no edit outside its package: the terminal app and the web
table find it in the registry (CARDCAFE_GAMES and its folder on the path, as
docs/adding-a-game.md says), draw it with their generic renderers and play it to the end
against a bot, in players' words (card names, seat names), never in the game's ids."""

from __future__ import annotations

import os
import random
import re

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, Select

from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.guide import GuideScreen
from cardcafe.tui.start import StartScreen
from cardcafe.tui.summary import SummaryScreen
from cardcafe.tui.table import TableScreen
from tests.tui.conftest import human_to_move, screen_text, wait_for
from tests.web.harness import DESKTOP, PHONE, http, running_server
from tests.web.tablepage import check_against_engine, play_until_over, record_frames

from .conftest import EXAMPLE

# What must never reach a player: a card's id ("gateau", as a word of its own: the names are
# capitalised), a field's name, the module's name, a 0-based seat.
RAW = re.compile(
    r"\b(crumb|biscuit|muffin|scone|eclair|tart|macaron|trifle|gateau)\b"
    r"|hand_sizes|deck_size|high_tea|[Ss]eat 0|[Pp]layer 0"
)


def card_names(game) -> dict[str, str]:
    return {key: card["name"] for key, card in game.catalogue()["cards"].items()}


def assert_players_words(text: str) -> None:
    raw = RAW.search(text)
    assert raw is None, f"{raw.group(0)!r} reached the player:\n{text}"


# -- the terminal -----------------------------------------------------------------------------
@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The app's autosave goes to the test's own folder, never the user's."""
    monkeypatch.setenv("CARDCAFE_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_terminal_plays_it_to_the_end_against_a_bot(high_tea, data_dir, size):
    names = card_names(high_tea)
    app = CardcafeApp(pace=0, forced_beat=None)
    async with app.run_test(size=size) as pilot:
        # The start screen offers it among the games, with its own player counts and options.
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#game", Select).value = "high-tea"
        await pilot.pause()
        start.query_one("#players", Select).value = 2
        await pilot.pause()
        start.query_one("#seat-0", Select).value = "human"
        start.query_one("#seat-1", Select).value = "heuristic"
        # Its option, by its label (words.option_texts): two rounds keep the game short.
        assert "Rounds" in [str(label.render()) for label in start.query("#options Label")]
        start.query_one("#opt-rounds", Input).value = "2"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert table.session.game is high_tea
        assert table.session.state.options.rounds == 2

        # Its guide is one key away, cards by name.
        await pilot.press("question_mark")
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        assert guide.markdown.startswith("# How to play High Tea")
        assert "{card:" not in guide.markdown and names["gateau"] in guide.markdown
        await pilot.press("escape")
        assert app.screen is table

        turns = 0
        while True:
            await wait_for(
                pilot,
                lambda: human_to_move(app) or isinstance(app.screen, SummaryScreen),
                "the human's turn or the end",
            )
            if isinstance(app.screen, SummaryScreen):
                break
            state = table.session.state
            # The prompt on screen ("Draw a cake, or rest?", "Which cake do you serve?"): the
            # board is drawn for this decision (the screen may be a frame behind the state).
            prompt = state.prompt
            await wait_for(pilot, lambda: prompt in screen_text(app), "the prompt")  # noqa: B023
            text = screen_text(app)
            assert_players_words(text)
            if size[1] >= 40:  # the whole board fits: the hand by its cards' names
                for cake in state.hands[0]:
                    assert names[cake] in text
                assert "Player 1 (you)" in text and "Heuristic bot 2" in text
            # Only the legal moves are offered, each by its label; press the last one listed
            # (rest, or serve the dearest cake: the game goes on either way).
            assert table.choices == table.session.legal_actions()
            await pilot.press(table.move_keys[table.order[-1]])
            turns += 1
        assert turns >= 2  # a turn a round, at least

        summary = app.screen
        state = table.session.state
        assert state.is_over
        await wait_for(pilot, lambda: "Final scores" in screen_text(app), "the final scores")
        text = screen_text(app)
        assert_players_words(text)
        winners = ", ".join(table.names()[w] for w in state.winners())
        assert summary.lines[0].endswith(winners) and "Winner" in text
        # On a short terminal the breakdown scrolls (a tie's words take two more lines): its
        # end is where the player scrolls to, the buttons staying in sight.
        summary.query_one(VerticalScroll).scroll_end(animate=False)
        await wait_for(pilot, lambda: "Total" in screen_text(app), "the breakdown's totals")
        text = screen_text(app)
        assert "Final scores" in text or size[1] < 40
        assert "Play again (n)" in text
        for hand in state.hands:  # the breakdown: every hand shown at the end, by name
            for cake in hand:
                assert names[cake] in text


# -- the web table ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def high_tea_server(tmp_path_factory, chromium):
    """`cardcafe serve` with High Tea registered as a game under development is: its module
    named in CARDCAFE_GAMES and its folder on the server's PYTHONPATH."""
    path = [str(EXAMPLE), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {"CARDCAFE_GAMES": "high_tea", "PYTHONPATH": os.pathsep.join(path)}
    with running_server(tmp_path_factory.mktemp("high-tea-web"), env=env) as base:
        yield base


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366x900", "390x844"])
def test_the_web_table_plays_it_to_the_end(chromium, high_tea_server, high_tea, viewport, tmp_path):
    server = high_tea_server
    names = card_names(high_tea)
    assert "high-tea" in [game["id"] for game in http("GET", f"{server}/api/games")]
    context = chromium.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames = record_frames(page)
    try:
        # The lobby lists it, with its player counts, its guide and its option in words.
        page.goto(f"{server}/")
        tile = page.locator(".game-tile[data-game='high-tea']")
        assert "High Tea" in tile.inner_text() and "2–4 players" in tile.inner_text()
        tile.click()
        assert page.get_attribute("#rules-link", "href") == "/guide/high-tea"
        assert page.get_attribute("#full-rules-link", "href") == "/rules/high-tea"
        rounds = page.locator("#options-list .option-row", has=page.locator("[data-option]"))
        assert "Rounds" in rounds.first.inner_text()
        assert "before the cakes are counted" in rounds.first.inner_text()
        page.fill("#your-name", "Ann")
        page.fill("[data-option='rounds']", "2")
        page.screenshot(path=tmp_path / "lobby.png", full_page=True)
        page.click("#create-table")
        page.wait_for_url(f"{server}/table/*")
        table_id = page.url.split("/table/")[1].split("?")[0].split("#")[0]
        page.wait_for_selector("#table-page[data-role='seat']")
        if page.locator("#recovery-done").is_visible():
            page.click("#recovery-done")
        page.wait_for_selector("#board .player")

        # The generic renderer draws it: Ann's hand by its cakes' names, the bot's face down.
        board = page.inner_text("#board")
        assert_players_words(board)
        assert any(name in board for name in names.values())
        assert page.locator("#board .player").count() == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=tmp_path / "table.png", full_page=True)

        moves = play_until_over([page], random.Random(viewport["width"]), budget_s=60)
        assert moves >= 2  # a turn a round, at least

        # The end: the breakdown names every cake of every hand, and adds up.
        page.wait_for_selector("#summary-dialog[open]")
        summary = page.inner_text("#summary-dialog")
        page.screenshot(path=tmp_path / "summary.png", full_page=True)
        assert_players_words(summary)
        assert "Final scores" in summary
        assert page.locator("#summary-dialog .breakdown .part-total").count() == 2
        record = check_against_engine(server, table_id, {0: frames})  # no secret leaked
        assert record.options["rounds"] == 2  # the lobby's option reached the game
        final = high_tea.replay(record)
        for hand in final.hands:
            for cake in hand:
                assert names[cake] in summary
        assert errors == [], f"JavaScript errors: {errors}"
    finally:
        context.close()


def test_its_guide_and_rules_pages_are_its_own(high_tea_server):
    import urllib.request

    def get(path: str) -> str:
        with urllib.request.urlopen(f"{high_tea_server}{path}", timeout=10) as response:
            return response.read().decode()

    guide = get("/guide/high-tea")
    assert "How to play High Tea" in guide and "Gateau" in guide and "{card:" not in guide
    rules = get("/rules/high-tea")
    assert "Eighteen cakes: two each of Crumb" in rules  # its own page (the title: the site's)
    assert "Decisions where the rules are silent" in rules
    assert "/guide/high-tea" in get("/guide")  # the guide index lists it too
