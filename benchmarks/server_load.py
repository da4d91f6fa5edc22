"""Load on the online server: N concurrent tables, each a scripted WebSocket player against a bot.

    python benchmarks/server_load.py --tables 100 --seconds 20

Starts `cardcafe serve` on 127.0.0.1 (a free port, a throwaway SQLite file unless --db is given,
bots without delay), then runs N clients at once. Each client creates a Monster Diner table
(one human seat and one `random` bot), claims the human seat and connects; when all N tables
are ready the clock starts, and each plays random legal moves over its WebSocket until the game
ends, then starts another table, until the time is up.

Reported: accepted moves per second (every version step the clients saw, human and bot moves
alike), and the time from a move sent to the broadcast that carries it (p50/p95/p99).
Everything stays on the loopback interface and is bounded: at most 1000 tables, 300 seconds.
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
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

HOST = "127.0.0.1"
MAX_TABLES, MAX_SECONDS = 1000, 300


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.accepted = 0
        self.games = 0
        self.errors = 0


class Clock:
    """Every table is set up before the clock starts, so the figures measure play only."""

    def __init__(self, tables: int, seconds: float):
        self.waiting, self.seconds = tables, seconds
        self.go = asyncio.Event()
        self.stop_at = float("inf")
        self.setup_seconds = 0.0
        self._t0 = time.monotonic()

    async def ready(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.setup_seconds = time.monotonic() - self._t0
            self.stop_at = time.monotonic() + self.seconds
            self.go.set()
        await self.go.wait()


async def open_table(http: httpx.AsyncClient, ws_base: str):
    body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
    table = (await http.post("/api/tables", json=body)).json()["id"]
    claim = await http.post(f"/api/tables/{table}/seats/0/claim", json={"name": "load"})
    url = f"{ws_base}/ws/{table}?token={claim.json()['token']}"
    return await websockets.connect(url, max_size=2**22, open_timeout=300)


async def player(
    http: httpx.AsyncClient, ws_base: str, clock: Clock, stats: Stats, seed: int
) -> None:
    rng = random.Random(seed)
    ws = await open_table(http, ws_base)
    await clock.ready()
    while True:
        async with ws:
            version, sent_at = None, None
            while True:
                message = json.loads(await ws.recv())
                if message["type"] != "snapshot":
                    stats.errors += 1
                    continue
                if version is not None and message["version"] > version:
                    stats.accepted += message["version"] - version
                    if sent_at is not None:
                        stats.latencies.append(time.perf_counter() - sent_at)
                        sent_at = None
                version = message["version"]
                if time.monotonic() >= clock.stop_at:
                    return
                if message["status"] == "finished":
                    stats.games += 1
                    break
                if message["legal"]:
                    action = dict(rng.choice(message["legal"]))
                    action.pop("label")
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "move", "version": version, "action": action})
                    )
        ws = await open_table(http, ws_base)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


async def run(tables: int, seconds: float, base: str) -> tuple[Stats, Clock]:
    stats, clock = Stats(), Clock(tables, seconds)
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as http:
        await asyncio.gather(*(player(http, ws_base, clock, stats, i) for i in range(tables)))
    return stats, clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--db", help="database URL (default: a throwaway SQLite file)")
    parser.add_argument("--port", type=int, help="use a server already running on this port")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--tables must be 1..{MAX_TABLES} and --seconds 0..{MAX_SECONDS}")

    if args.port:
        started = time.monotonic()
        report(
            args, asyncio.run(run(args.tables, args.seconds, f"http://{HOST}:{args.port}")), started
        )
        return
    folder = Path(tempfile.mkdtemp(prefix="cardcafe-load-"))
    db = args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    base = f"http://{HOST}:{port}"
    cardcafe = shutil.which("cardcafe", path=str(Path(sys.executable).parent)) or "cardcafe"
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    server = subprocess.Popen(
        [
            cardcafe,
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--max-tables-per-client",
            str(MAX_TABLES),
            "--max-sockets-per-client",
            str(MAX_TABLES),
        ],
        stdout=subprocess.DEVNULL,
        stderr=open(folder / "server.log", "wb"),  # noqa: SIM115 - lives as long as the server
        env=env,
    )
    os.environ.update({"NO_PROXY": HOST})
    for key in [k for k in os.environ if k.lower() in ("http_proxy", "https_proxy", "all_proxy")]:
        del os.environ[key]
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit("the server did not start; see " + str(folder / "server.log"))
            time.sleep(0.1)
        report(args, *asyncio.run(run(args.tables, args.seconds, base)))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def report(args, stats: Stats, clock: Clock) -> None:
    elapsed = clock.seconds
    ms = [x * 1000 for x in stats.latencies]
    print(
        f"tables={args.tables} setup_s={clock.setup_seconds:.1f} seconds={elapsed:.1f} "
        f"games_finished={stats.games} "
        f"accepted_moves={stats.accepted} moves_per_s={stats.accepted / elapsed:.0f} "
        f"latency_ms p50={percentile(ms, 50):.1f} p95={percentile(ms, 95):.1f} "
        f"p99={percentile(ms, 99):.1f} samples={len(ms)} errors={stats.errors}"
    )


if __name__ == "__main__":
    main()
