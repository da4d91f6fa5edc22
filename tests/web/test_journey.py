"""A player's whole evening in Debian's Chromium (issue 12), for every game: create a table
from the lobby with its defaults, play to the end against bots, read the breakdown, click
Rematch, find the game in the history and open its replay. And two browsers at one table:
presence shows the other going offline, the absent seat is handed to a bot, and the seat
recovery link brings its player back in a third browser."""

from __future__ import annotations

import pytest

from cardcafe import games

from .boards import play_by_board
from .harness import DESKTOP, http, running_server
from .tablepage import dataset, record_page_errors

# The table itself is clicked, never the move list (issue: "by clicking the table").
play = play_by_board

GAMES = [game.id for game in games.all()]


def new_page(chromium, viewport=DESKTOP):
    context = chromium.new_context(viewport=viewport, reduced_motion="reduce")
    return context, context.new_page()


@pytest.mark.parametrize("game_id", GAMES)
def test_create_play_rematch_history_replay(chromium, server, game_id):
    context, page = new_page(chromium)
    errors = record_page_errors(page)
    try:
        # The lobby: the game with every default, Ann against the default bots.
        page.goto(f"{server}/")
        page.click(f".game-tile[data-game='{game_id}']")
        assert page.get_attribute("#rules-link", "href") == f"/guide/{game_id}"
        for row in page.locator("#options-list .option-row").all():
            # Each option by its label (a list of boxes to tick: its head, then a label a box).
            label = row.locator("label, .option-label").first
            assert (label.text_content() or "").strip()
        page.fill("#your-name", "Ann")
        page.click("#create-table")
        page.wait_for_url(f"{server}/table/*")
        old_id = page.url.split("/table/")[1].split("?")[0].split("#")[0]
        page.wait_for_selector("#table-page[data-role='seat']")
        # The personal seat link, once, right after sitting down.
        assert f"/table/{old_id}#token=" in page.input_value("#recovery-url")
        page.click("#recovery-done")

        assert play(page, game_id, timeout=150) > 0  # moves sent by clicking the table
        assert dataset(page)["turn"] == "over"

        # The end: the summary breaks each seat's score down.
        page.wait_for_selector("#summary-dialog[open]")
        assert page.locator("#hint-btn").is_hidden()  # nothing left to hint at
        players = len(http("GET", f"{server}/api/tables/{old_id}")["seats"])
        assert page.locator("#summary-dialog table.breakdown").count() == players
        assert page.locator("#summary-dialog .breakdown .part-total").count() == players

        # Rematch: the same seats at a new table, Ann still in hers.
        page.click("#rematch-btn")
        page.wait_for_url(lambda url: "/table/" in url and old_id not in url)
        page.wait_for_selector("#table-page[data-role='seat']:not([data-status='loading'])")
        new_id = page.url.split("/table/")[1].split("?")[0]
        assert dataset(page)["seat"] == "0"
        rematch = http("GET", f"{server}/api/tables/{new_id}")
        assert rematch["game"] == game_id and rematch["seats"][0]["name"] == "Ann"

        # The history lists the finished game; its replay opens.
        page.goto(f"{server}/history")
        page.select_option("#history-game", game_id)
        page.fill("#history-player", "ann")
        page.click("#history-filter button[type='submit']")
        row = page.locator(f".history-item[data-table='{old_id}']")
        row.wait_for()
        assert "Ann" in row.inner_text()
        listed = http("GET", f"{server}/api/history?game={game_id}&player=ann")["games"]
        scores = next(game["score_words"] for game in listed if game["id"] == old_id)
        assert all(f": {score}" in row.inner_text() for score in scores)  # "Ann: 13 Coffee"
        row.locator("a:has-text('Replay')").click()
        page.wait_for_selector("#replay-bar")
        # A finished game played back: not "live", no hint.
        assert page.locator("#conn").is_hidden() and page.locator("#hint-btn").is_hidden()
        assert "the deal" in page.inner_text("#replay-pos")
        page.click("#replay-forward")
        assert "turn 1 of" in page.inner_text("#replay-pos")
        page.click("#replay-last")
        assert page.locator("#board-breakdown").count() == 1
        assert errors == [], f"JavaScript errors: {errors}"
    finally:
        context.close()


