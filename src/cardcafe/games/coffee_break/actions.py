"""Coffee Break actions: a turn is a sequence of these small steps (lay, or pick and exchange).

Their `__str__` is for debugging; players read `words.describe`.

Every action of the game's space exists once: `Lay(0, "milk")` returns the one shared `Lay(0,
"milk")`, so equal actions are the same object and equality is identity. The engine checks a
move with `action in legal_actions`, which then costs a pointer comparison per offered move
instead of a Python `__eq__` call (the most expensive part of a move before). Arguments outside
the space (`Lay(9, "tea")`) make a fresh object that equals nothing: it is in no legal list and
in no action space, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from cardcafe.engine import Action

from .cards import FACE_UP, INGREDIENTS, JOKER

# (class, *fields) -> the one action with those fields; filled at the end of this module.
_SPACE: dict[tuple[Any, ...], Action] = {}


ActionT = TypeVar("ActionT", bound=Action)


def _fresh(cls: type[ActionT], values: tuple[Any, ...]) -> ActionT:
    action: ActionT = object.__new__(cls)
    slots: tuple[str, ...] = cls.__slots__
    for name, value in zip(slots, values, strict=True):
        object.__setattr__(action, name, value)
    return action


def _shared(cls: type[ActionT], values: tuple[Any, ...]) -> ActionT:
    try:
        # The space is keyed by the action's class: the one found is of that class.
        return _SPACE[(cls, *values)]  # type: ignore[return-value]
    except (KeyError, TypeError):  # not an action of the space (or unhashable fields)
        return _fresh(cls, values)


class _Shared(Action):
    """Base of this game's actions: one object per action (see the module's docstring)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling and copying rebuild through the constructor: back to the shared object.
        slots: tuple[str, ...] = self.__slots__
        return type(self), tuple(getattr(self, name) for name in slots)


# eq=False keeps object identity as equality and hash; init=False: `__new__` builds.
@dataclass(frozen=True, slots=True, eq=False, init=False)
class Lay(_Shared):
    """Lay one `ingredient` card from your hand under the order in `slot` (0 to 3)."""

    kind = "lay"
    slot: int
    ingredient: str

    def __new__(cls, slot: int, ingredient: str) -> Lay:
        return _shared(cls, (slot, ingredient))

    def __str__(self) -> str:
        return f"lay {self.ingredient} under order {self.slot + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class LayJoker(_Shared):
    """Lay a joker under the order in `slot`, naming the `ingredient` it stands for."""

    kind = "lay-joker"
    slot: int
    ingredient: str

    def __new__(cls, slot: int, ingredient: str) -> LayJoker:
        return _shared(cls, (slot, ingredient))

    def __str__(self) -> str:
        return f"lay a joker as {self.ingredient} under order {self.slot + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class FinishLaying(_Shared):
    """Stop laying, draw back up to 7 cards and end the turn."""

    kind = "finish-laying"

    def __new__(cls) -> FinishLaying:
        return _shared(cls, ())

    def __str__(self) -> str:
        return "finish laying and draw back up to 7 cards"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class PickForExchange(_Shared):
    """Set one `card` of your hand (an ingredient or "joker") aside to exchange."""

    kind = "pick-for-exchange"
    card: str

    def __new__(cls, card: str) -> PickForExchange:
        return _shared(cls, (card,))

    def __str__(self) -> str:
        return f"pick {self.card} to exchange"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Exchange(_Shared):
    """Discard the picked cards face up and draw as many; the turn ends."""

    kind = "exchange"

    def __new__(cls) -> Exchange:
        return _shared(cls, ())

    def __str__(self) -> str:
        return "exchange the picked cards"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Pass(_Shared):
    """Offered only to a player with no card in hand (both piles ran dry): nothing to do."""

    kind = "pass"

    def __new__(cls) -> Pass:
        return _shared(cls, ())

    def __str__(self) -> str:
        return "pass (no cards in hand)"


def all_actions() -> list[Action]:
    """The game's action space, in its fixed order (`Game.space` indexes it)."""
    slots = range(FACE_UP)
    return (
        [Lay(s, i) for s in slots for i in INGREDIENTS]
        + [LayJoker(s, i) for s in slots for i in INGREDIENTS]
        + [FinishLaying()]
        + [PickForExchange(c) for c in (*INGREDIENTS, JOKER)]
        + [Exchange(), Pass()]
    )


def _build_space() -> None:
    keys = (
        [(Lay, s, i) for s in range(FACE_UP) for i in INGREDIENTS]
        + [(LayJoker, s, i) for s in range(FACE_UP) for i in INGREDIENTS]
        + [(FinishLaying,), (Exchange,), (Pass,)]
        + [(PickForExchange, c) for c in (*INGREDIENTS, JOKER)]
    )
    for cls, *values in keys:
        _SPACE[(cls, *values)] = _fresh(cls, tuple(values))


_build_space()
