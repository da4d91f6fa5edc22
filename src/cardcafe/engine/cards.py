"""Mechanics several games share: seats, piles, reshuffles, token supplies, majorities."""

from __future__ import annotations

import random
from collections.abc import Sequence


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places along the turn order (negative steps go the other way)."""
    return (seat + step) % players


def draw(pile: list, count: int) -> list:
    """Take up to `count` cards from the top (the end) of `pile`."""
    start = max(0, len(pile) - count)
    taken = pile[start:]
    del pile[start:]
    taken.reverse()
    return taken


def draw_reshuffling(pile: list, discard: list, count: int, rng: random.Random) -> list:
    """Draw `count` cards; when the pile runs out, the discard is shuffled into a new pile.

    Returns fewer cards only when both are empty.
    """
    taken = draw(pile, count)
    if len(taken) < count and discard:
        pile.extend(discard)
        discard.clear()
        rng.shuffle(pile)
        taken += draw(pile, count - len(taken))
    return taken


def unique_leader(values: Sequence[float], favoured: int | None = None) -> int | None:
    """The index of the single highest value; on a tie for highest, `favoured` if it is among
    the tied, else None."""
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    if len(leaders) == 1:
        return leaders[0]
    return favoured if favoured in leaders else None


def best_by(keys: Sequence[tuple]) -> list[int]:
    """The indices whose key is the highest (several on a full tie)."""
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def resample_into(slots: Sequence[list], rng: random.Random) -> None:
    """Shuffle the union of several hidden piles and deal it back in the same sizes.

    The pool is put in a canonical order before the shuffle, so the result depends only on
    the pool's contents and `rng`, never on where the hidden cards truly were: two states that
    differ only in hidden information give identical determinizations for the same `rng`,
    which is what lets a seeded bot's choices be independent of the hidden truth.
    """
    pool = [card for pile in slots for card in pile]
    try:
        pool.sort()
    except TypeError:  # cards without an order: sort by their text, still canonical
        pool.sort(key=repr)
    rng.shuffle(pool)
    start = 0
    for pile in slots:
        size = len(pile)
        pile[:] = pool[start : start + size]
        start += size
