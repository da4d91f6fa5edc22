"""A good player's move, written per game (`Game.heuristic_action`), on a determinization."""

from __future__ import annotations

import random

from cardcafe.engine import Action, BadInput, Game

from .base import Bot, require_heuristic
from .observation import Observation


class HeuristicBot(Bot):
    name = "heuristic"
    describe = "the game's own rule-of-thumb policy (Game.heuristic_action) on a determinization"

    def __init__(self, seed: int = 0, **params):
        super().__init__(seed, **params)
        self.rng = random.Random(seed)

    def check_game(self, game: Game) -> None:
        require_heuristic(game, "the heuristic bot")

    def choose(self, observation: Observation) -> Action:
        self.check_game(observation.game)
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        # The policy may read any field of the state, so it gets a determinization: whatever
        # this player cannot know is random in it.
        state = observation.determinize(self.rng)
        action = observation.game.heuristic_action(state, self.rng)
        if action not in observation.legal_actions:
            raise BadInput(
                f"{observation.game.id}'s heuristic chose {action}, which is not legal now"
            )
        return action
