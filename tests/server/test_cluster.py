"""Many server processes, one site, on one PostgreSQL (docs/server.md, "Many processes").

Real `cardcafe serve` processes: a table created through one is played through the other
(every request and socket relayed to the owner); the owner is killed with SIGKILL mid-game and
the survivor takes the table over within 5 s, the page's socket reconnects and the game
finishes with every accepted move kept; `--workers 2` runs two processes on one port; SQLite
refuses several workers. The leak test is played through the process that does not hold the
table (in-process servers, so the test can read the owner's true state).
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import threading
import time

import httpx
import psycopg
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardcafe import games
from cardcafe.engine import Record
from cardcafe.server import create_app, relay
from cardcafe.server.table import Connection, Table
from cardcafe.server.workers import bind

from .conftest import bare, free_port, hub, human_table, next_snapshot, until_my_turn, wait_until
from .test_leak import play_and_compare
from .test_restart import (
    CARDCAFE,
    _no_proxy,  # noqa: F401 - autouse: httpx talks to 127.0.0.1 directly
    fresh_database,
)
from .test_restart import Server as RestartServer


class Server(RestartServer):
    def start(self) -> Server:
        """As test_restart's, with more patience: a loaded 2-core machine can take a minute
        to start a Python server."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = [str(CARDCAFE), "serve", "--port", str(self.port), "--db", self.db_url]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen([*args, "--bot-delay", "0"], stdout=log, stderr=log)
        try:
            wait_until(self._up, timeout=90, step=0.1)
        except BaseException:  # never leave a server behind
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def _send_move(ws, snap: dict, pick: int = 0) -> None:
    action = bare(snap["legal"][pick % len(snap["legal"])])
    ws.send(json.dumps({"type": "move", "version": snap["version"], "action": action}))


def _health(server: Server) -> dict:
    return httpx.get(f"{server.base}/api/health", timeout=5).json()


def test_two_processes_one_site_and_the_owner_killed(tmp_path, postgres_url):
    url = fresh_database(postgres_url)
    first = Server(url, tmp_path / "first.log")
    second = Server(url, tmp_path / "second.log")
    try:
        first.start()
        second.start()
        body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
        created = httpx.post(f"{first.base}/api/tables", json=body)
        assert created.status_code == 200, created.text
        table_id = created.json()["id"]
        assert _health(first)["tables"] == 1 and _health(second)["tables"] == 0

        # One lobby: the second process lists the table; claiming through it reaches the owner.
        wait_until(
            lambda: [t["id"] for t in httpx.get(f"{second.base}/api/tables").json()] == [table_id],
            timeout=10,
        )
        claim = httpx.post(f"{second.base}/api/tables/{table_id}/seats/0/claim", json={})
        assert claim.status_code == 200, claim.text
        token = claim.json()["token"]
        page = httpx.get(f"{second.base}/table/{table_id}")
        assert page.status_code == 200 and games.get("monster-diner").title in page.text
        assert _health(second)["tables"] == 0  # it relayed: the table stayed with its owner

        seen: dict[int, dict] = {}  # every snapshot this seat was shown, by version
        with second.ws(f"/ws/{table_id}?token={token}") as ws:
            # The player's socket reached the second process, and nobody is connected to the
            # first: the table is handed to the second, where its moves need no relay.
            assert (_health(first)["tables"], _health(second)["tables"]) == (0, 1)
            snap = until_my_turn(ws)
            for i in range(3):
                seen[snap["version"]] = snap
                _send_move(ws, snap, i)
                snap = until_my_turn(ws)
            seen[snap["version"]] = snap
            # A socket to the first process now is relayed to the owner (its player is
            # connected there, so the table stays): the same view, socket for socket.
            with first.ws(f"/ws/{table_id}?token={token}") as relayed:
                assert next_snapshot(relayed) == snap
            assert (_health(first)["tables"], _health(second)["tables"]) == (0, 1)

            killed = time.monotonic()
            second.kill()  # the owner, SIGKILL: no goodbye, its lease lapses by itself
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            # Not a refusal (4xxx): the page reconnects by itself (connection.js).
            assert closed.value.rcvd is None or closed.value.rcvd.code < 4000

        # The page reconnects (through the survivor, which takes the table over).
        with first.ws(f"/ws/{table_id}?token={token}") as ws:
            again = next_snapshot(ws)
            took = time.monotonic() - killed
            assert again == snap, "the table came back somewhere else than where it was"
            assert took < 5.0, f"the takeover took {took:.1f} s"
            assert _health(first)["tables"] == 1
            snap = again
            while snap["status"] != "finished":
                _send_move(ws, snap, snap["version"])
                snap = until_my_turn(ws)
                seen[snap["version"]] = snap

        record = Record.from_json(httpx.get(f"{first.base}/api/tables/{table_id}/record").text)
        assert len(record.actions) == snap["version"]  # every accepted move, once
        names = [name or f"Player {seat + 1}" for seat, name in enumerate(snap["names"])]
        for version, shown in seen.items():
            assert games.replay(record, upto=version).view(0, names) == shown["view"], version
        assert games.replay(record).is_over
    finally:
        first.stop()
        second.stop()


