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


def add_known(known: dict, knower: int, holder: int, cards) -> None:
    if knower != holder and cards:
        known[(knower, holder)] = known.get((knower, holder), ()) + tuple(cards)


def add_public(known: dict, players: int, holder: int, cards) -> None:
    for knower in range(players):
        add_known(known, knower, holder, cards)


def forget(known: dict, holder: int, card: str) -> None:
    """`holder` showed `card` leaving their hand: nobody believes they hold that copy now."""
    for key in [k for k in known if k[1] == holder]:
        cards = list(known[key])
        if card in cards:
            cards.remove(card)
            if cards:
                known[key] = tuple(cards)
            else:
                del known[key]


def redeal(
    player: int,
    hands: list[list[str]],
    deck: list[str],
    slots: list[list],
    known: dict,
    rng: random.Random,
    deck_origin: tuple[str, ...] | None = None,
) -> None:
    """Re-deal in place every card `player` cannot see.

    `slots` are the other hidden places (face-down cards) as lists to refill in place. Hands
    of others keep the cards `player` knows they hold, as far as the hidden cards allow. A deck
    made by reshuffling the graveyard holds only cards of `deck_origin` (everyone saw them go
    in). Everything else is shuffled among the remaining places, sizes unchanged.
    """
    others = [q for q in range(len(hands)) if q != player]
    pool = Counter(card for q in others for card in hands[q])
    pool.update(deck)
    for place in slots:
        pool.update(place)
    fixed: dict[int, list[str]] = {}
    for q in others:
        keep = fixed[q] = []
        for card in known.get((player, q), ()):
            if len(keep) < len(hands[q]) and pool[card] > 0:
                keep.append(card)
                pool[card] -= 1
    new_deck: list[str] = []
    if deck_origin is not None:
        # Sorted before every shuffle: a Counter lists cards in the order they were met, which
        # is the truth's; the re-deal must depend only on the cards and `rng`, so that a seeded
        # bot chooses the same whatever the hidden truth (engine.cards.canonical_pool).
        new_deck = sorted((Counter(deck_origin) & pool).elements())
        rng.shuffle(new_deck)
        del new_deck[len(deck) :]
        pool -= Counter(new_deck)
    rest = sorted(pool.elements())
    rng.shuffle(rest)
    start = len(deck) - len(new_deck)  # the deck's share when it is not (all) from the graveyard
    new_deck += rest[:start]
    rng.shuffle(new_deck)
    deck[:] = new_deck
    for q in others:
        need = len(hands[q]) - len(fixed[q])
        hands[q][:] = fixed[q] + rest[start : start + need]
        start += need
    for place in slots:
        size = len(place)
        place[:] = rest[start : start + size]
        start += size
