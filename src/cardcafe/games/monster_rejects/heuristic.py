"""A cheap, sensible Monster Rejects player (also the rollout policy of search bots).

Shed the lowest cards that may follow (keeping high cards to win piles back), play every copy of
a value at once, save Chaos cards until they unblock a turn, call a declaration only when its
card is certainly elsewhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import (
    ACCEPT,
    CALL,
    DRAW,
    END_PLAY,
    PLAY_CHAOS,
    Accept,
    Declare,
    Draw,
    EndPlay,
    GiveBack,
    Hide,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from .cards import (
    BOMBER,
    COSBY,
    DEUCE,
    HIROSHIMA,
    ILLUSIONIST,
    REALM_OF,
    RIGHT_WING,
    SMUGGLE,
    TRIP,
    VALUE_OF,
    is_realm,
)
from .follow import rank

if TYPE_CHECKING:
    from .state import RejectsState

# Chaos cards that can unblock a turn with no Realm card to play, best first.
UNBLOCKERS = (TRIP, DEUCE, RIGHT_WING, HIROSHIMA, BOMBER)
# Chaos cards that leave the hand smaller (or no bigger) whatever happens next.
SHEDDERS = (SMUGGLE, ILLUSIONIST, COSBY)


def _worth(s: RejectsState, card: str) -> tuple:
    """How much a card is worth keeping: Chaos cards most, then by rank; realms we hold few of
    are harder to shed, so worth less."""
    if not is_realm(card):
        return (2, 0, 0)
    realm_count = sum(1 for c in s.hands[s.turn] if REALM_OF.get(c) == REALM_OF[card])
    return (1, rank(VALUE_OF[card], s.reversed_order), realm_count)


def choose(s: RejectsState, rng: random.Random):
    legal = s.legal_actions()
    kinds = set(map(type, legal))
    if Accept in kinds:
        return _answer(s)
    hand = s.hands[s.turn]
    smuggle = PLAY_CHAOS[SMUGGLE]
    if s.phase == "start" and smuggle in legal and len(hand) >= 3:
        return smuggle  # two cards out of the hand at once
    plays = [a for a in legal if isinstance(a, PlayRealm)]
    chaos = {a.card: a for a in legal if isinstance(a, PlayChaos)}
    if chaos:
        # A hand of Chaos cards alone can never win: spend one. Otherwise spend them late, the
        # ones that take cards out of the hand (or swap one) first, the rest only if they unblock.
        only_chaos = not any(is_realm(c) for c in hand)
        spend = _time_to_spend_chaos(s)
        for action in chaos.values():
            if only_chaos or (spend and (action.card in SHEDDERS or _unblocks(s, action))):
                return action
    if plays:
        return _best_play(s, plays)
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
    for card in UNBLOCKERS:
        if card in chaos and _unblocks(s, chaos[card]):
            return chaos[card]
    items = [a for a in legal if isinstance(a, PlayItem)]
    if items:
        return rng.choice(items)
    if Draw in kinds:
        return DRAW
    return legal[-1]  # pass (or the only move left)


def _best_play(s: RejectsState, plays: list[PlayRealm]) -> PlayRealm:
    """The lowest card that may go (high cards win piles back); in a play under way, every
    card of its value. (Tried against random play: leading high or leading the value held most
    often both did worse.)"""
    return min(plays, key=lambda a: (rank(VALUE_OF[a.card], s.reversed_order), a.card))


def _time_to_spend_chaos(s: RejectsState) -> bool:
    """Chaos cards are saved to unblock turns, but a hand of them cannot win: spend them once
    they are half the hand or the hand is nearly empty."""
    hand = s.hands[s.turn]
    chaos = sum(1 for c in hand if not is_realm(c))
    return 2 * chaos >= len(hand) or len(hand) <= 4


def _unblocks(s: RejectsState, action: PlayChaos) -> bool:
    """Would this Chaos card let us play a Realm card this turn?"""
    trial = s.clone()
    trial.apply(action)
    return any(isinstance(a, PlayRealm) for a in trial.legal_actions())


def _answer(s: RejectsState):
    """Call only when every copy of the declared card is visible elsewhere."""
    _, shown, _, _ = s.pile[-1]
    copies = s.decks
    seen = s.hands[s.turn].count(shown) + s.graveyard.count(shown)
    seen += sum(1 for e in s.pile[:-1] if e[3] == -1 and e[0] == shown)
    return CALL if seen >= copies else ACCEPT
