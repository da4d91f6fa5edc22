"""Load on the online server: N concurrent tables, each a scripted WebSocket player against a bot.

    python benchmarks/server_load.py --tables 100 --seconds 20

Starts `cardcafe serve` on 127.0.0.1 (a free port, a throwaway SQLite file unless --db is given,
bots without delay), then runs N clients at once. Each client creates a Monster Diner table
(one human seat and one `random` bot), claims the human seat, and plays random legal moves over
its WebSocket until the game ends, then starts another table, until the time is up.

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


async def player(base: str, ws_base: str, stop_at: float, stats: Stats, seed: int) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < stop_at:
            body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
            table = (await http.post("/api/tables", json=body)).json()["id"]
            claim = await http.post(f"/api/tables/{table}/seats/0/claim", json={"name": "load"})
            token = claim.json()["token"]
            url = f"{ws_base}/ws/{table}?token={token}"
            async with websockets.connect(url, max_size=2**22, open_timeout=60) as ws:
                version, sent_at = None, None
                while True:
                    message = json.loads(await ws.recv())
                    if message["type"] != "snapshot":
                        stats.errors += 1
                        continue
                    if version is not None and message["version"] > version:
                        stats.accepted += message["version"] - version
                    if sent_at is not None and message["version"] > version:
                        stats.latencies.append(time.perf_counter() - sent_at)
                        sent_at = None
                    version = message["version"]
                    if message["status"] == "finished":
                        stats.games += 1
                        break
                    if message["legal"] and time.monotonic() < stop_at:
                        action = dict(rng.choice(message["legal"]))
                        action.pop("label")
                        sent_at = time.perf_counter()
                        await ws.send(
                            json.dumps({"type": "move", "version": version, "action": action})
                        )
                    elif message["legal"]:
                        return


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


async def run(tables: int, seconds: float, base: str) -> Stats:
    stats = Stats()
    stop_at = time.monotonic() + seconds
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(*(player(base, ws_base, stop_at, stats, i) for i in range(tables)))
    return stats


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
        [cardcafe, "serve", "--host", HOST, "--port", str(port), "--db", db, "--bot-delay", "0"],
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
        started = time.monotonic()
        stats = asyncio.run(run(args.tables, args.seconds, base))
        report(args, stats, started)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def report(args, stats: Stats, started: float) -> None:
    elapsed = time.monotonic() - started
    ms = [x * 1000 for x in stats.latencies]
    print(
        f"tables={args.tables} seconds={elapsed:.1f} games_finished={stats.games} "
        f"accepted_moves={stats.accepted} moves_per_s={stats.accepted / elapsed:.0f} "
        f"latency_ms p50={percentile(ms, 50):.1f} p95={percentile(ms, 95):.1f} "
        f"p99={percentile(ms, 99):.1f} samples={len(ms)} errors={stats.errors}"
    )


if __name__ == "__main__":
    main()
