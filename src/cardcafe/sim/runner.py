"""Run a simulation: the games not yet played, on a backend, with a progress bar, kept as they
finish so that Ctrl-C loses nothing and `--resume` continues."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from .backends import prepare, results
from .config import SimConfig
from .store import RunDir


@dataclass
class RunOutcome:
    config: SimConfig
    results: list[dict[str, Any]]  # sorted by game number
    interrupted: bool

    @property
    def complete(self) -> bool:
        return len(self.results) == self.config.games


def run_simulation(
    config: SimConfig,
    *,
    out: Path | None = None,
    resume: bool = False,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    console: Console | None = None,
) -> RunOutcome:
    """Play the run's games (those `out` does not hold yet, with `resume`). A KeyboardInterrupt
    stops it cleanly: the outcome holds the finished games and says it was interrupted."""
    prepare(backend, address)  # a bad backend or no Ray cluster: before the run dir or the bar
    store = RunDir(out, config, resume) if out is not None else None
    finished = list(store.done) if store else []
    done_numbers = {r["game"] for r in finished}
    todo = [n for n in range(config.games) if n not in done_numbers]
    interrupted = False
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=console is None,
    )
    try:
        with progress:
            task = progress.add_task(
                f"{config.game}, {config.players} players",
                total=config.games,
                completed=len(finished),
            )
            stream = results(config, todo, backend, workers, address)
            try:
                for result in stream:
                    finished.append(result)
                    if store:
                        store.add(result)
                    progress.advance(task)
            except KeyboardInterrupt:
                interrupted = True
            finally:
                stream.close()
    finally:
        if store:
            store.close()
    finished.sort(key=lambda r: r["game"])
    return RunOutcome(config, finished, interrupted)
