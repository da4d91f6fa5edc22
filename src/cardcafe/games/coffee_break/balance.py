"""Coffee Break's balance statistics for the simulator: orders taken and points by kind (issue 6:
"Coffee Break, orders taken by kind")."""

from __future__ import annotations

from typing import Any

from .scoring import KIND_POINTS, Doubling, doubles, kind_counts
from .state import STALLED, TARGET_REACHED, UNREACHABLE, CoffeeBreakState


def points_by_kind(orders: list[str], doubling: Doubling) -> dict[str, int]:
    """Each kind's part of a player's points, scored as `scoring.points` scores them (the parts
    add up to the player's points)."""
    counts = kind_counts(orders)
    out = {}
    for kind, (each, named) in KIND_POINTS.items():
        count = counts[kind]
        out[kind] = each * count * (2 if doubles(count, named, doubling) else 1)
    return out


def balance_stats(state: CoffeeBreakState) -> dict[str, Any]:
    players = []
    for seat, score in enumerate(state.scores()):
        taken = state.taken[seat]
        counts = kind_counts(taken)
        stats: dict[str, Any] = {"score": score, "orders taken": len(taken)}
        stats.update({f"orders:{kind}": counts[kind] for kind in KIND_POINTS})
        points = points_by_kind(taken, state.options.doubling)
        stats.update({f"points:{kind}": p for kind, p in points.items()})
        players.append(stats)
    return {
        "players": players,
        "table": {
            "length": len(state.history),
            # How the game ended: someone reached the target, or the table could not go on.
            **{
                f"ended:{r}": int(state.end_reason == r)
                for r in (TARGET_REACHED, UNREACHABLE, STALLED)
            },
        },
    }
