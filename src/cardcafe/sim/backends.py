"""Where games are played: in this process, in a pool of processes, or on a Ray cluster.

Every backend yields the same result dicts (each game depends only on the run's config and its
number), in whatever order they finish.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from typing import Any

from cardcafe.engine import BadInput

from .config import SimConfig
from .play import play_game, play_game_task

BACKENDS = ("local", "ray")


def default_workers() -> int:
    return os.cpu_count() or 1


def _ignore_sigint() -> None:
    # Ctrl-C goes to the whole process group: workers leave it to the parent, which stops them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_results(config: SimConfig, numbers: list[int], workers: int) -> Iterator[dict[str, Any]]:
    if workers < 1:
        raise BadInput(f"workers must be at least 1, not {workers}")
    if workers == 1 or len(numbers) <= 1:
        for number in numbers:
            yield play_game(config, number)
        return
    context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    pool = context.Pool(min(workers, len(numbers)), initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(play_game_task, [(config, n) for n in numbers])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def connect_ray(address: str | None) -> None:
    """Start or join Ray (once), turning "no cluster there" into one clear BadInput."""
    try:
        import ray
    except ImportError as exc:
        raise BadInput("the ray backend needs Ray: pip install 'cardcafe[ray]'") from exc
    if ray.is_initialized():
        return
    try:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    except (ConnectionError, RuntimeError, TimeoutError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        where = f"at --address {address}" if address else "(a local one)"
        raise BadInput(
            f"cannot connect to a Ray cluster {where}: {first} "
            "(start one with `ray start --head`, or leave out --address for a local one)"
        ) from None


def prepare(backend: str, address: str | None = None) -> None:
    """Check the backend before anything starts: a known name and, for Ray, a cluster."""
    if backend not in BACKENDS:
        raise BadInput(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if backend == "ray":
        connect_ray(address)


def ray_results(
    config: SimConfig, numbers: list[int], address: str | None
) -> Iterator[dict[str, Any]]:
    import ray

    connect_ray(address)
    remote = ray.remote(play_game)
    pending = [remote.remote(config, n) for n in numbers]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def results(
    config: SimConfig,
    numbers: list[int],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> Iterator[dict[str, Any]]:
    if backend == "local":
        return local_results(config, numbers, workers or default_workers())
    if backend == "ray":
        return ray_results(config, numbers, address)
    raise BadInput(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