# Drop the socket and look at the page the moment it knows (it reconnects 0.5 s later).
DROP_AND_LOOK = """() => new Promise((resolve) => {
    const page = document.getElementById('table-page');
    const look = () => resolve({
        enabled: document.querySelectorAll('#action-list button:not([disabled])').length,
        line: !document.getElementById('offline-line').hidden,
    });
    new MutationObserver((_, observer) => {
        if (page.dataset.conn === 'offline') { observer.disconnect(); look(); }
    }).observe(page, {attributes: true});
    window.cardcafe.dropConnection();
})"""


@pytest.fixture(scope="module")
def absent_server(tmp_path_factory, chromium):
    """A server where a player away for 1 s may be replaced by a bot."""
    workdir = tmp_path_factory.mktemp("cardcafe-absent")
    with running_server(workdir, 0.0, "--absent-seconds", "1") as base:
        yield base


def test_presence_hand_to_bot_and_the_recovery_link(chromium, absent_server):
    server = absent_server
    table = http(
        "POST",
        f"{server}/api/tables",
        {"game": "monster-diner", "players": 2, "seats": ["human", "human"]},
    )
    table_id = table["id"]
    ctx_a, ann = new_page(chromium)
    ctx_b, bob = new_page(chromium)
    ctx_c, third = new_page(chromium)
    try:
        for page, seat, name in ((ann, 0, "Ann"), (bob, 1, "Bob")):
            page.goto(f"{server}/table/{table_id}?seat={seat}")
            page.fill("#join-name", name)
            page.click("#join-submit")
        recovery = bob.input_value("#recovery-url")
        for page in (ann, bob):
            page.wait_for_selector("#table-page[data-status='playing']")
        dot = "#score-list li[data-seat='1'] .presence-dot"
        ann.wait_for_selector(f"{dot}[data-presence='online']")

        # A dropped connection: until it is back, the moves are disabled and the page says so.
        mine = "#table-page[data-turn='mine'][data-conn='online'] #action-list button"
        ann.wait_for_function(
            "() => document.getElementById('table-page').dataset.turn !== undefined"
        )
        mover = ann if ann.locator("#table-page[data-turn='mine']").count() else bob
        mover.wait_for_selector(mine)
        offline = mover.evaluate(DROP_AND_LOOK)
        assert offline == {"enabled": 0, "line": True}, offline
        mover.wait_for_selector(
            "#table-page[data-conn='online'] #action-list button:not([disabled])"
        )

        # Bob's browser closes: Ann sees him go offline, then may let a bot play for him.
        ctx_b.close()
        ann.wait_for_selector(f"{dot}[data-presence='offline']", timeout=10_000)
        hand = ann.locator("#score-list li[data-seat='1'] .hand-to-bot")
        hand.wait_for(timeout=10_000)
        hand.click()
        ann.wait_for_selector(f"{dot}[data-presence='bot']", timeout=10_000)
        assert "Bob (bot)" in ann.inner_text("#score-list")

        # Bob opens his personal link in another browser: his seat, and he plays it again.
        third.goto(f"{server}{recovery}" if recovery.startswith("/") else recovery)
        third.wait_for_selector("#table-page[data-role='seat'][data-status='playing']")
        assert dataset(third)["seat"] == "1"
        assert "#token=" not in third.url  # the token leaves the address bar
        ann.wait_for_selector(f"{dot}[data-presence='online']", timeout=10_000)
        assert "Bob (bot)" not in ann.inner_text("#score-list")
    finally:
        for context in (ctx_a, ctx_c):
            context.close()


