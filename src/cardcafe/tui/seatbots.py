"""The bots that sit at the table, through one small adapter.

The real bots live in `cardcafe.bots` (`make_bot(spec, seed)` and `hint(state, player)`). Until
that package is installed this module falls back to a uniformly random legal move and a small
flat Monte Carlo hint, so the app is playable either way and picks the real bots up once merged.

Whatever the bot, it is handed `state.determinize(seat, rng)`, never the true state: the table
cannot leak what a seat may not know, whatever the bot does with what it gets.
"""

from __future__ import annotations

import inspect
import random
import time
from dataclasses import dataclass
from typing import Any

from cardcafe.engine import Action, BadInput, State

try:  # the bots package lands on another branch
    from cardcafe.bots import make_bot as _make_bot
except ImportError:  # pragma: no cover - depends on what is merged
    _make_bot = None
try:
    from cardcafe.bots import hint as _hint
except ImportError:  # pragma: no cover - depends on what is merged
    _hint = None

HUMAN = "human"
# Offered on the start screen; any spec `cardcafe.bots` understands may be typed on the CLI.
BOT_CHOICES = ("heuristic", "ismcts", "random")
METHOD_NAMES = ("choose", "act", "choose_action", "select_action", "__call__")


def real_bots_available() -> bool:
    return _make_bot is not None


class RandomFallback:
    """The stand-in while `cardcafe.bots` is not installed: the game's own heuristic policy
    for a `heuristic` seat when the game has one, else a uniformly random legal move."""

    def __init__(self, spec: str, seed: int):
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        if self.spec.startswith("heuristic"):
            try:
                return state.game.heuristic_action(state, self.rng)
            except NotImplementedError:
                pass
        return self.rng.choice(state.legal_actions())


def check_spec(spec: str) -> str:
    """A seat spec, tidied: `human` or a bot spec (`ismcts:iterations=200`)."""
    spec = spec.strip()
    if not spec:
        raise BadInput("a seat needs a name: human or a bot such as heuristic, ismcts, random")
    return spec


def make_seat_bot(spec: str, seed: int) -> Any:
    """The bot for a seat; a random mover when the bots package is not there yet."""
    if _make_bot is None:
        return RandomFallback(spec, seed)
    return _make_bot(spec, seed)


def choose(bot: Any, state: State, seat: int, rng: random.Random) -> Action:
    """Ask `bot` for the move of `seat`, giving it only a determinization for that seat.

    Safe to call from a worker thread: the caller passes a state nobody else touches.
    """
    world = state.determinize(seat, rng)
    for name in METHOD_NAMES:
        method = getattr(bot, name, None)
        if method is None:
            continue
        return method(*_arguments(method, world, seat))
    raise TypeError(f"bot {bot!r} has no way to choose a move ({', '.join(METHOD_NAMES)})")


def _arguments(method: Any, world: State, seat: int) -> tuple:
    try:
        params = [
            p
            for p in inspect.signature(method).parameters.values()
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        params = []
    return (world, seat) if len(params) >= 2 else (world,)


@dataclass(frozen=True)
class Hint:
    action: Action
    confidence: float | None  # 0..1, how sure the search is; None when it does not say
    detail: str = ""

    def describe(self) -> str:
        sure = f" (confidence {self.confidence:.0%})" if self.confidence is not None else ""
        return f"{self.action}{sure}" + (f": {self.detail}" if self.detail else "")


def hint(state: State, seat: int, rng: random.Random, budget: float = 1.0) -> Hint:
    """What the search bot would play for `seat`, and how sure it is."""
    world = state.determinize(seat, rng)
    if _hint is not None:
        return _as_hint(_hint(world, seat))
    return flat_monte_carlo(world, seat, rng, budget)


def _as_hint(result: Any) -> Hint:
    if isinstance(result, Hint):
        return result
    if isinstance(result, Action):
        return Hint(result, None)
    if isinstance(result, dict):
        return Hint(result["action"], result.get("confidence"), str(result.get("detail", "")))
    if isinstance(result, tuple) and result and isinstance(result[0], Action):
        return Hint(result[0], result[1] if len(result) > 1 else None)
    action, confidence = getattr(result, "action", None), getattr(result, "confidence", None)
    if isinstance(action, Action):
        return Hint(action, confidence)
    raise TypeError(f"cannot read a hint from {result!r}")


def flat_monte_carlo(world: State, seat: int, rng: random.Random, budget: float) -> Hint:
    """Play every legal move out at random many times over fresh determinizations; suggest the
    move with the best share of wins. Confidence is that share."""
    legal = world.legal_actions()
    if len(legal) == 1:
        return Hint(legal[0], 1.0, "the only legal move")
    wins = dict.fromkeys(legal, 0.0)
    plays = dict.fromkeys(legal, 0)
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline or min(plays.values()) < 2:
        for action in legal:
            game = world.determinize(seat, rng)
            game.apply(action)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            winners = game.winners()
            wins[action] += 1 / len(winners) if seat in winners else 0.0
            plays[action] += 1
        if sum(plays.values()) > 4000:
            break
    rate = {a: wins[a] / plays[a] for a in legal}
    ranked = sorted(legal, key=rate.__getitem__, reverse=True)
    best, second = ranked[0], ranked[1]
    detail = f"wins {rate[best]:.0%} of {plays[best]} random playouts; next best {rate[second]:.0%}"
    return Hint(best, rate[best], detail)
