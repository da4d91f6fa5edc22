"""A good, cheap Coffee Break policy: race to finish the orders worth most to you.

It completes any order its hand (jokers included) can finish now, best points gain first; with
nothing to finish it exchanges the cards no face-up order wants, and otherwise lays one card
towards the order it covers best. Used by the heuristic bot and as the MCTS rollout policy.
"""

from __future__ import annotations

import random
from collections import Counter

from cardcafe.engine import Action

from .actions import Exchange, FinishLaying, Lay, LayJoker, PickForExchange
from .cards import JOKER
from .scoring import points
from .state import CHOOSE, EXCHANGING, FACE_UP, LAYING, MAX_EXCHANGE, CoffeeState


def heuristic_action(state: CoffeeState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = Counter(state.hands[seat])
    choice: Action | None = None
    if state.phase in (CHOOSE, LAYING):
        choice = _completing_lay(state, seat, hand)
        if choice is None and state.phase == LAYING:
            choice = FinishLaying()
        if choice is None:
            spare = _spare(state, hand)
            choice = PickForExchange(spare[0]) if spare else _building_lay(state, hand)
    elif state.phase == EXCHANGING:
        spare = _spare(state, hand - Counter(state.picked))
        choice = PickForExchange(spare[0]) if spare and len(state.picked) < MAX_EXCHANGE else None
        choice = choice or Exchange()
    return choice if choice in legal else rng.choice(legal)


def _completing_lay(state: CoffeeState, seat: int, hand: Counter) -> Action | None:
    """The next card towards the most valuable order this hand can finish now."""
    best_key, best_slot = None, None
    now = points(state.taken[seat], state.options.doubling)
    for slot in range(FACE_UP):
        order = state.slots[slot]
        if order is None:
            continue
        missing = state.missing(slot)
        short = sum((missing - hand).values())
        if short > hand[JOKER]:
            continue
        gain = points([*state.taken[seat], order], state.options.doubling) - now
        key = (gain, -sum(missing.values()))
        if best_key is None or key > best_key:
            best_key, best_slot = key, slot
    if best_slot is None:
        return None
    missing = state.missing(best_slot)
    for ingredient in sorted(missing):
        if hand[ingredient]:
            return Lay(best_slot, ingredient)
    return LayJoker(best_slot, min(missing))


def _wanted(state: CoffeeState) -> Counter:
    wanted: Counter = Counter()
    for slot in range(FACE_UP):
        wanted |= state.missing(slot)
    return wanted


def _spare(state: CoffeeState, hand: Counter) -> list[str]:
    """Cards beyond what any face-up order still lacks (jokers are never spare)."""
    wanted = _wanted(state)
    spare = hand - wanted
    del spare[JOKER]
    return sorted(spare.elements())


def _building_lay(state: CoffeeState, hand: Counter) -> Action | None:
    """One real card towards the order whose missing ingredients this hand covers best."""
    best_key, best = None, None
    for slot in range(FACE_UP):
        missing = state.missing(slot)
        if not missing:
            continue
        covered = sum((missing & hand).values())
        if not covered:
            continue
        key = (covered / sum(missing.values()), -slot)
        if best_key is None or key > best_key:
            best_key = key
            best = Lay(slot, next(i for i in sorted(missing) if hand[i]))
    return best
