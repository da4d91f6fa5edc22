"""Gymnasium: one learning seat against policies for the other seats."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

from cardcafe import games
from cardcafe.engine import Action, State

from .encoding import OBSERVATION_SIZE, encode_view
from .pettingzoo_env import reward_shares

# An opponent gets only its own determinization of the game (never the truth) and an RNG.
Opponent = Callable[[State, random.Random], Action]


def random_opponent(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


class SingleSeatEnv(gym.Env):
    """The learner sits at `seat`; the others play `opponent` (uniform random by default, or the
    game's heuristic with `opponent="heuristic"`). Reward: the learner's share of the win at the
    end, 0 before. An illegal action raises `IllegalMove` (use the mask)."""

    metadata: ClassVar[dict] = {"render_modes": []}

    def __init__(
        self,
        game_id: str,
        players: int,
        seat: int = 0,
        opponent: Opponent | str = "random",
        **options: Any,
    ):
        self.game = games.get(game_id)
        self.game.new(players, seed=0, **options)
        self.players, self.seat, self.options = players, seat, options
        if opponent == "random":
            opponent = random_opponent
        elif opponent == "heuristic":
            opponent = self.game.heuristic_action
        self.opponent: Opponent = opponent
        self.observation_space = gym.spaces.Dict(
            {
                "observation": gym.spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32),
                "action_mask": gym.spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )
        self.action_space = gym.spaces.Discrete(self.game.num_actions)
        self.state: State | None = None

    def _observe(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state.current_player == self.seat:
            mask[[self.game.action_index(a) for a in self.state.legal_actions()]] = 1
        return {"observation": encode_view(self.state.view(self.seat)), "action_mask": mask}

    def _others_play(self) -> None:
        while not self.state.is_over and self.state.current_player != self.seat:
            player = self.state.current_player
            sample = self.state.determinize(player, self._rng)
            self.state.apply(self.opponent(sample, self._rng))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._rng = random.Random(game_seed)
        self.state = self.game.new(self.players, seed=game_seed, **self.options)
        self._others_play()
        return self._observe(), {}

    def step(self, action: int):
        self.state.apply(self.game.action_from_index(int(action)))
        self._others_play()
        over = self.state.is_over
        reward = reward_shares(self.state)[self.seat] if over else 0.0
        return self._observe(), reward, over, False, {}
