"""What each player knows of other hands, and re-dealing the rest for a determinization.

`known[(p, q)]` is a tuple of cards player p saw go into player q's hand (a pile picked up, a
card The Cosby took or gave back, the AIDS card taken). A card q later plays face up leaves it.
A card q puts face down (Smuggle A Mexican, Illusionist) stays in it: p cannot tell which card
went, so p's belief stays fixed rather than leak the truth (brief: "when unsure, keep such known
cards fixed rather than leak"); the re-deal simply drops what can no longer be honoured.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import is_realm
from .chance import shuffle

# What one player knows another holds: (knower, holder) -> those cards (a copy each).
Known = dict[tuple[int, int], tuple[str, ...]]


def add_known(known: Known, knower: int, holder: int, cards: Sequence[str]) -> None:
    if knower != holder and cards:
        known[(knower, holder)] = known.get((knower, holder), ()) + tuple(cards)


def add_public(known: Known, players: int, holder: int, cards: Sequence[str]) -> None:
    for knower in range(players):
        add_known(known, knower, holder, cards)


def forget(known: Known, holder: int, card: str) -> None:
    """`holder` showed `card` leaving their hand: nobody believes they hold that copy now."""
    for key in [k for k, cards in known.items() if card in cards and k[1] == holder]:
        rest = list(known[key])
        rest.remove(card)
        if rest:
            known[key] = tuple(rest)
        else:
            del known[key]


def redeal(
    player: int,
    hands: list[list[str]],
    deck: list[str],
    slots: list[list[str]],
    known: Known,
    rng: random.Random,
    deck_origin: tuple[str, ...] | None = None,
    realm_slots: Sequence[list[str]] = (),
) -> None:
    """Re-deal in place every card `player` cannot see.

    `slots` are the other hidden places (face-down cards) as lists to refill in place; the
    cards of `realm_slots` too, but those only with Realm cards (the Illusionist's card: 003:
    "you place a Realm card facedown"; everyone knows it is one). Hands of others keep the
    cards `player` knows they hold, as far as the hidden cards allow. A deck made by
    reshuffling the graveyard holds only cards of `deck_origin` (everyone saw them go in).
    Everything else is shuffled among the remaining places, sizes unchanged.
    """
    others = [q for q in range(len(hands)) if q != player]
    rest = list(deck)  # every hidden card, then (sorted) those dealt at random
    for q in others:
        rest += hands[q]
    for place in (*slots, *realm_slots):
        rest += place
    fixed: dict[int, list[str]] = {q: [] for q in others}
    told = [(q, known[(player, q)]) for q in others if (player, q) in known]
    need = sum(len(place) for place in realm_slots)
    new_deck: list[str] = []
    if not (told or need or deck_origin is not None):
        rest.sort()  # the usual case: nothing known, nothing constrained
    else:
        pool = Counter(rest)
        for q, cards in told:
            keep, room = fixed[q], len(hands[q])
            for card in cards:
                if len(keep) == room:
                    break  # as many as the hand holds: the rest of what was told is stale
                if pool.get(card, 0) > 0:
                    keep.append(card)
                    pool[card] -= 1
        realms = _deal_realms(need, pool, fixed, deck, deck_origin, rng)
        for place in realm_slots:
            size = len(place)
            place[:] = realms[:size]
            del realms[:size]
        if deck_origin is not None:
            # Sorted before every shuffle: a Counter lists cards in the order they were met,
            # which is the truth's; the re-deal must depend only on the cards and `rng`, so
            # that a seeded bot chooses the same whatever the hidden truth
            # (engine.mechanics.canonical_pool).
            for card, copies in _supply(deck_origin):
                hidden = pool.get(card, 0)
                if hidden > 0:
                    new_deck += [card] * (copies if copies < hidden else hidden)
            shuffle(new_deck, rng)
            del new_deck[len(deck) :]
            for card in new_deck:
                pool[card] -= 1
        rest = sorted(pool.elements())
    shuffle(rest, rng)
    start = len(deck) - len(new_deck)  # the deck's share when it is not (all) from the graveyard
    new_deck += rest[:start]
    shuffle(new_deck, rng)
    deck[:] = new_deck
    for q in others:
        need = len(hands[q]) - len(fixed[q])
        hands[q][:] = fixed[q] + rest[start : start + need]
        start += need
    for place in slots:
        size = len(place)
        place[:] = rest[start : start + size]
        start += size


_supplies: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = {}


def _supply(deck_origin: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many of each card a deck made from the graveyard began with, as (card, copies) in
    card order (asked at every determinization until the next reshuffle: counted once)."""
    found = _supplies.get(deck_origin)
    if found is None:
        if len(_supplies) > 64:
            _supplies.clear()
        found = _supplies[deck_origin] = tuple(sorted(Counter(deck_origin).items()))
    return found


def _deal_realms(
    need: int,
    pool: Counter[str],
    fixed: dict[int, list[str]],
    deck: list[str],
    deck_origin: tuple[str, ...] | None,
    rng: random.Random,
) -> list[str]:
    """`need` Realm cards for the face-down places that can hold nothing else, taken out of
    `pool` (and, only if it must, out of the known cards `fixed` in hands).

    Always possible: the truth has a Realm card in each such place, all among the hidden cards.
    The choice is random among the hidden Realm cards, except that a card of a deck made from
    the graveyard is passed over while the deck would then lack cards of its origin; a known
    card is released only when the hidden Realm cards outside the known ones run short (a
    card the holder put face down stays "known" in their hand: brief, keep it fixed rather
    than leak). Sorted before the shuffle, like every re-deal here (canonical_pool).
    """
    if not need:
        return []
    origin = Counter(deck_origin or ())
    # How many cards of the graveyard-made deck can go elsewhere and still leave it full.
    spare = sum((origin & pool).values()) - len(deck) if deck_origin is not None else need
    candidates = sorted(c for c in pool.elements() if is_realm(c))
    shuffle(candidates, rng)
    chosen: list[str] = []
    passed: list[str] = []
    for card in candidates:
        if len(chosen) == need:
            break
        uses_origin = pool[card] <= origin[card]  # one copy fewer leaves fewer for the deck
        if uses_origin and spare <= 0:
            passed.append(card)
            continue
        spare -= uses_origin
        pool[card] -= 1
        chosen.append(card)
    for card in passed[: need - len(chosen)]:
        pool[card] -= 1  # the deck will then be completed with other cards (soft constraint)
        chosen.append(card)
    for q in sorted(fixed):
        for card in [c for c in fixed[q] if is_realm(c)]:
            if len(chosen) < need:
                fixed[q].remove(card)
                chosen.append(card)
    assert len(chosen) == need, "fewer hidden Realm cards than face-down Realm cards"
    shuffle(chosen, rng)
    return chosen
