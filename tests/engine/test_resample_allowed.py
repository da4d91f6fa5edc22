"""engine.mechanics.resample_into_allowed: a re-deal that respects what players were told."""

import random
from collections import Counter

import pytest

from cardcafe.engine.mechanics import resample_into_allowed


def test_sizes_and_cards_are_kept_and_constraints_hold():
    no_a = lambda card: card != "a"  # noqa: E731
    no_b = lambda card: card != "b"  # noqa: E731
    seen = set()
    for seed in range(200):
        piles = [["a", "b"], ["c", "c"], ["b", "d"], ["a", "e"]]
        before = Counter(c for p in piles for c in p)
        resample_into_allowed(piles, [None, no_a, no_b, None], random.Random(seed))
        assert [len(p) for p in piles] == [2, 2, 2, 2]
        assert Counter(c for p in piles for c in p) == before
        assert "a" not in piles[1] and "b" not in piles[2]
        seen.add(tuple(piles[1]))
    assert len(seen) > 3  # it does re-deal


def test_a_tight_constraint_is_still_met():
    # Pile 1 may take only "x" and pile 2 anything but "x": a greedy deal could fail, a matching
    # cannot.
    only_x = lambda card: card == "x"  # noqa: E731
    not_x = lambda card: card != "x"  # noqa: E731
    for seed in range(100):
        piles = [["y", "x"], ["x"], ["y"]]
        resample_into_allowed(piles, [None, only_x, not_x], random.Random(seed))
        assert piles[1] == ["x"] and piles[2] == ["y"]


def test_unconstrained_is_a_plain_shuffle_and_impossible_is_an_error():
    piles = [["a"], ["b"]]
    resample_into_allowed(piles, [None, None], random.Random(1))
    assert sorted(piles[0] + piles[1]) == ["a", "b"]
    with pytest.raises(ValueError):
        resample_into_allowed([["a"], ["a"]], [None, lambda c: c != "a"], random.Random(1))
