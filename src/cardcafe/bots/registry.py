"""Bot spec strings: `name` or `name:param=value:param=value` (colons, so that a
comma-separated list of seats stays unambiguous).

The built-in bots are in `BOTS`. Other packages add their own through the `cardcafe.bots`
entry-point group, one entry point per bot, named as in a spec and pointing at a `Bot`
subclass::

    [project.entry-points."cardcafe.bots"]
    greedy = "my_package.bots:GreedyBot"

Such a bot is then a seat like any other, in `simulate --seats greedy,random`, on Ray (each
worker finds it in its own environment), in the Gymnasium opponents and in `cardcafe bots`.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

from cardcafe.engine import BadInput

from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, HeuristicBot, IsmctsBot)}
ENTRY_POINT_GROUP = "cardcafe.bots"


@functools.cache
def plugin_entry_points() -> dict:
    """The installed `cardcafe.bots` entry points by name (a built-in name is never shadowed).
    Read once per process; `plugin_entry_points.cache_clear()` reads them again."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in found if ep.name not in BOTS}


@functools.cache
def _load_plugin(name: str) -> type[Bot]:
    ep = plugin_entry_points()[name]
    where = f"{ep.value}" + (f" (from {ep.dist.name})" if getattr(ep, "dist", None) else "")
    try:
        cls = ep.load()
    except Exception as exc:  # a broken plugin is the plugin's fault: one line, not a traceback
        raise BadInput(f"bot {name!r} could not be loaded from {where}: {exc}") from None
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BadInput(f"bot {name!r} at {where} is not a subclass of cardcafe.bots.Bot")
    return cls


def all_bots() -> dict[str, type[Bot]]:
    """Every bot by spec name: the built-ins, then the installed plugins (those that load)."""
    out = dict(BOTS)
    for name in plugin_entry_points():
        try:
            out[name] = _load_plugin(name)
        except BadInput:
            continue  # named when used, not when listing
    return out


def bot_class(name: str) -> type[Bot]:
    """The bot class named `name`: a built-in or an entry-point plugin, with a clear error."""
    if name in BOTS:
        return BOTS[name]
    if name in plugin_entry_points():
        return _load_plugin(name)
    known = [*BOTS, *plugin_entry_points()]
    raise BadInput(f"unknown bot {name!r}; the bots are: {', '.join(known)}")


def parse_spec(spec: str) -> tuple[type[Bot], dict]:
    """The bot class and its parameters named by `spec`, with clear errors."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadInput(f"a bot spec must be a name like {', '.join(BOTS)}, not {spec!r}")
    name, *parts = spec.strip().split(":")
    cls = bot_class(name)
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


# What players call each kind of bot (a spec's first part) where its name alone would not do.
_TITLES = {"ismcts": "Search", "mcts": "Search"}


def bot_title(spec: str) -> str:
    """A bot as players name it, from its spec: "Heuristic bot", "Search bot" for
    "ismcts:iterations=400" (never the spec's parameters)."""
    kind = spec.split(":", 1)[0].strip().lower()
    name = _TITLES.get(kind) or kind.replace("_", " ").replace("-", " ").capitalize()
    return f"{name} bot"
