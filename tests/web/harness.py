"""Helpers for the browser tests and the screenshot script: the real server in a subprocess,
Debian's Chromium through Playwright, and small HTTP calls.

Chromium comes from Debian (`apt-get install -y chromium`), never from `playwright install`
(it cannot download here). Without it the tests skip, except under CI=true where they fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

# Debian's Chromium; CARDCAFE_CHROMIUM points elsewhere (another build, or a missing path to
# check that CI fails without a browser).
CHROMIUM = Path(os.environ.get("CARDCAFE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def browser_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the python package playwright is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: apt-get install -y chromium"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cardcafe_command() -> list[str]:
    """The installed `cardcafe` command next to this Python, else on PATH."""
    beside = Path(sys.executable).with_name("cardcafe")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("cardcafe")
    if found:
        return [found]
    return [sys.executable, "-c", "from cardcafe.cli import main; main()"]


@contextlib.contextmanager
def running_server(
    workdir: Path, bot_delay: float = 0.0, *extra: str, env: dict[str, str] | None = None
) -> Iterator[str]:
    """`cardcafe serve` on a free port over a fresh SQLite file; yields its base URL.
    `extra`: more `cardcafe serve` options (`--absent-seconds`, `1`); `env`: environment
    variables to set for the server on top of this process's (`CARDCAFE_GAMES`, `PYTHONPATH`)."""
    port = free_port()
    db = workdir / "cardcafe.sqlite"
    log_path = workdir / "server.log"
    command = [
        *cardcafe_command(),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        "--bot-delay",
        str(bot_delay),
        *extra,
    ]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=workdir,
            env={**os.environ, **(env or {})},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"cardcafe serve exited with {proc.returncode}:\n{log_path.read_text()}"
                    )
                try:
                    urllib.request.urlopen(f"{base}/api/games", timeout=1).read()
                    break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    if time.monotonic() > deadline:
                        raise RuntimeError(
                            f"cardcafe serve did not answer in 30 s:\n{log_path.read_text()}"
                        ) from None
                    time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def http(method: str, url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def seat_ann_against_bots(server: str, game_id: str, players: int, bot: str = "random"):
    """A table where Ann (seat 0, claimed) plays `bot` in every other seat: (table, token)."""
    body = {"game": game_id, "players": players, "options": {}, "seats": ["human"]}
    body["seats"] += [bot] * (players - 1)
    table = http("POST", f"{server}/api/tables", body)
    claim = http("POST", f"{server}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})
    return table, claim["token"]


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def play_over_socket(
    server: str,
    table_id: str,
    token: str,
    until: Callable[[dict], bool],
    seed: int = 0,
    choose: Callable[[dict], dict | None] | None = None,
) -> dict:
    """Bring a table to a moment before a page opens it: the seat's moves sent over its own
    WebSocket, the bots answering at once, until `until(view)` holds on the seat's turn. A move
    is `choose(snapshot)` (one of its `legal`), else one at random (from `seed`). Some hundred
    moves take a second, not the minutes of clicking them. Returns that snapshot; an
    AssertionError if the game ends first."""
    import random

    from websockets.sync.client import connect

    rng = random.Random(seed)
    url = server.replace("http", "ws", 1) + f"/ws/{table_id}?token={token}"
    with connect(url) as ws:
        while True:
            message = json.loads(ws.recv(timeout=20))
            if message.get("type") != "snapshot":
                continue
            assert message["status"] != "finished", "the game ended before the moment came"
            if not message["legal"]:
                continue
            if until(message["view"]):
                return message
            chosen = (choose and choose(message)) or rng.choice(message["legal"])
            action = {k: v for k, v in chosen.items() if k != "label"}
            ws.send(json.dumps({"type": "move", "version": message["version"], "action": action}))
