"""Driving the table page from a test: read its state, wait for turns, make moves, collect
every WebSocket message it receives, and check those messages against the engine."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import time
from typing import Any

from cardcafe import games
from cardcafe.engine import Record
from cardcafe.server.delta import apply_patch

from .harness import http

TURN_TIMEOUT_MS = 20_000


def dataset(page) -> dict[str, str]:
    return page.evaluate("({...document.getElementById('table-page').dataset})")


class Frames(list[dict[str, Any]]):
    """The messages a page received, in order, and the snapshots made of them so far: frames
    only grow, so `snapshots` goes on from where it stopped (rebuilt from the first frame at
    every turn, a whole game's deltas made a test quadratic: 5 s of a 40 s one)."""

    def __init__(self) -> None:
        super().__init__()
        self.made: list[dict[str, Any]] = []
        self.read = 0  # frames already made into `made`
        self.held: dict[str, Any] | None = None


def record_frames(page) -> Frames:
    """Every message the page's sockets receive, in order (reconnects and reloads included)."""
    frames = Frames()

    def on_socket(socket):
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def record_page_errors(page) -> list[str]:
    """Uncaught JavaScript errors of the page: a working page has none."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def wait_version_change(page, version: str) -> None:
    page.wait_for_function(
        "v => document.getElementById('table-page').dataset.version !== v",
        arg=version,
        timeout=TURN_TIMEOUT_MS,
    )


# My move is open (a visible, enabled button, or the title of a section of grouped moves), or
# a round end pauses the table.
MOVE_OR_ROUND_END = """() => !!document.querySelector('#round-dialog[open]') || (
    !!document.querySelector("#table-page[data-turn='mine']")
    && [...document.querySelectorAll('#action-list button:not([disabled])')]
        .some(b => b.offsetParent !== null || b.closest('details:not([open])')))"""


def dismiss_round_end(page) -> bool:
    """At a round end the table pauses on the breakdown: read it and go on ("Next round")."""
    if page.locator("#round-dialog[open]").count():
        page.click("#next-round")
        page.wait_for_selector("#round-dialog[open]", state="detached", timeout=5000)
        return True
    return False


def choose_in_menu(page, rng: random.Random) -> None:
    """Several moves on one spot: the page offers a small menu of them there (a long choice the
    game groups offers the groups first, then a group's moves): choose one, if it is open."""
    choices = page.locator(".chooser [role='menuitem']")
    if not choices.count():
        return
    choices.nth(rng.randrange(choices.count())).click()
    moves = page.locator(".chooser [role='menuitem']:not([aria-haspopup])")
    if page.locator(".chooser .btn-back").count() and moves.count():
        moves.nth(rng.randrange(moves.count())).click()


# The open menu, measured: its box, the screen, and for each button (scrolled to, where the
# menu's moves scroll) whether a tap at its centre lands on it (nothing covers it: not the move
# bar, not a card).
MEASURE_MENU = """() => {
    const menu = document.querySelector('.chooser');
    const box = menu.getBoundingClientRect();
    const buttons = [...menu.querySelectorAll('button')].map(b => {
        b.scrollIntoView({block: 'nearest', inline: 'nearest'});
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const inside = r.top >= 0 && r.left >= 0
            && r.bottom <= innerHeight && r.right <= innerWidth;
        return {label: b.textContent.trim(), onTop: !!hit && b.contains(hit), inside};
    });
    return {left: box.left, top: box.top, right: box.right, bottom: box.bottom,
            width: innerWidth, height: innerHeight, buttons};
}"""


def menu_whole_and_on_top(page) -> list[str]:
    """Assert that the open menu lies wholly on the screen and that each of its buttons is on
    top (a tap at its centre hits it, not the move bar over it): their labels."""
    menu = page.evaluate(MEASURE_MENU)
    assert menu["left"] >= 0 and menu["right"] <= menu["width"], menu
    assert menu["top"] >= 0 and menu["bottom"] <= menu["height"], menu
    for button in menu["buttons"]:
        assert button["inside"] and button["onTop"], f"{button['label']!r} is covered: {menu}"
    return [b["label"] for b in menu["buttons"]]


def make_move(page, rng: random.Random, on_board: bool) -> None:
    """Make one legal move: click the table itself (when the move maps to something on it and
    `on_board`), else one of the buttons of the action list. Waits until the move is applied."""
    while True:
        page.wait_for_function(MOVE_OR_ROUND_END, timeout=TURN_TIMEOUT_MS)
        if not dismiss_round_end(page):
            break
    version = dataset(page)["version"]
    targets = page.locator("#board .actionable")
    count = targets.count()
    # (Not Coffee Break's "Exchange 1 to 4 cards instead of laying": it only turns the table to
    # staging an exchange on the board, no move, so no new version would come; a test of its
    # own plays that way, test_tables_coffee_break.py.)
    buttons = page.locator("#action-list button:not([data-action-type='exchange-instead'])")
    if count and (on_board or not buttons.count()):
        targets.nth(rng.randrange(count)).click()
        choose_in_menu(page, rng)
    else:
        button = buttons.nth(rng.randrange(buttons.count()))
        # A move in a closed section of grouped moves: open the section, as a player would.
        if button.evaluate("b => !!b.closest('details:not([open])')"):
            button.locator("xpath=ancestor::details[1]/summary").click()
        button.click()
    wait_version_change(page, version)


def wait_for_mover(pages, timeout_s: float = TURN_TIMEOUT_MS / 1000):
    """The page whose turn it is, once one shows it: right after a move every page may still
    show the turn as someone else's until the next snapshot is drawn."""
    deadline = time.monotonic() + timeout_s
    while True:
        for page in pages:
            if dataset(page).get("turn") == "mine":
                return page
        if time.monotonic() > deadline:
            raise AssertionError(f"no page shows its turn: {[dataset(p) for p in pages]}")
        time.sleep(0.03)


def play_until_over(pages, rng: random.Random, budget_s: float, on_board_every: int = 2) -> int:
    """Let whichever page holds the turn move until every page shows the game over."""
    deadline = time.monotonic() + budget_s
    moves = 0
    while True:
        for p in pages:
            dismiss_round_end(p)
        states = [dataset(p) for p in pages]
        if all(s.get("turn") == "over" for s in states):
            return moves
        turns = zip(pages, states, strict=True)
        mover = next((p for p, s in turns if s.get("turn") == "mine"), None)
        if mover is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"the game did not finish in {budget_s} s: {states}")
            time.sleep(0.03)
            continue
        make_move(mover, rng, on_board=moves % on_board_every == 0)
        moves += 1


def play_out_over_sockets(
    server: str,
    table_id: str,
    tokens: dict[int, str],
    rng: random.Random,
    budget_s: float = 60,
    until=None,
) -> int:
    """Play the game to its end from the seats' own sockets (a seat of `tokens` each, random
    legal moves), while the pages at the table follow it (they are sent every change): the
    moves sent. A page clicks a move in about half a second; a socket sends it at once.
    `until(snapshot)`: stop earlier, once a snapshot a seat received holds it."""
    from websockets.sync.client import connect

    base = server.replace("http", "ws", 1)
    latest: dict[int, dict[str, Any]] = {}
    sent: dict[int, int] = {}  # by seat, the version it last moved at
    moves = 0
    deadline = time.monotonic() + budget_s
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(connect(f"{base}/ws/{table_id}?token={token}"))
            for seat, token in tokens.items()
        }
        while time.monotonic() < deadline:
            for seat, ws in sockets.items():
                try:
                    while True:  # every message waiting, the newest snapshot kept
                        message = json.loads(ws.recv(timeout=0.02))
                        if message.get("type") == "snapshot":
                            latest[seat] = message
                except TimeoutError:
                    pass
            if any(snap["status"] == "finished" for snap in latest.values()):
                return moves
            if until and any(until(snap) for snap in latest.values()):
                return moves
            for seat, snap in latest.items():
                if snap["legal"] and sent.get(seat) != snap["version"]:
                    chosen = rng.choice(snap["legal"])
                    action = {k: v for k, v in chosen.items() if k != "label"}
                    move = {"type": "move", "version": snap["version"], "action": action}
                    sockets[seat].send(json.dumps(move))
                    sent[seat] = snap["version"]
                    moves += 1
    raise AssertionError(f"the game did not finish in {budget_s} s")


