"""What the engine-speed work (issue 17) relies on: a shuffle that draws exactly as the library's,
one shared object per action, and clones that share what never changes in place."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from cardcafe.engine.mechanics import resample_into
from cardcafe.games.coffee_break.actions import (
    Exchange,
    FinishLaying,
    Lay,
    LayJoker,
    Pass,
    PickForExchange,
)
from cardcafe.games.coffee_break.chance import shuffle

from .helpers import GAME


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 16, 20, 41, 61, 64, 65, 200, 1500])
def test_shuffle_draws_exactly_as_random_shuffle(size):
    for seed in range(60):
        ours, theirs = list(range(size)), list(range(size))
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle(ours, rng_ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()


def test_shuffle_leaves_other_generators_to_their_own_shuffle():
    class Counting(random.Random):
        shuffles = 0

        def shuffle(self, x):
            Counting.shuffles += 1
            super().shuffle(x)

    cards = list(range(10))
    shuffle(cards, Counting(3))
    assert Counting.shuffles == 1 and sorted(cards) == list(range(10))


def test_equal_actions_are_one_object():
    for action in GAME.space.actions:
        rebuilt = GAME.action_from_json(json.loads(json.dumps(action.to_json())))
        assert rebuilt is action
        assert pickle.loads(pickle.dumps(action)) is action
        assert copy.copy(action) is action and copy.deepcopy(action) is action
    assert Lay(2, "milk") is Lay(slot=2, ingredient="milk")
    assert LayJoker(0, "ice") is not Lay(0, "ice")
    assert FinishLaying() is FinishLaying() and Exchange() is Exchange() and Pass() is Pass()
    assert PickForExchange("joker") == PickForExchange("joker")
    assert Lay(1, "milk") != Lay(2, "milk") and hash(Lay(1, "milk")) == hash(Lay(1, "milk"))


def test_an_action_outside_the_space_is_refused_and_equals_nothing():
    stray = Lay(9, "tea")
    assert stray.slot == 9 and stray.ingredient == "tea" and stray != Lay(9, "tea")
    assert stray not in GAME.space.index
    with pytest.raises(Exception, match="not an action"):
        GAME.action_from_json({"type": "lay", "slot": 9, "ingredient": "tea"})
    with pytest.raises(Exception, match="not an action"):
        GAME.action_from_json({"type": "lay", "slot": [0], "ingredient": "milk"})


def test_playing_on_a_clone_leaves_the_original_as_it_was():
    rng = random.Random(4)
    for seed in range(20):
        state = GAME.new(2, seed)
        while not state.is_over:
            before = json.dumps(state.to_position(), sort_keys=True)
            hands = [list(h) for h in state.hands]
            copy_ = state.clone()
            for _ in range(8):
                if copy_.is_over:
                    break
                copy_.apply(rng.choice(copy_.legal_actions()))
            det = state.determinize(state.turn, rng)
            for _ in range(8):
                if det.is_over:
                    break
                det.apply(rng.choice(det.legal_actions()))
            assert json.dumps(state.to_position(), sort_keys=True) == before
            assert state.hands == hands
            state.apply(rng.choice(state.legal_actions()))


def reference_resample(state, player, rng):
    """The re-deal as it was written before the speed work (engine.mechanics.resample_into)."""
    order_pile, pile = list(state.order_pile), list(state.pile)
    hands = [list(h) for h in state.hands]
    resample_into([order_pile], rng)
    others = [hands[s] for s in range(state.num_players) if s != player]
    resample_into([pile, *others], rng)
    for hand in others:
        hand.sort()
    picked = list(state.picked)
    if picked and state.turn != player:
        picked = rng.sample(hands[state.turn], len(picked))
    return order_pile, pile, hands, picked


def test_determinize_deals_and_draws_exactly_as_before():
    mover = random.Random(7)
    for seed in range(12):
        state = GAME.new(2 + seed % 2, seed)
        while not state.is_over:
            for seat in range(state.num_players):
                ours, theirs = random.Random(seed), random.Random(seed)
                det = state.determinize(seat, ours)
                theirs.getrandbits(64)  # the kernel seeds the copy's generator first
                expected = reference_resample(state, seat, theirs)
                assert (det.order_pile, det.pile, det.hands, det.picked) == expected
                assert ours.getstate() == theirs.getstate()
            state.apply(mover.choice(state.legal_actions()))


def test_a_game_in_play_keeps_its_attributes_in_the_shared_layout():
    # CPython keeps up to 29 attributes per instance in the layout the class shares; a 30th
    # gives the state a dictionary of its own, slower to read and write (see state.py).
    rng = random.Random(3)
    for seed in range(5):
        state = GAME.new(2 + seed % 2, seed)
        while not state.is_over:
            assert len(vars(state)) <= 29, sorted(vars(state))
            state.apply(rng.choice(state.legal_actions()))
