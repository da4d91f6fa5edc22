"""The kernel's shuffle (engine/chance.py) deals exactly as `random.Random.shuffle`: the same
order and the same generator state after, for every size a game meets, so every seeded game and
record deals as it always did."""

from __future__ import annotations

import random

from cardcafe.engine.chance import shuffle


def test_the_same_order_and_the_same_draws_as_the_library():
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 31, 64, 81, 98, 255, 256, 1500):
            mine, reference = list(range(size)), list(range(size))
            shuffle(mine, ours)
            theirs.shuffle(reference)
            assert mine == reference, (seed, size)
        assert ours.getstate() == theirs.getstate()


def test_a_generator_that_shuffles_its_own_way_is_left_to_it():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(1))
    assert cards == [3, 2, 1]
