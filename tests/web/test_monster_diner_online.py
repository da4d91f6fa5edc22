"""Monster Diner in real browsers: two people create and join a table through the lobby and
play it to the end against each other, with a spectator on a phone, a reload mid-game and a
hint; every message each browser received is then checked against the engine. Their first
moves are clicked; after the reload and a dropped connection, the rest of the game is sent from
their seats' own sockets while the three pages follow it (every game is clicked to its end in
test_journey.py and test_tables.py)."""

from __future__ import annotations

import random

from cardcafe import games

from .harness import DESKTOP, PHONE, http, seat_ann_against_bots
from .tablepage import (
    check_against_engine,
    dataset,
    make_move,
    play_out_over_sockets,
    record_frames,
    record_page_errors,
    snapshots,
    wait_for_mover,
)

RELOAD_AFTER_MOVES = 9


def stored_token(page, table_id: str) -> str:
    """The seat's token the page keeps (as it does to sit down again after a reload)."""
    return page.evaluate(
        "id => JSON.parse(localStorage.getItem(`cardcafe.seat.${id}`)).token", table_id
    )


def new_page(chromium, viewport=DESKTOP):
    context = chromium.new_context(viewport=viewport, reduced_motion="reduce")
    return context, context.new_page()


def test_two_people_play_monster_diner_to_the_end(chromium, server):
    rng = random.Random(8)
    ctx_a, ann = new_page(chromium)
    ctx_b, bob = new_page(chromium)
    ctx_c, watcher = new_page(chromium, PHONE)
    try:
        frames_a, frames_b = record_frames(ann), record_frames(bob)
        frames_c = record_frames(watcher)
        errors = [record_page_errors(p) for p in (ann, bob, watcher)]

        # Ann sets the table in the lobby: Monster Diner, 2 players, a friend in seat 2.
        ann.goto(f"{server}/")
        ann.click(".game-tile[data-game='monster-diner']")
        ann.fill("#your-name", "Ann")
        ann.select_option("#player-count", "2")
        ann.select_option("#seat-1", "friend")
        ann.click("#create-table")
        invite = ann.input_value(".share-seat input")
        watch = ann.input_value(".share-watch input")
        assert "?seat=1&invite=" in invite  # a friend's seat opens only with its link
        ann.click("#go-to-table")
        ann.wait_for_selector("#table-page[data-status='open']")
        assert "Waiting" in ann.inner_text("#banner")

        # Bob opens his link, gives his name and sits down: the game starts.
        bob.goto(invite)
        bob.fill("#join-name", "Bob")
        bob.click("#join-submit")
        for page in (ann, bob):
            page.wait_for_selector("#table-page[data-status='playing']")
        table_id = ann.url.rstrip("/").split("/")[-1].split("?")[0]
        assert dataset(ann)["seat"] == "0" and dataset(bob)["seat"] == "1"
        assert "Bob" in ann.inner_text("#score-list") and "Ann" in bob.inner_text("#score-list")
        assert ann.get_attribute("#rules-btn", "href").startswith("/guide/monster-diner?options=")

        # Whose turn it is: Ann sees her prompt and her moves; Bob sees neither.
        ann.wait_for_selector("#table-page[data-turn='mine']")
        prompt = ann.inner_text("#banner-prompt").splitlines()[0]
        assert prompt.startswith("Place the ")
        assert ann.locator("#action-list button").count() >= 2
        assert ann.locator("#board .zone.mat.actionable").count() >= 2
        assert dataset(bob)["turn"] == "theirs"
        assert prompt not in bob.inner_text("#banner")
        assert "Ann is playing" in bob.inner_text("#banner")
        assert bob.locator("#action-list button").count() == 0
        assert bob.locator("#board .actionable").count() == 0

        # The hint marks one of Ann's moves.
        ann.click("#hint-btn")
        ann.wait_for_selector("#action-list .hinted")
        assert ann.inner_text("#hint-line").startswith("Hint: ")

        # A spectator on a phone sees the public table only, and it fits the screen.
        watcher.goto(watch)
        watcher.wait_for_selector("#table-page[data-role='spectator'][data-status='playing']")
        assert dataset(watcher)["seat"] == ""
        assert watcher.locator("#action-list button").count() == 0
        assert watcher.locator(".badge-you, .card.private").count() == 0
        assert watcher.locator("#hint-btn").is_hidden()  # no moves: no Hint, not a dead one
        assert "watching" in watcher.inner_text("#banner")
        assert watcher.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # Some moves, then Ann reloads: she is back in her seat where she was.
        pages = (ann, bob)
        for done in range(RELOAD_AFTER_MOVES):
            make_move(wait_for_mover(pages), rng, on_board=done % 2 == 0)
        before = dataset(ann)["version"]
        ann.reload()
        ann.wait_for_selector("#table-page[data-role='seat'][data-status='playing']")
        assert dataset(ann)["seat"] == "0"
        assert int(dataset(ann)["version"]) >= int(before)

        # Bob's connection drops: his page reconnects by itself, gets a full snapshot of the
        # same version, and he plays on.
        seen = len(snapshots(frames_b))
        version = dataset(bob)["version"]
        bob.evaluate("window.cardcafe.dropConnection()")
        for _ in range(200):
            if len(snapshots(frames_b)) > seen:
                break
            bob.wait_for_timeout(50)
        assert len(snapshots(frames_b)) > seen, "no snapshot after the socket dropped"
        assert snapshots(frames_b)[seen]["version"] == int(version)
        bob.wait_for_selector("#table-page[data-conn='online']")

        for _ in range(4):  # each plays on by clicking after the reconnect
            make_move(wait_for_mover(pages), rng, on_board=True)
        tokens = {seat: stored_token(page, table_id) for seat, page in enumerate(pages)}
        assert play_out_over_sockets(server, table_id, tokens, rng) > 0

        # The end: both see the summary with the final scores; the spectator too.
        for page in (ann, bob, watcher):
            page.wait_for_selector("#summary-dialog[open]")
        final = snapshots(frames_a)[-1]["view"]
        assert final["is_over"]
        for seat, score in enumerate(final["scores"]):
            assert str(score) in ann.inner_text("#summary-dialog")
            assert ann.inner_text(f"#score-list li[data-seat='{seat}'] .score-points") == str(score)

        # Ann steps back through the game in the replay, then returns to the table.
        ann.click("#replay-btn")
        ann.wait_for_selector("#replay-bar")
        assert "the deal" in ann.inner_text("#replay-pos")
        ann.click("#replay-forward")
        assert "turn 1 of" in ann.inner_text("#replay-pos")  # steps are turns, not decisions
        assert "Replay" in ann.inner_text("#banner")
        ann.click("#replay-exit")
        ann.wait_for_selector("#replay-bar", state="detached")
        assert "Game over" in ann.inner_text("#banner")

        assert errors == [[], [], []], f"JavaScript errors: {errors}"
        record = check_against_engine(server, table_id, {0: frames_a, 1: frames_b, None: frames_c})
        assert games.replay(record).is_over
        # A reload reconnected: Ann's browser received snapshots from two sockets, no gap.
        versions = [s["version"] for s in snapshots(frames_a)]
        assert versions == sorted(versions)
        assert versions.count(int(before)) >= 2 or int(before) + 1 in versions
    finally:
        for context in (ctx_a, ctx_b, ctx_c):
            context.close()


