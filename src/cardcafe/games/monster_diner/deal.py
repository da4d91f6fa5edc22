"""Re-dealing Monster Diner's hidden cards with the kernel's shuffle (`engine/chance.py`: the
draws of `random.Random.shuffle`, faster): a game shuffles 98 cards and every determinization
re-deals about 60."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardcafe.engine.chance import shuffle

__all__ = ["redeal", "shuffle"]


def redeal(piles: Sequence[list[str]], rng: random.Random) -> list[list[str]]:
    """New piles of the same sizes dealt from the shuffled union of `piles`, as
    `engine.mechanics.resample_into` deals them (from the sorted pool: the result depends only on
    the cards and `rng`, never on where each card truly lay)."""
    pool = [card for pile in piles for card in pile]
    pool.sort()
    shuffle(pool, rng)
    dealt: list[list[str]] = []
    start = 0
    for pile in piles:
        end = start + len(pile)
        dealt.append(pool[start:end])
        start = end
    return dealt
