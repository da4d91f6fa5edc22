"""Bots in seats: the one place the server meets `cardcafe.bots`.

A bot spec is one string, `name[:key=value...]` (`random`, `heuristic`, `ismcts:iterations=200`).
When `cardcafe.bots` is importable (it lands from another branch), its `make_bot` builds the bot,
which chooses from an `Observation` of its seat, and hints come from its search bot. Until then
a stand-in plays: `random` uniformly, `heuristic` and `ismcts` with the game's own
`heuristic_action` when the game has one (else uniformly too).

Either way a bot never sees the true state: the real bots get `Observation.of(state, seat)`, the
stand-in a `state.determinize(seat, rng)`.
"""

from __future__ import annotations

import logging
import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardcafe.engine import Action, BadInput, Game, GameError, State

log = logging.getLogger(__name__)

KNOWN = ("random", "heuristic", "ismcts")
HINT_BOT = "ismcts:iterations=200"
HINT_SAMPLES = 5

try:  # the bots package lands on another branch; use it as soon as it is there
    from cardcafe.bots import Observation, make_bot
    from cardcafe.bots import hint as _bots_hint
except ImportError:  # pragma: no cover - depends on what is merged
    Observation = make_bot = _bots_hint = None


def stand_in(game: Game) -> str:
    """The bot that plays for a seat whose human left or ran out of time."""
    has_heuristic = type(game).heuristic_action is not Game.heuristic_action
    return "heuristic" if has_heuristic else "random"


def parse_spec(spec: Any) -> tuple[str, dict[str, str]]:
    """Split `name:key=value:...`, naming the mistake if it is not one (stand-in bots)."""
    if not isinstance(spec, str) or not spec or len(spec) > 200:
        raise BadInput(f"a bot is named by a short string such as 'heuristic', not {spec!r}")
    name, *params = spec.split(":")
    if name not in KNOWN:
        raise BadInput(f"unknown bot {name!r}; the bots are: {', '.join(KNOWN)}")
    out: dict[str, str] = {}
    for param in params:
        key, eq, value = param.partition("=")
        if not eq or not key or not value:
            raise BadInput(f"{name}: parameter {param!r} must be written name=value")
        out[key] = value
    return name, out


@dataclass(frozen=True)
class BotLimits:
    """How much work one bot move may ask for on this server (`cardcafe serve` options).

    A seat's spec is checked against them when its table is created: a table whose bots
    think forever would hold the bot threads that every other table and every hint share."""

    iterations: int = 5000  # ismcts search iterations per move (300: about 0.4 s)
    seconds: float = 5.0  # ismcts thinking time per move
    # Any other number a spec gives (rollout depth, expansion threshold, constants).
    other: float = 10_000


def check_limits(spec: str, limits: BotLimits) -> None:
    """BadInput naming the limit if a parameter of `spec` is not a finite number within
    `limits` (parameters that are not numbers are left to the bot to judge)."""
    name, params = parse_params(spec)
    bounds = {"iterations": limits.iterations, "seconds": limits.seconds}
    for key, text in params.items():
        try:
            value = float(text)
        except ValueError:
            continue  # a word (rollout=heuristic): the bot checks its choices
        if not math.isfinite(value):
            raise BadInput(f"{name}: {key} must be a finite number, not {text!r}")
        bound = bounds.get(key, limits.other)
        if value > bound:
            raise BadInput(
                f"{name}: {key}={text} is over this server's limit: {key} at most {bound:g}"
            )


def parse_params(spec: str) -> tuple[str, dict[str, str]]:
    """`name:key=value:...` split into the name and its parameters as written."""
    name, *params = spec.strip().split(":")
    out: dict[str, str] = {}
    for param in params:
        key, _eq, value = param.partition("=")
        out[key] = value.strip()
    return name, out


def validate_spec(spec: Any, game: Game, limits: BotLimits | None = None) -> str:
    """`spec` if it names a bot that can play `game` within `limits`, else BadInput saying
    why not."""
    limits = limits or BotLimits()
    if make_bot is None:
        parse_spec(spec)
        check_limits(spec, limits)
        return spec
    if not isinstance(spec, str) or len(spec) > 200:
        raise BadInput(f"a bot is named by a short string such as 'heuristic', not {spec!r}")
    try:
        make_bot(spec).check_game(game)
    except GameError:
        raise
    except Exception as exc:
        raise BadInput(f"bad bot {spec!r}: {exc}") from exc
    check_limits(spec, limits)
    return spec


def within_limits(spec: str, limits: BotLimits) -> bool:
    """Whether a stored seat's bot (from before a restart, perhaps under other limits) may
    still play as it is."""
    try:
        check_limits(spec, limits)
    except BadInput:
        return False
    return True


# Bots whose move costs next to nothing: they move on the event loop, under the table's lock,
# with no copy of the state and no hand-off to a thread (which cost a `random` bot's move
# twenty times its choice). Every other bot thinks on the bot threads.
AT_ONCE = frozenset({"random"})


def moves_at_once(spec: str) -> bool:
    """Whether the bot `spec` chooses on the event loop (`quick_choice`), not in a thread."""
    return spec.split(":", 1)[0] in AT_ONCE


def quick_choice(spec: str, state: State, seat: int, rng: random.Random) -> Action:
    """The move of a bot of `AT_ONCE` for `seat`, whose turn it is in `state`: `random` picks
    one of the legal actions uniformly, as `cardcafe.bots`' random bot does (the legal actions
    are the seat's own to know, so nothing hidden is read)."""
    if not moves_at_once(spec) or state.current_player != seat:
        raise ValueError(f"{spec!r} does not move at once for seat {seat}")
    return rng.choice(state.legal_actions())


class SeatBot:
    """Chooses moves for one seat from that seat's information only."""

    def __init__(self, spec: str):
        self.spec = spec
        self.name = spec.split(":", 1)[0]

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        """The move for `seat` (whose turn it is in `state`). Runs in a worker thread."""
        legal = state.legal_actions()
        if make_bot is not None:
            try:
                bot = make_bot(self.spec, rng.getrandbits(32))
                action = bot.choose(Observation.of(state, seat))
                if action in legal:
                    return action
                log.warning("bot %r chose an illegal action %r; standing in", self.spec, action)
            except Exception:  # never let a bot crash a table: the stand-in moves instead
                log.exception("bot %r failed; standing in", self.spec)
        sample = state.determinize(seat, rng)
        if self.name != "random":
            try:
                action = state.game.heuristic_action(sample, rng)
                if action in legal:
                    return action
            except NotImplementedError:
                pass
        return rng.choice(legal)


def hint(state: State, seat: int, rng: random.Random) -> tuple[Action, float, dict[Action, float]]:
    """The search bot's suggestion for `seat`, how sure it is (0..1) and each move's share of
    the search (what `cardcafe.bots.hint.sure_words` words for the player)."""
    if _bots_hint is not None:
        try:
            found = _bots_hint(state, seat, HINT_BOT, rng.getrandbits(32))
            return found.action, found.confidence, found.shares()
        except Exception:
            log.exception("the hint bot failed; standing in")
    # Stand-in: the share of independent determinizations on which the policy picks the move.
    bot = SeatBot("heuristic")
    votes = Counter(bot.choose(state, seat, rng) for _ in range(HINT_SAMPLES))
    legal = state.legal_actions()
    action, count = max(votes.items(), key=lambda kv: (kv[1], -legal.index(kv[0])))
    shares = {a: n / HINT_SAMPLES for a, n in votes.items()}
    return action, count / HINT_SAMPLES, shares
