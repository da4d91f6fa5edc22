"""`shuffle(cards, rng)`: exactly `rng.shuffle(cards)`, about twice as fast.

Coffee Break shuffles on every deal, reshuffle and determinization (81 cards at the start, up to
60 in a re-deal), and `random.Random.shuffle` spends most of its time in two Python calls per
card (`_randbelow`, which calls `getrandbits`). This is the same Fisher-Yates walk with
`_randbelow` written inline: the same `getrandbits(k)` calls, the same rejections, so the cards
and the generator end exactly as `rng.shuffle` leaves them (test_chance.py checks it against the
library's own shuffle).
"""

from __future__ import annotations

import random
from typing import Any

# `_randbelow(n)` draws n.bit_length() bits until the number is below n.
_BITS = [n.bit_length() for n in range(1 << 10)]


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """Shuffle `cards` in place as `rng.shuffle(cards)` does, drawing the same numbers."""
    if type(rng) is not random.Random or len(cards) >= len(_BITS):
        rng.shuffle(cards)  # a generator of its own kind, or a pile no game of ours has
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        k = bits[bound]
        j = getrandbits(k)
        while j >= bound:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
