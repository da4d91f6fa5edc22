"""`cardcafe serve --workers N`: N server processes on one machine behind one port.

Every worker listens on the public port with SO_REUSEPORT (the kernel spreads new
connections over them) and on a relay port of its own, where the site's other processes
reach it (`relay.py`: a table's requests go to the process that owns the table). A worker
that dies is started again; SIGTERM or Ctrl+C stops them all. On several machines, run the
same command on each with the same PostgreSQL `--db`.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import signal
import socket
import time
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

RESTART_AFTER = 1.0  # seconds before a worker that died is started again


@dataclass(frozen=True)
class Launch:
    """How to run the server: where it listens, how many processes, and `create_app`'s
    options (`db_url`, `bot_delay`, ...)."""

    host: str
    port: int
    workers: int = 1
    advertise: str | None = None  # the host name the site's other processes reach this one at
    relay_port: int = 0  # first relay port (worker i: relay_port + i); 0: any free port
    ws_max_size: int = 64 * 1024
    app: dict[str, Any] = field(default_factory=dict)

    @property
    def clustered(self) -> bool:
        return not str(self.app.get("db_url") or "").startswith("sqlite")


def serve(launch: Launch) -> None:
    """Run the server in this process (one worker), or N worker processes, until stopped."""
    if launch.workers == 1:
        run_worker(launch, 0)
        return
    # Forked (as gunicorn does) once the server's modules are imported: a worker starts in a
    # fraction of a second. Nothing runs yet here (no thread, no loop, no connection) to copy.
    import uvicorn  # noqa: F401

    from . import app  # noqa: F401

    context = multiprocessing.get_context("fork")
    stopping = False

    def start(index: int) -> multiprocessing.Process:
        process = context.Process(target=run_worker, args=(launch, index), daemon=False)
        process.start()
        return process

    def stop(_signum, _frame) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    workers = {index: start(index) for index in range(launch.workers)}
    try:
        while not stopping:
            time.sleep(0.2)
            for index, process in list(workers.items()):
                if process.is_alive() or stopping:
                    continue
                log.warning("worker %d ended (exit %s); starting it again", index, process.exitcode)
                time.sleep(RESTART_AFTER)
                workers[index] = start(index)
    finally:
        for process in workers.values():
            if process.is_alive():
                process.terminate()
        for process in workers.values():
            process.join(timeout=10)
            if process.is_alive():
                process.kill()


def run_worker(launch: Launch, index: int) -> None:
    """One server process: the public port (shared with the other workers), its own relay
    port, and the app."""
    import uvicorn

    from . import create_app

    for signum in (signal.SIGTERM, signal.SIGINT):  # not the parent's: uvicorn's own, soon
        signal.signal(signum, signal.SIG_DFL)
    shared = launch.workers > 1
    if shared:
        _die_with_parent()
    public = bind(launch.host, launch.port, reuse_port=shared)
    sockets = [public]
    relay = public
    if launch.clustered and (shared or launch.relay_port):
        relay = bind(launch.host, launch.relay_port + index if launch.relay_port else 0)
        sockets.append(relay)
    app_options = dict(launch.app)
    if launch.clustered:
        app_options["cluster_address"] = address(launch, relay.getsockname()[1])
    app = create_app(**app_options)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=launch.ws_max_size)
    tune_gc()
    uvicorn.Server(config).run(sockets=sockets)


# Objects between two collections of the youngest generation (CPython's default: 700). A move
# makes thousands of short-lived objects (views, snapshots, patches), so at 700 the collector
# ran every move or two and pushed them into the older generations, whose collections walk
# every live table's state: about a fifth of a move's CPU at 100 tables. Most of these objects
# are freed by their reference count anyway; what forms cycles is still collected, later.
GC_THRESHOLD = (10_000, 20, 20)


def tune_gc() -> None:
    """Make the cyclic garbage collector cheap for a server: what is loaded by now (modules,
    card data, the app) is never walked again, and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def _die_with_parent() -> None:
    """Linux: a worker is sent SIGTERM when its parent dies, even by SIGKILL (no orphan keeps
    the port); elsewhere, nothing."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def address(launch: Launch, port: int) -> str:
    """The base URL the site's other processes reach this one at."""
    host = launch.advertise or launch.host
    if host in ("0.0.0.0", "::", ""):  # listening everywhere: this machine's own name
        host = socket.gethostname()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def bind(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """A listening TCP socket; with `reuse_port`, one that several processes share."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock
