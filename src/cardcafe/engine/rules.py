"""Each rule in one place: a decision's legality, its reason for refusal and its effect together.

A game declares its decisions as `Move`s, one per kind of action (pokerkit's `verify_x` /
`can_x` / `x`, TAG's card-owns-its-effect), and its phases as a table from each phase to the
moves it allows (boardgame.io's phases declared with their moves). The kernel does the rest:

- the legal actions now are those the current phase's moves offer, in the order listed;
- an action of a kind the phase does not allow is refused "not now: <the prompt>" by the
  kernel, without asking the game, so a move is only ever asked about its own kind;
- an action of the right kind that is not legal is refused with `Move.refuse`, written beside
  `Move.legal` (the conformance suite checks that the two agree: every action `legal` offers is
  never refused, and `refuse` gives a reason for every other action of the kind);
- a legal action is carried out by its move's `apply`.

A state opts in by being a `RuledState` and naming its table in `PHASES`.
"""

from __future__ import annotations

import random
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .actions import Action
from .errors import IllegalMove
from .eventlog import PACK_AFTER
from .state import OVER, PhasedState, State

if TYPE_CHECKING:
    from .words import Words

StateT = TypeVar("StateT", bound="RuledState[Any]")
ActionT = TypeVar("ActionT", bound=Action)
OptionsT = TypeVar("OptionsT")


class Move(ABC, Generic[StateT, ActionT]):
    """One kind of decision: which actions of `action_type` are legal in a state, why any other of
    that kind is refused, and what a legal one does. A move holds no state of its own: one
    instance serves every game (the phase table holds it)."""

    action_type: ClassVar[type[Action]]  # the kind of action this move decides
    # Other kinds it decides too, where one decision offers actions of two kinds interleaved
    # (Coffee Break's lay: an ingredient card or a joker naming one).
    also_decides: ClassVar[tuple[type[Action], ...]] = ()

    @abstractmethod
    def legal(self, state: StateT) -> Sequence[ActionT]:
        """The legal actions of this kind now, in the order a player is shown them (the same
        pre-built action objects every time: `apply` finds the chosen one by identity)."""

    @abstractmethod
    def refuse(self, state: StateT, action: ActionT, w: Words) -> str:
        """Why `action` (of this kind, not among `legal(state)`) is refused, in words for the
        player to move (`w`): what the rules say stands in the way. Never called for a legal
        action; must not change the state."""

    @abstractmethod
    def apply(self, state: StateT, action: ActionT) -> None:
        """Carry out `action`, one of `legal(state)`. Must not fail: legality was checked."""

    def __repr__(self) -> str:
        return f"<move {self.action_type.kind}>"


class Phases(Generic[StateT]):
    """The phase table: each phase's name and the moves it allows, in the order their actions
    are listed. Built once per game (a module constant); it indexes the moves by action kind."""

    def __init__(self, table: Mapping[str, Sequence[Move[StateT, Any]]]):
        if OVER in table:
            raise ValueError(f"the phase {OVER!r} ends the game: it allows no move")
        self.moves: dict[str, tuple[Move[StateT, Any], ...]] = {
            phase: tuple(moves) for phase, moves in table.items()
        }
        self.by_kind: dict[str, dict[type[Action], Move[StateT, Any]]] = {}
        # Each phase's moves' `apply` by action kind, bound once: the kernel calls one after
        # every decision, and looking `apply` up on moves of many classes at one call site is
        # a lookup CPython 3.11 cannot specialize.
        self.effect: dict[str, dict[type[Action], Callable[[StateT, Any], None]]] = {}
        # Each phase's legal actions in one call (a random playout asks on every move): the
        # move's own `legal` where the phase has one move, else the moves' lists joined.
        self.legal: dict[str, Callable[[StateT], Sequence[Action]]] = {}
        for phase, moves in self.moves.items():
            kinds: dict[type[Action], Move[StateT, Any]] = {}
            for move in moves:
                for kind in (move.action_type, *move.also_decides):
                    if kind in kinds:
                        raise ValueError(f"phase {phase!r} lists two moves of one kind")
                    kinds[kind] = move
            self.by_kind[phase] = kinds
            self.effect[phase] = {kind: move.apply for kind, move in kinds.items()}
            self.legal[phase] = moves[0].legal if len(moves) == 1 else _joined(moves)

    def move_for(self, phase: str, action: Action) -> Move[StateT, Any] | None:
        """The move of `phase` that decides actions of `action`'s kind (None: not allowed now)."""
        return self.by_kind.get(phase, {}).get(type(action))


