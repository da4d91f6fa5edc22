"""Soak: well-behaved tables keep playing through kill -9, a database pause and two floods.

    python benchmarks/soak.py --tables 8 --minutes 2

Starts `cardcafe serve` on 127.0.0.1 over a throwaway SQLite file (bots without delay, open
tables expiring after 20 s). N scripted clients each play Monster Diner against a `heuristic`
bot over a WebSocket, reconnecting whenever the server is gone, and start a new table when a
game ends. Meanwhile, at random moments: the server is killed with SIGKILL and started again,
the database is locked by another writer for a few seconds, one seat floods its table with
hints from 20 sockets (from 127.0.0.3), and a client floods the lobby with tables (from
127.0.0.2, so the per-address limits meet the abusers, not the players).

Reported: moves lost (versions a client saw that the database does not hold: must be 0),
tables stalled (a game still in play whose version did not move in the last 15 s, once the
chaos is over: must be 0), and the bots' reply time on the well-behaved tables (from the
snapshot that gave the bot its turn to the next one; samples that span a kill are left out).
Bounded: at most 64 tables and 10 minutes, all on the loopback interface.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

HOST = "127.0.0.1"
MAX_TABLES, MAX_MINUTES = 64, 10
SETTLE = 15.0  # seconds of calm at the end in which every game in play must move


class Server:
    """`cardcafe serve` as a child process that can be killed and started again."""

    def __init__(self, folder: Path):
        self.folder, self.port = folder, _free_port()
        self.db = folder / "soak.sqlite3"
        self.proc: subprocess.Popen | None = None
        self.kills: list[tuple[float, float]] = []  # (killed, back) moments

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        cardcafe = shutil.which("cardcafe", path=str(Path(sys.executable).parent)) or "cardcafe"
        args = [cardcafe, "serve", "--host", HOST, "--port", str(self.port)]
        args += ["--db", f"sqlite:///{self.db}", "--bot-delay", "0", "--open-ttl", "20"]
        log = open(self.folder / "server.log", "ab")  # noqa: SIM115 - the child's stderr
        env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
        self.proc = subprocess.Popen(args, stdout=log, stderr=log, env=env)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.base}/api/games", timeout=1)
                return
            except httpx.HTTPError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    sys.exit(f"the server did not start; see {self.folder / 'server.log'}")
                time.sleep(0.1)

    def kill_and_restart(self) -> None:
        killed = time.monotonic()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.start()
        self.kills.append((killed, time.monotonic()))

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Figures:
    def __init__(self) -> None:
        self.seen: dict[str, int] = {}  # table -> highest version a client was shown
        self.last_move: dict[str, float] = {}  # table -> when its version last moved
        self.status: dict[str, str] = {}
        self.bot_waits: list[tuple[float, float]] = []  # (turn given, answered)
        self.games = 0
        self.refused = {"tables": 0, "hints": 0}
        self.calm_from = float("inf")  # when the chaos ended
        self.pauses: list[tuple[float, float]] = []  # (locked, unlocked) moments


async def well_behaved(server: Server, figures: Figures, stop: asyncio.Event, seed: int) -> None:
    """One player: a table against a bot, played to the end, again and again."""
    rng = random.Random(seed)
    ws_base = server.base.replace("http://", "ws://")
    while not stop.is_set():
        try:
            async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
                body = {"game": "monster-diner", "players": 2, "seats": ["human", "heuristic"]}
                table = (await http.post("/api/tables", json=body)).json()["id"]
                claim = await http.post(f"/api/tables/{table}/seats/0/claim", json={"name": "P"})
                token = claim.json()["token"]
        except (httpx.HTTPError, KeyError, ValueError):
            await asyncio.sleep(0.5)  # the server is down (or restarting): try again
            continue
        await _play(f"{ws_base}/ws/{table}?token={token}", table, figures, stop, rng)


async def _play(url: str, table: str, figures: Figures, stop: asyncio.Event, rng) -> None:
    while not stop.is_set():
        bot_turn_at = None
        try:
            async with websockets.connect(url, max_size=2**22, open_timeout=10) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] != "snapshot":
                        continue
                    now = time.monotonic()
                    version = message["version"]
                    if version > figures.seen.get(table, -1):
                        figures.seen[table] = version
                        figures.last_move[table] = now
                        if bot_turn_at is not None:
                            figures.bot_waits.append((bot_turn_at, now))
                    figures.status[table] = message["status"]
                    if message["status"] != "playing":
                        if message["status"] == "finished":
                            figures.games += 1
                        return
                    bot_turn_at = None if message["legal"] else now
                    if message["legal"] and not stop.is_set():
                        action = dict(rng.choice(message["legal"]))
                        action.pop("label")
                        await ws.send(
                            json.dumps({"type": "move", "version": version, "action": action})
                        )
        except (TimeoutError, OSError, websockets.WebSocketException):
            await asyncio.sleep(0.3)  # killed: reconnect to the restarted server


async def hint_flood(server: Server, figures: Figures, seconds: float) -> None:
    """One seat, 20 sockets, hints as fast as they go, from 127.0.0.3."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.3")
    async with httpx.AsyncClient(base_url=server.base, transport=transport, timeout=30) as http:
        body = {"game": "monster-diner", "players": 2, "seats": ["human", "human"]}
        table = (await http.post("/api/tables", json=body)).json()["id"]
        token = (await http.post(f"/api/tables/{table}/seats/0/claim", json={})).json()["token"]
        await http.post(f"/api/tables/{table}/seats/1/claim", json={})
    url = server.base.replace("http://", "ws://") + f"/ws/{table}?token={token}"
    end = time.monotonic() + seconds

    async def one() -> None:
        try:
            async with websockets.connect(url, open_timeout=10) as ws:
                while time.monotonic() < end:
                    await ws.send(json.dumps({"type": "hint", "version": 0}))
                    answer = json.loads(await ws.recv())
                    if answer["type"] == "error":
                        figures.refused["hints"] += 1
        except (TimeoutError, OSError, websockets.WebSocketException):
            pass

    await asyncio.gather(*(one() for _ in range(20)))


