"""Load on the online server: N concurrent tables, each a scripted WebSocket player against a bot.

    python benchmarks/server_load.py --tables 100 --seconds 20 [--workers N] [--db URL]

Starts `cardcafe serve` on 127.0.0.1 (a free port, a throwaway SQLite file unless --db is given,
bots without delay; `--workers N` is passed on as `cardcafe serve --workers N`), then runs N
clients at once. Each client creates a Monster Diner table (one human seat and one `random`
bot), claims the human seat and connects; when all N tables are ready the clock starts, and each
plays random legal moves over its WebSocket until the game ends, then starts another table,
until the time is up. The clients take snapshot deltas as the browser does (`--full`: full
snapshots on every move instead). By default a client moves as soon as it may (a closed loop:
the server always has a move of every table waiting); `--think S` has each player think about S
seconds (half to one and a half times S, at random) before each move, as people do, so the load
is what N tables of people would send.

Reported: accepted moves per second (every version step the clients saw, human and bot moves
alike), the time from a move sent to the broadcast that carries it (p50/p95/p99), and for a
server this script started, the CPU seconds its processes spent while the clock ran (accepted
moves per CPU second: the fair figure on a shared machine) and their memory (RSS) at the end.
`--profile FILE` runs the server under cProfile (every thread) and writes its statistics there.
`--port P` loads a server already running there instead (another build, another ASGI server);
`--server-pid PID` then reports that server's CPU and memory too. Everything stays on the
loopback interface and is bounded: at most 2000 tables, 300 seconds.
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

from cardcafe.server.delta import apply_patch

HOST = "127.0.0.1"
MAX_TABLES, MAX_SECONDS = 2000, 300
PROFILER = Path(__file__).with_name("profiled_serve.py")


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
        self.resyncs = 0


class Clock:
    """Every table is set up before the clock starts, so the figures measure play only."""

    def __init__(self, tables: int, seconds: float, on_start=None, on_stop=None):
        self.waiting, self.seconds = tables, seconds
        self.go = asyncio.Event()
        self.stop_at = float("inf")
        self.setup_seconds = 0.0
        self._t0 = time.monotonic()
        self.on_start, self.on_stop = on_start, on_stop

    async def ready(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.setup_seconds = time.monotonic() - self._t0
            self.stop_at = time.monotonic() + self.seconds
            if self.on_start:
                self.on_start()
            asyncio.get_running_loop().call_later(self.seconds, self.on_stop or (lambda: None))
            self.go.set()
        await self.go.wait()


DEFLATE = True  # the clients offer permessage-deflate (as browsers do); --no-deflate: not


async def open_table(http: httpx.AsyncClient, ws_base: str, full: bool):
    """A new table, its human seat claimed, and that seat's socket (tried again if the server
    dropped an idle HTTP connection just as it was reused)."""
    for attempt in range(3):
        try:
            return await _open_table(http, ws_base, full)
        except httpx.TransportError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def _open_table(http: httpx.AsyncClient, ws_base: str, full: bool):
    body = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}
    table = (await http.post("/api/tables", json=body)).json()["id"]
    claim = await http.post(f"/api/tables/{table}/seats/0/claim", json={"name": "load"})
    url = f"{ws_base}/ws/{table}?token={claim.json()['token']}"
    if not full:
        url += "&deltas=1"
    compression = "deflate" if DEFLATE else None
    return await websockets.connect(url, max_size=2**22, open_timeout=300, compression=compression)


async def player(
    http: httpx.AsyncClient,
    ws_base: str,
    clock: Clock,
    stats: Stats,
    seed: int,
    full: bool,
    think: float,
) -> None:
    rng = random.Random(seed)
    ws = await open_table(http, ws_base, full)
    await clock.ready()
    while True:
        async with ws:
            version, sent_at, held = None, None, None
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "delta":
                    if held is None or held["version"] != message["base"]:
                        stats.resyncs += 1
                        await ws.send(json.dumps({"type": "resync"}))
                        continue
                    message = apply_patch(held, message)
                if message["type"] != "snapshot":
                    stats.errors += 1
                    continue
                held = message
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
                    if think:
                        # A person's pace: from half to one and a half times --think.
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                        if time.monotonic() >= clock.stop_at:
                            return
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "move", "version": version, "action": action})
                    )
        ws = await open_table(http, ws_base, full)


def percentile(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


# -- the server's processes, from /proc (Linux) ----------------------------------------------
def process_tree(pid: int) -> list[int]:
    """`pid` and every process descended from it (the workers of `serve --workers N`)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of `pid` and its descendants so far."""
    user = system = 0
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user, system = user + int(fields[11]), system + int(fields[12])  # clock ticks
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


def rss_mib(pid: int) -> float:
    """Resident memory of `pid` and its descendants, in MiB."""
    total = 0
    for p in process_tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


class ServerUse:
    """CPU seconds and memory of the server while the clock runs (None: not our process),
    and this script's own CPU seconds (the clients share the machine with the server)."""

    def __init__(self, pid: int | None, profiled: bool = False):
        self.pid, self.profiled = pid, profiled
        self.cpu: float | None = None
        self.system_cpu: float | None = None  # the kernel's part of `cpu` (sockets, files)
        self.rss: float | None = None
        self.client_cpu = 0.0
        self._client_start = 0.0
        self._start = (0.0, 0.0)

    def start(self) -> None:
        self._client_start = time.process_time()
        if self.pid:
            self._start = cpu_seconds(self.pid)
            if self.profiled:  # profiled_serve.py: forget the setting up
                os.kill(self.pid, signal.SIGUSR1)

    def stop(self) -> None:
        self.client_cpu = time.process_time() - self._client_start
        if self.pid:
            user, system = cpu_seconds(self.pid)
            self.cpu = user + system - sum(self._start)
            self.system_cpu = system - self._start[1]
            self.rss = rss_mib(self.pid)
            if self.profiled:
                os.kill(self.pid, signal.SIGUSR2)


