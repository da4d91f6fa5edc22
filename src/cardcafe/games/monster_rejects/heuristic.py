"""A cheap, sensible Monster Rejects player (also the rollout policy of search bots).

Shed the lowest cards that may follow (keeping high cards to win piles back), play every copy of
a value at once, save Chaos cards until they unblock a turn, call a declaration only when its
card is certainly elsewhere.

It runs on every move of a search's rollouts, so the moves of a turn (most of them) are chosen
from the legal list by its known shape, and "would this Chaos card unblock me?" is read off the
legality tables instead of trying the card in a copy of the game.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING, cast

from cardcafe.engine import Action

from .actions import (
    ACCEPT,
    CALL,
    END_PLAY,
    PLAY_CHAOS,
    PLAY_REALM,
    Accept,
    Declare,
    EndPlay,
    GiveBack,
    Hide,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from .cards import (
    AIDS,
    BOMBER,
    COSBY,
    CULT,
    DEUCE,
    HIROSHIMA,
    ILLUSIONIST,
    REALM_CARDS,
    REALM_OF,
    REALM_SET,
    RIGHT_WING,
    SMUGGLE,
    TRIP,
    VALUE_OF,
    is_realm,
)
from .follow import rank, starts
from .phases import GROUP, START, TURN_PHASES
from .pile import NOBODY

if TYPE_CHECKING:
    from .state import RejectsState

# Chaos cards that can unblock a turn with no Realm card to play, best first.
UNBLOCKERS = (TRIP, DEUCE, RIGHT_WING, HIROSHIMA, BOMBER)
# Chaos cards that leave the hand smaller (or no bigger) whatever happens next.
SHEDDERS = (SMUGGLE, ILLUSIONIST, COSBY)
_SMUGGLE = PLAY_CHAOS[SMUGGLE]
_card = attrgetter("card")
# Per order (printed, reversed): a Realm card -> its place when shedding the lowest first (rank,
# then card id: `_best_play`'s order).
_LOWEST_FIRST = tuple(
    {card: (rank(VALUE_OF[card], reverse), card) for card in REALM_CARDS}
    for reverse in (False, True)
)


def _worth(s: RejectsState, card: str) -> tuple[int, int, int]:
    """How much a card is worth keeping: Chaos cards most, then by rank; realms we hold few of
    are harder to shed, so worth less."""
    if not is_realm(card):
        return (2, 0, 0)
    realm_count = sum(1 for c in s.hands[s.turn] if REALM_OF.get(c) == REALM_OF[card])
    return (1, rank(VALUE_OF[card], s.reversed_order), realm_count)


def choose(s: RejectsState, rng: random.Random) -> Action:
    phase = s.phase
    legal = s.legal_actions()
    if phase == GROUP:
        # A play under way: its cards, then ending it (rules.py lists them in this order).
        plays = cast(list[PlayRealm], legal[:-1])
        return _best_play(s, plays) if plays else END_PLAY
    if phase in TURN_PHASES:
        return _turn_move(s, legal, rng)
    return _choice(s, legal)


def _turn_move(s: RejectsState, legal: list[Action], rng: random.Random) -> Action:
    """A move of the phases start, main and drawn, whose legal moves come as Chaos cards (start
    only), Realm cards, items, then the draw or the pass (the order of rules.py's phase table)."""
    hand = s.hands[s.turn]
    chaos: dict[str, PlayChaos] = {}
    if type(legal[0]) is PlayChaos:
        if s.phase == START and len(hand) >= 3 and SMUGGLE in hand and _SMUGGLE in legal:
            return _SMUGGLE  # two cards out of the hand at once
        chaos = {a.card: a for a in legal if isinstance(a, PlayChaos)}
        # A hand of Chaos cards alone can never win: spend one. Otherwise spend them late, the
        # ones that take cards out of the hand (or swap one) first, the rest only if they unblock.
        only_chaos = REALM_SET.isdisjoint(hand)
        spend = _time_to_spend_chaos(s)
        for action in chaos.values():
            if only_chaos or (spend and (action.card in SHEDDERS or _unblocks(s, action))):
                return action
    plays = [a for a in legal if isinstance(a, PlayRealm)]
    if plays:
        return _best_play(s, plays)
    for card in UNBLOCKERS:
        if card in chaos and _unblocks(s, chaos[card]):
            return chaos[card]
    items = [a for a in legal if isinstance(a, PlayItem)]
    if items:
        return rng.choice(items)
    return legal[-1]  # draw, or pass


def _choice(s: RejectsState, legal: list[Action]) -> Action:
    """A move of the other phases: answering an Illusionist, a Chaos card's choices."""
    kinds = set(map(type, legal))
    if Accept in kinds:
        return _answer(s)
    if EndPlay in kinds:
        return END_PLAY
    if Target in kinds:
        targets = [a for a in legal if isinstance(a, Target)]
        return min(targets, key=lambda a: len(s.hands[a.seat]))  # the closest to winning
    if GiveBack in kinds or Hide in kinds:
        options = [a for a in legal if isinstance(a, GiveBack | Hide)]
        return min(options, key=lambda a: _worth(s, a.card))
    if Declare in kinds:
        claims = [a for a in legal if isinstance(a, Declare)]
        truth = [a for a in claims if a.card == s.illusion_card]
        if truth:
            return truth[0]
        return min(claims, key=lambda a: rank(VALUE_OF[a.card], s.reversed_order))
    return legal[-1]


def _best_play(s: RejectsState, plays: list[PlayRealm]) -> PlayRealm:
    """The lowest card that may go (high cards win piles back); in a play under way, every
    card of its value. (Tried against random play: leading high or leading the value held most
    often both did worse.)"""
    if len(plays) == 1:
        return plays[0]
    place = _LOWEST_FIRST[s.reversed_order]
    return PLAY_REALM[min(map(_card, plays), key=place.__getitem__)]


def _time_to_spend_chaos(s: RejectsState) -> bool:
    """Chaos cards are saved to unblock turns, but a hand of them cannot win: spend them once
    they are half the hand or the hand is nearly empty."""
    hand = s.hands[s.turn]
    others = len(hand) - sum(map(REALM_SET.__contains__, hand))  # Chaos cards (and items)
    return 2 * others >= len(hand) or len(hand) <= 4


def _unblocks(s: RejectsState, action: PlayChaos) -> bool:
    """Would this Chaos card let us play a Realm card this turn? (What the legal moves would be
    once it is played, read off the tables: its effect on the pile's top and the effects in
    force; the hand keeps its Realm cards.)"""
    card = action.card
    if card in SHEDDERS:
        return False  # a choice of the card's comes first
    reverse, cult, contagious, trip, undead = s.fx()
    pile = s.pile
    top, value = (pile[-1].shown, pile[-1].value) if pile else (None, 0)
    hand = s.hands[s.turn]
    if card in (HIROSHIMA, BOMBER):
        # The pile dies with its lasting effects; any Realm card starts the next one.
        if card == BOMBER and (undead or REALM_SET.isdisjoint(hand)):
            # The bomb may hand the pile to this very player: what they then hold counts.
            return _tried(s, action)
        top, value, reverse, cult, contagious = None, 0, False, False, False
    elif card == TRIP:
        trip = True
    elif card == RIGHT_WING:
        reverse = True
    elif card == CULT:
        cult = True
    elif card == AIDS:
        contagious = undead = True
    elif card == DEUCE and top is not None and s.cards.deuce_effect == "top-becomes":
        value = s.cards.deuce_value
    return not starts(top, value, (reverse, cult, contagious, trip, undead)).isdisjoint(hand)


def _tried(s: RejectsState, action: PlayChaos) -> bool:
    """`_unblocks` the long way: play the card in a copy and look."""
    trial = s.clone()
    trial.apply(action)
    return any(isinstance(a, PlayRealm) for a in trial.legal_actions())


def _answer(s: RejectsState) -> Action:
    """Call only when every copy of the declared card is visible elsewhere."""
    _, shown, _, _ = s.pile[-1]
    copies = s.decks
    seen = s.hands[s.turn].count(shown) + s.graveyard.count(shown)
    seen += sum(1 for e in s.pile[:-1] if e.owner == NOBODY and e.real == shown)
    return CALL if seen >= copies else ACCEPT