def snapshots(frames) -> list[dict[str, Any]]:
    """Every snapshot the page had, in order: those sent whole, and those its deltas made of
    the one it held (as the page rebuilds them: docs/protocol.md). The snapshots are not to be
    changed: `record_frames`' list keeps them for the next call."""
    if not isinstance(frames, Frames):
        recorded = Frames()
        recorded.extend(frames)
        frames = recorded
    held = frames.held
    for frame in frames[frames.read :]:
        if frame.get("type") == "snapshot":
            held = frame
        elif frame.get("type") == "delta" and held and held["version"] == frame["base"]:
            held = apply_patch(copy.deepcopy(held), frame)
        else:
            continue
        frames.made.append(held)
    frames.read, frames.held = len(frames), held
    return list(frames.made)


def check_against_engine(base: str, table_id: str, frames_by_seat: dict) -> Record:
    """Every snapshot a seat (or a spectator, key None) received is exactly what the engine
    gives that seat at that version: its view, its log, and legal actions only on its turn.
    So nothing hidden from it reached its browser."""
    text = json.dumps(http("GET", f"{base}/api/tables/{table_id}/record"))
    record = Record.from_json(text)
    states = {}
    wanted = {f["version"] for frames in frames_by_seat.values() for f in snapshots(frames)}
    state = games.replay(record, 0)
    for version in range(len(record.actions) + 1):
        if version:
            state.apply(state.game.action_from_json(record.actions[version - 1]))
        if version in wanted:
            states[version] = state.clone()
    for seat, frames in frames_by_seat.items():
        snaps = snapshots(frames)
        assert snaps, f"seat {seat} received no snapshot"
        for snap in snaps:
            truth = states[snap["version"]]
            assert snap["seat"] == seat
            # The seats' names as the server words the table: "Player N" where a seat has none.
            names = [n or f"Player {i + 1}" for i, n in enumerate(snap["names"])]
            got = snap["view"]
            expected = json.loads(json.dumps(truth.view(seat, names)))
            differ = sorted(k for k in set(expected) | set(got) if got.get(k) != expected.get(k))
            assert not differ, (
                f"seat {seat} version {snap['version']}: the view differs from the engine's in "
                + "; ".join(f"{k}: got {got.get(k)!r}, engine {expected.get(k)!r}" for k in differ)
            )
            assert snap["log"] == json.loads(json.dumps(truth.log_json(seat, names)))
            if snap["legal"]:
                assert truth.current_player == seat
                # Labels are the table's words for moves (State.describe: card names as the
                # table's options call them), not the bare str() of the action.
                legal = truth.legal_actions()
                assert [a["label"] for a in snap["legal"]] == [
                    truth.describe(a, names) for a in legal
                ]
                # The list's moves: copies of one card as one (State.offers).
                assert snap["offers"] == [
                    {"text": o.text, "copies": [legal.index(a) for a in o.actions]}
                    for o in truth.offers(names)
                ]
    return record