async def table_flood(server: Server, figures: Figures, count: int) -> None:
    """`count` tables asked for at once from 127.0.0.2 (the per-address limit answers 429)."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
    body = {"game": "monster-diner", "players": 2, "seats": ["human", "human"]}
    async with httpx.AsyncClient(base_url=server.base, transport=transport, timeout=30) as http:
        for _ in range(count):
            try:
                if (await http.post("/api/tables", json=body)).status_code == 429:
                    figures.refused["tables"] += 1
            except httpx.HTTPError:
                pass


def pause_database(db: Path, seconds: float) -> None:
    """Another writer holds the SQLite database's write lock for `seconds`."""
    with sqlite3.connect(db, timeout=30) as con:
        con.execute("BEGIN EXCLUSIVE")
        time.sleep(seconds)
        con.rollback()


async def chaos(server: Server, figures: Figures, minutes: float, rng: random.Random) -> None:
    span = minutes * 60
    events = ["kill", "pause", "hints", "tables", "kill"]
    moments = sorted(rng.uniform(0.1 * span, 0.8 * span) for _ in events)
    start = time.monotonic()
    floods = []
    for event, at in zip(rng.sample(events, len(events)), moments, strict=True):
        await asyncio.sleep(max(0.0, start + at - time.monotonic()))
        print(f"  {time.monotonic() - start:6.1f} s: {event}", flush=True)
        if event == "kill":
            await asyncio.to_thread(server.kill_and_restart)
        elif event == "pause":
            paused = time.monotonic()
            await asyncio.to_thread(pause_database, server.db, 5.0)
            figures.pauses.append((paused, time.monotonic()))
        elif event == "hints":
            floods.append(asyncio.create_task(hint_flood(server, figures, 20.0)))
        else:
            floods.append(asyncio.create_task(table_flood(server, figures, 300)))
    await asyncio.sleep(max(0.0, start + span - time.monotonic()))
    await asyncio.gather(*floods)


def stored_moves(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as con:
        return dict(con.execute("SELECT table_id, count(*) FROM moves GROUP BY table_id"))


async def run(server: Server, tables: int, minutes: float, seed: int) -> Figures:
    figures, stop = Figures(), asyncio.Event()
    players = [
        asyncio.create_task(well_behaved(server, figures, stop, seed + n)) for n in range(tables)
    ]
    await chaos(server, figures, minutes, random.Random(seed))
    figures.calm_from = time.monotonic()
    await asyncio.sleep(SETTLE)  # calm: every game in play must move in this window
    stop.set()
    await asyncio.wait(players, timeout=30)
    for task in players:
        task.cancel()
    return figures


def report(server: Server, figures: Figures) -> int:
    stored = stored_moves(server.db)
    lost = sum(max(0, seen - stored.get(t, 0)) for t, seen in figures.seen.items())
    stalled = [
        t
        for t, status in figures.status.items()
        if status == "playing" and figures.last_move.get(t, 0) < figures.calm_from
    ]
    waits = [
        (answered - given, any(given <= end and answered >= at for at, end in figures.pauses))
        for given, answered in figures.bot_waits
        if not any(given <= back and answered >= killed for killed, back in server.kills)
    ]
    calm = [wait for wait, in_pause in waits if not in_pause]
    waits = [wait for wait, _in_pause in waits]
    print(f"games finished: {figures.games}; tables played: {len(figures.seen)}")
    print(
        f"moves seen by clients: {sum(figures.seen.values())}; moves stored: {sum(stored.values())}"
    )
    print(f"moves lost: {lost}")
    print(f"tables stalled: {len(stalled)}")
    if waits:
        print(
            f"bot replies on well-behaved tables: {len(waits)}; p50 "
            f"{statistics.median(waits) * 1000:.0f} ms, p99 "
            f"{sorted(waits)[int(0.99 * (len(waits) - 1))] * 1000:.0f} ms, worst "
            f"{max(waits) * 1000:.0f} ms (database pause included, kills left out)"
        )
    if calm:
        print(f"worst bot reply outside the database pause: {max(calm) * 1000:.0f} ms")
    print(
        f"refused: {figures.refused['tables']} flood tables (429), {figures.refused['hints']} hints"
    )
    return 0 if lost == 0 and not stalled else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not (1 <= args.tables <= MAX_TABLES and 0 < args.minutes <= MAX_MINUTES):
        parser.error(f"--tables must be 1..{MAX_TABLES} and --minutes 0..{MAX_MINUTES}")
    folder = Path(tempfile.mkdtemp(prefix="cardcafe-soak-"))
    server = Server(folder)
    server.start()
    try:
        figures = asyncio.run(run(server, args.tables, args.minutes, args.seed))
        code = report(server, figures)
    finally:
        server.stop()
    print(f"(server log: {folder / 'server.log'})")
    sys.exit(code)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


if __name__ == "__main__":
    main()
