"""The heuristic, made faster for search bots (issue 17), chooses exactly as it did before: its
earlier implementation is kept here as the reference and both are asked on many positions."""

from __future__ import annotations

import random
from collections import Counter

from cardcafe.engine import Action
from cardcafe.games.coffee_break.actions import (
    Exchange,
    FinishLaying,
    Lay,
    LayJoker,
    PickForExchange,
)
from cardcafe.games.coffee_break.cards import JOKER
from cardcafe.games.coffee_break.heuristic import heuristic_action
from cardcafe.games.coffee_break.scoring import points
from cardcafe.games.coffee_break.state import (
    CHOOSE,
    EXCHANGING,
    FACE_UP,
    LAYING,
    MAX_EXCHANGE,
    CoffeeBreakState,
)

from .helpers import GAME


def test_the_heuristic_chooses_as_its_reference_everywhere():
    asked = 0
    for seed in range(40):
        options = {} if seed % 2 else {"doubling": "more-than", "direction": "left"}
        state = GAME.new(2 + seed % 2, seed, **options)
        mover = random.Random(seed)
        while not state.is_over:
            ours, theirs = random.Random(seed), random.Random(seed)
            assert heuristic_action(state, ours) is reference_action(state, theirs)
            assert ours.getstate() == theirs.getstate()
            asked += 1
            # Mostly the heuristic's own line (its usual positions), sometimes a random move.
            if mover.random() < 0.3:
                state.apply(mover.choice(state.legal_actions()))
            else:
                state.apply(heuristic_action(state, mover))
    assert asked > 2000


# -- the reference: the heuristic as it was before the speed work --------------------------
def reference_action(state: CoffeeBreakState, rng: random.Random) -> Action:
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


def _completing_lay(state: CoffeeBreakState, seat: int, hand: Counter) -> Action | None:
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


def _wanted(state: CoffeeBreakState) -> Counter:
    wanted: Counter = Counter()
    for slot in range(FACE_UP):
        wanted |= state.missing(slot)
    return wanted


def _spare(state: CoffeeBreakState, hand: Counter) -> list[str]:
    """Cards beyond what any face-up order still lacks (jokers are never spare)."""
    wanted = _wanted(state)
    spare = hand - wanted
    del spare[JOKER]
    return sorted(spare.elements())


def _building_lay(state: CoffeeBreakState, hand: Counter) -> Action | None:
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
