"""Monster Diner's balance statistics for the simulator: points by card type (issue 6)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import CRITIC, GUEST, MASTERCHEF, PRECEPT, CardSet, requirements
from .scoring import REMOVABLE, bartender_points, plain_points

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
    """Every use of the pairs tried (each pair a card of any other type, one card fewer of a
    type where fewer may score more, or nothing: `scoring._pair_outcomes`), the best kept: most
    points, then most Janitors, then the largest list of (card, count) in card order, so that
    every process says the same. A use is a few changes of counts, scored on a copy of the
    counts (a view shows every seat's running breakdown after every move: building a diner
    for each use cost 0.2 ms a diner with one pair, 3 ms with two, 31 ms with three)."""
    start = dict(diner)
    pairs = min(start.get(CRITIC, 0), start.get(PRECEPT, 0))
    start[CRITIC] -= pairs  # the pairs' own cards leave the diner whatever they do
    start[PRECEPT] -= pairs
    changes = [(card, 1) for card in cards.types if card not in (CRITIC, PRECEPT)]
    changes += [(card, -1) for card in REMOVABLE if start.get(card, 0) > 0]
    best, best_score = start, (plain_points(start, cards), start.get("janitor", 0))
    best_items = None  # the best's (card, count) list, made when a tie asks for it
    for used in range(1, pairs + 1):
        # (A use that adds and takes away one type repeats a smaller one: never better.)
        for use in itertools.combinations_with_replacement(changes, used):
            outcome = dict(start)
            for card, change in use:
                outcome[card] = outcome.get(card, 0) + change
            if any(outcome[card] < 0 for card, change in use if change < 0):
                continue  # more cards taken than there were
            score = (plain_points(outcome, cards), outcome.get("janitor", 0))
            if score < best_score:
                continue
            items = None
            if score == best_score:
                items = _items(outcome)
                best_items = best_items or _items(best)
                if items <= best_items:
                    continue
            best, best_score, best_items = outcome, score, items
    return best


def _items(diner: dict[str, int]) -> list[tuple[str, int]]:
    return sorted((card, n) for card, n in diner.items() if n > 0)


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
