"""What each player knows of other hands, and re-dealing the rest for a determinization.

`known[(p, q)]` is a tuple of cards player p saw go into player q's hand (a pile picked up, a
card The Cosby took or gave back, the AIDS card taken). A card q later plays face up leaves it.
A card q puts face down (Smuggle A Mexican, Illusionist) stays in it: p cannot tell which card
went, so p's belief stays fixed rather than leak the truth (brief: "when unsure, keep such known
cards fixed rather than leak"); the re-deal simply drops what can no longer be honoured.
"""

from __future__ import annotations

import random
from bisect import bisect_left
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
    # The usual case first: nobody knew of that card. (A loop over the few tuples takes 40%
    # less time than one search through `itertools.chain`, which has to be built first.)
    for cards in known.values():
        if card in cards:
            break
    else:
        return
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
    need = sum(map(len, realm_slots))
    if need:
        # The face-down Realm cards are drawn first (rare: worked out afresh every time).
        rest, fixed = _hidden(player, others, hands, deck, [*slots, *realm_slots], known)
        realms = _deal_realms(need, rest, fixed, deck, deck_origin, rng)
        for place in realm_slots:
            size = len(place)
            place[:] = realms[:size]
            del realms[:size]
        origin = None if deck_origin is None else _split_origin(rest, deck_origin)
    else:
        rest, fixed, origin = _plan(player, others, hands, deck, slots, known, deck_origin)
    new_deck: list[str] = []
    if origin is not None:
        # The deck made from the graveyard: as many of its cards as it holds, at random among
        # those still hidden; the ones left over join the other hidden cards, in order.
        candidates, outside = origin
        new_deck = list(candidates)
        shuffle(new_deck, rng)
        left_over = new_deck[len(deck) :]
        del new_deck[len(deck) :]
        rest = sorted(outside + left_over) if left_over else list(outside)
    else:
        rest = list(rest)
    shuffle(rest, rng)
    start = len(deck) - len(new_deck)  # the deck's share when it is not (all) from the graveyard
    new_deck += rest[:start]
    shuffle(new_deck, rng)
    deck[:] = new_deck
    for q in others:
        hand, kept = hands[q], fixed.get(q)
        if kept is None:
            hand[:] = rest[start : start + len(hand)]
            start += len(hand)
        else:
            need = len(hand) - len(kept)
            hand[:] = [*kept, *rest[start : start + need]]
            start += need
    for place in slots:
        size = len(place)
        place[:] = rest[start : start + size]
        start += size


def _hidden(
    player: int,
    others: list[int],
    hands: list[list[str]],
    deck: list[str],
    places: list[list[str]],
    known: Known,
) -> tuple[list[str], dict[int, list[str]]]:
    """Every card hidden from `player` (in the deck, the hands of `others`, the face-down
    `places`), sorted, less the known cards each hand keeps; and those kept, by seat (only for
    the hands `player` knows cards of)."""
    rest = list(deck)
    for q in others:
        rest += hands[q]
    for place in places:
        rest += place
    # Sorted before every shuffle: the truth lists the cards in its own order, and the re-deal
    # must depend only on the cards and `rng`, so that a seeded bot chooses the same whatever
    # the hidden truth (engine.mechanics.canonical_pool). Kept sorted as cards leave it.
    rest.sort()
    fixed: dict[int, list[str]] = {}
    for q in others:
        told = known.get((player, q))
        if told:
            keep = fixed[q] = []
            room = len(hands[q])
            for card in told:
                if len(keep) == room:
                    break  # as many as the hand holds: the rest of what was told is stale
                at = bisect_left(rest, card)  # (sorted: found without reading it all)
                if at < len(rest) and rest[at] == card:
                    del rest[at]
                    keep.append(card)
    return rest, fixed


