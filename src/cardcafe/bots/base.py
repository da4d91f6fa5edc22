"""The one protocol every bot follows, and how bots declare their parameters."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from cardcafe.engine import Action, BadInput, Game

from .observation import Observation


@dataclass(frozen=True)
class Param:
    """One parameter a bot accepts in its spec string (`ismcts:iterations=2000`)."""

    type: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()

    def parse(self, bot: str, name: str, text: str) -> Any:
        if self.choices:
            if text not in self.choices:
                raise BadInput(
                    f"{bot}: {name} must be one of {', '.join(self.choices)}, not {text!r}"
                )
            return text
        try:
            value = self.type(text)
        except ValueError:
            kind = {int: "an integer", float: "a number"}.get(self.type, self.type.__name__)
            raise BadInput(f"{bot}: {name} must be {kind}, not {text!r}") from None
        if isinstance(value, (int, float)) and value < 0:
            raise BadInput(f"{bot}: {name} must not be negative, not {text!r}")
        return value


class Bot(ABC):
    """A player that chooses among the legal actions of an `Observation`.

    Subclasses set `name`, `params` and `describe`, and implement `choose`. A bot is
    constructed with a seed and its parameters, and all its randomness comes from that seed, so
    a seeded bot given the same observations makes the same choices.
    """

    name: ClassVar[str]
    describe: ClassVar[str]
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, seed: int = 0, **params: Any):
        self.seed = seed
        self.given = dict(params)  # the parameters the spec named
        for key, param in self.params.items():
            setattr(self, key, params.get(key, param.default))

    def check_game(self, game: Game) -> None:
        """Raise BadInput if this bot cannot play `game` (called before a game starts)."""
        return None

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """The action to play, one of `observation.legal_actions`."""

    @property
    def spec(self) -> str:
        """The spec string that builds this bot again."""
        # Every parameter the spec named, even at its default: a game may have another default.
        parts = [self.name]
        parts += [f"{key}={self.given[key]}" for key in self.params if key in self.given]
        return ":".join(parts)

    def __repr__(self) -> str:
        return f"<bot {self.spec} seed={self.seed}>"


def has_heuristic(game: Game) -> bool:
    """Whether `game` overrides the `heuristic_action` hook of the engine."""
    return type(game).heuristic_action is not Game.heuristic_action


def require_heuristic(game: Game, who: str) -> None:
    if not has_heuristic(game):
        raise BadInput(
            f"{game.id} has no heuristic policy yet, so {who} cannot play it; "
            "use random, or ismcts with rollout=random"
        )
