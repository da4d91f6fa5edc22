"""`simulate --out` writes seats.parquet and games.parquet that pandas reads as they are."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from cardcafe.cli import app
from cardcafe.sim import SimConfig, run_simulation
from cardcafe.sim.tidy import game_rows, read_run, seat_rows

runner = CliRunner()


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("run")
    args = ["simulate", "monster-rejects", "-n", "3", "-k", "6", "--workers", "1"]
    result = runner.invoke(app, [*args, "--seats", "heuristic,random,random", "--duplicate",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    return out


def test_one_row_per_game_and_seat_with_every_balance_statistic(run_dir):
    seats, games = read_run(run_dir)
    results = [json.loads(line) for line in (run_dir / "results.jsonl").read_text().splitlines()]
    assert len(seats) == 6 * 3 and len(games) == 6
    assert list(seats.columns[:9]) == [
        "game", "deal", "deal_seed", "seat", "bot", "score", "rank", "win_share", "won",
    ]  # fmt: skip
    for name in results[0]["stats"]["players"][0]:
        assert name in seats.columns
    # The cells are the results' own numbers, seats from 1.
    for r in results:
        rows = seats[seats.game == r["game"]].sort_values("seat")
        assert list(rows.seat) == [1, 2, 3]
        assert list(rows.bot) == r["seats"]
        assert list(rows.score) == r["scores"]
        assert list(rows["chaos played"]) == [p["chaos played"] for p in r["stats"]["players"]]
        assert set(rows[rows.won].seat) == {w + 1 for w in r["winners"]}
        assert rows.win_share.sum() == pytest.approx(1.0)
        assert rows["rank"].min() == 1


def test_duplicate_deals_share_a_deal_id(run_dir):
    seats, games = read_run(run_dir)
    assert list(games.deal) == [0, 0, 0, 1, 1, 1]
    assert games.groupby("deal").deal_seed.nunique().eq(1).all()
    # Every bot sat in every seat of each deal exactly once.
    heuristic = seats[seats.bot == "heuristic"]
    assert sorted(heuristic.groupby("deal").seat.apply(sorted).sum()) == [1, 1, 2, 2, 3, 3]


def test_the_game_table_reads_without_reshaping(run_dir):
    _, games = read_run(run_dir)
    assert {"game", "deal", "length", "draw", "winners", "winning_bots"} <= set(games.columns)
    assert games.length.dtype.kind == "i" and games.draw.dtype == bool
    assert games.groupby("winning_bots").size().sum() == 6  # usable straight away


def test_ranks_share_places_and_count_from_one():
    config = SimConfig.build("coffee-break", 2, "random", 4, 3)
    results = run_simulation(config, workers=1).results
    frame = seat_rows(config.to_json(), results)
    for _, rows in frame.groupby("game"):
        winner = rows[rows.won]
        assert (winner["rank"] == 1).all()
        assert rows["rank"].isin([1, 2]).all()
    assert len(game_rows(config.to_json(), results)) == 4


def test_empty_run_still_writes_readable_tables(tmp_path):
    frame = seat_rows({"players": 2}, [])
    assert list(frame.columns)[:3] == ["game", "deal", "deal_seed"] and frame.empty
    frame.to_parquet(tmp_path / "x.parquet")
    assert pd.read_parquet(tmp_path / "x.parquet").empty


def test_the_report_adds_findings_ratings_pairs_and_a_forest_plot(run_dir):
    report = (run_dir / "report.md").read_text()
    for heading in ("## Findings", "## Plackett-Luce ratings", "## Bots on the same deals",
                    "## Balance effects"):  # fmt: skip
        assert heading in report
    assert "![forest plot of the balance effects](forest.png)" in report
    assert (run_dir / "forest.png").stat().st_size > 10_000
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["findings"] and summary["inference"]["ratings"][0]["bot"] in (
        "heuristic",
        "random",
    )
