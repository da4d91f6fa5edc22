"""The heuristic was made faster (issue 17) without changing a single choice: it is checked here
move for move against the heuristic as written before (kept below as the reference), and its
table-read "would this Chaos card unblock me?" against playing the card in a copy."""

from __future__ import annotations

import random

import pytest

from cardcafe.games.monster_rejects import heuristic
from cardcafe.games.monster_rejects.actions import (
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
from cardcafe.games.monster_rejects.cards import (
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
from cardcafe.games.monster_rejects.follow import rank

from .helpers import GAME

TABLES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {"battle_pack": True}),
    (6, {"bomber_chaos": "zero"}),
    (3, {"battle_pack": True, "cosby_takes": "printed", "decks": 2}),
]


# -- the heuristic as written before the speed work (heuristic.py at commit 6a95c53) ----------
def reference_choose(s, rng):
    legal = s.legal_actions()
    kinds = set(map(type, legal))
    if Accept in kinds:
        return _reference_answer(s)
    hand = s.hands[s.turn]
    smuggle = PLAY_CHAOS[SMUGGLE]
    if s.phase == "start" and smuggle in legal and len(hand) >= 3:
        return smuggle
    plays = [a for a in legal if isinstance(a, PlayRealm)]
    chaos = {a.card: a for a in legal if isinstance(a, PlayChaos)}
    if chaos:
        only_chaos = not any(is_realm(c) for c in hand)
        spend = 2 * sum(1 for c in hand if not is_realm(c)) >= len(hand) or len(hand) <= 4
        for action in chaos.values():
            if only_chaos or (
                spend and (action.card in (SMUGGLE, ILLUSIONIST, COSBY) or _tried(s, action))
            ):
                return action
    if plays:
        return min(plays, key=lambda a: (rank(VALUE_OF[a.card], s.reversed_order), a.card))
    if EndPlay in kinds:
        return END_PLAY
    if Target in kinds:
        targets = [a for a in legal if isinstance(a, Target)]
        return min(targets, key=lambda a: len(s.hands[a.seat]))
    if GiveBack in kinds or Hide in kinds:
        options = [a for a in legal if isinstance(a, GiveBack | Hide)]
        return min(options, key=lambda a: _reference_worth(s, a.card))
    if Declare in kinds:
        claims = [a for a in legal if isinstance(a, Declare)]
        truth = [a for a in claims if a.card == s.illusion_card]
        if truth:
            return truth[0]
        return min(claims, key=lambda a: rank(VALUE_OF[a.card], s.reversed_order))
    for card in (TRIP, DEUCE, RIGHT_WING, HIROSHIMA, BOMBER):
        if card in chaos and _tried(s, chaos[card]):
            return chaos[card]
    items = [a for a in legal if isinstance(a, PlayItem)]
    if items:
        return rng.choice(items)
    if Draw in kinds:
        return DRAW
    return legal[-1]


def _tried(s, action) -> bool:
    trial = s.clone()
    trial.apply(action)
    return any(isinstance(a, PlayRealm) for a in trial.legal_actions())


def _reference_worth(s, card):
    if not is_realm(card):
        return (2, 0, 0)
    realm_count = sum(1 for c in s.hands[s.turn] if REALM_OF.get(c) == REALM_OF[card])
    return (1, rank(VALUE_OF[card], s.reversed_order), realm_count)


def _reference_answer(s):
    _, shown, _, _ = s.pile[-1]
    seen = s.hands[s.turn].count(shown) + s.graveyard.count(shown)
    seen += sum(1 for e in s.pile[:-1] if e[3] == -1 and e[0] == shown)
    return CALL if seen >= s.decks else ACCEPT


def _positions(players, options, seed):
    """The states of a game played half by the heuristic, half at random, and now and then the
    mover's determinization of one (a search bot's view)."""
    s = GAME.new(players, seed, **options)
    pick = random.Random(seed)
    while not s.is_over:
        yield s
        if pick.random() < 0.2:
            yield s.determinize(s.current_player, random.Random(pick.getrandbits(32)))
        if pick.random() < 0.5:
            s.apply(reference_choose(s, random.Random(seed)))
        else:
            s.apply(pick.choice(s.legal_actions()))


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_heuristic_chooses_exactly_as_before(players, options):
    kinds = set()
    for seed in range(8):
        for s in _positions(players, options, seed):
            ours, theirs = random.Random(seed), random.Random(seed)
            before = s.to_position()
            choice = heuristic.choose(s, ours)
            assert choice is reference_choose(s, theirs), s.to_position()
            assert ours.getstate() == theirs.getstate()
            assert s.to_position() == before  # the heuristic only looks
            kinds.add(type(choice))
    assert {PlayRealm, PlayChaos, Draw} <= kinds


def test_reading_whether_a_chaos_card_unblocks_is_trying_it():
    tried = set()
    for players, options in TABLES:
        for seed in range(10):
            for s in _positions(players, options, seed):
                for action in s.legal_actions():
                    if isinstance(action, PlayChaos):
                        assert heuristic._unblocks(s, action) == _tried(s, action), action
                        tried.add((action.card, _tried(s, action)))
    # Every card that can unblock, seen both unblocking and not.
    for card in (TRIP, DEUCE, RIGHT_WING, HIROSHIMA, BOMBER):
        assert {(card, True), (card, False)} <= tried, card