def test_only_people_can_be_muted(chromium, server):
    """Bots do not chat: no Mute button for them, numbered ("Heuristic bot 1") or not."""
    kinds = ["human", "human", "heuristic", "heuristic"]
    body = {"game": "monster-diner", "players": 4, "seats": kinds}
    table = http("POST", f"{server}/api/tables", body)
    claim = f"{server}/api/tables/{table['id']}/seats/{{}}/claim"
    ann = http("POST", claim.format(0), {"name": "Ann"})["token"]
    http("POST", claim.format(1), {"name": "Bob"})
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/table/{table['id']}#token={ann}")
        page.wait_for_selector("#chat-mutes .mute[data-seat='1']:has-text('Mute Bob')")
        assert page.locator("#chat-mutes .mute").count() == 1
    finally:
        context.close()


def test_chat_between_two_browsers_with_a_mute(chromium, server):
    table = http(
        "POST",
        f"{server}/api/tables",
        {"game": "monster-diner", "players": 2, "seats": ["human", "human"]},
    )
    tokens = [
        http("POST", f"{server}/api/tables/{table['id']}/seats/{seat}/claim", {"name": name})[
            "token"
        ]
        for seat, name in ((0, "Ann"), (1, "Bob"))
    ]
    ctx_a, ann = new_page(chromium)
    ctx_b, bob = new_page(chromium)
    try:
        for page, token in ((ann, tokens[0]), (bob, tokens[1])):
            page.goto(f"{server}/table/{table['id']}#token={token}")
            page.wait_for_selector("#table-page[data-status='playing'] #chat-form:not([hidden])")
        ann.fill("#chat-input", "Good luck, Bob!")
        ann.press("#chat-input", "Enter")
        bob.wait_for_selector("#chat-log li[data-seat='0']:has-text('Good luck, Bob!')")
        assert "Ann" in bob.inner_text("#chat-log")
        bob.click("#chat-mutes .mute[data-seat='0']")  # Bob mutes Ann: her lines are hidden
        assert bob.locator("#chat-log li[data-seat='0']").count() == 0
        bob.wait_for_timeout(1100)
        ann.fill("#chat-input", "Still there?")
        ann.press("#chat-input", "Enter")
        ann.wait_for_selector("#chat-log li:has-text('Still there?')")
        bob.wait_for_timeout(500)
        assert "Still there?" not in bob.inner_text("#chat-log")
        bob.click("#chat-mutes .mute[data-seat='0']")
        bob.wait_for_selector("#chat-log li:has-text('Still there?')")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_lobby_lists_players_turns_and_only_public_seats_to_join(chromium, server):
    waiting = http(
        "POST",
        f"{server}/api/tables",
        {
            "game": "monster-diner",
            "players": 3,
            "seats": ["human", "human", "human"],
            "invite_only": [1],
        },
    )
    http("POST", f"{server}/api/tables/{waiting['id']}/seats/0/claim", {"name": "Ann"})
    playing = http(
        "POST",
        f"{server}/api/tables",
        {"game": "coffee-break", "players": 2, "seats": ["human", "human"]},
    )
    for seat, name in ((0, "Zoe"), (1, "Yan")):
        http("POST", f"{server}/api/tables/{playing['id']}/seats/{seat}/claim", {"name": name})
    turn = http("GET", f"{server}/api/tables/{playing['id']}")["turn_name"]
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/")
        row = page.locator(f".table-item[data-table='{waiting['id']}']")
        row.wait_for()
        assert "Ann" in row.inner_text() and "invited friend" in row.inner_text()
        assert row.locator("a:has-text('Join seat 3')").count() == 1
        assert row.locator("a:has-text('Join seat 2')").count() == 0  # a friend's seat
        other = page.locator(f".table-item[data-table='{playing['id']}']")
        assert f"{turn} to play" in other.inner_text()
        assert "Zoe" in other.inner_text() and "Yan" in other.inner_text()
    finally:
        context.close()
