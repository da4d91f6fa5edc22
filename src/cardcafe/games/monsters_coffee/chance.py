"""Chance, drawn from the random generator exactly as the standard library draws it, for less
(issue 17: every seeded game's deal, and so its record, must stay the same)."""

from __future__ import annotations

import random

_STOCK_SHUFFLE = random.Random.shuffle
_STOCK_BELOW = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def shuffle(items: list, rng: random.Random) -> None:
    """`rng.shuffle(items)`: the same draws and the same order, without a method call per card.

    A generator whose class changes how it shuffles or draws below a bound shuffles itself."""
    cls = type(rng)
    if cls.shuffle is not _STOCK_SHUFFLE or cls._randbelow is not _STOCK_BELOW:  # type: ignore[attr-defined]
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    bits = _BITS if len(items) <= len(_BITS) else [n.bit_length() for n in range(len(items) + 1)]
    for i in range(len(items) - 1, 0, -1):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined.
        n = i + 1
        j = getrandbits(bits[n])
        while j >= n:
            j = getrandbits(bits[n])
        items[i], items[j] = items[j], items[i]


_BITS = [n.bit_length() for n in range(257)]  # n -> n.bit_length()
