"""The research interfaces: PettingZoo's and Gymnasium's own API checks, on every game."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from cardcafe import games
from cardcafe.engine import BadInput, IllegalMove
from cardcafe.rl import CardcafeAEC, SingleSeatEnv, encode_view, env, parallel_env, raw_env

GAMES = [g.id for g in games.all()]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api(game_id):
    api_test(env(game_id, games.get(game_id).players.start), num_cycles=200)


@pytest.mark.parametrize("game_id", GAMES)
def test_masked_random_play_ends_with_win_shares(game_id):
    aec = env(game_id, games.get(game_id).players.start)
    aec.reset(seed=3)
    rng = random.Random(3)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    assert sum(totals.values()) == pytest.approx(1.0)
    assert max(totals.values()) > 0


def test_an_illegal_action_is_refused_not_replaced():
    aec = env("monster-diner", 3, illegal="raise")
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalMove):
        aec.step(int(np.flatnonzero(mask == 0)[0]))


def test_observation_comes_from_the_players_view_only():
    state = games.get("monster-diner").new(3, seed=5)
    truth = encode_view(state.view(1))
    for s in range(5):
        sample = state.determinize(1, random.Random(s))
        assert np.array_equal(encode_view(sample.view(1)), truth)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_single_seat_env(game_id):
    # Masked random play to the end (Gymnasium's own check_env: tests/rl/test_gym_ids.py).
    gym_env = SingleSeatEnv(game_id, games.get(game_id).players.start)
    obs, info = gym_env.reset(seed=2)
    assert gym_env.observation_space.contains(obs) and info == {"seat": 0}
    rng = random.Random(2)
    over, reward, steps = False, 0.0, 0
    while not over:
        assert obs["action_mask"].any()
        obs, reward, over, truncated, _ = gym_env.step(
            rng.choice(np.flatnonzero(obs["action_mask"]))
        )
        assert gym_env.observation_space.contains(obs) and not truncated
        steps += 1
        assert reward == 0.0 or over
    assert 0.0 <= reward <= 1.0 and steps > 0


def test_same_seed_same_episode():
    first, second = SingleSeatEnv("monster-diner", 2), SingleSeatEnv("monster-diner", 2)
    a, _ = first.reset(seed=9)
    b, _ = second.reset(seed=9)
    assert np.array_equal(a["observation"], b["observation"])


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_parallel_api(game_id):
    from pettingzoo.test import parallel_api_test

    parallel_api_test(parallel_env(game_id), num_cycles=400)


def test_parallel_play_applies_only_the_movers_action():
    par = parallel_env("coffee-break", 2)
    obs, _ = par.reset(seed=4)
    rng = random.Random(4)
    totals = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        movers = [a for a in par.agents if obs[a]["action_mask"].any()]
        assert len(movers) == 1
        actions = {a: 0 for a in par.agents}
        actions[movers[0]] = int(rng.choice(np.flatnonzero(obs[movers[0]]["action_mask"])))
        obs, rewards, _, _, _ = par.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert sum(totals.values()) == pytest.approx(1.0)
    with pytest.raises(BadInput, match="is to move"):
        par.reset(seed=1)
        par.step({})


@pytest.mark.parametrize("game_id", GAMES)
def test_raw_env_and_env_are_the_aec_environment(game_id):
    assert isinstance(raw_env(game_id), CardcafeAEC) and isinstance(env(game_id), CardcafeAEC)
    assert raw_env(game_id).players == games.get(game_id).players.start
