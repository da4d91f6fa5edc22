"""What a bot is given: only what its player may know, never the true state."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action, BadInput, GameError

if TYPE_CHECKING:
    from cardcafe.engine import Game, State


class Observation:
    """One decision of one player: their view, their legal actions, and a sampler of
    determinizations (states consistent with all they saw, the unseen re-dealt at random).

    Built by the framework from the true state with `Observation.of`; a bot only ever sees
    this. Two states that differ only in what `player` cannot see give equal observations and,
    for the same `rng`, identical determinizations (the engine re-deals from a canonical order).
    """

    __slots__ = ("_sample", "_view", "_view_of", "game", "legal_actions", "player", "players")

    def __init__(
        self,
        game: Game,
        players: int,
        player: int,
        legal_actions: tuple[Action, ...],
        sample: Callable[[random.Random], State],
        view_of: Callable[[], dict[str, Any]],
    ):
        self.game = game
        self.players = players  # how many at the table
        self.player = player
        self.legal_actions = legal_actions
        self._sample = sample
        self._view_of = view_of
        self._view: dict[str, Any] | None = None

    @classmethod
    def of(cls, state: State, player: int | None = None) -> Observation:
        """The observation of `player` (by default the player to move) in `state`."""
        if state.is_over:
            raise BadInput("the game is over: there is no decision to observe")
        if player is None:
            player = state.current_player
        if player != state.current_player:
            raise BadInput(f"player {player} is not the player to move")
        # No copy (a copy per decision was most of a simulation's cost): the observation reads
        # the state itself, and refuses to once the state has moved on. A caller whose state
        # may change while a bot thinks (a server thread) passes a clone.
        moves = len(state.history)

        def observed() -> State:
            if len(state.history) != moves:
                raise GameError("this observation is stale: the game has moved on since")
            return state

        return cls(
            game=state.game,
            players=state.num_players,
            player=player,
            legal_actions=tuple(state.legal_actions()),
            sample=lambda rng: observed().determinize(player, rng),
            view_of=lambda: observed().view(player),
        )

    @property
    def view(self) -> dict[str, Any]:
        """`state.view(player)`: what this player's screen shows (built when first asked for:
        the search bots never need it, and some games' views cost a scoring pass)."""
        if self._view is None:
            self._view = self._view_of()
        return self._view

    def determinize(self, rng: random.Random) -> State:
        """A fresh state this player cannot tell from the truth: search bots play in it."""
        return self._sample(rng)

    def __repr__(self) -> str:
        return f"<observation of player {self.player}: {len(self.legal_actions)} legal actions>"
