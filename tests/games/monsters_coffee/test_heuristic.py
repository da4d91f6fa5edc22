"""The Monster's Coffee heuristic policy: legal, cheap, and better than chance."""

import random
import time

from .helpers import GAME


def play_out(players, seed, heuristic_seats, options):
    state = GAME.new(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        if seat in heuristic_seats:
            action = GAME.heuristic_action(state.determinize(seat, rng), rng)
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    return state


def test_heuristic_beats_random_players():
    wins = games = 0
    start = time.perf_counter()
    for seed in range(24):
        options = GAME.option_presets[seed % len(GAME.option_presets)]
        state = play_out(2, seed, {seed % 2}, options)
        wins += (seed % 2) in state.winners()
        games += 1
    assert wins >= games * 0.7, f"the heuristic won only {wins} of {games}"
    assert time.perf_counter() - start < 20
