"""Research interfaces: a PettingZoo AEC environment and a Gymnasium single-seat wrapper over
any registered game, with action masks. Needs the `rl` extra: `pip install 'cardcafe[rl]'`."""

from .encoding import OBSERVATION_SIZE, encode_view
from .gym_env import SingleSeatEnv
from .pettingzoo_env import CardcafeAEC, env

__all__ = ["OBSERVATION_SIZE", "CardcafeAEC", "SingleSeatEnv", "encode_view", "env"]
