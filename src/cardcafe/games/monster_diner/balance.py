"""Monster Diner's balance statistics for the simulator: points by card type (issue 6)."""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import CRITIC, GUEST, MASTERCHEF, PRECEPT, CardSet, requirements
from .scoring import BIT, _chef_mask, _Tables, _tables, bartender_points, pair_choices

if TYPE_CHECKING:
    from .state import DinerState


def used_diner(diner: Counter[str], cards: CardSet) -> Counter[str]:
    """The diner as scored: its Critic/Precept pairs used as `score_diner` uses them (most
    points, then most Janitors; among equal uses the one `_used_with_pairs` puts first, so every
    process reports the same breakdown)."""
    if not (diner[CRITIC] and diner[PRECEPT]):
        return diner
    return Counter(_used_with_pairs(frozenset((+diner).items()), cards))


Chain = tuple[Any, ...]  # (the chain before, one item), or () to start with


@functools.lru_cache(maxsize=64)  # per card set's tables, as scoring keeps them
def _set_chefs(tables: _Tables) -> tuple[tuple[str, int], ...]:
    """The MasterChefs of a card set in name order, each with the types it needs as a mask."""
    chefs = sorted(card for card in tables.becomes if card.startswith(MASTERCHEF))
    return tuple((chef, _chef_mask(chef)) for chef in chefs)


@functools.lru_cache(maxsize=1024)
def _used_with_pairs(diner: frozenset[tuple[str, int]], cards: CardSet) -> dict[str, int]:
    """The best use of the pairs (each pair a card of any other type, one card fewer of a type
    where fewer may score more, or nothing: `scoring._pair_outcomes`): most points, then most
    Janitors, then, type by type in name order (MasterChefs last), a type left alone before
    one changed, and one given more cards before one given fewer.

    Worked out type by type, as `scoring._best_pair_use` scores: for each (pairs used, basic
    types present) the best use of the types so far is kept (what the types still to come can
    do is the same after any two of them); then the pairs left over become the last MasterChef
    in name order whose types are present, or do nothing. A view shows every seat's running
    breakdown after every move: trying every use instead cost 2.4 ms a diner with three pairs,
    0.4 ms with two."""
    start = dict(diner)
    pairs = min(start.get(CRITIC, 0), start.get(PRECEPT, 0))
    start[CRITIC] -= pairs  # the pairs' own cards leave the diner whatever they do
    start[PRECEPT] -= pairs
    tables = _tables(cards)
    # The diner may hold types its card set lacks (a calculator's diner): kept, or removed.
    types = sorted({*cards.types, *start} - {CRITIC, PRECEPT})
    held = ((card, start.get(card, 0)) for card in types)
    points, janitors, present, chefs, choices = pair_choices(held, pairs, tables)
    # (pairs used, basic types present) -> ((points, Janitors, tie key), counts) of the best
    # use of the types so far; the tie key and the counts are chained pairs (what came before,
    # this type's part), which compare as the whole sequence would, without copying it.
    best: dict[tuple[int, int], tuple[tuple[Any, ...], Chain]] = {}
    best[(0, present)] = ((points, janitors, ()), ())
    for card, have, fewest, most in choices:
        bit = BIT.get(card, 0)
        janitor = card == "janitor"
        changes = [
            (abs(change), tables.points(card, have + change), have + change, (change == 0, change))
            for change in range(fewest, most + 1)
        ]
        following: dict[tuple[int, int], tuple[tuple[Any, ...], Chain]] = {}
        for (used, present), ((points, janitors, key), counts) in best.items():
            for cost, gained, count, part in changes:
                if used + cost > pairs:
                    continue
                score = (points + gained, janitors + count if janitor else janitors, (key, part))
                state = (used + cost, present | bit if count > 0 else present)
                known = following.get(state)
                if known is None or score > known[0]:
                    following[state] = (score, (counts, (card, count)))
        best = following
    # The MasterChefs: those of the diner score by the types present; the pairs left over
    # become the last one of the set whose types are present (7 points each), or nothing.
    # Their part of the tie key: none given ranks first; else a MasterChef later in name order
    # before an earlier one (every MasterChef before it is left alone), then more pairs first.
    set_chefs = _set_chefs(tables)
    found: tuple[Chain, str | None, int] | None = None
    found_score: tuple[Any, ...] | None = None
    for (used, present), ((points, janitors, key), counts) in best.items():
        points += sum(7 * n for needs, n in chefs if needs & present == needs)
        left = pairs - used
        given, chef_key = None, (len(set_chefs), 0)
        if left:
            for place in range(len(set_chefs) - 1, -1, -1):
                chef, needs = set_chefs[place]
                if needs & present == needs:
                    given, chef_key = chef, (place, left)
                    points += 7 * left
                    break
        ranked = (points, janitors, key, chef_key)
        if found_score is None or ranked > found_score:
            found, found_score = (counts, given, left), ranked
    assert found is not None  # the use of no pair at all is always there
    counts, given, left = found
    outcome = dict(start)
    while counts:
        counts, (card, count) = counts
        outcome[card] = count
    if given is not None:
        outcome[given] = outcome.get(given, 0) + left
    return outcome


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
