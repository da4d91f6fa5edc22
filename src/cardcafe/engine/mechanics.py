"""Mechanics several games share: seats, piles, reshuffles, re-deals of hidden cards, majorities
(the cards themselves are each game's own: `games/<game>/cards.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .chance import shuffle

CardT = TypeVar("CardT")  # a card as a game holds it: an id, a tuple


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places along the turn order (negative steps go the other way)."""
    return (seat + step) % players


def draw(pile: list[CardT], count: int) -> list[CardT]:
    """Take up to `count` cards from the top (the end) of `pile`."""
    start = max(0, len(pile) - count)
    taken = pile[start:]
    del pile[start:]
    taken.reverse()
    return taken


class Shuffler(Protocol):
    def shuffle(self, x: list[Any]) -> None: ...


def draw_reshuffling(
    pile: list[CardT], discard: list[CardT], count: int, rng: Shuffler
) -> list[CardT]:
    """Draw `count` cards; when the pile runs out, the discard is shuffled into a new pile.

    Returns fewer cards only when both are empty. `rng` is a random generator or a state (whose
    `shuffle` draws from its generator only if a reshuffle happens: a copied state then needs no
    copy of the generator for an ordinary draw).
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


def best_by(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """The indices whose key is the highest (several on a full tie)."""
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def canonical_pool(slots: Sequence[list[CardT]]) -> list[CardT]:
    """The cards of several hidden piles in an order that does not depend on which pile (or
    where in it) each card truly lies. Re-deals shuffle this, never the piles as they are, so
    that two states differing only in hidden cards re-deal identically for the same `rng`: what
    makes a seeded bot's choices independent of the hidden truth (tests/bots)."""
    pool = [card for pile in slots for card in pile]
    try:
        pool.sort()
    except TypeError:  # cards without an order: sort by their text, still canonical
        pool.sort(key=repr)
    return pool


def resample_into(slots: Sequence[list[Any]], rng: random.Random) -> None:
    """Shuffle the union of several hidden piles and deal it back in the same sizes (from the
    canonical order of `canonical_pool`: the result depends only on the cards and `rng`)."""
    pool = canonical_pool(slots)
    shuffle(pool, rng)
    start = 0
    for pile in slots:
        size = len(pile)
        pile[:] = pool[start : start + size]
        start += size


def resample_into_allowed(
    slots: Sequence[list[Any]], allowed: Sequence[Callable[[Any], bool] | None], rng: random.Random
) -> None:
    """Like `resample_into`, but pile i may only receive cards `allowed[i]` accepts (None: any).

    For what a player was told a hidden pile does not hold ("no Rex in my Rear Line"). The deal
    being re-sampled satisfies the constraints (it is the truth), so a deal always exists: the
    constrained piles are filled first by a matching over the shuffled pool (Kuhn's algorithm,
    so it never paints itself into a corner), the other piles get the rest at random.
    """
    if all(a is None for a in allowed):
        resample_into(slots, rng)
        return
    pool = canonical_pool(slots)
    shuffle(pool, rng)
    seats = [i for i, pile in enumerate(slots) if allowed[i] is not None for _ in pile]
    shuffle(seats, rng)
    holder = [-1] * len(pool)  # pool index -> seat index

    def place(seat: int, seen: set[int]) -> bool:
        accepts = allowed[seats[seat]]
        for c, card in enumerate(pool):
            if c in seen or not accepts(card):  # type: ignore[misc]
                continue
            seen.add(c)
            if holder[c] == -1 or place(holder[c], seen):
                holder[c] = seat
                return True
        return False

    for seat in range(len(seats)):
        if not place(seat, set()):
            raise ValueError("no deal of the hidden cards satisfies what players were told")
    dealt: list[list[Any]] = [[] for _ in slots]
    free = []
    for c, card in enumerate(pool):
        if holder[c] == -1:
            free.append(card)
        else:
            dealt[seats[holder[c]]].append(card)
    for i, pile in enumerate(slots):
        if allowed[i] is None:
            size = len(pile)
            dealt[i], free = free[:size], free[size:]
        pile[:] = dealt[i]
