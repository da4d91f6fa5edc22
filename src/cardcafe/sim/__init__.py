"""Simulation: many seeded games between bots, their statistics, a report with plots."""

from .config import SimConfig, deal_seed, derive_seed, expand_seats, seating
from .play import play_game
from .report import write_report
from .runner import RunOutcome, run_simulation
from .stats import summarize

__all__ = [
    "RunOutcome",
    "SimConfig",
    "deal_seed",
    "derive_seed",
    "expand_seats",
    "play_game",
    "run_simulation",
    "seating",
    "summarize",
    "write_report",
]
