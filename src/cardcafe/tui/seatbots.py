"""The bots that sit at the table, through one small adapter.

The real bots live in `cardcafe.bots`: `make_bot(spec, seed)` builds one, `bot.choose(obs)` picks
a move from an `Observation` (the seat's view, legal moves and a sampler of determinizations),
and `hint(state, player)` asks the search bot. Until that package is installed this module falls
back to the game's own heuristic policy or a uniformly random legal move, and to a small flat
Monte Carlo hint, so the app is playable either way and uses the real bots once merged.

Whatever the bot, it never gets the true state: an `Observation`, or else a determinization for
its seat. The table cannot leak what a seat may not know, whatever the bot does.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardcafe.bots.hint import sure_words
from cardcafe.engine import Action, BadInput, Game, State

try:  # the bots package lands on another branch
    from cardcafe.bots import Observation as _Observation
    from cardcafe.bots import hint as _hint
    from cardcafe.bots import make_bot as _make_bot
except ImportError:  # pragma: no cover - depends on what is merged
    _Observation = _hint = _make_bot = None

HUMAN = "human"
# Offered on the start screen; any spec `cardcafe.bots` understands may be typed on the CLI.
# The search bot thinks for a bounded time per move, so a table never waits minutes.
BOT_CHOICES = ("heuristic", "ismcts:seconds=1", "random")
# How the start screen words each choice (a spec typed on the CLI is worded by its bot's name).
SEAT_WORDS = {
    HUMAN: "A person at this keyboard",
    "heuristic": "Heuristic bot (plays solidly)",
    "ismcts:seconds=1": "Search bot (thinks 1 s a move)",
    "random": "Random bot (for beginners)",
}


def seat_words(spec: str) -> str:
    """A seat's choice as the start screen words it: never the bare spec."""
    if spec in SEAT_WORDS:
        return SEAT_WORDS[spec]
    from cardcafe.bots.registry import bot_title

    return bot_title(spec)


def real_bots_available() -> bool:
    return _make_bot is not None


def has_heuristic(game: Game) -> bool:
    """Whether `game` has its own heuristic policy (else a heuristic seat cannot play it)."""
    return type(game).heuristic_action is not Game.heuristic_action


def default_bot(game: Game) -> str:
    return "heuristic" if has_heuristic(game) else "random"


class RandomFallback:
    """The stand-in while `cardcafe.bots` is not installed: the game's own heuristic policy
    for a `heuristic` seat when the game has one, else a uniformly random legal move."""

    def __init__(self, spec: str, seed: int):
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        if self.spec.startswith("heuristic") and has_heuristic(state.game):
            action = state.game.heuristic_action(state, self.rng)
            if action in state.legal_actions():
                return action
        return self.rng.choice(state.legal_actions())


def check_spec(spec: str) -> str:
    """A seat spec, tidied: `human` or a bot spec (`ismcts:iterations=200`)."""
    spec = spec.strip()
    if not spec:
        raise BadInput("a seat needs a name: human or a bot such as heuristic, ismcts, random")
    return spec


def make_seat_bot(spec: str, seed: int, game: Game) -> Any:
    """The bot for a seat, checked against `game` (BadInput if it cannot play it)."""
    if _make_bot is None:
        return RandomFallback(spec, seed)
    bot = _make_bot(spec, seed)
    check = getattr(bot, "check_game", None)
    if check is not None:
        check(game)
    return bot


def choose(bot: Any, state: State, seat: int, rng: random.Random) -> Action:
    """Ask `bot` for the move of `seat` (the seat to move in `state`).

    Safe to call from a worker thread: the caller passes a state nobody else touches.
    """
    if _Observation is not None and not isinstance(bot, RandomFallback):
        return bot.choose(_Observation.of(state, seat))
    return bot.choose(state.determinize(seat, rng))


@dataclass(frozen=True)
class Hint:
    """What the search bot would play for the seat to move, and how sure it is. Everything in
    it comes from that seat's own observation: its moves, never another seat's secret."""

    action: Action
    confidence: float | None  # 0..1, the move's share of the search; None when not said
    shares: Mapping[Action, float] = field(default_factory=dict)  # each move's share, 0..1
    only: bool = False  # the seat has no other move

    def describe(self, label: Callable[[Action], str]) -> str:
        """The hint in a player's words, `label` wording a move for the seat to move: the
        move, then in brackets how sure the bot is of it, or the other move it nearly chose
        (copies of one card counted as one move)."""
        move, sure = self.words(label)
        return f"{move} ({sure})"

    def words(self, label: Callable[[Action], str]) -> tuple[str, str]:
        """The move, and how sure the bot is of it (see `describe`)."""
        sure = sure_words(self.action, self.confidence, self.shares, label, self.only)
        return label(self.action), sure


def hint(state: State, seat: int, rng: random.Random, budget: float = 1.0) -> Hint:
    """What the search bot would play for `seat` (to move in `state`), and how sure it is.
    The real hint builds the seat's Observation itself; the fallback searches determinizations.
    """
    if _hint is not None:
        spec = f"ismcts:seconds={budget:g}"  # bounded: a person is waiting for it
        return _as_hint(_hint(state, seat, spec=spec, seed=rng.getrandbits(32)))
    return flat_monte_carlo(state.determinize(seat, rng), seat, rng, budget)


def _as_hint(result: Any) -> Hint:
    if isinstance(result, Hint):
        return result
    if isinstance(result, Action):
        return Hint(result, None)
    if isinstance(result, dict):
        return Hint(result["action"], result.get("confidence"))
    if isinstance(result, tuple) and result and isinstance(result[0], Action):
        return Hint(result[0], result[1] if len(result) > 1 else None)
    action, confidence = getattr(result, "action", None), getattr(result, "confidence", None)
    visits = getattr(result, "visits", None) or {}
    if isinstance(action, Action):
        if len(visits) == 1:
            return Hint(action, 1.0, only=True)
        total = sum(visits.values())
        if not total:
            return Hint(action, confidence)
        shares = {a: n / total for a, n in visits.items()}
        return Hint(action, confidence if confidence is not None else shares[action], shares)
    raise TypeError(f"cannot read a hint from {result!r}")


def flat_monte_carlo(world: State, seat: int, rng: random.Random, budget: float) -> Hint:
    """Play every legal move out at random many times over fresh determinizations; suggest the
    move that wins most. Each move's share is its part of all the wins."""
    legal = world.legal_actions()
    if len(legal) == 1:
        return Hint(legal[0], 1.0, only=True)
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
    total = sum(rate.values()) or 1.0
    shares = {a: r / total for a, r in rate.items()}  # (as a search's visits: they add up to 1)
    best = max(legal, key=shares.__getitem__)
    return Hint(best, shares[best], shares)
