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

    __slots__ = (
        "_moves",
        "_sample",
        "_state",
        "_view",
        "_view_of",
        "game",
        "legal_actions",
        "player",
        "players",
    )

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
        self._sample: Callable[[random.Random], State] | None = sample
        self._view_of: Callable[[], dict[str, Any]] | None = view_of
        self._view: dict[str, Any] | None = None
        self._state: State | None = None
        self._moves = 0

    @classmethod
    def of(cls, state: State, player: int | None = None) -> Observation:
        """The observation of `player` (by default the player to move) in `state`."""
        # The player to move, asked once (a property, and a simulation observes every move);
        # None once the game is over.
        current = state.current_player
        if current is None:
            raise BadInput("the game is over: there is no decision to observe")
        if player is None:
            player = current
        elif player != current:
            raise BadInput(f"player {player} is not the player to move")
        # No copy of the state (a copy per decision was most of a simulation's cost), and no
        # closures (built on every decision they were the next largest part): the observation
        # keeps the state and reads it only for a view or a determinization, and refuses to
        # once the state has moved on. A caller whose state may change while a bot thinks (a
        # server thread) passes a clone.
        observation = object.__new__(cls)
        observation.game = state.game
        observation.players = state.num_players
        observation.player = player
        observation.legal_actions = tuple(state.legal_actions())
        observation._state = state
        observation._moves = len(state.history)
        observation._sample = observation._view_of = observation._view = None
        return observation

    def _observed(self) -> State:
        """The state this observation was taken from, as long as it has not moved on."""
        state = self._state
        assert state is not None
        if len(state.history) != self._moves:
            raise GameError("this observation is stale: the game has moved on since")
        return state

    @property
    def view(self) -> dict[str, Any]:
        """`state.view(player)`: what this player's screen shows (built when first asked for:
        the search bots never need it, and some games' views cost a scoring pass)."""
        if self._view is None:
            if self._view_of is not None:
                self._view = self._view_of()
            else:
                self._view = self._observed().view(self.player)
        return self._view

    def determinize(self, rng: random.Random) -> State:
        """A fresh state this player cannot tell from the truth: search bots play in it."""
        if self._sample is not None:
            return self._sample(rng)
        return self._observed().determinize(self.player, rng)

    def __repr__(self) -> str:
        return f"<observation of player {self.player}: {len(self.legal_actions)} legal actions>"
