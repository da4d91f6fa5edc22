"""The table page speaks through the presentation layer (issue 20): every card face is named and
explained by the table's catalogue, moves and log lines are the server's words, scores are the
view's, and score breakdowns are shown (a pause at each round end, the summary at the end).

The per-game test is also every registered game played to the end in a real browser by one
person who sat down through the seat's link, against bots, with a spectator on a phone: every
message either browser received is checked against the engine (parametrized over
`cardcafe.games.all()`, so a game merged later is covered at once)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from cardcafe import games

from .harness import DESKTOP, PHONE, http, seat_ann_against_bots
from .tablepage import (
    MOVE_OR_ROUND_END,
    TURN_TIMEOUT_MS,
    check_against_engine,
    dataset,
    make_move,
    record_frames,
    record_page_errors,
    snapshots,
)

GAMES = games.all()
# Shorter games where a game's length is an option (the checks are per move, not about length):
# Coffee Break to 4 points, Monster Rejects' end-of-game guard after 20 turns (a median of 14
# and 19 of Ann's moves where the defaults take 46 and 37, up to 92 and 122).
SHORT = {"coffee-break": {"target": 4}, "monster-rejects": {"turn_limit": 20}}
JS = Path(__file__).resolve().parents[2] / "src" / "cardcafe" / "web" / "static" / "js"

# Every card face on the board against the catalogue the test fetched itself: the accessible
# name is the card's name, the tooltip its effect text, the visible name the same name.
CHECK_FACES = r"""(cards) => {
  const bad = [];
  const faces = [...document.querySelectorAll('#board .card-face')];
  for (const el of faces) {
    const id = el.dataset.card;
    const entry = cards[id];
    if (!entry) { bad.push(`not in the catalogue: ${id}`); continue; }
    const named = el.getAttribute('aria-label');
    if (named !== entry.name) bad.push(`${id}: aria-label ${named}`);
    const text = entry.text || entry.name;
    const title = el.getAttribute('title') || '';
    if (title !== text && !title.startsWith(text + '\n')) bad.push(`${id}: title ${title}`);
    const shown = el.querySelector('.card-name').textContent.replace(/\u00ad/g, '');
    if (shown !== entry.name) bad.push(`${id}: face says ${shown}`);
    const small = [...el.querySelectorAll('.card-name, .card-rule, .card-value')]
      .filter((x) => parseFloat(getComputedStyle(x).fontSize) < 12);
    if (small.length) bad.push(`${id}: text under 12 px`);
  }
  return {bad, count: faces.length};
}"""

# What my turn shows, read at once (a call per line took half of each move's time): the
# moves' labels, the log's lines, each seat's points (every element a selector finds, so the
# test sees a duplicate) and the line under the scores.
READ_TURN = r"""(players) => {
  const texts = (selector) => [...document.querySelectorAll(selector)].map((el) => el.innerText);
  return {
    labels: texts('#action-list .action-label'),
    others: texts('#action-list .action:not([data-action-index]) .action-label'),
    log: texts('#log .log-text'),
    scores: [...Array(players).keys()].map(
      (seat) => texts(`#score-list li[data-seat='${seat}'] .score-points`)),
    how: texts('#scores-how'),
  };
}"""

# Each breakdown table of a container: its parts' points, its total, its seat.
READ_BREAKDOWNS = r"""(root) => [...document.querySelectorAll(root + ' table.breakdown')]
.map((t) => ({
  seat: Number(t.dataset.seat),
  parts: [...t.querySelectorAll('.breakdown-part')].map((r) => ({
    label: r.querySelector('.part-label').textContent,
    points: Number(r.querySelector('.part-points').textContent),
  })),
  total: Number(t.querySelector('.part-total').textContent),
}))"""


def test_the_catalogue_route_answers_for_every_game(server):
    listed = {g["id"] for g in http("GET", f"{server}/api/games")}
    assert listed == {g.id for g in GAMES}
    for game in GAMES:
        catalogue = http("GET", f"{server}/api/games/{game.id}/catalogue")
        assert catalogue["title"] == game.title
        assert catalogue["cards"], game.id
        for card_id, entry in catalogue["cards"].items():
            assert entry["name"].strip(), (game.id, card_id)
            assert isinstance(entry["text"], str), (game.id, card_id)
        table = http(
            "POST",
            f"{server}/api/tables",
            {
                "game": game.id,
                "players": game.players.start,
                "options": {},
                "seats": ["random"] * game.players.start,
            },
        )
        assert http("GET", f"{server}/api/tables/{table['id']}/catalogue") == catalogue


def test_every_card_picture_is_drawn_and_ingredients_look_apart(chromium, server):
    """Every icon a catalogue names is one the client draws (an unknown one would fall back to a
    monogram), and no two Coffee Break ingredients share a picture: Caramel was Hot water's
    blue drop and Milk foam Whipped cream's swirl, so a hand could not be read at a glance."""
    page = chromium.new_page(viewport=DESKTOP)
    page.goto(f"{server}/")
    drawn = set(
        page.evaluate("async () => Object.keys((await import('/static/js/cards.js')).ICONS)")
    )
    page.close()
    for game in GAMES:
        cards = http("GET", f"{server}/api/games/{game.id}/catalogue")["cards"]
        named = {entry["icon"] for entry in cards.values() if entry.get("icon")}
        assert named <= drawn, (game.id, sorted(named - drawn))
    cards = http("GET", f"{server}/api/games/coffee-break/catalogue")["cards"]
    ingredients = {c: e["icon"] for c, e in cards.items() if not e.get("needs")}
    assert len(set(ingredients.values())) == len(ingredients), ingredients


