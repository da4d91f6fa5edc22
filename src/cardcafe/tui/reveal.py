"""When may a player take a move back? Only if it showed them nothing they could not foresee.

The rule, generic over every game: an action by `seat` *reveals* something when its outcome, as
`seat` sees it (their view and their new log lines), is not determined by what `seat` knew before
it. We test that by replaying the same action in several determinizations of the state before it
for `seat` (worlds consistent with all `seat` knew, with a fresh random generator each): if any
world shows `seat` a different outcome, the action drew on hidden information or on chance (a
card drawn, a shuffle, a face-down card turned), and it is final. If every world agrees, the
outcome followed from the action alone, and taking it back gives the player nothing.

An action by anyone else is always final: it tells the human something about that seat's choice.
"""

from __future__ import annotations

import random

from cardcafe.engine import State
from cardcafe.engine.actions import Action

SAMPLES = 8


def reveals(state: State, action: Action, seat: int, samples: int = SAMPLES) -> bool:
    """Whether applying `action` (legal now) shows `seat` anything they could not predict."""
    known = len(state.log(seat))
    after = state.clone()
    after.apply(action)
    truth = (after.view(seat), after.log(seat)[known:])
    rng = random.Random(len(state.history))
    for _ in range(samples):
        world = state.determinize(seat, rng)
        if action not in world.legal_actions():
            return True
        world.apply(action)
        if (world.view(seat), world.log(seat)[known:]) != truth:
            return True
    return False
