"""Bots: every bot chooses from an `Observation` (what its player may know), never the truth.

`make_bot("ismcts:iterations=2000:rollout=heuristic", seed)` builds one from its spec string.
"""

from .base import Bot, Param, has_heuristic
from .heuristic import HeuristicBot
from .hint import Hint, hint
from .ismcts import IsmctsBot
from .observation import Observation
from .random_bot import RandomBot
from .registry import BOTS, bot_title, make_bot, parse_spec
from .rewards import reward_vector

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "Hint",
    "IsmctsBot",
    "Observation",
    "Param",
    "RandomBot",
    "bot_title",
    "has_heuristic",
    "hint",
    "make_bot",
    "parse_spec",
    "reward_vector",
]
