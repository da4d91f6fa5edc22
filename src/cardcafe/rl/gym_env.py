"""Gymnasium: one learning seat against bots (or your own policies) in the other seats.

Registered on `import cardcafe.rl` as `cardcafe/MonsterDiner-v0`, `cardcafe/MonstersCoffee-v0`,
`cardcafe/CoffeeBreak-v0` and `cardcafe/MonsterRejects-v0`:

    env = gym.make("cardcafe/CoffeeBreak-v0", players=2, opponents="heuristic", seat="random")
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded

from cardcafe import games
from cardcafe.bots import Bot, Observation, make_bot
from cardcafe.engine import Action, BadInput, IllegalMove, State

from .encoding import encoder_for, observation_box
from .pettingzoo_env import ILLEGAL_MODES, ILLEGAL_REWARD, action_number, reward_shares

# An opponent gets only its own determinization of the game (never the truth) and an RNG.
Opponent = Callable[[State, random.Random], Action]


def random_opponent(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def _is_bot_class(value: Any) -> bool:
    return isinstance(value, type) and issubclass(value, Bot)


def _listed(opponents: Any) -> list[Any]:
    if isinstance(opponents, Sequence):
        return list(opponents)
    raise BadInput(
        "opponents must be a bot spec, a Bot, a list of one per other seat, or a function "
        f"(determinized state, rng) -> action, not {opponents!r}"
    )


def _bot_maker(given: Any) -> Callable[[int], Bot]:
    """A function from a seed to a fresh bot: from a spec, a `Bot` or a `Bot` subclass."""
    if isinstance(given, str):
        make_bot(given, 0)  # a bad spec is refused now, not at reset
        return lambda seed: make_bot(given, seed)
    if isinstance(given, Bot):
        return lambda seed: type(given)(seed, **given.given)
    if _is_bot_class(given):
        return lambda seed: given(seed)
    raise BadInput(f"an opponent must be a bot spec such as 'heuristic' or a Bot, not {given!r}")


class SingleSeatEnv(gym.Env):
    """The learner sits at `seat` (a number, or `"random"`: a seat drawn each episode); the
    others are played by `opponents`: one bot spec for all of them (`"random"`, `"heuristic"`,
    `"ismcts:iterations=50"`; `cardcafe bots` lists them) or a `Bot` of your own (an instance
    or its class: each episode seats a fresh one with its parameters, seeded from the episode's
    seed), a list of one of these per other seat in table order, or a function
    `(determinized state, rng) -> action`.

    Observation: `encoding="structured"` (default: named, seat-relative features in [-1, 1],
    `cardcafe.rl.structured.layout(game_id)`) or `"hashed"` (the hashing trick, any game).

    Reward: the learner's share of the win at the end, 0 before. The legal actions are in the
    observation's `action_mask` and in `action_masks()` (as sb3-contrib's MaskablePPO expects).
    An illegal action follows PettingZoo's convention: reward -1 and the episode ends, with
    `info["illegal_action"]`; `illegal="raise"` raises `IllegalMove` instead."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int | str = 0,
        opponents: str | Bot | type[Bot] | Sequence[str | Bot | type[Bot]] | Opponent = "random",
        *,
        illegal: str = "end",
        render_mode: str | None = None,
        encoding: str = "structured",
        opponent: str | Bot | Opponent | None = None,  # the former name of `opponents`
        **options: Any,
    ):
        self.game = games.get(game_id)
        players = self.game.players.start if players is None else players
        self.game.new(players, seed=0, **options)  # refuse bad settings now, not at reset
        self.players, self.options = players, options
        if seat != "random" and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise BadInput(f"seat must be 0 to {players - 1}, or 'random', not {seat!r}")
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else seat
        if illegal not in ILLEGAL_MODES:
            raise BadInput(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadInput(f"render_mode must be one of ansi, human, or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.opponents = opponents if opponent is None else opponent
        self._specs = self._opponent_specs(self.opponents)
        try:
            self.encoder = encoder_for(game_id, encoding)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        self.observation_space = gym.spaces.Dict(
            {
                "observation": observation_box(self.encoder),
                "action_mask": gym.spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )
        self.action_space = gym.spaces.Discrete(self.game.num_actions)
        self.state: State | None = None
        self._over = True

    # -- opponents -------------------------------------------------------------------------
    def _opponent_specs(self, opponents: Any) -> list[Callable[[int], Bot]] | None:
        """A maker of each other seat's bot from a seed (checked now), or None for a function.
        A `Bot` (an instance or its class) stands for its class and parameters, as a spec does:
        each episode seats a fresh one, seeded from the episode's seed."""
        single = isinstance(opponents, (str, Bot)) or _is_bot_class(opponents)
        if callable(opponents) and not single:
            return None
        others = self.players - 1
        given = [opponents] * others if single else _listed(opponents)
        if len(given) != others:
            raise BadInput(
                f"opponents lists {len(given)} bot specs for the {others} other seats of a "
                f"{self.players}-player game: give one spec for all, or one per other seat"
            )
        makers = [_bot_maker(one) for one in given]
        for make in makers:
            make(0).check_game(self.game)
        return makers

    def _deal_opponents(self, seed: int) -> None:
        if self._specs is None:
            return
        others = [p for p in range(self.players) if p != self.seat]
        self._bots = {
            player: make(seed + 7919 * (player + 1))
            for player, make in zip(others, self._specs, strict=True)
        }

    def _opponent_action(self, player: int) -> Action:
        if self._specs is None:
            return self.opponents(self.state.determinize(player, self._rng), self._rng)
        return self._bots[player].choose(Observation.of(self.state, player))

    # -- the Gymnasium API -------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (sb3-contrib's `action_masks()`)."""
        if self.state is None:
            raise ResetNeeded("call reset() before action_masks()")
        mask = np.zeros(self.game.num_actions, dtype=bool)
        if not self._over and self.state.current_player == self.seat:
            mask[[self.game.action_index(a) for a in self.state.legal_actions()]] = True
        return mask

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.encoder(self.state.view(self.seat)),
            "action_mask": self.action_masks().astype(np.int8),
        }

    def _others_play(self) -> None:
        while not self.state.is_over and self.state.current_player != self.seat:
            self.state.apply(self._opponent_action(self.state.current_player))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.players))
        self._rng = random.Random(game_seed)
        self.state = self.game.new(self.players, seed=game_seed, **self.options)
        self._deal_opponents(game_seed)
        self._over = False
        self._others_play()
        self._over = self.state.is_over
        return self._observe(), {"seat": self.seat}

    def step(self, action: int):
        if self.state is None:
            raise ResetNeeded("call reset() before step(): there is no game yet")
        if self._over:
            raise ResetNeeded("the episode is over: call reset() to start another")
        number = action_number(action)
        index = -1 if number is None else number
        if not 0 <= index < self.game.num_actions or not self.action_masks()[index]:
            if self.illegal == "raise":
                legal = 0 <= index < self.game.num_actions
                what = self.game.action_from_index(index) if legal else action
                raise IllegalMove(f"{what} is not a legal action now (see action_masks())")
            self._over = True
            info = {"seat": self.seat, "illegal_action": True}
            return self._observe(), ILLEGAL_REWARD, True, False, info
        self.state.apply(self.game.action_from_index(index))
        self._others_play()
        self._over = self.state.is_over
        reward = reward_shares(self.state)[self.seat] if self._over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._over, False, {"seat": self.seat}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        lines = self.state.log_text(self.seat)[-5:]
        text = "\n".join([*lines, self.state.prompt])
        if self.render_mode == "human":
            print(text)
            return None
        return text
