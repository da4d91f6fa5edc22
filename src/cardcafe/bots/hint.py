"""A suggested move for a person, with how sure the search is (the terminal and web UIs)."""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action, BadInput, State

from .ismcts import IsmctsBot
from .observation import Observation
from .registry import make_bot

DEFAULT_HINT_BOT = "ismcts"


@dataclass(frozen=True)
class Hint:
    action: Action
    confidence: float  # the action's share of the search's visits, 0..1
    visits: dict[Action, int]


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
