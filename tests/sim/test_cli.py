"""`cardcafe simulate`: a table of win rates, a report directory, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardcafe.cli import app

runner = CliRunner()


def simulate(*args):
    return runner.invoke(app, ["simulate", *args])


def test_prints_win_rates_per_seat_and_per_bot():
    result = simulate("monster-diner", "--players", "3", "--games", "3", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "Win rate per bot" in result.output and "Win rate per seat" in result.output
    assert "95% CI" in result.output and "random" in result.output


def test_writes_a_report_with_out(tmp_path):
    result = simulate(
        "monster-diner", "-n", "2", "-k", "2", "--workers", "1", "--out", str(tmp_path),
        "--options", '{"guest_to": "mat"}',
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report.md").exists() and (tmp_path / "win_rates.png").exists()
    again = simulate("monster-diner", "-n", "2", "-k", "2", "--out", str(tmp_path))
    assert again.exit_code == 2 and "--resume" in again.output


def test_duplicate_deals_from_the_command_line(tmp_path):
    args = ["monster-diner", "-n", "2", "-k", "4", "--workers", "1", "--seats", "heuristic,random"]
    result = simulate(*args, "--duplicate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    seeds = [json.loads(line)["seed"] for line in lines]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess'"),
        (["monster-diner", "--players", "8"], "for 2 to 6 players, not 8"),
        (["monster-diner", "--seats", "random,wizard"], "unknown bot 'wizard'"),
        (["monster-diner", "--seats", "ismcts:iterations=x"], "iterations must be an integer"),
        (["monster-diner", "--options", "{guest"], "--options is not valid JSON"),
        (["monster-diner", "--options", "[1]"], "--options must be a JSON object"),
        (["monster-diner", "--options", '{"guest_to": "moon"}'], "option 'guest_to'"),
        (["monster-diner", "--games", "0"], "at least 1"),
        (["monster-diner", "--workers", "0"], "--workers must be at least 1"),
        (["monster-diner", "--resume"], "give --out"),
        (["monster-diner", "--backend", "slurm"], "'slurm' is not one of 'local', 'ray'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(args, message):
    result = simulate(*args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())  # unwrap Rich's panel
