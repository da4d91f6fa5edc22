"""What the engine-speed work (issue 17) relies on: shuffles that draw exactly as the standard
library's, copies that share only what play never changes in place, one object per action."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from cardcafe.games.monsters_coffee.chance import shuffle

from .helpers import GAME


@pytest.mark.parametrize("length", [0, 1, 2, 3, 24, 29, 50, 256, 300])
def test_the_shuffle_draws_as_the_standard_library_does(length):
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, stock = list(range(length)), list(range(length))
        shuffle(mine, ours)
        theirs.shuffle(stock)
        assert mine == stock
        assert ours.getstate() == theirs.getstate()  # not one draw more or less


def test_a_generator_that_draws_its_own_way_shuffles_itself():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(1))
    assert cards == [3, 2, 1]


def truth(state) -> str:
    return json.dumps(
        [state.to_position(), [state.view(s) for s in [None, *range(state.num_players)]]],
        sort_keys=True,
        default=repr,
    )


@pytest.mark.parametrize("preset", range(len(GAME.option_presets)))
@pytest.mark.parametrize("players", [2, 4])
def test_copies_played_to_the_end_leave_the_original_as_it_was(preset, players):
    # Clones and determinizations share the lists play replaces rather than changes: playing
    # them out (every power of the preset, both rounds) must not reach the original.
    options = GAME.option_presets[preset]
    pick = random.Random(players * 10 + preset)
    state = GAME.new(players, 31 + preset, **options)
    while not state.is_over:
        before = truth(state)
        copies = [state.clone(), state.determinize(state.current_player, pick)]
        for copy in copies:
            while not copy.is_over:
                copy.apply(pick.choice(copy.legal_actions()))
            copy.check_invariants()
        assert truth(state) == before
        state.apply(pick.choice(state.legal_actions()))


def test_legal_moves_are_the_action_space_objects_themselves():
    space = set(map(id, GAME.space.actions))
    pick = random.Random(3)
    for options in GAME.option_presets:
        state = GAME.new(3, 5, **options)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(id(action) in space for action in legal)
            state.apply(pick.choice(legal))


def test_a_pickled_state_carries_its_card_data():
    # A state names its (shared) card data by a number of this process: a pickle, for another
    # process, carries the data itself.
    state = GAME.new(3, 8, menu="prissato")
    state.apply(state.legal_actions()[0])
    blob = pickle.dumps(state)
    assert b"skyzoclop" in blob  # the card data, not only its number
    copy = pickle.loads(blob)
    assert copy.cards == state.cards and copy.history == state.history
    assert truth(copy) == truth(state)
