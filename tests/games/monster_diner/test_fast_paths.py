"""Monster Diner's fast paths give exactly what the general ones give: the same deals from the
same draws, the same legal moves."""

import random

import pytest

from cardcafe.engine import BadInput
from cardcafe.engine.mechanics import resample_into
from cardcafe.games.monster_diner.deal import redeal, shuffle

from .helpers import GAME


def test_shuffle_makes_random_shuffles_exact_draws():
    for size in (0, 1, 2, 3, 30, 68, 98, 200, 300):
        ours, theirs = random.Random(size), random.Random(size)
        mine, reference = list(range(size)), list(range(size))
        shuffle(mine, ours)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_redeal_deals_as_the_kernel_does():
    rng = random.Random(4)
    cards = [rng.choice("abcdef") for _ in range(70)]
    for split in (0, 15, 40, 70):
        deck, removed = cards[:split], cards[split:]
        ours, theirs = random.Random(split), random.Random(split)
        piles = [list(deck), list(removed)]
        resample_into(piles, theirs)
        assert redeal([deck, removed], ours) == piles
        assert ours.getstate() == theirs.getstate()


def _states(players: int, guest_to: str):
    pick = random.Random(players)
    for game in range(3):
        state = GAME.new(players, seed=game, guest_to=guest_to)
        while not state.is_over:
            yield state
            state.apply(pick.choice(state.legal_actions()))
        yield state


def test_legal_moves_are_every_open_mat():
    # 001: "puts it either on his/her mat or on the mat of another player. There can't be more
    # than two cards on another player's mat." Checked against the rule itself, every table.
    for players in (2, 3, 5):
        for state in _states(players, "mat"):
            if state.is_over or state.phase != "place":
                continue
            targets = [a.target for a in state.legal_actions()]
            assert targets == [
                p for p in range(players) if p == state.turn or len(state.mats[p]) < 2
            ]


def test_determinize_refuses_a_seat_that_is_not_there():
    with pytest.raises(BadInput, match="no player 2"):
        GAME.new(2, seed=1).determinize(2, random.Random(0))
