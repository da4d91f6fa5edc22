"""benchmarks/engine_speed.py's playout table has the columns issue 2 named: random-playout
games/s and actions/s for every side, beside the ratios to the peers (issue 17). The rates
are given by hand: no timing here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from rich.console import Console

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "engine_speed.py"


def _bench():
    spec = importlib.util.spec_from_file_location("engine_speed", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def test_the_playout_table_gives_games_and_actions_per_second():
    bench = _bench()
    uno = bench.Side("RLCard UNO raw game loop 2p", run=lambda: 0, rates=[100.0, 120.0])
    uno.game_rates = [2.0, 2.4]
    ours = bench.Side("cardcafe monster-diner 2p", run=lambda: 0, rates=[300.0, 240.0])
    ours.game_rates = [4.0, 3.0]
    table = bench.speed_table([uno], [ours], rounds=2)
    assert [c.header for c in table.columns] == [
        "side", "games/s", "actions/s", "vs RLCard raw", "vs OpenSpiel",
    ]  # fmt: skip
    console = Console(width=200, record=True)
    console.print(table)
    row = next(line for line in console.export_text().splitlines() if "monster-diner" in line)
    assert [cell.strip() for cell in row.split("│")[2:5]] == ["4", "270", "2.50"]  # medians