def test_no_card_name_or_effect_is_written_in_the_javascript():
    """Names and effects come from the catalogue only: none is copied into the web client."""
    sources = {p.relative_to(JS).as_posix(): p.read_text() for p in JS.rglob("*.js")}
    # Every name and effect of 6+ letters ("Ice", "Rex" could be anything), whole words only,
    # looked for in one pass per file (a pattern per text took half a minute on a loaded CI).
    texts = {
        text: (game.id, card_id)
        for game in GAMES
        for card_id, entry in game.catalogue()["cards"].items()
        for text in (entry["name"], entry["text"], entry.get("short") or "")
        if len(text) >= 6
    }
    longest_first = sorted(texts, key=len, reverse=True)
    pattern = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, longest_first))})(?![\w-])")
    found = [
        (*texts[match.group()], match.group(), f)
        for f, src in sources.items()
        for match in pattern.finditer(src)
    ]
    assert not found, f"card words written in the JavaScript: {found}"


def _round_end_views(frames) -> list[dict]:
    return [
        s["view"]
        for s in snapshots(frames)
        if "breakdown" in s["view"] and not s["view"]["is_over"]
    ]


def _check_breakdowns(tables, view, where):
    assert tables, f"no breakdown shown in {where}"
    assert sorted(t["seat"] for t in tables) == list(range(view["players"]))
    for table in tables:
        seat = table["seat"]
        points = [p["points"] for p in table["parts"]]
        assert sum(points) == pytest.approx(table["total"]), (where, table)
        assert table["total"] == pytest.approx(view["scores"][seat]), (where, table, view["scores"])
        assert [p["label"] for p in table["parts"]] == [p["label"] for p in view["breakdown"][seat]]


