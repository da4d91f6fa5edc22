"""The search bot: legal, deterministic for a seed and an iteration budget, and stronger than
random play."""

from __future__ import annotations

import random
import time

from cardcafe import games
from cardcafe.bots import Observation, make_bot, reward_vector
from cardcafe.sim import SimConfig, play_game

from .helpers import midgame

DINER = games.get("monster-diner")


def test_chooses_a_legal_action():
    state = midgame(DINER, 4, seed=3, moves=20)
    action = make_bot("ismcts:iterations=30:rollout=random", 1).choose(Observation.of(state))
    assert action in state.legal_actions()


def test_same_seed_and_budget_same_search():
    state = midgame(DINER, 3, seed=4, moves=12)
    searches = [
        make_bot("ismcts:iterations=60:rollout=random", 9).search(Observation.of(state))
        for _ in range(2)
    ]
    assert searches[0] == searches[1]
    assert sum(searches[0].visits.values()) == 60
    other = make_bot("ismcts:iterations=60:rollout=random", 10).search(Observation.of(state))
    assert other != searches[0]  # the seed does matter: the test above could fail


def test_whole_games_are_reproducible():
    config = SimConfig.build("monster-diner", 4, "ismcts:iterations=5:rollout=random,random", 1, 5)
    assert play_game(config, 0) == play_game(config, 0)


def test_seconds_budget_stops_in_time():
    state = midgame(DINER, 4, seed=6, moves=5)
    bot = make_bot("ismcts:seconds=0.2:rollout=random", 1)
    start = time.perf_counter()
    visits = bot.search(Observation.of(state)).visits
    assert time.perf_counter() - start < 1.0
    assert sum(visits.values()) > 0


def test_rewards_favour_the_winner_and_stay_in_unit_interval():
    state = midgame(DINER, 3, seed=8, moves=1000)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    rewards = reward_vector(state)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    best = max(range(3), key=rewards.__getitem__)
    assert best in state.winners()


def test_ismcts_beats_random_at_monster_diner():
    """One search bot against three random players (seats rotated). Seeded, so the outcome is
    fixed; the bars sit well below what the search reaches here (7 wins of 12, finishing about
    14 points above the random players' mean) and well above what random play gets (a quarter
    of the wins, a margin of 0), so a broken search (a reward for the wrong seat, a random
    choice at the root) fails it. (Under the printed guest rule, the default since issue 14,
    a given guest can end the receiver's move: the game is less predictable than it was.)"""
    games_ = 12
    config = SimConfig.build(
        "monster-diner", 4, "ismcts:iterations=40:rollout=random,random,random,random", games_, 2026
    )
    wins = margin = 0.0
    for number in range(games_):
        r = play_game(config, number)
        seat = r["seats"].index(config.seats[0])
        others = [s for i, s in enumerate(r["scores"]) if i != seat]
        margin += r["scores"][seat] - sum(others) / len(others)
        wins += 1 / len(r["winners"]) if seat in r["winners"] else 0
    assert wins >= 5, f"ismcts won {wins} of {games_}"
    assert margin / games_ >= 7, f"ismcts finished {margin / games_:.1f} points above random"


COFFEE_BREAK = games.get("coffee-break")


def test_the_heuristic_prior_draws_visits_to_the_heuristics_move():
    # Coffee Break's heuristic reads only the mover's hand and the face-up orders, so its move
    # is the same in every determinization of this position.
    state = midgame(COFFEE_BREAK, 2, seed=3, moves=4)
    observation = Observation.of(state)
    assert len(observation.legal_actions) > 3
    favourite = COFFEE_BREAK.heuristic_action(state.clone(), random.Random(0))

    def share(spec: str) -> float:
        visits = make_bot(spec, 5).search(observation).visits
        return visits.get(favourite, 0) / sum(visits.values())

    without = share("ismcts:iterations=80:prior=0:root=ucb")
    with_prior = share("ismcts:iterations=80:prior=2:root=ucb")
    assert with_prior > 0.3 and with_prior > 3 * without, (with_prior, without)


def test_mixed_rollouts_are_legal_and_reproducible():
    state = midgame(COFFEE_BREAK, 2, seed=7, moves=6)
    spec = "ismcts:iterations=40:rollout=mixed:mix=0.3"
    first = make_bot(spec, 2).search(Observation.of(state))
    assert first == make_bot(spec, 2).search(Observation.of(state))
    assert set(first.visits) <= set(state.legal_actions())
