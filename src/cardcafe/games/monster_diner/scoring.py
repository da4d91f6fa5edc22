"""Monster Diner scoring, pure: the engine at game end and `cardcafe score` both use it."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.mechanics import best_by

from .cards import (
    BASIC,
    CRITIC,
    DECK_SIZE,
    GUEST,
    MASTERCHEF,
    PLAIN,
    PRECEPT,
    CardSet,
    load,
    parse_card,
    requirements,
)


def plain_points(diner: Mapping[str, int], cards: CardSet) -> int:
    """Points of a diner whose Critic/Precept pairs are already used (or unused)."""
    # 001: "First use the cards Restaurant Critic and Precept. Then count the points for
    # MasterChef. Finally count all other cards." The pairs are resolved by the caller, then
    # MasterChefs look at the diner the pairs left.
    rows = _tables(cards).rows
    points = 0
    others = False
    for card, n in diner.items():
        row = rows.get(card)
        if row is None:
            others = True
        elif n > 0:
            points += row[n] if n < len(row) else type_points(card, n, cards)
    if others:
        present = {card for card, n in diner.items() if n > 0}
        for card, n in diner.items():
            if card in rows:
                continue
            if card.startswith(MASTERCHEF):
                # 001: "MasterChef will bring 7 points but only if your diner has all types"
                if requirements(card) <= present:
                    points += 7 * n
            else:
                points += type_points(card, n, cards)
    return points


@functools.lru_cache(maxsize=1024)
def type_points(card: str, count: int, cards: CardSet) -> int:
    """Points of `count` cards of one type other than MasterChef, which score on their own."""
    if count <= 0:
        return 0
    if card == "janitor":
        return count  # 001: "Each Janitor card brings 1 point"
    if card == "ice-cream-man":
        return 5 * (count // 2)  # "Every two cards of Ice Cream Man bring 5 points"
    if card == "pizza-maker":
        return 12 * (count // 4)  # "Every four cards of Pizza Maker bring 12 points"
    if card == "florist":
        return 6 if count % 2 else 0  # "Odd number of Florists give you 6 points"
    if card == "salad-meister":
        return cards.salad(count)  # "according to the table on the card"
    if card == "bartender":
        return bartender_points(count)
    if card == GUEST:
        return 2 * count  # "keep it till the end of the game and get 2 points for it"
    return 0  # Critics and Precepts score nothing by themselves


def bartender_points(count: int) -> int:
    # 001: "One or two Bartender cards bring 10 points, three — 0 points, four or more will
    # take away 2 points."
    if count == 0 or count == 3:
        return 0
    return 10 if count < 3 else -2


# Removing a card can only gain points where more is not always better; every other type
# scores (and counts for MasterChefs and the Janitor tie-break) no less with one more card.
REMOVABLE = ("florist", "bartender", "salad-meister")


def _pair_outcomes(diner: Counter[str], cards: CardSet) -> Iterable[Counter[str]]:
    """Every diner the Critic/Precept pairs can make: each pair becomes any other card, removes
    any card, or does nothing; the pair's own two cards leave the diner either way.

    Exponential in the number of pairs: the reference `score_diner` is tested against."""
    pairs = min(diner[CRITIC], diner[PRECEPT])
    start = Counter(diner)
    start[CRITIC] -= pairs
    start[PRECEPT] -= pairs
    frontier = {frozenset(start.items())}
    becomes = [c for c in cards.types if c not in (CRITIC, PRECEPT)]
    for _ in range(pairs):
        following = set()
        for frozen in frontier:
            base = Counter(dict(frozen))
            following.add(frozen)
            for card in becomes:
                grown = Counter(base)
                grown[card] += 1
                following.add(frozenset(grown.items()))
            for card in REMOVABLE:
                if base[card] > 0:
                    shrunk = Counter(base)
                    shrunk[card] -= 1
                    following.add(frozenset(shrunk.items()))
        frontier = following
    return (Counter(dict(f)) for f in frontier)


def pair_choices(
    counted: Iterable[tuple[str, int]], pairs: int, tables: _Tables
) -> tuple[int, int, int, list[tuple[int, int]], list[tuple[str, int, int, int]]]:
    """A diner's types (Critics and Precepts left out) as its `pairs` pairs see them: the
    points, Janitors and basic types present (as a mask) of the types no pair can change, each
    MasterChef as (the types it needs as a mask, copies), and each type the pairs can change as
    (type, count, fewest, most): how many cards of it the pairs may take away or add."""
    points, janitors, present = 0, 0, 0
    chefs: list[tuple[int, int]] = []
    choices: list[tuple[str, int, int, int]] = []
    for card, have in counted:
        if card.startswith(MASTERCHEF):
            if have > 0:
                chefs.append((_chef_mask(card), have))
            continue
        fewest = -min(have, pairs) if card in REMOVABLE else 0
        most = pairs if card in tables.becomes else 0
        if fewest == most:
            points += tables.points(card, have)
            present |= BIT.get(card, 0) if have > 0 else 0
            janitors += have if card == "janitor" else 0
        else:
            choices.append((card, have, fewest, most))
    return points, janitors, present, chefs, choices


def _best_pair_use(diner: Counter[str], cards: CardSet) -> tuple[int, int]:
    """The best (points, janitors) over all `_pair_outcomes`, in time polynomial in the pairs.

    Every type but MasterChef scores on its own count, and MasterChefs only ask which basic
    types are present. So: choose, type by type, how many pairs add to (or remove from) it,
    keeping the best (points, janitors) for each (pairs used, basic types present); then each
    MasterChef scores by the types present, and every pair left over can become a MasterChef of
    the set whose types are present (7 points) or do nothing. Sets of types are bitmasks, and
    the types no pair can change are counted once, before the choices."""
    tables = _tables(cards)
    pairs = min(diner[CRITIC], diner[PRECEPT])
    held = (
        (card, have)
        for card, have in diner.items()
        if card not in (CRITIC, PRECEPT) and (have > 0 or card in tables.becomes)
    )
    points, janitors, present, chefs, choices = pair_choices(held, pairs, tables)
    # The types absent from the diner a pair may become.
    choices.extend((card, 0, 0, pairs) for card in tables.becomes_plain if card not in diner)
    if pairs == 1:
        return _one_pair_use(points, janitors, present, chefs, choices, tables)
    # The types whose presence no change alters first: until the others come, the states
    # differ only in the pairs used.
    choices.sort(key=lambda choice: choice[1] + choice[2] <= 0)
    best = {(0, present): (points, janitors)}
    for card, have, fewest, most in choices:
        here = BIT.get(card, 0)
        janitor = card == "janitor"
        # Each change to this type: (pairs it uses, its points, its Janitors, its presence).
        changes = [
            (
                abs(change),
                tables.points(card, have + change),
                have + change if janitor else 0,
                here if have + change else 0,
            )
            for change in range(fewest, most + 1)
        ]
        following: dict[tuple[int, int], tuple[int, int]] = {}
        for (used, present), (points, janitors) in best.items():
            left = pairs - used
            for cost, gained, counted, bit in changes:
                if cost > left:
                    continue
                key = (used + cost, present | bit)
                value = (points + gained, janitors + counted)
                known = following.get(key)
                if known is None or value > known:
                    following[key] = value
        best = following
    outcomes = []
    for (used, present), (points, janitors) in best.items():
        points += sum(7 * n for needs, n in chefs if needs & present == needs)
        if any(needs & present == needs for needs in tables.becomes_chefs):
            points += 7 * (pairs - used)
        outcomes.append((points, janitors))
    return max(outcomes)


def _one_pair_use(
    points: int,
    janitors: int,
    present: int,
    chefs: list[tuple[int, int]],
    choices: list[tuple[str, int, int, int]],
    tables: _Tables,
) -> tuple[int, int]:
    """`_best_pair_use` for the most common diner, one pair: each outcome at once (the pair
    adds or removes one card of one type, or becomes a MasterChef, or does nothing)."""
    for card, have, _, _ in choices:
        points += tables.points(card, have)
        if have:
            present |= BIT.get(card, 0)
        if card == "janitor":
            janitors += have

    known: dict[int, int] = {}

    def chef_points(present: int) -> int:
        # Most outcomes leave the same types present: their MasterChefs are counted once.
        found = known.get(present)
        if found is None:
            found = known[present] = sum(7 * n for needs, n in chefs if needs & present == needs)
        return found

    # Unused, the pair becomes a MasterChef whose types are present (or does nothing).
    chef = any(needs & present == needs for needs in tables.becomes_chefs)
    outcomes = [(points + chef_points(present) + (7 if chef else 0), janitors)]
    for card, have, fewest, most in choices:
        here = BIT.get(card, 0)
        before = points - tables.points(card, have)
        for change in (fewest, most):
            if change:
                count = have + change
                outcomes.append(
                    (
                        before
                        + tables.points(card, count)
                        + chef_points(present | here if count else present & ~here),
                        janitors + change if card == "janitor" else janitors,
                    )
                )
    return max(outcomes)


def score_diner(diner: Counter[str], cards: CardSet) -> tuple[int, int]:
    """(points, janitors) of a diner, the Critic/Precept pairs used as best serves the owner:
    most points, then most Janitors for the tie-break."""
    # 001: "If you have these two cards then at the end of the game they can become any other
    # card, or remove any card you don't need."
    if not (diner[CRITIC] and diner[PRECEPT]):
        return plain_points(diner, cards), diner["janitor"]
    # Views show every seat's running score at every step, and many diners play the pairs
    # alike: the search over the pair's uses is done once per diner in its simplest form.
    tables = _tables(cards)
    pairs = min(diner[CRITIC], diner[PRECEPT])
    simplest = Counter({CRITIC: pairs, PRECEPT: pairs})
    points = janitors = 0  # what the diner scores more than its simplest form, whatever is done
    for card, have in diner.items():
        if have > 0 and card not in (CRITIC, PRECEPT):
            count = simplest[card] = tables.simplest(card, have, pairs)
            if count != have:
                points += tables.rows[card][have] - tables.rows[card][count]
                if card == "janitor":
                    janitors += have - count
    known = tables.paired
    key = frozenset(simplest.items())
    found = known.get(key)
    if found is None:
        if len(known) >= PAIRED_KEPT:
            known.clear()
        found = known[key] = _best_pair_use(simplest, cards)
    return found[0] + points, found[1] + janitors


# Basic types as bits of a mask (a MasterChef needs only basic types).
BIT = {card: 1 << i for i, card in enumerate(BASIC)}
NEVER = -1  # the mask of a MasterChef that needs a type no diner can count: never met
PAIRED_KEPT = 1 << 14  # distinct diners with pairs whose best use is remembered
ROW = 2 * DECK_SIZE  # counts tabled per type (a calculator's diner may hold more: computed)


class _Tables:
    """What scoring asks of a card set again and again, worked out once: each type's points by
    count, what a pair may become, and the best use of the pairs of the diners seen."""

    def __init__(self, cards: CardSet):
        self.cards = cards
        self.rows = {card: tuple(type_points(card, n, cards) for n in range(ROW)) for card in PLAIN}
        becomes = [card for card in cards.types if card not in (CRITIC, PRECEPT)]
        self.becomes = frozenset(becomes)
        self.becomes_plain = tuple(c for c in becomes if not c.startswith(MASTERCHEF))
        self.becomes_chefs = tuple(_chef_mask(c) for c in becomes if c.startswith(MASTERCHEF))
        self.paired: dict[frozenset[tuple[str, int]], tuple[int, int]] = {}
        self.simplest_counts: dict[tuple[str, int, int], int] = {}

    def simplest(self, card: str, have: int, pairs: int) -> int:
        """The fewest cards of type `card` that `pairs` pairs can play exactly as `have`: the
        same changes allowed, the same presence after each, the same points gained or lost by
        each (Janitors, one point each, gain alike at any count above the pairs). A diner with
        its counts made simplest scores a constant less, whatever the pairs do."""
        key = (card, have, pairs)
        found = self.simplest_counts.get(key)
        if found is None:
            found = self.simplest_counts[key] = self._simplest(card, have, pairs)
        return found

    def _simplest(self, card: str, have: int, pairs: int) -> int:
        row = self.rows.get(card)
        if row is None or have + pairs >= len(row):
            return have  # a MasterChef, or more cards than tabled: as it is

        def window(count: int) -> range:
            fewest = -min(count, pairs) if card in REMOVABLE else 0
            return range(fewest, (pairs if card in self.becomes else 0) + 1)

        changes = window(have)
        for count in range(have):
            if window(count) == changes and all(
                (count + change > 0) == (have + change > 0)
                and row[count + change] - row[count] == row[have + change] - row[have]
                for change in changes
            ):
                return count
        return have

    def points(self, card: str, count: int) -> int:
        row = self.rows.get(card)
        if row is not None and 0 <= count < len(row):
            return row[count]
        return type_points(card, count, self.cards)


@functools.cache
def _chef_mask(chef: str) -> int:
    """The basic types a MasterChef needs, as a mask."""
    needs = requirements(chef)
    return sum(BIT[t] for t in needs) if needs <= BIT.keys() else NEVER


def _tables(cards: CardSet) -> _Tables:
    # By identity: hashing a card set (a tuple of tuples) on every call cost more than the
    # scoring; the entry holds the set, so its id stays its own while it is here.
    known = _BY_CARD_SET.get(id(cards))
    if known is None or known.cards is not cards:
        if len(_BY_CARD_SET) >= 64:
            _BY_CARD_SET.clear()
        known = _BY_CARD_SET[id(cards)] = _Tables(cards)
    return known


_BY_CARD_SET: dict[int, _Tables] = {}


def final_scores(diners: Sequence[Counter[str]], cards: CardSet) -> tuple[list[int], list[int]]:
    """(scores, winners). 001: "The player with the biggest score wins. If the number of points
    is equal, the player with more Janitors steals a victory. If even in this case the number of
    such cards is the same, it's a fair draw." """
    keys = [score_diner(d, cards) for d in diners]
    return [k[0] for k in keys], best_by(keys)


def score_json(obj: Any, cards: CardSet | None = None) -> dict[str, Any]:
    """`{"diners": [[card, ...], ...]}` -> `{"scores": [...], "winners": [...]}`."""
    if not isinstance(obj, dict) or set(obj) != {"diners"}:
        raise BadInput('expected a JSON object with exactly one field, "diners"')
    diners = obj["diners"]
    if not isinstance(diners, list) or not diners:
        raise BadInput('"diners" must be a non-empty list of diners (lists of card ids)')
    parsed = []
    for seat, diner in enumerate(diners):
        if not isinstance(diner, list):
            raise BadInput(f"diner {seat} must be a list of card ids")
        try:
            parsed.append(Counter(parse_card(card) for card in diner))
        except BadInput as exc:
            raise BadInput(f"diner {seat}: {exc}") from exc
    scores, winners = final_scores(parsed, cards or load())
    return {"scores": scores, "winners": winners}