def watch_on_a_phone(chromium, server: str, table_id: str) -> list:
    """A spectator on a phone sees no hand (no card marked as theirs, no moves) and the table
    fits the phone's width: the messages its browser received."""
    watcher = chromium.new_context(viewport=PHONE, reduced_motion="reduce")
    try:
        spy = watcher.new_page()
        spy_frames = record_frames(spy)
        spy.goto(f"{server}/table/{table_id}?spectate=1")
        spy.wait_for_selector("#table-page[data-role='spectator'] #board .player")
        assert spy.locator(".card.private, .badge-you, #action-list button").count() == 0
        assert "your hand" not in spy.inner_text("#board").lower()
        assert spy.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        watcher.close()
    return spy_frames


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_cards_moves_log_and_breakdowns_come_from_the_presentation_layer(chromium, server, game):
    players = game.players.start
    body = {
        "game": game.id,
        "players": players,
        "options": SHORT.get(game.id, {}),
        "seats": ["human"] + ["random"] * (players - 1),
    }
    table = http("POST", f"{server}/api/tables", body)
    catalogue = http("GET", f"{server}/api/tables/{table['id']}/catalogue")
    context = chromium.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    try:
        frames = record_frames(page)
        errors = record_page_errors(page)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        # Ann opens her seat's link and sits down by name.
        page.goto(f"{server}/table/{table['id']}?seat=0")
        page.fill("#join-name", "Ann")
        page.click("#join-submit")
        page.wait_for_selector("#table-page[data-catalogue='loaded']")
        page.wait_for_selector("#table-page:is([data-status='playing'], [data-status='finished'])")
        assert page.get_attribute("#rules-btn", "href").startswith(f"/guide/{game.id}?options=")
        assert page.locator("#board .player").count() == players
        spy_frames = watch_on_a_phone(chromium, server, table["id"])
        rng = random.Random(game.id)
        faces_seen = 0
        pauses = 0
        deadline = time.monotonic() + 90
        while dataset(page).get("turn") != "over":
            assert time.monotonic() < deadline, "the game did not finish"
            page.wait_for_function(
                f"() => ({MOVE_OR_ROUND_END})() || "
                "document.getElementById('table-page').dataset.turn === 'over'",
                timeout=TURN_TIMEOUT_MS,
            )
            if page.locator("#round-dialog[open]").count():
                # A round end: the table waits on the breakdown until it is read.
                assert dataset(page)["paused"] == "round"
                assert page.locator("#actions-panel").is_hidden()
                tables = page.evaluate(READ_BREAKDOWNS, "#round-dialog")
                title = page.inner_text("#round-dialog h2")
                shown = next(
                    v for v in reversed(_round_end_views(frames)) if v["breakdown_title"] == title
                )
                _check_breakdowns(tables, shown, "the round-end pause")
                # Behind it the board has the round's points (it had those from before the
                # scoring) and the log ends with the round (it went on with the next deal).
                for seat, score in enumerate(shown["scores"]):
                    board = page.inner_text(f"#board .player[data-seat='{seat}'] .player-points")
                    assert float(board.split()[0]) == pytest.approx(score), (seat, board)
                ends = [
                    e["text"]
                    for s in snapshots(frames)
                    if s["view"] == shown
                    for e in s["log"]
                    if e.get("kind") == "round-end"
                ]
                assert page.locator("#log .log-text").all_inner_texts()[-1] == ends[-1]
                pauses += 1
                page.click("#next-round")
                page.wait_for_selector("#round-dialog[open]", state="detached")
                continue
            if dataset(page).get("turn") == "over":
                break
            snap = snapshots(frames)[-1]
            faces = page.evaluate(CHECK_FACES, catalogue["cards"])
            assert faces["bad"] == [], faces["bad"]
            faces_seen += faces["count"]
            # Moves are the server's labels, the log the server's lines, scores the view's.
            turn = page.evaluate(READ_TURN, players)
            # (copies of one card are one move: the server's offers)
            moves = [(o["text"], snap["legal"][o["copies"][0]]["type"]) for o in snap["offers"]]
            legal = [text for text, _ in moves]
            if turn["others"] == ["Exchange 1 to 4 cards instead of laying"]:
                # (Coffee Break's picks for an exchange, staged on the board: one way there)
                legal = [text for text, kind in moves if kind != "pick-for-exchange"]
                legal += turn["others"]
            assert turn["labels"] == legal
            log = turn["log"]
            assert log and log == [e["text"] for e in snap["log"]][-len(log) :]
            for shown, score in zip(turn["scores"], snap["view"]["scores"], strict=True):
                assert len(shown) == 1 and float(shown[0]) == pytest.approx(score), shown
            # Under the scores, what they count and how the game is won: the catalogue's words.
            assert turn["how"] == [catalogue["scoring"]]
            make_move(page, rng, on_board=rng.random() < 0.5)
        assert faces_seen > 0, "no card face was drawn"
        assert len({json.dumps(v["breakdown"]) for v in _round_end_views(frames)}) == pauses

        # The end: the summary shows the final breakdown, its parts adding up to each score.
        page.wait_for_selector("#summary-dialog[open]")
        final = snapshots(frames)[-1]["view"]
        assert final["is_over"] and "breakdown" in final
        assert final["breakdown_title"] in page.inner_text("#summary-dialog")
        # Who won, in Ann's words: never "Ann wins." under "You win!".
        lead = page.inner_text("#summary-dialog .summary-lead")
        assert "Ann" not in lead, lead
        if 0 in final["winners"]:
            shared = len(final["winners"]) > 1
            assert lead.startswith("You share the win with " if shared else "Well played"), lead
        else:
            assert lead.endswith(("wins.", "share the win.")), lead
        _check_breakdowns(page.evaluate(READ_BREAKDOWNS, "#summary-dialog"), final, "the summary")
        page.click("#summary-dialog button:has-text('Look at the table')")
        # It stays on the table as the final summary.
        _check_breakdowns(page.evaluate(READ_BREAKDOWNS, "#board-breakdown"), final, "the board")
        faces = page.evaluate(CHECK_FACES, catalogue["cards"])
        assert faces["bad"] == [], faces["bad"]

        assert "Back to the lobby" in page.inner_text("#summary-dialog")
        check_against_engine(server, table["id"], {0: frames, None: spy_frames})
        # The catalogue was fetched once, from the table's own route.
        fetched = [u for u in requests if "/api/" in u and "/catalogue" in u]
        assert fetched == [f"{server}/api/tables/{table['id']}/catalogue"]
        assert errors == [], f"JavaScript errors: {errors}"
    finally:
        context.close()


def test_a_card_tells_its_effect_on_focus(chromium, server):
    table, token = seat_ann_against_bots(server, "monster-diner", 2)
    catalogue = http("GET", f"{server}/api/tables/{table['id']}/catalogue")
    context = chromium.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.wait_for_selector("#table-page[data-turn='mine'] .drawn .card-face")
        card = page.locator(".drawn .card-face")
        entry = catalogue["cards"][card.get_attribute("data-card")]
        card.focus()
        page.wait_for_selector("#card-details:not([hidden])")
        details = page.inner_text("#card-details")
        assert entry["name"] in details and entry["text"] in details
        page.keyboard.press("Escape")
        page.wait_for_selector("#card-details", state="hidden")
    finally:
        context.close()