def test_two_workers_answer_on_one_port(tmp_path, postgres_url):
    url = fresh_database(postgres_url)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "workers.log").open("wb")
    args = [str(CARDCAFE), "serve", "--workers", "2", "--port", str(port), "--db", url]
    proc = subprocess.Popen([*args, "--bot-delay", "0"], stdout=log, stderr=log)
    try:
        processes: set[str] = set()

        def both_answered() -> bool:
            assert proc.poll() is None, (tmp_path / "workers.log").read_text()
            try:  # a new connection each time: the kernel picks a worker for each
                with httpx.Client(timeout=2) as fresh:
                    processes.add(fresh.get(f"{base}/api/health").json()["process"])
            except httpx.HTTPError:
                pass
            return len(processes) == 2

        wait_until(both_answered, timeout=90, step=0.05)  # a loaded machine starts slowly

        # Any worker serves any table: every move on a new connection (so through both
        # workers), then a bot finishes the game for the seat.
        body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
        created = httpx.post(f"{base}/api/tables", json=body, timeout=30)
        assert created.status_code == 200, (created.text, (tmp_path / "workers.log").read_text())
        table_id = created.json()["id"]
        claim = httpx.post(f"{base}/api/tables/{table_id}/seats/0/claim", json={}, timeout=30)
        assert claim.status_code == 200, (claim.text, (tmp_path / "workers.log").read_text())
        token = claim.json()["token"]
        for _ in range(6):
            with connect(f"ws://127.0.0.1:{port}/ws/{table_id}?token={token}") as ws:
                snap = until_my_turn(ws)
                _send_move(ws, snap)
                assert next_snapshot(ws)["version"] == snap["version"] + 1
        httpx.post(f"{base}/api/tables/{table_id}/seats/0/leave", json={"token": token})
        summary = f"{base}/api/tables/{table_id}"
        wait_until(lambda: httpx.get(summary).json()["status"] == "finished", timeout=30)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
    assert proc.returncode is not None


def test_sqlite_refuses_several_workers(tmp_path):
    from typer.testing import CliRunner

    from cardcafe.cli import app

    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--db", db])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "--workers 2 needs PostgreSQL" in lines[0], result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# -- the leak test, through the process that does not hold the table ------------------------
