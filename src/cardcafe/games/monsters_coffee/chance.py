"""Chance, drawn from the random generator exactly as the standard library draws it, for less
(issue 17: every seeded game's deal, and so its record, must stay the same)."""

from __future__ import annotations

import random

from .pieces import Interned

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
    for i, n, k in _STEPS[len(items)]:
        # random.Random._randbelow_with_getrandbits(n), inlined.
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """A shuffle's steps: (i, the bound i + 1, the bits a draw below it takes)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


_STEPS = Interned(_steps)  # a list's length -> its shuffle's steps
