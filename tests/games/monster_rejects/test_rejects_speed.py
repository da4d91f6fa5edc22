"""The engine-speed work (issue 17) changed how Monster Rejects computes, never what: the fast
shuffle draws exactly as `random.Random.shuffle`, the memoised legality tables say what the
rules say, and a determinization re-deals exactly as the re-deal written before the change
(kept below as the reference), drawing the same numbers from the caller's generator."""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise, product

import pytest

from cardcafe.engine import OVER, eventlog
from cardcafe.engine.mechanics import draw_reshuffling as kernel_draw_reshuffling
from cardcafe.games.monster_rejects import knowledge
from cardcafe.games.monster_rejects import state as state_module
from cardcafe.games.monster_rejects.cards import ITEMS, REALM_CARDS, VALUE_OF, is_realm
from cardcafe.games.monster_rejects.chance import draw_reshuffling, shuffle
from cardcafe.games.monster_rejects.follow import (
    Effects,
    Top,
    adds,
    can_continue,
    can_start,
    starts,
)

from .helpers import GAME

ALL_FLAGS = list(product((False, True), repeat=5))


@pytest.mark.parametrize("seed", range(6))
def test_the_shuffle_is_random_shuffle_draw_for_draw(seed):
    for size in range(0, 150, 7):
        ours, theirs = random.Random(seed * 1000 + size), random.Random(seed * 1000 + size)
        mine, reference = list(range(size)), list(range(size))
        shuffle(mine, ours)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_drawing_with_a_reshuffle_is_the_kernels():
    for seed, (deck_size, graveyard_size, count) in enumerate(
        product((0, 1, 3, 9), (0, 2, 30), (1, 2, 8))
    ):
        decks = [[f"d{i}" for i in range(deck_size)] for _ in range(2)]
        graves = [[f"g{i}" for i in range(graveyard_size)] for _ in range(2)]
        rngs = [random.Random(seed), random.Random(seed)]
        mine = draw_reshuffling(decks[0], graves[0], count, rngs[0])
        theirs = kernel_draw_reshuffling(decks[1], graves[1], count, rngs[1])
        assert (mine, decks[0], graves[0]) == (theirs, decks[1], graves[1])
        assert rngs[0].getstate() == rngs[1].getstate()


def test_the_table_of_first_cards_is_the_rule():
    tops = [None, *REALM_CARDS]
    for top, flags in product(tops, ALL_FLAGS):
        values = [0] if top is None else [VALUE_OF[top], 1, 2, 13]
        for value in values:
            on = None if top is None else Top(top.rsplit("-", 1)[0], value)
            rule = {c for c in REALM_CARDS if can_start(c, VALUE_OF[c], on, Effects(*flags))}
            assert starts(top, value, flags) == rule, (top, value, flags)


def test_the_table_of_cards_joining_a_play_is_the_rule():
    pick = random.Random(7)
    for _ in range(1500):
        first, count = pick.choice(REALM_CARDS), pick.choice((1, 2, 3, 5))
        item, flags = pick.choice((None, *ITEMS)), pick.choice(ALL_FLAGS)
        rule = {c for c in REALM_CARDS if can_continue(c, first, count, item, Effects(*flags))}
        assert adds(first, count, item, flags) == rule, (first, count, item, flags)


# -- the re-deal as written before the speed work (knowledge.py at commit f74fc17) ------------
def reference_redeal(
    player: int,
    hands: list[list[str]],
    deck: list[str],
    slots: list[list],
    known: dict,
    rng: random.Random,
    deck_origin: tuple[str, ...] | None = None,
    realm_slots: Sequence[list] = (),
) -> None:
    others = [q for q in range(len(hands)) if q != player]
    pool = Counter(card for q in others for card in hands[q])
    pool.update(deck)
    for place in (*slots, *realm_slots):
        pool.update(place)
    fixed: dict[int, list[str]] = {}
    for q in others:
        keep = fixed[q] = []
        for card in known.get((player, q), ()):
            if len(keep) < len(hands[q]) and pool[card] > 0:
                keep.append(card)
                pool[card] -= 1
    realms = _reference_deal_realms(
        sum(len(p) for p in realm_slots), pool, fixed, deck, deck_origin, rng
    )
    for place in realm_slots:
        size = len(place)
        place[:] = realms[:size]
        del realms[:size]
    new_deck: list[str] = []
    if deck_origin is not None:
        new_deck = sorted((Counter(deck_origin) & pool).elements())
        rng.shuffle(new_deck)
        del new_deck[len(deck) :]
        pool -= Counter(new_deck)
    rest = sorted(pool.elements())
    rng.shuffle(rest)
    start = len(deck) - len(new_deck)
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


