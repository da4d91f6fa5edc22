"""Bot spec strings: `name` or `name:param=value:param=value` (colons, so that a
comma-separated list of seats stays unambiguous)."""

from __future__ import annotations

from cardcafe.engine import BadInput

from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, HeuristicBot, IsmctsBot)}


def parse_spec(spec: str) -> tuple[type[Bot], dict]:
    """The bot class and its parameters named by `spec`, with clear errors."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadInput(f"a bot spec must be a name like {', '.join(BOTS)}, not {spec!r}")
    name, *parts = spec.strip().split(":")
    cls = BOTS.get(name)
    if cls is None:
        raise BadInput(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    params: dict = {}
    for part in parts:
        key, sep, text = part.partition("=")
        if not sep or not key:
            raise BadInput(f"{name}: parameter {part!r} must be written name=value")
        if key not in cls.params:
            known = ", ".join(cls.params) or "none"
            raise BadInput(f"unknown parameter {key!r} for bot {name}; its parameters: {known}")
        if key in params:
            raise BadInput(f"{name}: parameter {key!r} is given twice")
        params[key] = cls.params[key].parse(name, key, text)
    if "iterations" in params and "seconds" in params:
        raise BadInput(f"{name}: give a budget in iterations or in seconds, not both")
    return cls, params


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot named by `spec` (e.g. `ismcts:iterations=2000:rollout=heuristic`), seeded."""
    cls, params = parse_spec(spec)
    return cls(seed, **params)
