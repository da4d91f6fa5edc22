"""`cardcafe serve` under cProfile, every thread included (the bot pool too).

    python benchmarks/profiled_serve.py OUT.pstats serve --port 8000 ...

Time is each thread's CPU time (`time.thread_time`), so waiting for the GIL, a lock or the
network costs nothing: what is left is what the server really spends. SIGUSR1 forgets what was
measured so far (the load benchmark sends it when its clock starts, so setting the tables up
is left out); SIGUSR2 stops measuring and writes the statistics of all threads, merged, to
OUT.pstats (so does the end of the server, if SIGUSR2 never came); read them with
`python -m pstats OUT.pstats` (sort tottime, stats 40). Written at SIGUSR2 because a worker
process gives SIGTERM back to its default action (workers.py), which ends it at once.
"""

from __future__ import annotations

import cProfile
import pstats
import signal
import sys
import threading
import time

profiles: list[cProfile.Profile] = []
written: list[str] = []


def _start_in_thread(*_args) -> None:
    """Called once in each new thread: give it a profiler of its own."""
    profile = cProfile.Profile(time.thread_time)
    profiles.append(profile)
    profile.enable()


def _forget(*_args) -> None:
    for profile in profiles:
        profile.clear()


def _stop(*_args) -> None:
    profiles[0].disable()  # the main thread's (the event loop: this handler runs there)
    threading.setprofile(None)
    _write(sys.argv[1])


def _write(out: str) -> None:
    """Merge every thread's statistics into `out` (once)."""
    if written:
        return
    written.append(out)
    stats = pstats.Stats(profiles[0])
    for profile in profiles[1:]:
        try:
            profile.disable()
            stats.add(profile)
        except (TypeError, ValueError):  # a thread that never ran any code
            continue
    stats.dump_stats(out)


def main() -> None:
    out, argv = sys.argv[1], sys.argv[2:]
    # uvicorn stops cleanly on SIGTERM, then raises it again: end with SystemExit instead,
    # so the statistics are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGUSR1, _forget)
    signal.signal(signal.SIGUSR2, _stop)
    threading.setprofile(_start_in_thread)
    main_profile = cProfile.Profile(time.thread_time)
    profiles.append(main_profile)
    from cardcafe.cli import app

    main_profile.enable()
    try:
        app(argv, standalone_mode=False)
    finally:
        main_profile.disable()
        _write(out)


if __name__ == "__main__":
    main()