def test_a_seat_link_already_taken_is_refused_clearly(chromium, server):
    table = http(
        "POST",
        f"{server}/api/tables",
        {"game": "monster-diner", "players": 2, "options": {}, "seats": ["human", "random"]},
    )
    http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/table/{table['id']}?seat=0")
        page.fill("#join-name", "Eve")
        page.click("#join-submit")
        page.wait_for_selector("#join-dialog .form-error:not(:empty)")
        assert "Could not take seat 1" in page.inner_text("#join-dialog .form-error")
        page.click("#join-watch")
        page.wait_for_selector("#table-page[data-role='spectator'][data-status='playing']")
    finally:
        context.close()


def test_the_generic_renderer_draws_and_plays_monster_diner(chromium, server):
    """A game without its own table module is playable at once: the fallback draws any view."""
    table, token = seat_ann_against_bots(server, "monster-diner", 2)
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token}&renderer=generic")
        page.wait_for_selector("#table-page[data-turn='mine']")
        board = page.inner_text("#board").lower()
        for label in ("deck size 67", "held", "ann", "0 pts"):
            assert label in board
        rng = random.Random(3)
        for _ in range(4):
            make_move(page, rng, on_board=False)
        board = page.inner_text("#board").lower()
        assert "mats" in board or "diners" in board
        assert page.locator("#board .player .card").count() > 0
    finally:
        context.close()


def test_a_player_leaves_before_the_start_and_the_seat_opens_again(chromium, server):
    table = http(
        "POST",
        f"{server}/api/tables",
        {"game": "monster-diner", "players": 2, "options": {}, "seats": ["human", "human"]},
    )
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/table/{table['id']}?seat=0")
        page.fill("#join-name", "Ann")
        page.click("#join-submit")
        page.wait_for_selector("#table-page[data-status='open'] #waiting .seat-links li")
        assert http("GET", f"{server}/api/tables/{table['id']}")["seats"][0]["taken"]
        page.click("#waiting button:has-text('Leave this seat')")
        page.wait_for_url(f"{server}/")
        seats = http("GET", f"{server}/api/tables/{table['id']}")["seats"]
        assert not seats[0]["taken"]
        # The lobby offers the seat again.
        page.wait_for_selector(f".table-item[data-table='{table['id']}'] a:has-text('Join seat 1')")
    finally:
        context.close()


def test_a_table_with_a_turn_timer_shows_the_time_left(chromium, server):
    table = http(
        "POST",
        f"{server}/api/tables",
        {
            "game": "monster-diner",
            "players": 2,
            "options": {},
            "seats": ["human", "random"],
            "turn_seconds": 30,
        },
    )
    token = http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})[
        "token"
    ]
    context, page = new_page(chromium)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.wait_for_selector("#table-page[data-turn='mine'] #banner .clock")
        minutes, seconds = page.inner_text("#banner .clock").strip(" ⏱").split(":")
        assert int(minutes) * 60 + int(seconds) in range(20, 31)
    finally:
        context.close()
