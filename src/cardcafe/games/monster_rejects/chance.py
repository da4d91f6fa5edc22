"""Chance in Monster Rejects: the kernel's shuffle (`engine/chance.py`: `rng.shuffle`'s draws,
faster) and a draw that reshuffles the graveyard."""

from __future__ import annotations

import random

from cardcafe.engine.chance import shuffle

__all__ = ["draw_reshuffling", "shuffle"]


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
