"""The baseline: uniform over the legal actions."""

from __future__ import annotations

import random

from cardcafe.engine import Action

from .base import Bot
from .observation import Observation


class RandomBot(Bot):
    name = "random"
    describe = "plays a legal action chosen uniformly at random"

    def __init__(self, seed: int = 0, **params):
        super().__init__(seed, **params)
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
