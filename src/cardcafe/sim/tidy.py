"""Tidy results: one table row per game and seat (`seats.parquet`) and one per game
(`games.parquet`), so pandas, polars or R read a run with no reshaping.

Seats are numbered from 1 in turn order (seat 1 moved first), as in the report. Each game's
balance statistics (`Game.balance_stats`) become columns: the per-player ones in the seat table,
the per-game ones in the game table, under the game's own names (`points:florist`, `held:trip`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from .stats import ranks, win_share

SEATS_FILE = "seats.parquet"
GAMES_FILE = "games.parquet"


def deal_id(config_json: dict[str, Any], number: int) -> int:
    """The deal game `number` was played on: its own number, or with duplicate deals the
    number of its group of N consecutive games (one per seating of the same cards)."""
    return number // config_json["players"] if config_json.get("duplicate") else number


def _numeric(stats: dict[str, Any]) -> dict[str, float | int | bool]:
    return {k: v for k, v in stats.items() if isinstance(v, (int, float))}


def seat_rows(config_json: dict[str, Any], results: list[dict[str, Any]]) -> pd.DataFrame:
    """One row per game and seat: game, deal, deal_seed, seat, bot, score, rank (1 best, equal
    places shared), win_share (1, 1/k in a k-way draw, 0), won, then the balance statistics."""
    rows = []
    for r in sorted(results, key=lambda r: r["game"]):
        per_player = (r.get("stats") or {}).get("players") or [{}] * len(r["seats"])
        places = ranks(r)
        for seat, (spec, score) in enumerate(zip(r["seats"], r["scores"], strict=True)):
            row = {
                "game": r["game"],
                "deal": deal_id(config_json, r["game"]),
                "deal_seed": r["seed"],
                "seat": seat + 1,
                "bot": spec,
                "score": score,
                "rank": places[seat] + 1,
                "win_share": win_share(r, seat),
                "won": seat in r["winners"],
            }
            for name, value in _numeric(per_player[seat]).items():
                row.setdefault(name, value)  # "score" is already there, from the game itself
            rows.append(row)
    frame = pd.DataFrame(rows)
    if not rows:
        frame = pd.DataFrame(columns=list(_SEAT_COLUMNS))
    return frame.astype({k: v for k, v in _SEAT_COLUMNS.items() if k in frame})


_SEAT_COLUMNS = {
    "game": "int64",
    "deal": "int64",
    "deal_seed": "int64",
    "seat": "int64",
    "bot": "string",
    "score": "float64",
    "rank": "int64",
    "win_share": "float64",
    "won": "bool",
}


def game_rows(config_json: dict[str, Any], results: list[dict[str, Any]]) -> pd.DataFrame:
    """One row per game: game, deal, deal_seed, players, length (actions), draw, winners (the
    winning seats, from 1, comma-separated), winning_bots, then the per-game statistics."""
    rows = []
    for r in sorted(results, key=lambda r: r["game"]):
        winners = sorted(r["winners"])
        row = {
            "game": r["game"],
            "deal": deal_id(config_json, r["game"]),
            "deal_seed": r["seed"],
            "players": len(r["seats"]),
            "length": r["length"],
            "draw": len(winners) > 1,
            "winners": ", ".join(str(w + 1) for w in winners),
            "winning_bots": ", ".join(r["seats"][w] for w in winners),
        }
        for name, value in _numeric((r.get("stats") or {}).get("table") or {}).items():
            row.setdefault(name, value)
        rows.append(row)
    return pd.DataFrame(rows) if rows else pd.DataFrame(columns=["game", "deal", "deal_seed"])


def write_parquet(
    directory: Path, config_json: dict[str, Any], results: list[dict[str, Any]]
) -> tuple[Path, Path]:
    """Write `seats.parquet` and `games.parquet` into `directory`; return their paths."""
    seats_path, games_path = directory / SEATS_FILE, directory / GAMES_FILE
    seat_rows(config_json, results).to_parquet(seats_path, index=False)
    game_rows(config_json, results).to_parquet(games_path, index=False)
    return seats_path, games_path


def read_run(directory: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The seat table and the game table of a run directory, as written by `simulate --out`."""
    return pd.read_parquet(directory / SEATS_FILE), pd.read_parquet(directory / GAMES_FILE)
