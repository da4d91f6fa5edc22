"""A good, cheap Coffee Break policy: race to finish the orders worth most to you.

It completes any order its hand (jokers included) can finish now, best points gain first; with
nothing to finish it exchanges the cards no face-up order wants, and otherwise lays one card
towards the order it covers best. Used by the heuristic bot and as the MCTS rollout policy.

Search bots call it on every move of every rollout, so it counts with small dicts over what the
state keeps (each order's sorted `lacks`) rather than building Counters, and it prices an order
by the change to its kind's points only (the other kinds' points do not move).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from cardcafe.engine import Action

from .actions import Exchange, FinishLaying, PickForExchange
from .cards import FACE_UP, JOKER, MAX_EXCHANGE, ORDER_KIND
from .scoring import KIND_POINTS, Doubling, doubles
from .state import CHOOSE, EXCHANGING, LAYING, CoffeeBreakState


def heuristic_action(state: CoffeeBreakState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = _counts(state.hands[seat])
    choice: Action | None = None
    if state.phase in (CHOOSE, LAYING):
        choice = _completing_lay(state, seat, hand)
        if choice is None and state.phase == LAYING:
            choice = FinishLaying()
        if choice is None:
            spare = _first_spare(state, hand)
            choice = PickForExchange(spare) if spare else _building_lay(state, hand)
    elif state.phase == EXCHANGING:
        for card in state.picked:
            hand[card] -= 1
        spare = _first_spare(state, hand)
        choice = PickForExchange(spare) if spare and len(state.picked) < MAX_EXCHANGE else None
        choice = choice or Exchange()
    return choice if choice in legal else rng.choice(legal)


def _counts(cards: list[str] | tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _completing_lay(state: CoffeeBreakState, seat: int, hand: dict[str, int]) -> Action | None:
    """The next card towards the most valuable order this hand can finish now."""
    best_key, best_slot = None, None
    jokers = hand.get(JOKER, 0)
    kinds = _counts([ORDER_KIND[order] for order in state.taken[seat]])
    doubling = state.options.doubling
    needs = state.needs
    for slot in range(FACE_UP):
        order = state.slots[slot]
        if order is None:
            continue
        lacks, offers = needs[slot].lacks, needs[slot].offers
        # The cards the order lacks that the hand has none of (a joker can stand in).
        short = len(lacks) - _covered(offers, hand)
        if short > jokers:
            continue
        kind = ORDER_KIND[order]
        key = (_gain(kind, kinds.get(kind, 0), doubling), -len(lacks))
        if best_key is None or key > best_key:
            best_key, best_slot = key, slot
    if best_slot is None:
        return None
    offers = needs[best_slot].offers
    for ingredient, _, lay, _ in offers:
        if hand.get(ingredient, 0) > 0:
            return lay
    return offers[0][3]  # a joker as the first ingredient lacked


def _covered(offers: tuple[tuple[str, int, Any, Any], ...], hand: dict[str, int]) -> int:
    """How many of the cards an order lacks (its `offers`) this hand has."""
    covered = 0
    for ingredient, count, _, _ in offers:
        have = hand.get(ingredient, 0)
        covered += have if have < count else count
    return covered


@functools.cache
def _gain(kind: str, count: int, doubling: Doubling) -> int:
    """The points one more order of `kind` adds to `count` orders of it."""
    each, named = KIND_POINTS[kind]
    before = each * count * (2 if doubles(count, named, doubling) else 1)
    after = each * (count + 1) * (2 if doubles(count + 1, named, doubling) else 1)
    return after - before


def _first_spare(state: CoffeeBreakState, hand: dict[str, int]) -> str | None:
    """The first (in card order) of the cards beyond what any face-up order still lacks
    (jokers are never spare); None if there is none."""
    wanted: dict[str, int] = {}
    for each in state.needs:
        for ingredient, count, _, _ in each.offers:
            if count > wanted.get(ingredient, 0):
                wanted[ingredient] = count
    spare = None
    for card, count in hand.items():
        if count > wanted.get(card, 0) and card != JOKER and (spare is None or card < spare):
            spare = card
    return spare


def _building_lay(state: CoffeeBreakState, hand: dict[str, int]) -> Action | None:
    """One real card towards the order whose missing ingredients this hand covers best."""
    best_key, best = None, None
    for slot, each in enumerate(state.needs):
        lacks, offers = each.lacks, each.offers
        if not lacks:
            continue
        covered = _covered(offers, hand)
        if not covered:
            continue
        key = (covered / len(lacks), -slot)
        if best_key is None or key > best_key:
            best_key = key
            best = next(lay for ingredient, _, lay, _ in offers if hand.get(ingredient, 0) > 0)
    return best
