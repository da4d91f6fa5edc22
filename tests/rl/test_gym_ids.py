"""Issue 18: the Gymnasium ids, Gymnasium's own check_env, `action_masks()`, the learner's
seat, bot-spec opponents, stepping before reset, and PettingZoo's illegal-action convention."""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from cardcafe import games
from cardcafe.bots import Bot, Observation, Param
from cardcafe.engine import BadInput, IllegalMove
from cardcafe.rl import GYM_IDS, SingleSeatEnv, env

IDS = sorted(GYM_IDS.items())


def test_every_game_has_an_id():
    assert set(GYM_IDS) == {g.id for g in games.all()}
    assert set(GYM_IDS.values()) == {
        "cardcafe/MonsterDiner-v0",
        "cardcafe/MonstersCoffee-v0",
        "cardcafe/CoffeeBreak-v0",
        "cardcafe/MonsterRejects-v0",
    }


@pytest.mark.parametrize(("game_id", "env_id"), IDS)
def test_gymnasium_check_env_passes(game_id, env_id):
    made = gym.make(env_id, opponents="heuristic" if game_id != "monster-rejects" else "random")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box: a warning, not a failure
        check_env(made.unwrapped)
    assert made.unwrapped.game.id == game_id


@pytest.mark.parametrize(("game_id", "env_id"), IDS)
def test_action_masks_match_the_observation_and_play_to_the_end(game_id, env_id):
    made = gym.make(env_id, players=games.get(game_id).players.start)
    obs, _ = made.reset(seed=4)
    rng = np.random.default_rng(4)
    over, steps = False, 0
    while not over:
        masks = made.get_wrapper_attr("action_masks")()
        assert masks.dtype == bool and masks.shape == (made.action_space.n,) and masks.any()
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        obs, reward, over, truncated, info = made.step(int(rng.choice(np.flatnonzero(masks))))
        steps += 1
        assert not info.get("illegal_action") and not truncated
    assert 0.0 <= reward <= 1.0 and steps > 0
    assert not made.get_wrapper_attr("action_masks")().any()


def test_seat_random_per_episode_and_fixed_by_default():
    fixed = SingleSeatEnv("monster-diner", 4, seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(6)} == {2}
    moving = gym.make("cardcafe/MonsterDiner-v0", players=4, seat="random")
    seats = {moving.reset(seed=s)[1]["seat"] for s in range(20)}
    assert len(seats) > 1 and seats <= {0, 1, 2, 3}
    assert moving.reset(seed=7)[1] == moving.reset(seed=7)[1]


def test_opponents_are_bot_specs_one_for_all_or_one_per_seat():
    made = SingleSeatEnv("monster-diner", 3, opponents=["heuristic", "ismcts:iterations=5"])
    made.reset(seed=1)
    assert [b.spec for b in made._bots.values()] == ["heuristic", "ismcts:iterations=5"]
    with pytest.raises(BadInput, match="2 bot specs for the 3 other seats"):
        SingleSeatEnv("monster-diner", 4, opponents=["random", "random"])
    with pytest.raises(BadInput, match="unknown bot 'wizard'"):
        SingleSeatEnv("monster-diner", 2, opponents="wizard")
    with pytest.raises(BadInput, match="seat must be 0 to 1"):
        SingleSeatEnv("monster-diner", 2, seat=5)


class _LastBot(Bot):
    """A bot of a researcher's own: the last legal action, or a random one with `coin`."""

    name = "last"
    describe = "the last legal action"
    params = {"coin": Param(float, 0.0, "chance of a random action")}  # noqa: RUF012

    def __init__(self, seed: int = 0, **params):
        super().__init__(seed, **params)
        self.rng = random.Random(seed)
        self.seen: list[int] = []

    def choose(self, observation: Observation):
        self.seen.append(observation.player)
        if self.rng.random() < self.coin:
            return self.rng.choice(observation.legal_actions)
        return observation.legal_actions[-1]


