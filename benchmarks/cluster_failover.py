"""Two server processes on one PostgreSQL: the relay's cost, and a kill -9 of the owner.

    python benchmarks/cluster_failover.py --db postgresql://USER@HOST/DB --tables 40

Starts two `cardcafe serve` processes (A and B) on the database. Every table is created
through A (so A owns it): a scripted player (seat 1, against a `random` bot) plays half the
tables on a socket to A (direct) and half through B (relayed to A). After `--seconds` it
kills A with SIGKILL; every player reconnects through B at once, and again every 0.5 s (as
the page does) until the table answers. Reported: moves/s and move -> broadcast latency
(direct and relayed), snapshot sizes, how long each table took to come back after the kill,
and moves lost (a version a player was shown that the database lacks: must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

CARDCAFE = Path(sys.executable).parent / "cardcafe"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: str, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    args = [str(CARDCAFE), "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    proc = subprocess.Popen(args, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            sys.exit(f"a server did not start; see {log}")
        time.sleep(0.1)


class Player:
    """One seat at one table: moves whenever it may, timing move -> next snapshot."""

    def __init__(self, table_id: str, token: str, ws_base: str, relayed: bool, think: float):
        self.think = think  # seconds the player takes to move, as a person would
        self.table_id, self.token, self.ws_base, self.relayed = table_id, token, ws_base, relayed
        self.latencies: list[float] = []
        self.sizes: list[int] = []
        self.seen = 0  # the highest version this seat was shown
        self.back_after: float | None = None  # seconds from the kill to the first snapshot
        self.sent_at: float | None = None
        self.finished = False
        self.before = 0  # how many of `latencies` were timed before the kill

    async def play(self, until: float, killed: asyncio.Event, kill_time: list[float]) -> None:
        while time.monotonic() < until:
            try:
                url = f"{self.ws_base}/ws/{self.table_id}?token={self.token}"
                async with connect(url, open_timeout=5, compression=None) as ws:
                    async for text in ws:
                        message = json.loads(text)
                        if message["type"] != "snapshot":
                            continue
                        now = time.monotonic()
                        if killed.is_set() and self.back_after is None:
                            self.back_after = now - kill_time[0]
                        self.sizes.append(len(text))
                        if self.sent_at is not None and message["version"] > self.seen:
                            self.latencies.append(now - self.sent_at)
                            self.sent_at = None
                        self.seen = max(self.seen, message["version"])
                        if message["status"] == "finished":
                            self.finished = True
                            return
                        if time.monotonic() > until:
                            return
                        if message["legal"]:
                            await asyncio.sleep(self.think)
                            action = {k: v for k, v in message["legal"][0].items() if k != "label"}
                            self.sent_at = time.monotonic()
                            await ws.send(
                                json.dumps(
                                    {
                                        "type": "move",
                                        "version": message["version"],
                                        "action": action,
                                    }
                                )
                            )
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            self.sent_at = None
            if not killed.is_set():
                await asyncio.sleep(0.05)
            else:
                await asyncio.sleep(0.5)  # the page's first retry


def cpu_seconds(proc: subprocess.Popen) -> float:
    """CPU time (user + system) the process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else float("nan")


async def run(args) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cardcafe-failover-"))
    a, base_a = start(args.db, folder / "a.log")
    b, base_b = start(args.db, folder / "b.log")
    players: list[Player] = []
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            for i in range(args.tables):
                body = {"game": args.game, "players": 2, "seats": ["human", "random"]}
                table_id = (await http.post(f"{base_a}/api/tables", json=body)).json()["id"]
                claim = await http.post(f"{base_b}/api/tables/{table_id}/seats/0/claim", json={})
                relayed = i % 2 == 1
                ws_base = (base_b if relayed else base_a).replace("http", "ws")
                token = claim.json()["token"]
                players.append(Player(table_id, token, ws_base, relayed, args.think))
        killed = asyncio.Event()
        kill_time = [0.0]
        until = time.monotonic() + args.seconds + args.after
        cpu = [cpu_seconds(a), cpu_seconds(b)]
        tasks = [asyncio.create_task(p.play(until, killed, kill_time)) for p in players]
        await asyncio.sleep(args.seconds)
        for p in players:  # what follows the kill is timed apart
            p.before = len(p.latencies)
        played = sum(p.before for p in players)
        relayed_moves = sum(p.before for p in players if p.relayed)
        cpu = [cpu_seconds(a) - cpu[0], cpu_seconds(b) - cpu[1]]
        for p in players:  # after the kill, everyone comes back through B
            p.ws_base = base_b.replace("http", "ws")
        a.send_signal(signal.SIGKILL)
        kill_time[0] = time.monotonic()
        killed.set()
        await asyncio.gather(*tasks)
        async with httpx.AsyncClient(timeout=30) as http:
            lost = 0
            for p in players:
                stored = (await http.get(f"{base_b}/api/tables/{p.table_id}")).json()["version"]
                lost += max(0, p.seen - stored)
    finally:
        for proc in (a, b):
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
    for label, group in (("direct", False), ("relayed", True)):
        lat = [x * 1000 for p in players if p.relayed is group for x in p.latencies[: p.before]]
        print(
            f"{label:8}: {len(lat)} moves before the kill, move -> snapshot p50 "
            f"{percentile(lat, 50):.1f} ms, p95 {percentile(lat, 95):.1f} ms, "
            f"p99 {percentile(lat, 99):.1f} ms"
        )
    print(f"moves/s before the kill: {played / args.seconds:.0f} ({args.tables} tables)")
    print(
        f"CPU before the kill: owner A {cpu[0]:.2f} s for {played} player moves "
        f"({cpu[0] / max(1, played) * 1000:.2f} ms each, its bot's reply included), relay B "
        f"{cpu[1]:.2f} s for {relayed_moves} relayed player moves "
        f"({cpu[1] / max(1, relayed_moves) * 1000:.2f} ms each, its beats included)"
    )
    sizes = [s for p in players for s in p.sizes]
    print(f"snapshot sizes: p50 {percentile(sizes, 50):.0f} B, max {max(sizes)} B")
    back = [p.back_after for p in players if p.back_after is not None]
    missing = sum(1 for p in players if p.back_after is None and not p.finished)
    if back:
        print(
            f"after kill -9 of the owner: {len(back)} tables back, "
            f"p50 {percentile(back, 50):.2f} s, "
            f"worst {max(back):.2f} s; {missing} never came back"
        )
    print(f"moves lost: {lost}")
    if lost or missing:
        sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (an empty database)")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0, help="play before the kill")
    parser.add_argument("--after", type=float, default=8.0, help="play after the kill")
    parser.add_argument("--game", default="monster-diner")
    parser.add_argument("--think", type=float, default=0.3, help="seconds before each move")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
