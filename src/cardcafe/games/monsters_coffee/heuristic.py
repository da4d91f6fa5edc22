"""A good player's policy, cheap enough for search rollouts.

The core is one look ahead on the majorities: how much more Coffee than the best opponent the
round would bring me if it ended now (Rear cards count double). The state is a determinization
for the player to move, so others' Rear Lines in it are a guess consistent with what I know.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action

from .actions import PickFront, PickRear, Take
from .cards import family
from .powers import (
    GRUNGE_FAMILY,
    GRUNGE_PLAYER,
    MUMMY_CARD,
    MUMMY_TOKEN,
    POOPY,
    PRISS_CENTRE,
    PRISS_FRONT,
    REX_FRONT,
    REX_REAR,
    SNOUT,
    priss_centre,
)
from .scoring import holdings, round_coffee
from .state import REAR, TAKE
from .words.names import known

if TYPE_CHECKING:
    from .pieces import Token
    from .state import MonstersCoffeeState

# Rough Coffee worth of each power to the player who uses it.
POWER_WORTH = {
    "skeeter": 1.0,
    "cakosaurus": 1.0,
    "snorkel": 0.8,
    "grunge": 1.0,
    "mummy": 1.0,
    "snout": 0.5,
    "rex": 0.5,
    "priss": 0.5,
    "poopy": 0.3,
}
# How much a card of a family is worth keeping for a majority (the scoring families pay more).
KEEP_WORTH = {"bliblop": 2.0, "kandhiii": 1.5, "skyzoclop": 1.2}


def _held(state: MonstersCoffeeState) -> list[Counter[str]]:
    return [
        holdings((s.card for s in state.front[p]), (r.card for r in state.rear[p]))
        for p in range(state.num_players)
    ]


def _margin(
    state: MonstersCoffeeState, me: int, held: list[Counter[str]], centre: list[str]
) -> float:
    won = round_coffee(centre, held, state.cream)
    return float(won[me] - max(w for p, w in enumerate(won) if p != me))


def _best(options: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    """The option with the highest value; ties broken at random."""
    top = max(v for v, _ in options)
    return rng.choice([a for v, a in options if v == top])


def _mummy_worth(state: MonstersCoffeeState, token: Token) -> float:
    coffee, bones = state.cards.mummy[token.value]
    return float(coffee + (-3 if bones % 2 else bones))


def heuristic_action(state: MonstersCoffeeState, rng: random.Random) -> Action:
    """The action this policy plays for the player to move in `state`."""
    # All of the kind the phase asks for (typed as such where read).
    legal: list[Any] = state.legal_actions()
    me = state.current_player
    assert me is not None
    phase = state.phase
    if phase == REAR:
        hand = state.hands[me]
        counts = Counter(family(c) for c in hand)

        def keep(card: str) -> float:
            worth = KEEP_WORTH.get(family(card), 1.0)
            if family(card) == "skyzoclop":
                worth += int(card.partition(":")[2]) / 4
            return counts[family(card)] * worth

        return _best([(keep(hand[a.slot]), a) for a in legal], rng)
    if phase == TAKE:
        return _take(state, me, legal, rng)
    if phase in (REX_REAR, REX_FRONT):
        return _rex(state, me, legal, rng)
    if phase in (PRISS_FRONT, PRISS_CENTRE):
        return _priss(state, me, legal, rng)
    if phase in (POOPY, SNOUT, MUMMY_CARD):
        return _place_token(state, me, legal, rng)
    if phase == MUMMY_TOKEN:
        # Keep the better token, place the other.
        worth = [_mummy_worth(state, t) for t in state.drawn]
        kept: Action = legal[0] if worth[0] <= worth[1] else legal[1]
        return kept
    if phase == GRUNGE_PLAYER:
        # Ask whoever hides the most cards (in this guess of their Rear Lines).
        return _best([(sum(not r.revealed for r in state.rear[a.seat]), a) for a in legal], rng)
    if phase == GRUNGE_FAMILY:
        hidden = Counter(
            family(r.card) for r in state.rear[known(state.ask_target)] if not r.revealed
        )
        return _best([(hidden[a.family], a) for a in legal], rng)
    revealed: Action = rng.choice(legal)  # Grunge reveal: which matching card matters little
    return revealed


def _take(state: MonstersCoffeeState, me: int, legal: list[Take], rng: random.Random) -> Action:
    held = _held(state)
    options = []
    for action in legal:
        slot = state.front[action.owner][action.slot]
        fam = family(slot.card)
        held[action.owner][fam] -= 1
        value = _margin(state, me, held, [*state.centre, slot.card])
        held[action.owner][fam] += 1
        value += POWER_WORTH.get(fam, 0.0) + slot.snout + (slot.mummy is not None) * 0.5
        options.append((value, action))
    return _best(options, rng)


def _rex(state: MonstersCoffeeState, me: int, legal: list[Any], rng: random.Random) -> Action:
    held = _held(state)
    rear_slots = [known(state.rex_rear)] if state.phase == REX_FRONT else range(len(state.rear[me]))
    fronts = [i for i, s in enumerate(state.front[me]) if not s.droppings]
    options = []
    for r in rear_slots:
        up = family(state.rear[me][r].card)
        for f in fronts:
            down = family(state.front[me][f].card)
            held[me][up] -= 1  # from double (rear) to single (front)
            held[me][down] += 1  # from single to double
            value = _margin(state, me, held, state.centre)
            held[me][up] += 1
            held[me][down] -= 1
            options.append((value, PickFront(me, f) if state.phase == REX_FRONT else PickRear(r)))
    return _best(options, rng)


def _priss(state: MonstersCoffeeState, me: int, legal: list[Any], rng: random.Random) -> Action:
    held = _held(state)
    fronts = (
        [known(state.priss_slot)]
        if state.phase == PRISS_CENTRE
        else [i for i, s in enumerate(state.front[me]) if not s.droppings]
    )
    centre_slots = priss_centre(state)
    options = []
    for f in fronts:
        leaving = state.front[me][f].card
        for pick in centre_slots:
            arriving = state.centre[pick.slot]
            centre = [*state.centre[: pick.slot], *state.centre[pick.slot + 1 :], leaving]
            held[me][family(leaving)] -= 1
            held[me][family(arriving)] += 1
            value = _margin(state, me, held, centre)
            held[me][family(leaving)] += 1
            held[me][family(arriving)] -= 1
            action = pick if state.phase == PRISS_CENTRE else PickFront(me, f)
            options.append((value, action))
    return _best(options, rng)


def _place_token(
    state: MonstersCoffeeState, me: int, legal: list[PickFront], rng: random.Random
) -> Action:
    held = _held(state)

    def worth(action: PickFront) -> float:
        slot = state.front[action.owner][action.slot]
        mine = action.owner == me
        if state.phase == POOPY:
            # Pin down a card of a family I hold the most of, so nobody can take it from me.
            fam = family(slot.card)
            lead = held[me][fam] >= max(h[fam] for h in held)
            return 2.0 * (mine and lead) + mine
        good = state.phase == SNOUT or _mummy_worth(state, state.drawn[0]) > 0
        # A pinned card (Droppings) keeps the token on its line until the round ends.
        return (1.0 if mine == good else 0.0) + 0.5 * slot.droppings

    return _best([(worth(a), a) for a in legal], rng)
