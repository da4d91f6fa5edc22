"""Chance in Monster Rejects: the kernel's shuffle (`engine/chance.py`: `rng.shuffle`'s draws,
faster) and a draw that reshuffles the graveyard."""

from __future__ import annotations

from cardcafe.engine.chance import shuffle
from cardcafe.engine.mechanics import Shuffler

__all__ = ["draw_reshuffling", "shuffle"]


def draw_reshuffling(deck: list[str], graveyard: list[str], count: int, rng: Shuffler) -> list[str]:
    """Up to `count` cards from the top (the end) of `deck`, the first drawn first; when it runs
    out, the graveyard is shuffled into a new deck (as `engine.mechanics.draw_reshuffling`). `rng`:
    a random generator or a state."""
    if count == 1 and deck:
        return [deck.pop()]
    taken = _take(deck, count)
    if len(taken) < count and graveyard:
        deck.extend(graveyard)
        graveyard.clear()
        rng.shuffle(deck)  # a state shuffles with its generator (`State.shuffle`)
        taken += _take(deck, count - len(taken))
    return taken


def _take(deck: list[str], count: int) -> list[str]:
    start = max(0, len(deck) - count)
    taken = deck[start:]
    del deck[start:]
    taken.reverse()
    return taken
