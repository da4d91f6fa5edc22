"""How a good Monster Diner player thinks: complete your own sets, spoil others' sets."""

from __future__ import annotations

import random
from collections import Counter

from .actions import GiveGuest, Place, TakeCard
from .cards import GUEST
from .scoring import score_diner

# A point taken from a rival is worth a little less than a point for yourself: with several
# rivals, hurting one helps you only against that one.
DENY_WEIGHT = 0.7


class _Outlook:
    """Each seat's diner once its mat is moved in, and its points then (computed once)."""

    def __init__(self, state):
        self.state = state
        self.diners = [state.diners[p] + Counter(state.mats[p]) for p in range(state.num_players)]
        self.points = [score_diner(d, state.cards)[0] for d in self.diners]

    def gain(self, seat: int, card: str, sign: int = 1) -> float:
        """What adding (sign 1) or removing (sign -1) `card` does to `seat`'s points."""
        diner = Counter(self.diners[seat])
        diner[card] += sign
        return score_diner(diner, self.state.cards)[0] - self.points[seat]

    def take_value(self, me: int, target: int, card: str) -> float:
        return self.gain(me, card) - DENY_WEIGHT * self.gain(target, card, -1)

    def best_take(self, me: int, target: int) -> float:
        diner = self.state.diners[target]
        return max((self.take_value(me, target, c) for c, n in diner.items() if n), default=0.0)


def choose(state, rng: random.Random):
    me = state.current_player
    legal = state.legal_actions()
    outlook = _Outlook(state)
    if isinstance(legal[0], Place):
        card = state.held
        rivals = [p for p in range(state.num_players) if p != me]

        def value(action: Place) -> float:
            if action.target != me:
                return -DENY_WEIGHT * outlook.gain(action.target, card)
            if card == GUEST:  # it will be swapped for the best card of a rival's diner
                return max(outlook.best_take(me, p) for p in rivals) - 2 * DENY_WEIGHT
            return outlook.gain(me, card)

    elif isinstance(legal[0], GiveGuest):

        def value(action: GiveGuest) -> float:
            return outlook.best_take(me, action.target)

    else:

        def value(action: TakeCard) -> float:
            return outlook.take_value(me, state.guest_target, action.card)

    return max(legal, key=lambda a: (value(a), rng.random()))
