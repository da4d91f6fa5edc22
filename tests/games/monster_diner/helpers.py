"""Build Monster Diner situations for rule tests through the public API (`GAME.from_position`)."""

from __future__ import annotations

from collections import Counter

from cardcafe import games

GAME = games.get("monster-diner")


def position(
    players=3,
    deck=(),
    held="janitor",
    mats=None,
    diners=None,
    turn=0,
    leftover_to=None,
    **options,
):
    """A state in the place phase whose deck (top card first), drawn card, mats and diners are
    as given. The cards the situation does not name fill the cards removed unseen, then go to the
    bottom of the deck (or, with `leftover_to`, into that seat's diner)."""
    start = GAME.new(players, seed=0, **options).to_position()
    mats = [list(m) for m in (mats or [[] for _ in range(players)])]
    diners = [Counter(d) for d in (diners or [[] for _ in range(players)])]
    used = Counter(deck) + Counter([held])
    for pile in [*mats, *diners]:
        used.update(pile)
    # Every card of the set is somewhere: the unnamed ones in the order seed 0 dealt them.
    free = Counter(start["deck"]) + Counter(start["removed"]) + Counter([start["held"]]) - used
    rest = []
    for card in [*start["removed"], *start["deck"], start["held"]]:
        if free[card] > 0:
            free[card] -= 1
            rest.append(card)
    removed, rest = rest[: len(start["removed"])], rest[len(start["removed"]) :]
    if leftover_to is not None:
        diners[leftover_to].update(rest)
        rest = []
    return GAME.from_position(
        {
            **start,
            "phase": "place",
            "turn": turn,
            "held": held,
            "deck": [*deck, *rest],
            "removed": removed,
            "mats": mats,
            "given_on_mat": [0] * players,
            "diners": [dict(d) for d in diners],
            "guests_to_give": 0,
            "guest_target": None,
        }
    )
