"""A suggested move for a person, with how sure the search is (the terminal and web UIs), and
how sure it is in a player's words: both clients say it with `sure_words`, so a hint reads alike
at the keyboard and in the browser."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from cardcafe.engine import Action, BadInput, State

from .ismcts import IsmctsBot
from .observation import Observation
from .registry import make_bot

DEFAULT_HINT_BOT = "ismcts"

# How sure the search is, in a player's words: the move's share of the search (its visits, or
# a stand-in's votes), and the next best move's share against it. A bare "46% sure" told a
# newcomer nothing (of what? is that good?).
SURE, FAIRLY_SURE = 0.6, 0.35
CLOSE_CALL = 0.75  # the next best move had at least this much of the best move's share
MOVE_KEY = re.compile(r"^\s*\w\.\s+")  # the terminal's "a. " before a move


def same_move(label: str) -> str:
    """A move's label without its key. "The first Rex" and "the second Rex" of a hand are one
    move to a player, and the search splits its visits between such copies: both clients word
    the moves as their list does (`State.offers`), where copies read alike, so they are counted
    together. (Stripping "first"/"second" from labels did it before, and also counted two
    Café Lattes with other cards under them as one move.)"""
    return MOVE_KEY.sub("", label)


def sure_words(
    action: Action,
    confidence: float | None,
    shares: Mapping[Action, float],
    label: Callable[[Action], str],
    only: bool = False,
) -> str:
    """How sure the bot is of `action`, in a player's words: "the bot is sure of it", "a close
    call with “<the other move it nearly chose>”", "the bot is fairly sure", "the bot leans this
    way, but it is far from sure". `confidence` is the move's share of the search (None when
    not said), `shares` each move's share, `label` words a move for the seat to move (the
    seat that asked: the moves named are its own), `only` says it had no other move."""
    if only:
        return "your only move"
    if confidence is None:
        return "the bot's pick"
    groups: dict[str, float] = {}
    shown: dict[str, Action] = {}  # each group's best-liked move, to name it
    for other, share in sorted(shares.items(), key=lambda item: -item[1]):
        key = same_move(label(other))
        groups[key] = groups.get(key, 0.0) + share
        shown.setdefault(key, other)
    mine = same_move(label(action))
    best = max(confidence, groups.pop(mine, 0.0))
    runner_up = max(groups, key=groups.__getitem__, default=None)
    if best >= SURE or (shares and runner_up is None):  # (or only copies of it)
        return "the bot is sure of it"
    if runner_up is not None and groups[runner_up] >= CLOSE_CALL * best:
        # (quoted: the other move's words start with their capital, "Put the ...")
        return f"a close call with “{label(shown[runner_up])}”"
    if best >= FAIRLY_SURE:
        return "the bot is fairly sure"
    return "the bot leans this way, but it is far from sure"


@dataclass(frozen=True)
class Hint:
    action: Action
    confidence: float  # the action's share of the search's visits, 0..1
    visits: dict[Action, int]

    def shares(self) -> dict[Action, float]:
        """Each move's share of the search's visits, 0..1 (none when nothing was searched)."""
        total = sum(self.visits.values())
        return {a: n / total for a, n in self.visits.items()} if total else {}


def hint(state: State, player: int | None = None, spec: str = DEFAULT_HINT_BOT, seed: int = 0):
    """The search bot's suggestion for `player` (the player to move) in `state`.

    The bot sees only `player`'s observation, so a hint never leaks what they cannot see.
    """
    bot = make_bot(spec, seed)
    if not isinstance(bot, IsmctsBot):
        raise BadInput(f"hints come from a search bot (ismcts...), not {spec!r}")
    observation = Observation.of(state, player)
    if len(observation.legal_actions) == 1:
        only = observation.legal_actions[0]
        return Hint(only, 1.0, {only: 0})
    found = bot.search(observation)
    return Hint(found.action, found.confidence, found.visits)
