"""What each player may know: their view of the table, and determinizations for them.

Hidden (000): the cards dealt to others until the Front Lines are revealed, the face-down Rear
Lines ("At any time during the game, a player can look at their Monster cards in their own Rear
Line"), the cards "discarded" unseen at setup, and Mummy tokens ("Keep the other token, without
revealing it"; "they will obtain the Mummy token without revealing it"). What Rex and Grunge
reveal is known to all, and so is every "no" answered to Grunge.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcafe.engine.mechanics import resample_into_allowed

from .cards import family
from .chance import shuffle
from .pieces import FACE_DOWN, TOKEN, Token
from .powers import GRUNGE_REVEAL, OVER
from .words import FACE_DOWN_MUMMY, PHASES

if TYPE_CHECKING:
    from .state import MonstersCoffeeState

GRUNGE_REDEALS = 200


def token_view(state: MonstersCoffeeState, token: Token, seat: int | None) -> Any:
    """A Mummy token as `seat` sees it: its face if they have seen it, else face down."""
    # 000 Mummy: "At the end of the game, reveal your Mummy tokens." (to spectators too)
    if token.known_to(seat) or state.phase == OVER:
        coffee, bones = state.cards.mummy[token.value]
        return {"coffee": coffee, "bones": bones}
    return FACE_DOWN_MUMMY


def view(state: MonstersCoffeeState, seat: int | None) -> dict[str, Any]:
    """The game's keys of `view(seat)`: what `seat` may know (None: a spectator)."""
    return {
        "round": state.round,
        "phase": PHASES[state.phase],
        "families": list(state.families),
        "cookies": list(state.cookies),
        "whipped_cream": list(state.cream),
        "supply": {**state.supply, "mummy": len(state.mummy_supply)},
        "centre": list(state.centre),
        "discarded": len(state.discard),
        "hands": [
            list(hand) if owner == seat else len(hand) for owner, hand in enumerate(state.hands)
        ],
        "front": [
            [
                {
                    "card": s.card,
                    "droppings": s.droppings,
                    "snout_coffee": s.snout,
                    "mummy": None if s.mummy is None else token_view(state, s.mummy, seat),
                }
                for s in line
            ]
            for line in state.front
        ],
        "rear": [
            [
                {
                    "card": r.card if r.revealed or owner == seat else None,
                    "revealed": r.revealed,
                }
                for r in line
            ]
            for owner, line in enumerate(state.rear)
        ],
        "mummy_tokens": [[token_view(state, t, seat) for t in held] for held in state.mummy_held],
        "drawn_mummy": [token_view(state, t, seat) for t in state.drawn],
        "rex_rear": state.rex_rear,
        "priss_slot": state.priss_slot,
        "asker": None if state.ask_target is None else state.turn,
        "ask_target": state.ask_target,
        "ask_family": state.ask_family,
        "not_in_rear": [sorted(lacks) for lacks in state.lacks],
    }


def resample_hidden(state: MonstersCoffeeState, seat: int, rng: random.Random) -> None:
    """Re-deal, in place, all `seat` cannot see, consistently with what all were told."""
    # Cards: others' hands, others' face-down Rear cards and the discarded cards are one pool
    # for `seat`, except that a Rear Line never holds a family its owner said "no" to.
    # This copy shares its discard, empty hands and Rear Lines with the truth
    # (`_clone_into`): every pile re-dealt below is a new list.
    others = [owner for owner in range(state.num_players) if owner != seat]
    hidden_rear = [
        (owner, [i for i, r in enumerate(state.rear[owner]) if not r.revealed]) for owner in others
    ]
    if state.phase == GRUNGE_REVEAL or any(state.lacks):
        # (`seat`'s own "no" constrains nothing of theirs: the general re-deal, which deals
        # exactly as the one below when nothing constrains it.)
        _redeal_constrained(state, seat, hidden_rear, rng)
    else:
        # `engine.mechanics.resample_into` over the same piles in the same order (discard, then
        # each other seat's hand and hidden Rear cards), with the same draws, inlined.
        hands, rear = state.hands, state.rear
        pool = list(state.discard)
        for owner, slots in hidden_rear:
            pool += hands[owner]
            line = rear[owner]
            pool += [line[i].card for i in slots]
        pool.sort()
        shuffle(pool, rng)
        at = len(state.discard)
        state.discard = pool[:at]
        hands = state.hands = list(hands)
        rear = state.rear = list(rear)
        for owner, slots in hidden_rear:
            size = len(hands[owner])
            hands[owner] = sorted(pool[at : at + size])
            at += size
            line = rear[owner] = list(rear[owner])
            for i in slots:
                line[i] = FACE_DOWN[pool[at]]
                at += 1
    _resample_mummy(state, seat, rng)


