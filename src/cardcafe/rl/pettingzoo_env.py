"""PettingZoo environments over any registered game: `raw_env` (the AEC class), `env` (the same:
it enforces the call order and the illegal-action rule itself) and
`parallel_env` (every agent steps together; only the agent to move acts)."""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from cardcafe import games
from cardcafe.engine import BadInput, IllegalMove, State

from .encoding import encoder_for, observation_box

# What an illegal action does: "end" (PettingZoo's convention, as its TerminateIllegalWrapper:
# the offending agent gets -1, the others 0, and the game ends) or "raise" (IllegalMove).
ILLEGAL_MODES = ("end", "raise")
ILLEGAL_REWARD = -1.0


def action_number(action: Any) -> int | None:
    """The action as a plain int, or None if it is no action number. A 0-d integer array
    counts (Gymnasium's Discrete space contains it, and Stable-Baselines3's `predict` on one
    observation returns one): it was taken for an illegal action, ending the episode at -1."""
    if isinstance(action, (int, np.integer)):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None


def reward_shares(state: State) -> list[float]:
    """1 shared among the winners, 0 for the others: the same for every game."""
    winners = state.winners()
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]


class CardcafeAEC(AECEnv):
    """Agents `player_0` ... act in the game's own turn order (one may act several times in a
    row); observations are `{"observation": float32 vector, "action_mask": int8 vector}`.

    An illegal action is never silently replaced: by PettingZoo's convention the offending agent
    gets -1, the others 0, and every agent terminates (`infos[agent]["illegal_action"]`); with
    `illegal="raise"` it raises `cardcafe.engine.IllegalMove`."""

    metadata: ClassVar[dict] = {
        "name": "cardcafe",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int,
        render_mode: str | None = None,
        illegal: str = "end",
        encoding: str = "structured",
        **options,
    ):
        super().__init__()
        if illegal not in ILLEGAL_MODES:
            raise BadInput(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.illegal = illegal
        self.game = games.get(game_id)
        try:
            self.encoder = encoder_for(game_id, encoding)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        self.game.new(players, seed=0, **options)  # refuse bad settings now, not at reset
        self.players, self.options = players, options
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.metadata = {**self.metadata, "name": f"cardcafe_{self.game.id}"}
        self.state_: State | None = None
        self._illegal_end = False

    @functools.cache  # noqa: B019 - one space per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> spaces.Space:
        return spaces.Dict(
            {
                "observation": observation_box(self.encoder),
                "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        return spaces.Discrete(self.game.num_actions)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self.state_ = self.game.new(self.players, seed=seed, **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.state_.current_player)
        self._illegal_end = False

    def _legal(self, action: Any) -> bool:
        number = action_number(action)
        if number is None or not 0 <= number < self.game.num_actions:
            return False
        return self.game.action_from_index(number) in self.state_.legal_actions()

    def _agent(self, player: int) -> str:
        return self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state_.current_player == player and not self._illegal_end:
            mask[[self.game.action_index(a) for a in self.state_.legal_actions()]] = 1
        return {"observation": self.encoder(self.state_.view(player)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if self.state_ is None:
            from gymnasium.error import ResetNeeded

            raise ResetNeeded("call reset() before step(): there is no game yet")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if not self._legal(action):
            if self.illegal == "raise":
                raise IllegalMove(f"{action!r} is not a legal action now (see the action_mask)")
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = ILLEGAL_REWARD
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._illegal_end = True
            self._accumulate_rewards()
            return
        self.state_.apply(self.game.action_from_index(action_number(action)))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state_.is_over:
            for agent_name, share in zip(self.agents, reward_shares(self.state_), strict=True):
                self.rewards[agent_name] = share
                self.terminations[agent_name] = True
        else:
            self.agent_selection = self._agent(self.state_.current_player)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        lines = self.state_.log_text(None)[-5:]
        return "\n".join([*lines, self.state_.prompt])

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> CardcafeAEC:
    """The AEC environment itself (players: default the game's least)."""
    if players is None:
        players = games.get(game_id).players.start
    return CardcafeAEC(game_id, players, **kwargs)


def env(game_id: str, players: int | None = None, **kwargs: Any) -> CardcafeAEC:
    """The AEC environment, ready to use. PettingZoo's own games wrap theirs in wrappers that
    enforce the call order and end the game on an illegal action; this one does both itself
    (`gymnasium.error.ResetNeeded` with a message, rather than the wrapper's bare assertion), so
    `env` is `raw_env`."""
    return raw_env(game_id, players, **kwargs)


class CardcafeParallel(ParallelEnv):
    """Every agent steps together; the game being turn-based, only the agent to move acts (its
    mask is the only one with legal actions) and the others' actions are ignored. Rewards,
    illegal actions and observations as in the AEC environment."""

    metadata: ClassVar[dict] = {"name": "cardcafe_parallel", "render_modes": ["ansi"]}

    def __init__(self, game_id: str, players: int | None = None, **kwargs: Any):
        self.aec = raw_env(game_id, players, **kwargs)
        self.possible_agents = list(self.aec.possible_agents)
        self.metadata = {**self.metadata, "name": f"cardcafe_{game_id}_parallel"}
        self.render_mode = self.aec.render_mode
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self.aec.action_space(agent)

    def _observations(self) -> dict[str, Any]:
        return {a: self.aec.observe(a) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        mover = self.aec.agent_selection
        if mover not in actions:
            raise BadInput(f"{mover} is to move: actions must include an action for it")
        self.aec.step(actions[mover])
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terminations = {a: bool(self.aec.terminations[a]) for a in self.agents}
        truncations = {a: bool(self.aec.truncations[a]) for a in self.agents}
        infos = {a: dict(self.aec.infos[a]) for a in self.agents}
        observations = self._observations()
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def state(self) -> np.ndarray:
        raise NotImplementedError("a global state would reveal hidden cards: use observations")


def parallel_env(game_id: str, players: int | None = None, **kwargs: Any) -> CardcafeParallel:
    """The parallel API over `game_id` (see CardcafeParallel)."""
    return CardcafeParallel(game_id, players, **kwargs)