async def run(
    tables: int, seconds: float, base: str, full: bool, use: ServerUse, think: float = 0
) -> tuple[Stats, Clock]:
    stats = Stats()
    clock = Clock(tables, seconds, use.start, use.stop)
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as http:
        await asyncio.gather(
            *(player(http, ws_base, clock, stats, i, full, think) for i in range(tables))
        )
    return stats, clock


def server_command(args, port: int, db: str) -> list[str]:
    serve = [sys.executable, "-m", "cardcafe", "serve"]
    if args.profile:
        serve = [sys.executable, str(PROFILER), str(Path(args.profile).resolve()), "serve"]
    serve += ["--host", HOST, "--port", str(port), "--db", db, "--bot-delay", "0"]
    serve += ["--max-tables", str(MAX_TABLES), "--max-tables-per-client", str(MAX_TABLES)]
    serve += ["--max-sockets-per-client", str(MAX_TABLES)]
    if args.workers is not None:
        serve += ["--workers", str(args.workers)]
    return serve


def server_env(args) -> dict[str, str]:
    env = os.environ.copy()
    if args.server_src:
        env["PYTHONPATH"] = str(Path(args.server_src).resolve())
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--db", help="database URL (default: a throwaway SQLite file)")
    parser.add_argument("--workers", type=int, help="server processes (cardcafe serve --workers)")
    parser.add_argument("--port", type=int, help="use a server already running on this port")
    parser.add_argument(
        "--server-pid",
        type=int,
        help="with --port: that server's process id, to report its CPU and memory",
    )
    parser.add_argument("--full", action="store_true", help="full snapshots, no deltas")
    parser.add_argument(
        "--no-deflate", action="store_true", help="clients that do not offer compression"
    )
    parser.add_argument(
        "--server-src", help="run the server from this src folder (to compare two versions)"
    )
    parser.add_argument("--profile", help="run the server under cProfile, statistics to FILE")
    parser.add_argument(
        "--think",
        type=float,
        default=0,
        help="seconds each player thinks before a move, on average (default 0: at once)",
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--tables must be 1..{MAX_TABLES} and --seconds 0..{MAX_SECONDS}")
    if not 0 <= args.think <= 60:
        parser.error("--think must be 0..60 seconds")
    global DEFLATE
    DEFLATE = not args.no_deflate
    os.environ.update({"NO_PROXY": HOST})
    for key in [k for k in os.environ if k.lower() in ("http_proxy", "https_proxy", "all_proxy")]:
        del os.environ[key]

    if args.port:
        base = f"http://{HOST}:{args.port}"
        use = ServerUse(args.server_pid)
        played = run(args.tables, args.seconds, base, args.full, use, args.think)
        report(args, *asyncio.run(played), use)
        return
    folder = Path(tempfile.mkdtemp(prefix="cardcafe-load-"))
    db = args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    base = f"http://{HOST}:{port}"
    server = subprocess.Popen(
        server_command(args, port, db),
        stdout=subprocess.DEVNULL,
        stderr=open(folder / "server.log", "wb"),  # noqa: SIM115 - lives as long as the server
        env=server_env(args),
    )
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
        use = ServerUse(server.pid, profiled=bool(args.profile))
        played = run(args.tables, args.seconds, base, args.full, use, args.think)
        report(args, *asyncio.run(played), use)
    except BaseException:
        log = (folder / "server.log").read_text(errors="replace")[-3000:]
        print("the server's log ends with:\n" + log, file=sys.stderr)
        raise
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def report(args, stats: Stats, clock: Clock, use: ServerUse | None = None) -> None:
    elapsed = clock.seconds
    ms = [x * 1000 for x in stats.latencies]
    line = (
        f"tables={args.tables} workers={args.workers or 1} deltas={not args.full} "
        f"deflate={DEFLATE} think_s={args.think:g} setup_s={clock.setup_seconds:.1f} "
        f"seconds={elapsed:.1f} games_finished={stats.games} "
        f"accepted_moves={stats.accepted} moves_per_s={stats.accepted / elapsed:.0f} "
        f"latency_ms p50={percentile(ms, 50):.1f} p95={percentile(ms, 95):.1f} "
        f"p99={percentile(ms, 99):.1f} samples={len(ms)} errors={stats.errors} "
        f"resyncs={stats.resyncs}"
    )
    if use is not None:
        line += f" client_cpu_s={use.client_cpu:.1f}"
    if use is not None and use.cpu is not None:
        per_cpu = stats.accepted / use.cpu if use.cpu else float("nan")
        line += (
            f" server_cpu_s={use.cpu:.1f} (system {use.system_cpu:.1f})"
            f" moves_per_cpu_s={per_cpu:.0f}"
            f" server_rss_mib={use.rss:.0f}"
        )
    print(line, flush=True)


if __name__ == "__main__":
    main()