def _redeal_constrained(
    state: MonstersCoffeeState,
    seat: int,
    hidden_rear: list[tuple[int, list[int]]],
    rng: random.Random,
) -> None:
    """The re-deal when players were told what a Rear Line lacks or holds (Grunge)."""
    state.discard = list(state.discard)
    state.hands = [list(hand) for hand in state.hands]
    piles: list[list[str]] = [state.discard]
    allowed: list[Callable[[str], bool] | None] = [None]
    for owner, slots in hidden_rear:
        piles.append(state.hands[owner])
        allowed.append(None)
        piles.append([state.rear[owner][i].card for i in slots])
        lacks = state.lacks[owner]
        allowed.append(_lacking(lacks) if lacks else None)
    # While Grunge's asked player chooses which card to reveal, all know they hide at least
    # one card of the family asked about: re-deal until that holds too (it does in the
    # truth, so it can; after enough tries a deal that misses it is still no leak).
    chooser = (
        state.ask_target if state.phase == GRUNGE_REVEAL and state.ask_target != seat else None
    )
    asked = (
        piles[2 + 2 * [o for o, _ in hidden_rear].index(chooser)] if chooser is not None else None
    )
    truth = [list(pile) for pile in piles] if asked is not None else []
    for attempt in range(GRUNGE_REDEALS):
        if attempt:
            for pile, original in zip(piles, truth, strict=True):
                pile[:] = original
        resample_into_allowed(piles, allowed, rng)
        if asked is None or any(family(c) == state.ask_family for c in asked):
            break
    for hand in state.hands:
        hand.sort()
    rear = state.rear = list(state.rear)
    for (owner, slots), cards in zip(hidden_rear, piles[2::2], strict=True):
        line = rear[owner] = list(rear[owner])
        for i, card in zip(slots, cards, strict=True):
            line[i] = FACE_DOWN[card]


def _lacking(lacks: frozenset[str]) -> Callable[[str], bool]:
    """Whether a card may lie in a Rear Line known to hold none of the families `lacks`."""
    return lambda card: family(card) not in lacks


def _resample_mummy(state: MonstersCoffeeState, seat: int, rng: random.Random) -> None:
    """Every Mummy token whose face `seat` has not seen may be any of the unseen faces."""
    every = len(state.cards.mummy)
    if len(state.mummy_supply) == every:
        # All lie in the box, unseen (always so without the Mummy family): the re-deal below
        # shuffles every face once, in order, back into the box.
        faces = list(range(every))
        shuffle(faces, rng)
        state.mummy_supply = faces
        return
    # Nobody has seen the box's tokens; of the others, those `seat` has not seen.
    bit = 1 << seat
    drawn = [t for t in state.drawn if not t.knowers & bit]
    held = [t for line in state.mummy_held for t in line if not t.knowers & bit]
    placed = []
    elsewhere = len(state.mummy_supply) + len(state.drawn) + sum(map(len, state.mummy_held))
    if elsewhere < len(state.cards.mummy):  # else no token lies on a Front Line
        placed = [
            s.mummy
            for line in state.front
            for s in line
            if s.mummy is not None and not s.mummy.knowers & bit
        ]
    unseen = state.mummy_supply + [t.value for t in drawn + held + placed]
    if not unseen:
        return
    # Sorted first: the re-deal must not depend on where the faces truly are (a seeded bot
    # then chooses the same whatever the hidden truth; see engine.mechanics.canonical_pool).
    unseen.sort()
    shuffle(unseen, rng)
    # Dealt back in this order: the box, the drawn tokens, each seat's, the Front Lines'.
    at = len(state.mummy_supply)
    state.mummy_supply = unseen[:at]
    dealt = iter(unseen[at:])

    def redraw(token: Token) -> Token:
        return token if token.knowers & bit else TOKEN[next(dealt), token.knowers]

    if drawn:
        state.drawn = [redraw(t) for t in state.drawn]
    if held:
        state.mummy_held = [[redraw(t) for t in line] for line in state.mummy_held]
    if placed:
        for line in state.front:
            for i, s in enumerate(line):
                if s.mummy is not None and not s.mummy.knowers & bit:
                    line[i] = s._replace(mummy=redraw(s.mummy))
