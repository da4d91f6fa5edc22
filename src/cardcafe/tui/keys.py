"""Move keys that stay put: a move keeps its key from one decision to the next.

Moves are keyed 1-9, 0, then letters the table does not use for commands. A move whose label
was on offer at the previous decision keeps the key it had there, so a player who has learnt
"3 lays the Espresso shot" is not surprised when another move disappears; new moves take the
free keys in order (a key whose move just went last), and the list is shown in key order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Letters the table binds to commands (undo, hint, save, load, pace, cards, quit, theme, the
# guide, the log) are left out.
COMMAND_LETTERS = frozenset("uhslpcqtge")
MOVE_KEYS: tuple[str, ...] = tuple("1234567890") + tuple(
    c for c in "abdfijkmnorvwxyz" if c not in COMMAND_LETTERS
)


def assign(labels: Sequence[str], before: Mapping[str, str]) -> list[str | None]:
    """A key per label (None once the keys run out): the key `before` gave the same label if
    it is still free, else the first free key. Duplicate labels are told apart by order."""
    keys: list[str | None] = [None] * len(labels)
    if len(labels) == 1:
        return [MOVE_KEYS[0]]  # a lone move is always 1: there is nothing to keep apart
    used: set[str] = set()
    for index, label in enumerate(labels):
        key = before.get(label)
        if key is not None and key not in used:
            keys[index] = key
            used.add(key)
    # A key whose move just went stays empty while others carry over: pressed again (a
    # double press, a plan of two moves), it does nothing rather than another move (Coffee
    # Break's "Finish laying" took the "1" that had just laid a card). Nothing carried over:
    # the list starts again from 1.
    vacated = set(before.values()) - used if used else set()
    free = iter(
        [k for k in MOVE_KEYS if k not in used and k not in vacated]
        + [k for k in MOVE_KEYS if k in vacated]
    )
    for index in range(len(labels)):
        if keys[index] is None:
            keys[index] = next(free, None)
    return keys


def order(keys: Sequence[str | None]) -> list[int]:
    """The indices of the moves in the order their keys come (keyless moves last)."""
    rank = {k: i for i, k in enumerate(MOVE_KEYS)}
    return sorted(range(len(keys)), key=lambda i: rank.get(keys[i], len(rank)) if keys[i] else 999)
