"""Shuffling and re-dealing with exactly the draws of `random.Random.shuffle`, faster.

A game shuffles 98 cards and every determinization re-deals about 60: `Random.shuffle` spends
most of its time in a Python-level method call per card (`_randbelow`). The loop below makes
the same `getrandbits` calls in the same order, so a seeded game deals the same cards and
leaves its generator in the same state; it is checked against `Random.shuffle` at import, and
any generator it does not match (another class, another Python) is left to `shuffle` itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

_BITS = tuple(n.bit_length() for n in range(256))  # the bits `_randbelow(n)` draws for n


def _inline_shuffle(cards: list, rng: random.Random) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _matches_random_shuffle() -> bool:
    ours, theirs = random.Random(17), random.Random(17)
    for size in (0, 1, 2, 7, 98, len(_BITS) - 1):
        mine, reference = list(range(size)), list(range(size))
        _inline_shuffle(mine, ours)
        theirs.shuffle(reference)
        if mine != reference:
            return False
    return ours.getstate() == theirs.getstate()


_SAME_DRAWS = _matches_random_shuffle()


def shuffle(cards: list, rng: random.Random) -> None:
    """`rng.shuffle(cards)`: the same order and the same draws."""
    if _SAME_DRAWS and type(rng) is random.Random and len(cards) < len(_BITS):
        _inline_shuffle(cards, rng)
    else:
        rng.shuffle(cards)


def redeal(piles: Sequence[list], rng: random.Random) -> list[list]:
    """New piles of the same sizes dealt from the shuffled union of `piles`, as
    `engine.cards.resample_into` deals them (from the sorted pool: the result depends only on
    the cards and `rng`, never on where each card truly lay)."""
    pool = [card for pile in piles for card in pile]
    pool.sort()
    shuffle(pool, rng)
    dealt, start = [], 0
    for pile in piles:
        end = start + len(pile)
        dealt.append(pool[start:end])
        start = end
    return dealt