def _joined(moves: Sequence[Move[StateT, Any]]) -> Callable[[StateT], Sequence[Action]]:
    listers = tuple(move.legal for move in moves)
    # Two to four moves (every joined phase of the four base games; Monster Rejects' turn start
    # has four) in one list display: 2.5% fewer instructions per decision of a Coffee Break
    # playout than the loop below, 1.5% fewer in Monster Rejects (callgrind).
    if len(listers) == 2:
        first, second = listers
        return lambda state: [*first(state), *second(state)]
    if len(listers) == 3:
        first, second, third = listers
        return lambda state: [*first(state), *second(state), *third(state)]
    if len(listers) == 4:
        first, second, third, fourth = listers
        return lambda state: [*first(state), *second(state), *third(state), *fourth(state)]

    def legal(state: StateT) -> Sequence[Action]:
        actions: list[Action] = []
        for lister in listers:
            actions += lister(state)
        return actions

    return legal


class _RuledClass(ABCMeta):
    """The class of a `RuledState` class: whenever a class is given its phase table, in its body
    (`PHASES = ...`) or afterwards (`CoffeeBreakState.PHASES = ...`), its every-decision
    methods are bound to that table (`_read_in_place`)."""

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kw: Any):
        super().__init__(name, bases, namespace, **kw)
        if "PHASES" in namespace:
            _read_in_place(cls, namespace["PHASES"])

    def __setattr__(cls, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name == "PHASES":
            _read_in_place(cls, value)


class RuledState(PhasedState[OptionsT], metaclass=_RuledClass):
    """A phased state whose decisions are declared in its class's `PHASES` table: legality,
    refusals and effects come from there, so a game writes each rule once."""

    PHASES: ClassVar[Phases[Any]]

    # What `legal_actions`, `apply` and `apply_random` (`_read_in_place`) read in place of
    # calling, and those three, made from the table: a game that wrote its own would be passed
    # over (or replaced), so it is refused when its class is made. (They read `phase == OVER`
    # for `is_over` too: a game may keep `is_over` as a plain attribute, as Coffee Break does,
    # as long as it agrees with its phase, as `PhasedState` asks.)
    _READ_IN_PLACE = ("_legal_actions", "_apply", "legal_actions", "apply", "apply_random")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls._READ_IN_PLACE:
            if name in cls.__dict__:
                raise TypeError(
                    f"{cls.__name__} defines {name}: a RuledState's moves and their effects "
                    f"come from its PHASES table; a game of another shape extends State"
                )

    def _legal_actions(self) -> Sequence[Action]:
        return self.PHASES.legal[self.phase](self)

    def why_illegal(self, action: Action) -> str:
        move = None if self.is_over else self.PHASES.move_for(self.phase, action)
        if move is None:
            return super().why_illegal(action)  # the kernel's "not now: <prompt>"
        return move.refuse(self, action, self.words(self.current_player))

    def _apply(self, action: Action) -> None:
        move: Move[Any, Any] = self.PHASES.by_kind[self.phase][type(action)]
        move.apply(self, action)


def _read_in_place(cls: type, phases: Phases[Any]) -> None:
    """Give the state class `cls` the kernel's `legal_actions`, `apply` and `apply_random`
    (`State`'s) with its phase table `phases` read in place of the calls to `is_over`,
    `_legal_actions`, `_apply` and the log's `settle`: every decision of every game passes here,
    and those four calls were 4 to 5% of the instructions of a random playout (callgrind, Coffee
    Break and Monster Rejects). The table is these functions' own, not read as `self.PHASES`:
    CPython 3.11 cannot specialize reading a class attribute through an instance, and that read,
    twice a decision, was 1.25% of a two-player Monster Rejects playout."""
    legal_in, effect_in = phases.legal, phases.effect

    def legal_actions(self: Any) -> list[Action]:
        legal = self._legal
        if legal is None:
            phase = self.phase
            legal = self._legal = [] if phase == OVER else legal_in[phase](self)
        return [*legal]  # (a list display: `list(legal)` goes through the type's call, 0.8% dearer)

    def apply(self: Any, action: Action) -> None:
        legal = self._legal
        if legal is None:
            phase = self.phase
            legal = self._legal = [] if phase == OVER else legal_in[phase](self)
        for offered in legal:  # by identity first: see `State.apply`
            if offered is action:
                break
        else:
            self._refuse_unless_offered(action, legal)
        # `carry_out`, written out (a call is 1.5% of a playout).
        self._legal = None
        self.history.append(action)
        effect_in[self.phase][type(action)](self, action)
        events = self.events
        if len(events.tail) > PACK_AFTER:
            events.pack()

    def carry_out(self: Any, action: Action) -> None:
        """Carry out a legal action: `apply` once legality is settled."""
        self._legal = None
        self.history.append(action)
        effect_in[self.phase][type(action)](self, action)
        events = self.events
        if len(events.tail) > PACK_AFTER:
            events.pack()

    def apply_random(self: Any, rng: random.Random) -> Action:
        legal = self._legal
        if legal is None:
            phase = self.phase
            legal = self._legal = [] if phase == OVER else legal_in[phase](self)
        if not legal:
            raise IllegalMove("the game is over: no more moves")
        action: Action = rng.choice(legal)
        carry_out(self, action)  # (no check: the action is one of the list)
        return action

    for method in (legal_actions, apply, apply_random):
        method.__doc__ = getattr(State, method.__name__).__doc__
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
