"""The examples run: the balance notebook (its code cells in order, in a fresh process) and the
MaskablePPO script's parts that need no sb3-contrib."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from cardcafe.cli import app

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "balance.ipynb"


def code_cells(path: Path) -> list[str]:
    notebook = json.loads(path.read_text())
    assert notebook["nbformat"] == 4
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def test_the_notebook_reproduces_the_report_from_the_parquet_files(tmp_path):
    run = tmp_path / "run"
    result = CliRunner().invoke(app, [
        "simulate", "monster-rejects", "-n", "3", "-k", "30", "--seats", "heuristic,random,random",
        "--duplicate", "--workers", "1", "--out", str(run),
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    script = tmp_path / "notebook.py"
    script.write_text("\n\n".join(code_cells(NOTEBOOK)))
    env = {**os.environ, "CARDCAFE_RUN": str(run), "CARDCAFE_NOTEBOOK_OUT": str(tmp_path),
           "MPLBACKEND": "Agg", "PYTHONPATH": str(ROOT / "src")}  # fmt: skip
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "forest_from_notebook.png").stat().st_size > 10_000
    summary = json.loads((run / "summary.json").read_text())
    for line in summary["findings"]:  # the report's sentences, word for word
        assert line in done.stdout


def test_the_committed_balance_reports_have_their_parquet_files():
    for game in ("coffee-break", "monster-diner", "monsters-coffee", "monster-rejects"):
        folder = ROOT / "docs" / "balance" / game
        for name in ("seats.parquet", "games.parquet", "run.json", "report.md", "forest.png"):
            assert (folder / name).exists(), folder / name
        games = pd.read_parquet(folder / "games.parquet")
        assert len(games) >= 2000 and json.loads((folder / "run.json").read_text())["game"] == game
        assert "## Findings" in (folder / "report.md").read_text()


sys.path.insert(0, str(ROOT / "examples"))


def test_maskable_ppo_example_says_what_it_needs():
    pytest.importorskip("gymnasium")
    try:
        import sb3_contrib  # noqa: F401

        pytest.skip("sb3-contrib is installed: the example would train")
    except ImportError:
        pass
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py"), "--steps", "10"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == "this example needs sb3-contrib: pip install sb3-contrib"


def test_the_examples_evaluation_and_curve_without_training(tmp_path):
    import train_maskable_ppo as example

    class FirstLegal:
        """A stand-in policy: the first legal action (MaskablePPO's predict signature)."""

        def predict(self, obs, action_masks, deterministic):
            assert obs.ndim == 1 and action_masks.any()
            return int(np.flatnonzero(action_masks)[0]), None

    env = example.make_env("coffee-break", 2, "random")
    rate, low, high = example.win_rate(FirstLegal(), env, episodes=6, seed=1)
    assert 0.0 <= low <= rate <= high <= 1.0
    rows = [{"steps": s, "win_rate": rate, "ci_low": low, "ci_high": high} for s in (0, 10)]
    example.plot(rows, tmp_path / "curve.png", 0.5, "test")
    assert (tmp_path / "curve.png").stat().st_size > 5_000
    # The chart names the game and the bot as players read them, not their ids.
    title = example.chart_title("coffee-break", 2, "heuristic")
    assert title == "MaskablePPO at Coffee Break, 2 players, against the Heuristic bot"
