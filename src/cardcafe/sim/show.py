"""The simulator's summary as Rich tables in the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def _row(r: dict[str, float]) -> list[str]:
    return [str(r["n"]), f"{r['win_rate']:.1%}", f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}]"]


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    c = summary["config"]
    console.print(
        f"{summary['games_played']} games of {c['game']}, {c['players']} players, "
        f"seed {c['seed']}; even share {summary['even_share']:.1%}, draws shared.",
        highlight=False,
    )
    bots = Table("bot", "seat-games", "win rate", "95% CI", title="Win rate per bot")
    for spec, r in summary["per_bot"].items():
        bots.add_row(spec, *_row(r))
    console.print(bots)
    seats = Table("seat", "games", "win rate", "95% CI", title="Win rate per seat (1 moves first)")
    for seat, r in enumerate(summary["per_seat"], start=1):
        seats.add_row(str(seat), *_row(r))
    console.print(seats)
