"""The state every game extends: legality, history, events, cloning, determinizing, records."""

from __future__ import annotations

import functools
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from . import position
from .actions import Action
from .chance import shuffle
from .errors import BadInput, GameError, IllegalMove
from .eventlog import EventLog
from .events import Event
from .offers import Copy, Offer, fold
from .options import options_to_json
from .record import Record
from .view import Breakdown
from .words import Words, default_names

if TYPE_CHECKING:
    from .game import Game

OptionsT = TypeVar("OptionsT")


class State(ABC, Generic[OptionsT]):
    """A game in progress. Subclasses implement the abstract methods (marked "game" below);
    `OptionsT` is the game's options dataclass.

    Only `apply` changes a state, and it checks legality before touching anything, so a refused
    action leaves the state exactly as it was.
    """

    def __init__(self, game: Game[Any, Any], players: int, options: OptionsT, seed: int | None):
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise BadInput(f"a seed must be an integer, not {seed!r}")
        self.game = game
        self.num_players = players
        self.options = options
        self.seed: int | None = seed
        self.rng = random.Random(seed)  # see the `rng` property: chance is drawn from here
        self.history: list[Action] = []
        self.events = EventLog()
        # The legal actions now, as `_legal_actions` gave them (a tuple may be shared: never
        # changed in place), worked out when first asked for.
        self._legal: Sequence[Action] | None = None
        # The position a game set up by `Game.from_position` started from (its record replays
        # from there); None for a game dealt from a seed.
        self.start: dict[str, Any] | None = None

    # -- the random generator, copied only when a copy draws from it -------------------------
    # A clone shares its original's generator until either draws (copying one costs more than
    # the rest of a clone, and most copies never draw: a game deals at the start, and search
    # bots play in copies with nothing left to shuffle). A determinization's generator is made
    # from its seed on first use for the same reason.
    _rng: random.Random | None
    _rng_seed: int = 0
    _rng_shared: bool = False

    @property
    def rng(self) -> random.Random:
        """This game's source of chance (shuffles, reshuffles, random tie breaks)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        elif self._rng_shared:
            rng = self._rng = _copy_generator(rng)
            self._rng_shared = False
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def shuffle(self, cards: list[Any]) -> None:
        """Shuffle `cards` in place with this game's generator (`engine.mechanics.Shuffler`)."""
        shuffle(cards, self.rng)

    # -- game: what each game implements ---------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat (0-based) whose decision is pending; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended (then there are no legal actions)."""

    @abstractmethod
    def _prompt(self, w: Words) -> str:
        """What the player to move must decide, worded for them (`w.viewer` is that seat)."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """The legal actions of the player to move, in the order they are shown (a seeded bot
        picks by index, so the order is part of the game's behaviour). Called only while the
        game is not over, at most once per position (`legal_actions` keeps the list)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action. Must not fail: legality was checked already."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score now (running while the game goes on, final once it is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won (several on a tie); empty while the game goes on."""

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """The game's own keys of `view(player)`: only what `player` may know (None: a
        spectator). Card ids and seat numbers, never words, but for `phase`: the pending
        decision's player-facing name. Its shape is the game's `View` (conformance-checked)."""

    def breakdown(self) -> tuple[str, Breakdown] | None:
        """At a round end and at the game end: a title ("Round 1", "Final scores") and, per seat,
        the parts of its score ({"label", "points"}) in players' words, adding up to
        `scores()[seat]`. None at other moments. Shown in views as "breakdown"."""
        return None

    @abstractmethod
    def _clone_into(self, new: Any) -> None:
        """Give `new` (a shallow copy of this state's attribute dictionary, of the same class)
        its own copies of this game's mutable fields, and the fields the game keeps in slots
        (see `fields`), which that copy does not carry; what never changes may stay shared."""

    @abstractmethod
    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Re-deal, in place, everything `player` cannot see, consistently with what they saw,
        drawing only from `rng`."""

    def check_invariants(self) -> None:
        """Raise AssertionError if cards or tokens were created, lost or duplicated."""

    def _to_position(self, seat: int | None) -> dict[str, Any]:
        """The game's part of `to_position(seat)`: JSON in the game's own words (card ids, seat
        numbers). seat=None: the whole truth. Else only what `seat` may know: hidden cards left
        out (a hand as its size, a deck as its count), so `Game._from_position` deals them."""
        raise NotImplementedError(f"{self.game.id} has no positions")

    @abstractmethod
    def _describe(self, action: Action, w: Words) -> str:
        """A legal action's label as the player to move reads it (`w.viewer`): what it does with
        which card, naming cards and seats, never positions ("Take the Skeeter from Ann's Front
        Line")."""

    def _copy_of(self, action: Action, w: Words) -> Copy | None:
        """If `action` may be one of several copies of one move to the player to move
        (`w.viewer`): a card of their hand with a copy beside it, a card alike in a Front Line,
        its `Copy` (`engine/offers.py`). None (the default): the action is a move of its own."""
        return None

    def why_illegal(self, action: Action) -> str:
        """Why `action` is refused now, in words. This fallback says what is asked instead;
        games say more for the right kind of move with a wrong argument."""
        return f"not now: {self.prompt}"

    # -- words: the game's data as a screen shows it -----------------------------------------
    @property
    def catalogue(self) -> dict[str, Any]:
        """The game's catalogue under this state's options (display names honoured)."""
        return self.game.catalogue_for(self.options)

    def words(self, viewer: int | None, names: list[str] | None = None) -> Words:
        """A `Words` for `viewer` with the screen's seat names (default "Player 1".."N")."""
        if names is None:
            names = default_names(self.num_players)
        elif len(names) != self.num_players:
            raise BadInput(f"{len(names)} seat names for a {self.num_players}-player game")
        return Words(self.catalogue["cards"], names, viewer)

    @property
    def prompt(self) -> str:
        """The decision pending, worded for the player to move with default seat names."""
        return self.prompt_text()

    def prompt_text(self, names: list[str] | None = None) -> str:
        if self.is_over:
            return "The game is over."
        return self._prompt(self.words(self.current_player, names))

    def describe(self, action: Action, names: list[str] | None = None) -> str:
        """`action`'s label for the player to move (their seat reads "your")."""
        return self._describe(action, self.words(self.current_player, names))

    def offers(self, names: list[str] | None = None) -> list[Offer]:
        """The legal actions as screens list them, for the player to move: the copies of one
        move (as the game's `_copy_of` tells them) as one `Offer`, which plays the first copy."""
        w = self.words(self.current_player, names)
        return fold(
            self.legal_actions(),
            lambda action: self._describe(action, w),
            lambda action: self._copy_of(action, w),
        )

    def event_text(self, event: Event, viewer: int | None, names: list[str] | None = None) -> str:
        """One event of the log worded for `viewer` (who must be allowed to see it)."""
        return self.game.event_text(event, self.words(viewer, names))

    def log_json(
        self, player: int | None, names: list[str] | None = None, start: int = 0, you: bool = True
    ) -> list[dict[str, Any]]:
        """`log(player)[start:]` as screens show it: each event's kind, actor, data (seat
        numbers and card ids, for highlighting) and its words for `player`. `you=False`: the
        player's own seat is named as the others read it, not "you" (a player who conceded:
        a bot played on for the seat, and its moves and its win are not theirs)."""
        w = self.words(player if you else None, names)
        text = self.game.event_text
        return [
            {"kind": e.kind, "actor": e.actor, "data": e.data or {}, "text": text(e, w)}
            for e in self.events.seen_by(player)[start:]
        ]

    def log_text(self, player: int | None, names: list[str] | None = None) -> list[str]:
        w = self.words(player, names)
        return [self.game.event_text(e, w) for e in self.log(player)]

    # -- the contract ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        return list(self._legal)

    def forget_legal_actions(self) -> None:
        """Make the next `legal_actions` work them out afresh: for code that sets up or edits a
        state's fields directly (a position reader, a test) rather than through `apply`."""
        self._legal = None

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.game.num_actions
        for action in self.legal_actions():
            mask[self.game.action_index(action)] = True
        return mask

    def apply(self, action: Action) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_actions()
        # Games hand out the same action objects, so a legal action is found by identity (a
        # plain loop: `in` would call the dataclass's __eq__ on every action before it); an
        # equal copy (from JSON) by equality; the reason for a refusal only on refusal.
        for offered in legal:
            if offered is action:
                break
        else:
            self._refuse_unless_offered(action, legal)
        self._legal = None
        self.history.append(action)
        self._apply(action)
        self.events.settle()

    def _refuse_unless_offered(self, action: Action, legal: Sequence[Action]) -> None:
        """Raise the refusal of `action` unless it equals one of `legal` (it is not one of them
        by identity: read from JSON, or built by hand)."""
        if action not in legal:
            if not isinstance(action, Action):
                raise BadInput(f"{action!r} is not an action")
            if self.is_over:
                raise IllegalMove("the game is over: no more moves")
            raise IllegalMove(self.why_illegal(action))

    def apply_random(self, rng: random.Random) -> Action:
        """Apply a legal action drawn as `rng.choice(self.legal_actions())` draws it, and return
        it: a search's rollout step, without a copy of the legal list or a legality check (the
        action is one of the list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_actions()
        if not legal:
            raise IllegalMove("the game is over: no more moves")
        action = rng.choice(legal)
        self._legal = None
        self.history.append(action)
        self._apply(action)
        self.events.settle()
        return action

    def view(self, player: int | None, names: list[str] | None = None) -> dict[str, Any]:
        """What `player` may know (None: a spectator), as the game's `View`: the common keys,
        the running `scores`, the game's own keys, and at a round or game end its `breakdown`.
        The prompt (for the player to move only) is worded with `names`."""
        if player is not None and not 0 <= player < self.num_players:
            raise BadInput(f"there is no player {player} in a {self.num_players}-player game")
        current = self.current_player
        view = {
            "game": self.game.id,
            "players": self.num_players,
            "seat": player,
            "current_player": current,
            "is_over": self.is_over,
            "prompt": self.prompt_text(names) if player is not None and player == current else None,
            "scores": self.scores(),
        }
        view.update(self._view(player))
        shown = self.breakdown()
        if shown is not None:
            view["breakdown_title"], view["breakdown"] = shown
        if self.is_over:
            view["winners"] = self.winners()
        return view

    def log(self, player: int | None) -> list[Event]:
        """The events `player` may see (None: a spectator, who sees only public events)."""
        return list(self.events.seen_by(player))

    def clone(self) -> Self:
        """An independent copy: applying actions to one never changes the other."""
        return self._copy(list(self.history), self.events.copy(), share_rng=True)

    def _copy(self, history: list[Action], events: EventLog, share_rng: bool) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        if share_rng and self._rng is not None:
            self._rng_shared = new._rng_shared = True
        new.history = history
        new.events = events
        new._legal = self._legal
        self._clone_into(new)
        return new

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A copy in which all `player` cannot see is re-sampled from what they could infer.

        Nothing of the truth survives in it: not the seed, not the RNG, not the action history
        (a bot could replay it), not the events hidden from `player`.
        """
        if not 0 <= player < self.num_players:
            raise BadInput(f"there is no player {player} in a {self.num_players}-player game")
        # What `player` saw, and the public lines (a redacted line of their own secret is hidden
        # from them but is no secret: spectators' views of the copy must match the truth's).
        new = self._copy([], self.events.seen_by(player, also_public=True), share_rng=False)
        new.seed = None
        new.start = None
        new._rng, new._rng_seed, new._rng_shared = None, rng.getrandbits(64), False
        new._resample_hidden(player, rng)
        new._legal = None
        return new

    def to_position(self, seat: int | None = None) -> dict[str, Any]:
        """This state as a position (`engine/position.py`): with seat=None the whole truth,
        hidden cards, draw order and random generator included, so `Game.from_position`
        continues exactly as this state would; with a seat, only what that seat may know (for
        hints and bug reports: never another player's hand)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise BadInput(f"there is no player {seat!r} in a {self.num_players}-player game")
        out: dict[str, Any] = {
            "format": position.FORMAT,
            "game": self.game.id,
            "players": self.num_players,
            "options": options_to_json(self.options, full=True),
        }
        if seat is None:
            out["rng"] = position.rng_to_json(self.rng)
        else:
            out["seat"] = seat
        out.update(self._to_position(seat))
        return out

    def record(self) -> Record:
        if self.start is not None:
            return Record(
                game=self.game.id,
                players=self.num_players,
                seed=0,
                options=options_to_json(self.options, full=True),
                actions=tuple(a.to_json() for a in self.history),
                position=self.start,
            )
        if self.seed is None:
            raise GameError("a determinized state has no record: its past is not known")
        return Record(
            game=self.game.id,
            players=self.num_players,
            seed=self.seed,
            options=options_to_json(self.options, full=True),
            actions=tuple(a.to_json() for a in self.history),
        )

    # -- helpers for games -----------------------------------------------------------------
    @classmethod
    def blank(cls, game: Game[Any, Any], players: int, options: Any) -> Self:
        """An instance with the kernel's fields only, for `Game._from_position` to fill in
        (the game's own __init__, which deals, is not run)."""
        state = object.__new__(cls)
        State.__init__(state, game, players, options, 0)
        state.seed = None
        return state

    def _log(
        self,
        kind: str,
        actor: int | None = None,
        visible_to: frozenset[int] | None = None,
        **data: Any,
    ) -> None:
        """Log an event: its kind and what it concerns (seat numbers, card ids), no words."""
        self.events.log(kind, actor, visible_to, data or None)

    def _log_secret(
        self,
        kind: str,
        knowers: frozenset[int],
        secret: dict[str, Any],
        public: dict[str, Any],
        actor: int | None = None,
    ) -> None:
        """Log the event with `secret` data for `knowers` and with `public` data (the same
        kind, the secret left out) for everyone else, spectators included."""
        self.events.log(kind, actor, knowers, secret or None)
        self.events.log(kind, actor, None, public or None, knowers)

    # -- equality: same game, same everything (the RNG by its state) -----------------------
    def fields(self) -> dict[str, Any]:
        """Every field of this state by name: its attributes, and the fields a game keeps in
        `__slots__` (CPython 3.11 gives an instance of more than 29 attributes a dictionary of
        its own, where no method lookup on it is specialized: a game past that keeps some of
        its fields in slots)."""
        out = dict(self.__dict__)
        for name in slot_names(type(self)):
            out[name] = getattr(self, name)
        return out

    def _comparable(self) -> dict[str, Any]:
        # `_view_memo`: what a game works out once for every view of one step (Monster Diner's
        # running breakdown), like `_legal` a memo, not a part of the game.
        hidden = ("_rng", "_rng_seed", "_rng_shared", "_legal", "_view_memo", "start")
        out = {k: v for k, v in self.fields().items() if k not in hidden}
        out["rng"] = self.rng.getstate()
        return out

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        assert isinstance(other, State)
        return self._comparable() == other._comparable()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.id} state, {len(self.history)} actions, next {self.current_player}>"


@functools.cache
def slot_names(cls: type) -> tuple[str, ...]:
    """The names of the fields `cls` and its bases keep in `__slots__`."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else slots
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def _copy_generator(rng: random.Random) -> random.Random:
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


OVER = "over"


class PhasedState(State[OptionsT]):
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
