"""How a good Monster Diner player thinks: complete your own sets, spoil others' sets."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from cardcafe.engine import Action

from .actions import GiveGuest, Place, TakeCard
from .cards import GUEST
from .scoring import score_diner

if TYPE_CHECKING:
    from .state import DinerState

# A point taken from a rival is worth a little less than a point for yourself: with several
# rivals, hurting one helps you only against that one.
DENY_WEIGHT = 0.7


class _Outlook:
    """Each seat's diner once its mat is moved in, and its points then, worked out for the
    seats asked about only, and each gain once (a search asks at every node of its tree)."""

    def __init__(self, state: DinerState):
        self.state = state
        self.cards = state.cards
        self.diners: dict[int, Counter[str]] = {}
        self.points: dict[int, int] = {}
        self.gains: dict[tuple[int, str, int], int] = {}

    def _diner(self, seat: int) -> Counter[str]:
        diner = self.diners.get(seat)
        if diner is None:
            # The diner plus the mat, positive counts only (as Counter's + makes it).
            diner = Counter.__new__(Counter)
            dict.update(diner, {c: n for c, n in self.state.diners[seat].items() if n > 0})
            for card in self.state.mats[seat]:
                diner[card] = diner.get(card, 0) + 1
            self.diners[seat] = diner
            self.points[seat] = score_diner(diner, self.cards)[0]
        return diner

    def gain(self, seat: int, card: str, sign: int = 1) -> float:
        """What adding (sign 1) or removing (sign -1) `card` does to `seat`'s points."""
        key = (seat, card, sign)
        found = self.gains.get(key)
        if found is None:
            diner = Counter.__new__(Counter)
            dict.update(diner, self._diner(seat))
            diner[card] = diner.get(card, 0) + sign
            found = score_diner(diner, self.cards)[0] - self.points[seat]
            self.gains[key] = found
        return found

    def take_value(self, me: int, target: int, card: str) -> float:
        return self.gain(me, card) - DENY_WEIGHT * self.gain(target, card, -1)

    def best_take(self, me: int, target: int) -> float:
        diner = self.state.diners[target]
        return max((self.take_value(me, target, c) for c, n in diner.items() if n), default=0.0)


def choose(state: DinerState, rng: random.Random) -> Action:
    """The legal action worth most to the player to move (ties broken at random)."""
    me = state.turn
    legal = state.legal_actions()
    outlook = _Outlook(state)
    if isinstance(legal[0], Place):
        card = state.held
        assert card is not None  # the place phase holds the card drawn
        rivals = [p for p in range(state.num_players) if p != me]

        def value(action: Action) -> float:
            assert isinstance(action, Place)  # every legal action is of the phase's one kind
            if action.target != me:
                return -DENY_WEIGHT * outlook.gain(action.target, card)
            if card == GUEST:  # it will be swapped for the best card of a rival's diner
                return max(outlook.best_take(me, p) for p in rivals) - 2 * DENY_WEIGHT
            return outlook.gain(me, card)

    elif isinstance(legal[0], GiveGuest):

        def value(action: Action) -> float:
            assert isinstance(action, GiveGuest)
            return outlook.best_take(me, action.target)

    else:
        source = state.guest_target
        assert source is not None  # the take phase names the diner taken from

        def value(action: Action) -> float:
            assert isinstance(action, TakeCard)
            return outlook.take_value(me, source, action.card)

    return max(legal, key=lambda a: (value(a), rng.random()))
