"""Shuffling with the game's random generator: the same draws and the same order as
`random.Random.shuffle`, in about half its time (shuffles are most of setting up a game and of a
determinization; seeded games and records must deal exactly as they always did)."""

from __future__ import annotations

import random

# For each list size a shuffle meets (two decks and their Chaos cards and items): its steps,
# (index, bits drawn for an index up to it), in the order Fisher-Yates takes them.
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(256))


def shuffle(cards: list, rng: random.Random) -> None:
    """Shuffle `cards` in place exactly as `rng.shuffle(cards)` would: Fisher-Yates from the
    end, each index drawn by rejection from `getrandbits` (CPython's `_randbelow`)."""
    if type(rng) is not random.Random or len(cards) >= len(_STEPS):
        rng.shuffle(cards)  # a generator of its own kind, or more cards than any game holds
        return
    getrandbits = rng.getrandbits
    for i, k in _STEPS[len(cards)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def draw_reshuffling(deck: list, graveyard: list, count: int, rng: random.Random) -> list:
    """Up to `count` cards from the top (the end) of `deck`, the first drawn first; when it runs
    out, the graveyard is shuffled into a new deck (as `engine.cards.draw_reshuffling`)."""
    if count == 1 and deck:
        return [deck.pop()]
    taken = _take(deck, count)
    if len(taken) < count and graveyard:
        deck.extend(graveyard)
        graveyard.clear()
        shuffle(deck, rng)
        taken += _take(deck, count - len(taken))
    return taken


def _take(deck: list, count: int) -> list:
    start = max(0, len(deck) - count)
    taken = deck[start:]
    del deck[start:]
    taken.reverse()
    return taken
