"""Shared helpers for the server tests: an app on a throwaway SQLite file, tables, seats."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardcafe.server import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardcafe.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, allow_seed=True)) as c:
        yield c


def hub(client: TestClient):
    return client.app.state.hub


def create(client: TestClient, seats: list[str], game: str = "monster-diner", **extra: Any):
    body = {"game": game, "players": len(seats), "seats": seats, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()["id"]


def claim(client: TestClient, table_id: str, seat: int, name: str = "Ann") -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}/claim", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def human_table(client: TestClient, players: int = 2, game: str = "monster-diner", **extra):
    """A table of humans only, every seat claimed: (table id, tokens)."""
    table_id = create(client, ["human"] * players, game=game, **extra)
    tokens = [claim(client, table_id, s, f"P{s}") for s in range(players)]
    return table_id, tokens


def bare(action: dict[str, Any]) -> dict[str, Any]:
    """An action JSON from a snapshot's `legal`, without its label, ready to send."""
    return {k: v for k, v in action.items() if k != "label"}


def move(ws, version: int, action: dict[str, Any]) -> None:
    ws.send_json({"type": "move", "version": version, "action": bare(action)})


def next_snapshot(ws, timeout: float = 20) -> dict:
    """The next message on a synchronous WebSocket (websockets' sync client), a snapshot."""
    message = json.loads(ws.recv(timeout=timeout))
    assert message["type"] == "snapshot", message
    return message


def until_my_turn(ws) -> dict:
    """Snapshots until it is this seat's turn or the game is over."""
    while True:
        snap = next_snapshot(ws)
        if snap["legal"] or snap["status"] == "finished":
            return snap


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- a throwaway PostgreSQL cluster from Debian's binaries ------------------------------------
def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def require_postgres() -> Path:
    """Debian's PostgreSQL binaries; skip without them, but fail when CI=true."""
    bindir = _pg_bin()
    if bindir is None:
        reason = "PostgreSQL is not installed (apt-get install -y postgresql)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}: CI must test PostgreSQL")
        pytest.skip(reason)
    return bindir


class PgCluster:
    """A private PostgreSQL cluster on a free port, which a test may stop and start again."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="cardcafe-pg-"))
        self.data, self.port = self.root / "data", free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run it as the postgres user
            user = "postgres" if shutil.which("runuser") and _has_user("postgres") else "nobody"
            shutil.chown(self.root, user=user)
            self.root.chmod(0o700)
            self.as_user = ["runuser", "-u", user, "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "cardcafe", "--no-sync")
        self.url = f"postgresql+psycopg://cardcafe@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        command = [*self.as_user, str(self.bindir / program), *args]
        subprocess.run(command, check=check, capture_output=True, timeout=60)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.root / "log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop", check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """Start a private PostgreSQL cluster on a free port; skip (or fail when CI=true) if the
    Debian packages are missing."""
    cluster = PgCluster(require_postgres())
    cluster.start()
    try:
        yield cluster.url
    finally:
        cluster.remove()


@pytest.fixture
def postgres_cluster() -> Iterator[PgCluster]:
    """A cluster of the test's own, running (the test may stop and start it)."""
    cluster = PgCluster(require_postgres())
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def wait_until(predicate, timeout: float = 10.0, step: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(step)


def pytest_collection_modifyitems(items) -> None:
    # A socket test that waits for a message that never comes would hang: fail it instead.
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.timeout(120))
