"""A run directory: run.json (the config), results.jsonl (one finished game a line)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardcafe.engine import BadInput

from .config import SimConfig

CONFIG_FILE = "run.json"
RESULTS_FILE = "results.jsonl"


def read_results(path: Path) -> list[dict[str, Any]]:
    """The games in a results file. A last line cut short by an interrupted write is dropped
    (that game is simply played again); anything else unreadable is an error."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(lines):
                break
            raise BadInput(f"{path}: line {number} is not JSON") from None
    return out


def why(exc: OSError) -> str:
    """An OSError in a few words ("Permission denied"), without the traceback."""
    return exc.strerror or str(exc)


class RunDir:
    """Opens a run directory for writing, checking that a resumed run is the same run."""

    def __init__(self, directory: Path, config: SimConfig, resume: bool):
        self.directory = directory
        self.results_path = directory / RESULTS_FILE
        config_path = directory / CONFIG_FILE
        if directory.exists() and not directory.is_dir():
            raise BadInput(f"--out {directory} is a file: give a directory for the run")
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput(f"cannot create the run directory {directory}: {why(exc)}") from None
        self.done: list[dict[str, Any]] = []
        if config_path.exists() or self.results_path.exists():
            if not resume:
                raise BadInput(
                    f"{directory} holds a run already: add --resume to continue it, "
                    "or choose another --out"
                )
            if config_path.exists():
                try:
                    previous = SimConfig.from_json(json.loads(config_path.read_text("utf-8")))
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise BadInput(f"{config_path} is not a run config: {exc}") from exc
                if not previous.same_run(config):
                    raise BadInput(
                        f"{directory} holds a different run ({previous.to_json()}); "
                        "--resume needs the same game, players, seats, seed and options"
                    )
            wanted = set(range(config.games))
            self.done = [r for r in read_results(self.results_path) if r.get("game") in wanted]
        try:
            config_path.write_text(json.dumps(config.to_json(), indent=2) + "\n", "utf-8")
            # Rewrite what is kept (drops a torn last line), then append game by game.
            self._file = self.results_path.open("w", encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot write the run to {directory}: {why(exc)}") from None
        for result in self.done:
            self._write(result)

    def _write(self, result: dict[str, Any]) -> None:
        self._file.write(json.dumps(result) + "\n")
        self._file.flush()

    def add(self, result: dict[str, Any]) -> None:
        self._write(result)

    def close(self) -> None:
        self._file.close()
