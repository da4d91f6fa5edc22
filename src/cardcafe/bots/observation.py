"""What a bot is given: only what its player may know, never the true state."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action, BadInput

if TYPE_CHECKING:
    from cardcafe.engine import Game, State


@dataclass(frozen=True)
class Observation:
    """One decision of one player: their view, their legal actions, and a sampler of
    determinizations (states consistent with all they saw, the unseen re-dealt at random).

    Built by the framework from the true state with `Observation.of`; a bot only ever sees
    this. Two states that differ only in what `player` cannot see give equal observations and,
    for the same `rng`, identical determinizations (the engine re-deals from a canonical order).
    """

    game: Game
    player: int
    view: dict[str, Any]
    legal_actions: tuple[Action, ...]
    _sample: Callable[[random.Random], State] = field(repr=False, compare=False)

    @classmethod
    def of(cls, state: State, player: int | None = None) -> Observation:
        """The observation of `player` (by default the player to move) in `state`."""
        if state.is_over:
            raise BadInput("the game is over: there is no decision to observe")
        if player is None:
            player = state.current_player
        if player != state.current_player:
            raise BadInput(f"player {player} is not the player to move")
        # A private copy: the caller may go on changing `state` while a bot thinks.
        truth = state.clone()
        return cls(
            game=state.game,
            player=player,
            view=state.view(player),
            legal_actions=tuple(state.legal_actions()),
            _sample=lambda rng: truth.determinize(player, rng),
        )

    def determinize(self, rng: random.Random) -> State:
        """A fresh state this player cannot tell from the truth: search bots play in it."""
        return self._sample(rng)
