"""Monster Diner's balance statistics for the simulator: points by card type (issue 6)."""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import CRITIC, GUEST, MASTERCHEF, PRECEPT, CardSet, requirements
from .scoring import _pair_outcomes, bartender_points, plain_points

if TYPE_CHECKING:
    from .state import DinerState


def used_diner(diner: Counter[str], cards: CardSet) -> Counter[str]:
    """The diner as scored: its Critic/Precept pairs used as `score_diner` uses them (most
    points, then most Janitors; among equal uses the first in a fixed order, so every process
    reports the same breakdown)."""
    if not (diner[CRITIC] and diner[PRECEPT]):
        return diner
    return Counter(_used_with_pairs(frozenset((+diner).items()), cards))


@functools.lru_cache(maxsize=1024)
def _used_with_pairs(diner: frozenset[tuple[str, int]], cards: CardSet) -> dict[str, int]:
    # Every use of the pairs is tried (up to some 59,000 diners), and a final score is shown
    # to every seat and watcher of a table and to its history: worked out once per diner.
    best = max(
        _pair_outcomes(Counter(dict(diner)), cards),
        key=lambda d: (plain_points(d, cards), d["janitor"], sorted((+d).items())),
    )
    return dict(best)


def points_by_type(diner: Counter[str], cards: CardSet) -> dict[str, int]:
    """Each card type's part of the score (the parts add up to `score_diner`'s points)."""
    d = used_diner(diner, cards)
    present = {card for card, n in d.items() if n > 0}
    return {
        "masterchef": sum(
            7 * n for c, n in d.items() if c.startswith(MASTERCHEF) and requirements(c) <= present
        ),
        "janitor": d["janitor"],
        "ice-cream-man": 5 * (d["ice-cream-man"] // 2),
        "pizza-maker": 12 * (d["pizza-maker"] // 4),
        "florist": 6 if d["florist"] % 2 else 0,
        "salad-meister": cards.salad(d["salad-meister"]),
        "bartender": bartender_points(d["bartender"]),
        "unwelcome-guest": 2 * d[GUEST],
    }


def balance_stats(state: DinerState) -> dict[str, Any]:
    """Per seat: the score, the points of each card type and the Critic/Precept pairs."""
    players = []
    for score, diner in zip(state.scores(), state.diners, strict=True):
        stats: dict[str, Any] = {"score": score}
        stats.update({f"points:{t}": p for t, p in points_by_type(diner, state.cards).items()})
        stats["critic-precept pairs"] = min(diner[CRITIC], diner[PRECEPT])
        players.append(stats)
    return {"players": players, "table": {"length": len(state.history)}}
