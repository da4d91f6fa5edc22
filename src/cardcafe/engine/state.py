"""The state every game extends: legality, history, events, cloning, determinizing, records."""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import BadInput, GameError, IllegalMove
from .events import Event
from .options import options_to_json
from .record import Record

if TYPE_CHECKING:
    from .game import Game


class State:
    """A game in progress. Subclasses implement the methods marked "game" below.

    Only `apply` changes a state, and it checks legality before touching anything, so a refused
    action leaves the state exactly as it was.
    """

    def __init__(self, game: Game, players: int, options: Any, seed: int | None):
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise BadInput(f"a seed must be an integer, not {seed!r}")
        self.game = game
        self.num_players = players
        self.options = options
        self.seed: int | None = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: list[Action] | None = None

    # -- game: what each game implements ---------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action. Must not fail: legality was checked already."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def _view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _clone_into(self, new: State) -> None:
        """Give `new` (a shallow copy) its own copies of this game's mutable fields."""
        raise NotImplementedError

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Re-deal, in place, everything `player` cannot see, consistently with what they saw."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if cards or tokens were created, lost or duplicated."""

    def describe(self, action: Action) -> str:
        """The action in words as this table shows it: `str(action)` unless a display option
        (such as family-friendly card names) changes how cards are called."""
        return str(action)

    def why_illegal(self, action: Action) -> str:
        """Why `action` is refused now, in words; games may say more than this."""
        return f"{action} is not allowed now ({self.prompt})"

    # -- the contract ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        return list(self._legal)

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.game.num_actions
        for action in self.legal_actions():
            mask[self.game.action_index(action)] = True
        return mask

    def apply(self, action: Action) -> None:
        if not isinstance(action, Action):
            raise BadInput(f"{action!r} is not an action")
        if self.is_over:
            raise IllegalMove("the game is over: no more moves")
        if self._legal is None:
            self.legal_actions()
        if action not in self._legal:  # type: ignore[operator]
            raise IllegalMove(self.why_illegal(action))
        self._legal = None
        self.history.append(action)
        self._apply(action)

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None and not 0 <= player < self.num_players:
            raise BadInput(f"there is no player {player} in a {self.num_players}-player game")
        current = self.current_player
        view = {
            "game": self.game.id,
            "players": self.num_players,
            "seat": player,
            "current_player": current,
            "is_over": self.is_over,
            "prompt": self.prompt if player is not None and player == current else None,
        }
        view.update(self._view(player))
        if self.is_over:
            view["scores"] = self.scores()
            view["winners"] = self.winners()
        return view

    def log(self, player: int | None) -> list[Event]:
        """The events `player` may see (None: a spectator, who sees only public events)."""
        return [e for e in self.events if e.visible(player)]

    def clone(self) -> State:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.history = list(self.history)
        new.events = list(self.events)
        new._legal = self._legal
        self._clone_into(new)
        return new

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy in which all `player` cannot see is re-sampled from what they could infer.

        Nothing of the truth survives in it: not the seed, not the RNG, not the action history
        (a bot could replay it), not the events hidden from `player`.
        """
        if not 0 <= player < self.num_players:
            raise BadInput(f"there is no player {player} in a {self.num_players}-player game")
        new = self.clone()
        new.seed = None
        new.rng = random.Random(rng.getrandbits(64))
        new.history = []
        # What `player` saw, and the public lines (a redacted line of their own secret is hidden
        # from them but is no secret: spectators' views of the copy must match the truth's).
        new.events = [e for e in self.events if e.visible(player) or e.visible(None)]
        new._resample_hidden(player, rng)
        new._legal = None
        return new

    def record(self) -> Record:
        if self.seed is None:
            raise GameError("a determinized state has no record: its past is not known")
        return Record(
            game=self.game.id,
            players=self.num_players,
            seed=self.seed,
            options=options_to_json(self.options),
            actions=tuple(a.to_json() for a in self.history),
        )

    # -- helpers for games -----------------------------------------------------------------
    def _log(
        self,
        text: str,
        actor: int | None = None,
        visible_to: frozenset[int] | None = None,
        **data: Any,
    ) -> None:
        self.events.append(Event(text, actor, visible_to, data or None))

    def _log_secret(self, knowers: frozenset[int], secret: str, public: str, actor=None) -> None:
        """Log `secret` for `knowers` and `public` for everyone else, spectators included."""
        self.events.append(Event(secret, actor, knowers))
        self.events.append(Event(public, actor, None, None, knowers))

    # -- equality: same game, same everything (the RNG by its state) -----------------------
    def _comparable(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k not in ("rng", "_legal")}
        out["rng"] = self.rng.getstate()
        return out

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._comparable() == other._comparable()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.id} state, {len(self.history)} actions, next {self.current_player}>"


OVER = "over"


class PhasedState(State):
    """The shape most games share: `phase` names the decision pending and `turn` the seat that
    makes it; the phase `OVER` ends the game. Games with another shape extend `State`."""

    phase: str
    turn: int

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER
