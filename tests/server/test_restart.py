"""A real `cardcafe serve` killed with SIGKILL mid-game and restarted on the same database:
every accepted move is still there and the players carry on, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from cardcafe import games
from cardcafe.engine import Record

from .conftest import bare, free_port, wait_until

CARDCAFE = Path(sys.executable).parent / "cardcafe"


class Server:
    def __init__(self, db_url: str, log: Path):
        self.db_url, self.log = db_url, log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = [str(CARDCAFE), "serve", "--port", str(self.port), "--db", self.db_url]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen([*args, "--bot-delay", "0"], stdout=log, stderr=log)
        wait_until(self._up, timeout=30, step=0.1)
        return self

    def _up(self) -> bool:
        assert self.proc.poll() is None, self.log.read_text()
        try:
            return httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def ws(self, path: str):
        return connect(f"ws://127.0.0.1:{self.port}{path}", open_timeout=10, close_timeout=1)


def _my_turn(ws) -> dict:
    """Read snapshots until it is this seat's turn or the game is over."""
    while True:
        message = json.loads(ws.recv(timeout=20))
        assert message["type"] == "snapshot", message
        if message["legal"] or message["status"] == "finished":
            return message


def kill_and_restart(db_url: str, tmp_path: Path) -> None:
    server = Server(db_url, tmp_path / "server.log").start()
    try:
        body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
        table_id = httpx.post(f"{server.base}/api/tables", json=body).json()["id"]
        claim = httpx.post(f"{server.base}/api/tables/{table_id}/seats/0/claim", json={})
        token = claim.json()["token"]
        with server.ws(f"/ws/{table_id}?token={token}") as ws:
            snap = _my_turn(ws)
            for _ in range(4):
                ws.send(
                    json.dumps(
                        {
                            "type": "move",
                            "version": snap["version"],
                            "action": bare(snap["legal"][0]),
                        }
                    )
                )
                snap = _my_turn(ws)
        assert snap["version"] >= 4
        server.kill()  # no shutdown, no flush: only what was committed survives

        server.start()
        with server.ws(f"/ws/{table_id}?token={token}") as ws:
            again = json.loads(ws.recv(timeout=20))
            assert again == snap  # exactly where we were
            for _ in range(3):  # play on where we were
                move = {
                    "type": "move",
                    "version": snap["version"],
                    "action": bare(snap["legal"][-1]),
                }
                ws.send(json.dumps(move))
                snap = _my_turn(ws)
                if snap["status"] == "finished":
                    break
        # then leave: a bot finishes the game for us, and the record holds all of it
        httpx.post(f"{server.base}/api/tables/{table_id}/seats/0/leave", json={"token": token})
        summary = f"{server.base}/api/tables/{table_id}"
        wait_until(lambda: httpx.get(summary).json()["status"] == "finished", timeout=30)
        record = Record.from_json(httpx.get(f"{server.base}/api/tables/{table_id}/record").text)
        assert len(record.actions) >= snap["version"]
        names = [name or f"Player {seat + 1}" for seat, name in enumerate(snap["names"])]
        assert games.replay(record, upto=snap["version"]).view(0, names) == snap["view"]
        assert games.replay(record).is_over
    finally:
        if server.proc and server.proc.poll() is None:
            server.kill()


def test_sqlite_server_killed_mid_game_resumes(tmp_path):
    kill_and_restart(f"sqlite:///{tmp_path / 'cardcafe.sqlite3'}", tmp_path)


def test_postgresql_server_killed_mid_game_resumes(tmp_path, postgres_url):
    kill_and_restart(fresh_database(postgres_url), tmp_path)


def test_postgresql_plays_and_restores_in_process(postgres_url):
    from fastapi.testclient import TestClient

    from cardcafe.server import create_app

    from .conftest import human_table, move

    url = fresh_database(postgres_url)
    with TestClient(create_app(url, allow_seed=True)) as c:
        table_id, tokens = human_table(c, players=3, seed=7)
        with c.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ws:
            snap = ws.receive_json()
            move(ws, 0, snap["legal"][0])
            snap = ws.receive_json()
        truth = c.app.state.hub.tables[table_id].state.clone()
    with TestClient(create_app(url, allow_seed=True)) as c:
        assert c.app.state.hub.tables[table_id].state == truth
        with c.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ws:
            assert ws.receive_json() == snap


def test_missing_postgresql_skips_but_fails_in_ci(monkeypatch):
    from . import conftest

    monkeypatch.setattr(conftest, "_pg_bin", lambda: None)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        conftest.require_postgres()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must test PostgreSQL"):
        conftest.require_postgres()


def fresh_database(postgres_url: str) -> str:
    """A new empty database on the test cluster, so tests never see each other's tables."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch):
    # httpx must talk to 127.0.0.1 directly whatever the environment says.
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