class ThreadServer:
    """A server of the site in this test's process (its own thread and event loop), so the
    test can read the owner's true state."""

    def __init__(self, db_url: str):
        self.socket = bind("127.0.0.1", 0)
        self.port = self.socket.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.app = create_app(db_url, allow_seed=True, cluster_address=self.base)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        wait_until(lambda: self.server.started, timeout=30)
        return self

    def __exit__(self, *_exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.socket.close()


class _Socket:
    def __init__(self, url: str):
        self.url = url

    def __enter__(self):
        self.ws = connect(self.url, open_timeout=10, close_timeout=1).__enter__()
        return self

    def __exit__(self, *_exc) -> None:
        self.ws.close()

    def send_json(self, message) -> None:
        self.ws.send(json.dumps(message))

    def receive_json(self):
        return json.loads(self.ws.recv(timeout=30))


class Site:
    """Server A of the leak test as two processes: tables are created through the owner,
    everything else (claims, sockets, replays) goes through the other one."""

    def __init__(self, db_url: str):
        self.owner, self.relay = ThreadServer(db_url), ThreadServer(db_url)
        # The table stays with its owner (it would otherwise be handed to the process the
        # player's socket reaches): what passes through the relay is what is checked.
        for server in (self.owner, self.relay):
            server.app.state.hub.cluster.follows_players = False
        self.app = self.owner.app  # `hub(a)`: the process holding the table
        self.http = httpx.Client(timeout=30)

    def __enter__(self) -> Site:
        self.owner.__enter__()
        self.relay.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.http.close()
        self.relay.__exit__(*exc)
        self.owner.__exit__(*exc)

    def post(self, path: str, **kwargs):
        base = self.owner.base if path == "/api/tables" else self.relay.base
        return self.http.post(base + path, **kwargs)

    def get(self, path: str, **kwargs):
        return self.http.get(self.relay.base + path, **kwargs)

    def websocket_connect(self, path: str) -> _Socket:
        return _Socket(f"ws://127.0.0.1:{self.relay.port}{path}")


@pytest.mark.parametrize("game", ["monster-diner", "coffee-break"])
def test_the_leak_test_through_the_other_process(tmp_path, postgres_url, game):
    url = fresh_database(postgres_url)
    site = Site(url)
    play_and_compare(tmp_path, games.get(game), 2, 11, open_a=site)
    assert site.relay.app.state.hub.tables == {}  # it relayed; nothing was played there


# -- a table goes to the process its player's socket reaches ---------------------------------
def test_a_table_is_handed_to_the_process_its_player_reaches(postgres_url):
    """The player's socket reaches the process that does not hold the table, and nobody is
    connected to the one that does: the table is handed over (its moves are not relayed),
    with what lived only in memory: the chat, and the turn clock, which goes on from where it
    was instead of starting again. While the player is connected there, the table stays."""
    url = fresh_database(postgres_url)
    with ThreadServer(url) as first, ThreadServer(url) as second, httpx.Client(timeout=30) as http:
        body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
        created = http.post(f"{first.base}/api/tables", json={**body, "turn_seconds": 600})
        assert created.status_code == 200, created.text
        table_id = created.json()["id"]
        claim = http.post(f"{first.base}/api/tables/{table_id}/seats/0/claim", json={})
        token = claim.json()["token"]
        path = f"/ws/{table_id}?token={token}"

        with _Socket(f"ws://127.0.0.1:{first.port}{path}") as socket:
            before = until_my_turn(socket.ws)
            socket.send_json({"type": "chat", "text": "hello from the first process"})
            assert socket.receive_json()["text"] == "hello from the first process"
        assert before["deadline"] is not None
        time.sleep(1.5)  # the turn's clock runs meanwhile

        held = (first.app.state.hub.tables, second.app.state.hub.tables)
        # A watcher's socket, or one with a token that holds no seat, moves no table: relayed.
        with _Socket(f"ws://127.0.0.1:{second.port}/ws/{table_id}") as watcher:
            assert next_snapshot(watcher.ws)["seat"] is None
        stranger = f"ws://127.0.0.1:{second.port}/ws/{table_id}?token=nonsense"
        with pytest.raises(ConnectionClosed) as refused, _Socket(stranger) as bad:
            assert bad.receive_json()["type"] == "error"
            bad.ws.recv(timeout=10)
        assert refused.value.rcvd is not None and refused.value.rcvd.code == 4403
        assert (list(held[0]), list(held[1])) == ([table_id], [])

        with _Socket(f"ws://127.0.0.1:{second.port}{path}") as socket:
            assert (list(held[0]), list(held[1])) == ([], [table_id])
            snap = next_snapshot(socket.ws)
            assert snap["version"] == before["version"]
            # The same deadline (to the clock's rounding), not 600 s from now.
            assert _seconds_apart(snap["deadline"], before["deadline"]) < 0.5
            assert socket.receive_json()["text"] == "hello from the first process"

            # A watcher through the first process is relayed: the player is connected here.
            with _Socket(f"ws://127.0.0.1:{first.port}/ws/{table_id}") as watcher:
                watched = next_snapshot(watcher.ws)
                assert (watched["seat"], watched["version"]) == (None, snap["version"])
            assert (list(held[0]), list(held[1])) == ([], [table_id])

            while snap["version"] < 6:  # moves, the bot's replies among them, played here
                _send_move(socket.ws, snap, snap["version"])
                snap = until_my_turn(socket.ws)
            after = snap
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as db:  # every accepted move stored, once
        stored = db.execute("SELECT count(*) FROM moves WHERE table_id = %s", (table_id,))
        assert stored.fetchone() == (after["version"],)


def _seconds_apart(a: str, b: str) -> float:
    from datetime import datetime

    return abs((datetime.fromisoformat(a) - datetime.fromisoformat(b)).total_seconds())


def test_a_socket_reaching_a_table_just_let_go_is_closed(client):
    """A socket that found the table as it was handed to another process (or taken over)
    must not stay on the copy let go here, where nothing moves any more: it is closed, and
    its client reconnects to the table's new owner."""
    table_id, _tokens = human_table(client)
    table = hub(client).tables[table_id]
    hub(client).drop(table_id)  # what a hand-over or a takeover does here
    conn = Connection(0, lambda _text: None)
    client.portal.call(table.attach, conn)
    assert conn.closed and conn not in table.connections


def test_a_seat_connected_only_through_a_relay_is_carried_as_away(client):
    """The relayed sockets close at a hand-over: their seat must not look online at the new
    owner with no socket there (else the others could never hand it to a bot)."""
    table_id, _tokens = human_table(client)
    table = hub(client).tables[table_id]
    client.portal.call(table.attach, Connection(1, lambda _text: None, relayed=True))
    assert table.presence(1)["presence"] == "online"
    copy = Table(hub(client), table.rec)  # the table as the new owner loads it
    copy.resume(table.carry())
    assert copy.presence(1)["presence"] == "offline"


def _timed_table_with_ann(http, server) -> tuple[str, str]:
    """A Monster Diner table on `server` with a 600 s turn clock, seat 0 claimed: its id, and
    the path of that seat's socket."""
    body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
    created = http.post(f"{server.base}/api/tables", json={**body, "turn_seconds": 600})
    table_id = created.json()["id"]
    claim = http.post(f"{server.base}/api/tables/{table_id}/seats/0/claim", json={})
    return table_id, f"/ws/{table_id}?token={claim.json()['token']}"


def test_a_slow_hand_over_is_not_counted_twice_on_the_turn_clock(postgres_url, monkeypatch):
    """The owner reads the turn's clock as it answers, after writing the lease over: time the
    hand-over took before that (a busy database, a loaded machine: seen at 1.15 s in a CI run)
    is already in what it carried, so the new owner's deadline stays where it was."""
    url = fresh_database(postgres_url)
    with ThreadServer(url) as first, ThreadServer(url) as second, httpx.Client(timeout=30) as http:
        table_id, path = _timed_table_with_ann(http, first)
        with _Socket(f"ws://127.0.0.1:{first.port}{path}") as socket:
            before = until_my_turn(socket.ws)

        leases = first.app.state.hub.cluster.leases
        hand_to = leases.hand_to

        def slow_hand_to(*args):
            time.sleep(1.2)  # runs on a worker thread (`asyncio.to_thread`)
            return hand_to(*args)

        monkeypatch.setattr(leases, "hand_to", slow_hand_to)
        monkeypatch.setattr(relay, "HAND_OVER_WAIT", 10.0)  # answered late, not given up on
        with _Socket(f"ws://127.0.0.1:{second.port}{path}") as socket:
            snap = next_snapshot(socket.ws)
            assert list(second.app.state.hub.tables) == [table_id]
            assert _seconds_apart(snap["deadline"], before["deadline"]) < 0.5


def test_what_was_carried_is_kept_when_another_request_loads_the_table_first(
    postgres_url, monkeypatch
):
    """Between the owner handing the table over and the new owner taking it up, another
    request may load it there: the chat and the turn clock carried are merged all the same."""
    url = fresh_database(postgres_url)
    with ThreadServer(url) as first, ThreadServer(url) as second, httpx.Client(timeout=30) as http:
        table_id, path = _timed_table_with_ann(http, first)
        with _Socket(f"ws://127.0.0.1:{first.port}{path}") as socket:
            before = until_my_turn(socket.ws)
            socket.send_json({"type": "chat", "text": "said before the hand-over"})
            socket.receive_json()
        time.sleep(1.0)

        cluster = second.app.state.hub.cluster
        adopt = cluster.adopt

        async def late_adopt(table_id, carried, answered_at):
            await asyncio.sleep(1.0)  # the answer late: a page request loads the table first
            return await adopt(table_id, carried, answered_at)

        monkeypatch.setattr(cluster, "adopt", late_adopt)
        page = threading.Timer(0.4, lambda: http.get(f"{second.base}/api/tables/{table_id}"))
        page.start()
        with _Socket(f"ws://127.0.0.1:{second.port}{path}") as socket:
            snap = next_snapshot(socket.ws)
            page.join()
            assert list(second.app.state.hub.tables) == [table_id]
            assert _seconds_apart(snap["deadline"], before["deadline"]) < 0.5
            assert socket.receive_json()["text"] == "said before the hand-over"
