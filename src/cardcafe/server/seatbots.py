"""Bots in seats: the one place the server meets `cardcafe.bots`.

A bot spec is one string, `name[:key=value...]` (`random`, `heuristic`, `ismcts:iterations=200`).
When `cardcafe.bots.make_bot` is importable it builds the bot and the bot's own `choose` picks the
move; until then (or if that package refuses the call) a stand-in plays: `random` uniformly,
`heuristic` and `ismcts` with the game's own `heuristic_action` when the game has one.

A bot never sees the true state: it is always handed `state.determinize(seat, rng)`, a copy in
which everything its seat cannot see is re-dealt at random.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from typing import Any

from cardcafe.engine import Action, BadInput, GameError, State

log = logging.getLogger(__name__)

KNOWN = ("random", "heuristic", "ismcts")
# The bot that plays a seat whose human left or ran out of time.
STAND_IN = "heuristic"
HINT_SAMPLES = 5

try:  # the bots package lands on another branch; use it as soon as it is there
    from cardcafe.bots import make_bot as _make_bot  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on what is merged
    _make_bot = None


def parse_spec(spec: Any) -> tuple[str, dict[str, str]]:
    """Split `name:key=value:...`, naming the mistake if it is not one."""
    if not isinstance(spec, str) or not spec or len(spec) > 200:
        raise BadInput(f"a bot is named by a short string such as 'heuristic', not {spec!r}")
    name, *params = spec.split(":")
    if name not in KNOWN:
        raise BadInput(f"unknown bot {name!r}; the bots are: {', '.join(KNOWN)}")
    out: dict[str, str] = {}
    for param in params:
        key, eq, value = param.partition("=")
        if not eq or not key or not value:
            raise BadInput(f"bot parameter {param!r} in {spec!r} must be key=value")
        out[key] = value
    return name, out


def validate_spec(spec: Any) -> str:
    parse_spec(spec)
    if _make_bot is not None:
        try:
            _make_bot(spec)
        except GameError:
            raise
        except Exception as exc:
            raise BadInput(f"bad bot {spec!r}: {exc}") from exc
    return spec


class SeatBot:
    """Chooses moves for one seat from that seat's information only."""

    def __init__(self, spec: str):
        self.spec = spec
        self.name, self.params = parse_spec(spec)
        self._real = None
        if _make_bot is not None:
            try:
                self._real = _make_bot(spec)
            except Exception:  # an unusable real bot falls back, loudly
                log.warning("cardcafe.bots could not build %r; using the stand-in", spec)

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        """The move for `seat` (whose turn it is in `state`). Runs in a worker thread."""
        legal = state.legal_actions()
        sample = state.determinize(seat, rng)
        if self._real is not None:
            try:
                action = self._real.choose(sample)
                if action in legal:
                    return action
                log.warning("bot %r chose an illegal action %r; standing in", self.spec, action)
            except Exception:  # never let a bot crash a table
                log.exception("bot %r failed; standing in", self.spec)
        if self.name != "random":
            try:
                action = state.game.heuristic_action(sample, rng)
                if action in legal:
                    return action
            except NotImplementedError:
                pass
        return rng.choice(legal)


def hint(state: State, seat: int, rng: random.Random) -> tuple[Action, float]:
    """The search bot's suggestion for `seat` and how sure it is: the share of independent
    determinizations on which it picked that move."""
    bot = SeatBot("ismcts:iterations=100")
    votes = Counter(bot.choose(state, seat, rng) for _ in range(HINT_SAMPLES))
    legal = state.legal_actions()
    action, count = max(votes.items(), key=lambda kv: (kv[1], -legal.index(kv[0])))
    return action, count / HINT_SAMPLES