def test_a_bot_of_ones_own_is_an_opponent_as_instance_or_class():
    # It was a TypeError ("'_LastBot' object is not iterable"), and a Bot class, being
    # callable, was taken for a policy function and built with the state as its seed.
    mine = _LastBot(99, coin=0.5)
    made = SingleSeatEnv("coffee-break", 3, opponents=mine)
    made.reset(seed=4)
    assert [type(b) for b in made._bots.values()] == [_LastBot, _LastBot]
    assert {b.coin for b in made._bots.values()} == {0.5} and not mine.seen  # fresh copies
    mixed = SingleSeatEnv("coffee-break", 3, opponents=[_LastBot, "heuristic"])
    mixed.reset(seed=4)
    assert [b.spec for b in mixed._bots.values()] == ["last", "heuristic"]
    played = next(iter(mixed._bots.values())).seen
    over = False
    while not played and not over:  # a turn may be several actions: lay, lay, finish laying
        over = mixed.step(int(np.flatnonzero(mixed.action_masks())[0]))[2]
    assert played and set(played) == {1}  # it chose for its own seat

    def episode():
        made.reset(seed=8)
        trace, over = [], False
        while not over:
            obs, _, over, _, _ = made.step(int(np.flatnonzero(made.action_masks())[0]))
            trace.append(obs["observation"].copy())
        return trace

    first, second = episode(), episode()  # reseeded each episode: the same game again
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    with pytest.raises(BadInput, match="opponents must be a bot spec, a Bot"):
        SingleSeatEnv("coffee-break", 2, opponents=3)
    with pytest.raises(BadInput, match="an opponent must be a bot spec such as"):
        SingleSeatEnv("coffee-break", 3, opponents=["random", 3])


def test_same_seed_same_episode_with_bot_opponents():
    def episode():
        made = SingleSeatEnv("coffee-break", 2, seat="random", opponents="heuristic")
        obs, _ = made.reset(seed=11)
        trace = [obs["observation"].copy()]
        over = False
        while not over:
            obs, _, over, _, _ = made.step(int(np.flatnonzero(made.action_masks())[0]))
            trace.append(obs["observation"].copy())
        return trace

    first, second = episode(), episode()
    assert len(first) == len(second)
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


def test_stepping_before_reset_or_after_the_end_says_reset():
    made = SingleSeatEnv("monster-diner", 2)
    with pytest.raises(ResetNeeded, match="reset"):
        made.step(0)
    made.reset(seed=0)
    illegal = int(np.flatnonzero(~made.action_masks())[0])
    made.step(illegal)
    with pytest.raises(ResetNeeded, match="episode is over"):
        made.step(0)
    with pytest.raises(ResetNeeded, match="reset"):
        env("monster-diner", 2).step(0)


def test_an_illegal_action_ends_the_episode_with_minus_one():
    made = SingleSeatEnv("monster-diner", 2)
    made.reset(seed=0)
    illegal = int(np.flatnonzero(~made.action_masks())[0])
    obs, reward, terminated, truncated, info = made.step(illegal)
    assert reward == -1.0 and terminated and not truncated and info["illegal_action"]
    assert not obs["action_mask"].any()
    strict = SingleSeatEnv("monster-diner", 2, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalMove):
        strict.step(illegal)


def test_pettingzoo_illegal_action_convention():
    aec = env("monster-diner", 3)
    aec.reset(seed=1)
    offender = aec.agent_selection
    mask = aec.observe(offender)["action_mask"]
    aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert aec.rewards[offender] == -1.0
    assert all(r == 0.0 for a, r in aec.rewards.items() if a != offender)
    assert all(aec.terminations.values()) and aec.infos[offender]["illegal_action"]
    for _agent in aec.agent_iter():
        assert aec.last()[2]
        aec.step(None)
    assert aec.agents == []


def test_an_action_as_a_0_d_array_is_that_action():
    # Stable-Baselines3's predict() on one observation returns a 0-d array, which Gymnasium's
    # Discrete space contains; both envs took it for an illegal action: -1 and the episode over.
    made = SingleSeatEnv("coffee-break", 2)
    obs, _ = made.reset(seed=0)
    action = np.array(np.flatnonzero(obs["action_mask"])[0])
    assert action.shape == () and made.action_space.contains(action)
    _, reward, over, _, info = made.step(action)
    assert reward == 0.0 and not over and "illegal_action" not in info
    aec = env("coffee-break", 2)
    aec.reset(seed=0)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    aec.step(np.array(np.flatnonzero(mask)[0]))
    assert not any(aec.terminations.values()) and not aec.infos["player_0"]
    made.reset(seed=0)
    assert made.step(np.array([int(action)]))[4]["illegal_action"]  # shape (1,): not one action
