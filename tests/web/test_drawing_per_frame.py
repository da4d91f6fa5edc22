"""The table is drawn at most once a frame: each snapshot drawn as it came made a page draw every
state on the way (some 90 ms a six-player Monster Diner table), so a spectator following a quick
game, or a player after a burst of the bots' moves, fell seconds behind the table. A burst of
snapshots is now drawn once, the newest (table/frame.js); a round's end in it still pauses the
table on its breakdown."""

from __future__ import annotations

import contextlib
import random
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .harness import DESKTOP, http
from .tablepage import TURN_TIMEOUT_MS, play_out_over_sockets, record_page_errors

# The page kept busy (as a slow phone drawing would be) until the seats have stopped playing: it
# asks `done_url` (synchronously: the page stays busy) until the test's player says so, so the
# game's snapshots all wait for the page together however slowly a loaded machine plays them
# (waiting for the table to be quiet for a while instead let a pause between two moves free the
# page in CI, which then drew each later snapshot as it came: 11 drawings of 28). Each drawing
# of the table empties the board first: the observer counts them.
COUNT_DRAWINGS_WHILE_BUSY = """(doneUrl) => {
    window.boardDrawings = 0;
    new MutationObserver((records) => {
        if (records.some((r) => r.removedNodes.length)) window.boardDrawings += 1;
    }).observe(document.getElementById('board'), {childList: true});
    const done = () => {
        const request = new XMLHttpRequest();
        request.open('GET', doneUrl, false);
        request.send();
        return request.responseText === 'done';
    };
    const deadline = performance.now() + 60000;
    while (performance.now() < deadline && !done());
}"""


@contextlib.contextmanager
def done_flag():
    """A local address that answers "done" once the event it yields is set (and "playing"
    before): how the test's player tells a page it keeps busy that the game has stopped."""
    finished = threading.Event()

    class Flag(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"done" if finished.is_set() else b"playing"
            self.send_response(200)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:  # quiet: it is asked hundreds of times
            pass

    flag = ThreadingHTTPServer(("127.0.0.1", 0), Flag)
    threading.Thread(target=flag.serve_forever, daemon=True).start()
    try:
        yield finished, f"http://127.0.0.1:{flag.server_address[1]}/"
    finally:
        flag.shutdown()
        flag.server_close()


def past_the_first_round_end():
    """Whether a snapshot comes three moves after the first round's end, where the second
    round's first choice took its breakdown out of the view (it is shown until then)."""
    ended: list[int] = []

    def holds(snapshot) -> bool:
        if snapshot["view"].get("breakdown") and not ended:
            ended.append(snapshot["version"])
        return bool(ended) and snapshot["version"] >= ended[0] + 3

    return holds


def test_a_burst_of_snapshots_is_drawn_once_and_a_round_end_in_it_pauses(chromium, server):
    players = 3
    body = {"game": "monsters-coffee", "players": players, "options": {}}
    table = http("POST", f"{server}/api/tables", {**body, "seats": ["human"] * players})
    claim = f"{server}/api/tables/{table['id']}/seats/{{}}/claim"
    tokens = {s: http("POST", claim.format(s), {"name": f"P{s}"})["token"] for s in range(players)}
    page = chromium.new_page(viewport=DESKTOP)
    errors = record_page_errors(page)
    page.goto(f"{server}/table/{table['id']}?spectate=1")
    page.wait_for_selector("#table-page[data-version='0']")

    # Meanwhile the seats play the first round and a little of the second over their own
    # sockets, some thirty moves in a second or two.
    with done_flag() as (finished, done_url):

        def play() -> None:
            try:
                until = past_the_first_round_end()
                play_out_over_sockets(server, table["id"], tokens, random.Random(1), until=until)
            finally:
                finished.set()

        player = threading.Thread(target=play)
        player.start()
        page.evaluate(COUNT_DRAWINGS_WHILE_BUSY, done_url)
        player.join()
    newest = http("GET", f"{server}/api/tables/{table['id']}")["version"]
    page.wait_for_function(
        "v => document.getElementById('table-page').dataset.version === String(v)",
        arg=newest,
        timeout=TURN_TIMEOUT_MS,
    )
    drawings = page.evaluate("window.boardDrawings")
    assert newest >= 20, f"not a burst: {newest} moves"
    # Drawn as the page came free (the round's last board, held under its pause, and the
    # round end), and for what came later: a few times, not once each.
    assert drawings <= 5, f"{newest} snapshots drawn {drawings} times"
    # The round end came and went inside the burst: the table pauses on it all the same.
    page.wait_for_selector("#round-dialog[open]", timeout=1000)
    assert "Round 1" in page.inner_text("#round-dialog")
    assert errors == []
    page.close()