def _split_origin(rest: list[str], deck_origin: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The hidden cards `rest` (sorted) a deck made from the graveyard may hold (as many copies
    of each as it began with, at most), and the others, both sorted."""
    cards, doubles = _origin(deck_origin)
    hidden = set(rest)
    candidates = [card for card in cards if card in hidden]  # sorted, as `cards`
    for card, copies in doubles:
        extra = copies - rest.count(card)  # copies the deck had but are not all hidden now
        for _ in range(extra if card in hidden else 0):
            candidates.remove(card)
    if len(hidden) == len(rest):
        return candidates, sorted(hidden.difference(candidates))  # no card twice: as a set
    # Some card is hidden twice: one pass over `rest`, passing over the candidates' copies.
    skip: dict[str, int] = {}
    for card in candidates:
        skip[card] = skip.get(card, 0) + 1
    outside = []
    for card in rest:
        skipped = skip.get(card)
        if skipped:
            skip[card] = skipped - 1
        else:
            outside.append(card)
    return candidates, outside


# What a re-deal works out before its first draw, for the last positions re-dealt: a search
# determinizes one position over and over (ISMCTS, at every iteration), and that work depends
# only on where the hidden cards lie and on what the player was told (`_plan`).
Plan = tuple[list[str], dict[int, list[str]], tuple[list[str], list[str]] | None]
_plans: dict[tuple[object, ...], tuple[tuple[str, ...] | None, Plan]] = {}
# (An entry keeps the graveyard-made deck's origin it was worked out for: the key names that
# tuple by its id, which no other tuple can have while the entry holds it.)


def _plan(
    player: int,
    others: list[int],
    hands: list[list[str]],
    deck: list[str],
    slots: list[list[str]],
    known: Known,
    deck_origin: tuple[str, ...] | None,
) -> Plan:
    """`_hidden` and `_split_origin` for this position, remembered: the hidden cards sorted
    less the known ones kept, those kept, and (with a graveyard-made deck) the candidates for
    it and the rest. Read only: the re-deal copies what it changes."""
    told = [known.get((player, q)) for q in others]
    key = (player, id(deck_origin), tuple(deck), *map(tuple, hands), *map(tuple, slots), *told)
    found = _plans.get(key)
    if found is not None:
        return found[1]
    rest, fixed = _hidden(player, others, hands, deck, slots, known)
    plan = (rest, fixed, None if deck_origin is None else _split_origin(rest, deck_origin))
    if len(_plans) >= 32:
        _plans.clear()
    _plans[key] = (deck_origin, plan)
    return plan


# id of a deck's origin -> (that origin, its cards sorted, its doubled cards with their copies)
_origins: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, int], ...]]] = {}


def _origin(deck_origin: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """A deck made from the graveyard's cards sorted, and those it had several copies of, with
    their copies (asked at every determinization until the next reshuffle: worked out once)."""
    # Looked up by identity (hashing the whole tuple costs more): the state keeps the one tuple
    # until the next reshuffle, and the entry keeps it alive, so its id is its own.
    found = _origins.get(id(deck_origin))
    if found is None or found[0] is not deck_origin:
        if len(_origins) > 64:
            _origins.clear()
        copies = Counter(deck_origin)
        doubles = tuple((card, n) for card, n in sorted(copies.items()) if n > 1)
        found = _origins[id(deck_origin)] = (deck_origin, tuple(sorted(deck_origin)), doubles)
    return found[1], found[2]


def _deal_realms(
    need: int,
    rest: list[str],
    fixed: dict[int, list[str]],
    deck: list[str],
    deck_origin: tuple[str, ...] | None,
    rng: random.Random,
) -> list[str]:
    """`need` Realm cards for the face-down places that can hold nothing else, taken out of
    the hidden cards `rest` (sorted; and, only if it must, out of the known cards `fixed` in
    hands).

    Always possible: the truth has a Realm card in each such place, all among the hidden cards.
    The choice is random among the hidden Realm cards, except that a card of a deck made from
    the graveyard is passed over while the deck would then lack cards of its origin; a known
    card is released only when the hidden Realm cards outside the known ones run short (a
    card the holder put face down stays "known" in their hand: brief, keep it fixed rather
    than leak). Sorted before the shuffle, like every re-deal here (canonical_pool).
    """
    pool = Counter(rest)
    origin = Counter(deck_origin or ())
    # How many cards of the graveyard-made deck can go elsewhere and still leave it full.
    spare = sum((origin & pool).values()) - len(deck) if deck_origin is not None else need
    candidates = [c for c in rest if is_realm(c)]  # sorted, as `rest`
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
    for card in chosen:
        rest.remove(card)  # (all of them hidden cards so far)
    for q in sorted(fixed):
        for card in [c for c in fixed[q] if is_realm(c)]:
            if len(chosen) < need:
                fixed[q].remove(card)
                chosen.append(card)
    assert len(chosen) == need, "fewer hidden Realm cards than face-down Realm cards"
    shuffle(chosen, rng)
    return chosen