def _reference_deal_realms(need, pool, fixed, deck, deck_origin, rng):
    if not need:
        return []
    origin = Counter(deck_origin or ())
    spare = sum((origin & pool).values()) - len(deck) if deck_origin is not None else need
    candidates = sorted(c for c in pool.elements() if is_realm(c))
    rng.shuffle(candidates)
    chosen: list[str] = []
    passed: list[str] = []
    for card in candidates:
        if len(chosen) == need:
            break
        uses_origin = pool[card] <= origin[card]
        if uses_origin and spare <= 0:
            passed.append(card)
            continue
        spare -= uses_origin
        pool[card] -= 1
        chosen.append(card)
    for card in passed[: need - len(chosen)]:
        pool[card] -= 1
        chosen.append(card)
    for q in sorted(fixed):
        for card in [c for c in fixed[q] if is_realm(c)]:
            if len(chosen) < need:
                fixed[q].remove(card)
                chosen.append(card)
    assert len(chosen) == need
    rng.shuffle(chosen)
    return chosen


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (5, {"battle_pack": True}), (6, {}), (4, {"decks": 2})],
)
def test_a_determinization_deals_exactly_as_before(players, options, monkeypatch):
    seen = Counter()  # how often each kind of constraint was met: the test must meet them all
    for seed in range(6):
        s = GAME.new(players, seed, **options)
        pick = random.Random(seed)
        while not s.is_over:
            if pick.random() < 0.3:
                seat = s.current_player
                number = pick.getrandbits(32)
                mine, ours = _determinized(s, seat, number, knowledge.redeal, monkeypatch)
                theirs, reference = _determinized(s, seat, number, reference_redeal, monkeypatch)
                assert mine.to_position() == theirs.to_position()
                assert ours.getstate() == reference.getstate()
                seen["known"] += any(k[0] == seat for k in s.known)
                seen["deck from the graveyard"] += s.deck_origin is not None
                seen["face down"] += any(e[3] not in (-1, seat) for e in s.pile)
            s.apply(pick.choice(s.legal_actions()))
    if players == 4:  # long enough games to meet every kind of constraint
        assert min(seen.values()) > 0 and len(seen) == 3, seen


def _determinized(s, seat, number, redeal, monkeypatch):
    rng = random.Random(number)
    with monkeypatch.context() as patch:
        patch.setattr(state_module, "redeal", redeal)
        return s.determinize(seat, rng), rng


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (4, {"decks": 2})])
def test_a_position_determinized_again_deals_as_the_reference(players, options, monkeypatch):
    # The re-deal remembers what it works out before its first draw, per position
    # (knowledge._plan): every repeat must still deal as the reference, with its own draws,
    # and a position that has moved on (or another seat's view of it) must not reuse it.
    seen = Counter()
    for seed in range(3):
        s = GAME.new(players, seed, **options)
        pick = random.Random(seed)
        while not s.is_over:
            if pick.random() < 0.15:
                for seat in (s.current_player, (s.current_player + 1) % players) * 2:
                    number = pick.getrandbits(32)
                    mine, ours = _determinized(s, seat, number, knowledge.redeal, monkeypatch)
                    theirs, ref = _determinized(s, seat, number, reference_redeal, monkeypatch)
                    assert mine.to_position() == theirs.to_position()
                    assert ours.getstate() == ref.getstate()
                    seen["deck from the graveyard"] += s.deck_origin is not None
                    seen["known"] += any(k[0] == seat for k in s.known)
            s.apply(pick.choice(s.legal_actions()))
    if players == 4:
        assert len(seen) == 2 and min(seen.values()) > 0, seen


@pytest.mark.parametrize("battle_pack", [False, True])
def test_a_game_in_play_keeps_its_attributes_in_the_shared_layout(battle_pack):
    # CPython 3.11 keeps up to 29 attributes per instance in the layout the class shares; past
    # that the state gets a dictionary of its own, where no method lookup is specialized (the
    # state keeps its seldom-read fields in slots: see RejectsState.__slots__).
    rng = random.Random(3)
    for seed in range(4):
        state = GAME.new(2 + seed, seed, battle_pack=battle_pack)
        while not state.is_over:
            assert len(vars(state)) <= 29, sorted(vars(state))
            state.apply(rng.choice(state.legal_actions()))
        assert len(vars(state)) <= 29, sorted(vars(state))


def test_a_clone_copies_and_compares_the_fields_kept_in_slots():
    state = GAME.new(3, 5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy == state
    for name in state_module.RejectsState.__slots__:
        assert getattr(copy, name) == getattr(state, name), name
        assert state.fields()[name] == getattr(state, name), name
    copy.last_player = None if state.last_player is not None else 0
    assert copy != state  # a slot's field takes part in equality


def test_is_over_is_a_field_that_follows_the_phase():
    # A field (a slot), not the kernel's property, and set wherever the phase becomes OVER:
    # at the end of play, and in a state read from a position of a finished game.
    assert "is_over" in state_module.RejectsState.__slots__
    rng = random.Random(8)
    for seed in range(3):
        state = GAME.new(2 + seed, seed)
        while not state.is_over:
            assert state.phase != OVER
            state.apply(rng.choice(state.legal_actions()))
        assert state.phase == OVER
        copy = GAME.from_position(state.to_position())
        assert copy.is_over and copy.clone().is_over


@pytest.mark.parametrize("players", [2, 4])
def test_random_playouts_leave_nothing_behind_for_the_garbage_collector(players):
    # Tables kept per set of cards met (the plays of each set of startable cards; the first
    # cards on each face-down or revalued top) grew by thousands of entries per thousand
    # games, and the collector walked them over and over: a tenth to a fifth of a random
    # playout. What every playout leaves behind now is bounded (what the rules can meet).
    rng = random.Random(players)

    def live_after(games: int) -> int:
        for _ in range(games):
            state = GAME.new(players, rng.getrandbits(32))
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        # The event log's memo of events by identity is the kernel's, bounded, and emptied
        # whenever it fills: left out, as it would swing the count either way.
        eventlog._by_identity.clear()
        gc.collect()
        return len(gc.get_objects())

    live_after(1200 // players)  # the tables of the usual situations fill first
    counts = [live_after(600 // players) for _ in range(4)]
    # The most grown of three stretches (a table emptied when full shrinks one stretch).
    grown = max(after - before for before, after in pairwise(counts))
    # (Before: 2,400 to 12,000 more.)
    assert grown < 1000, f"{grown} more objects live after {600 // players} more games"
