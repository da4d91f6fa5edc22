"""Coffee Break actions: a turn is a sequence of these small steps (lay, or pick and exchange).

Their `__str__` is for debugging; players read `words.describe`."""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay one `ingredient` card from your hand under the order in `slot` (0 to 3)."""

    kind = "lay"
    slot: int
    ingredient: str

    def __str__(self) -> str:
        return f"lay {self.ingredient} under order {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class LayJoker(Action):
    """Lay a joker under the order in `slot`, naming the `ingredient` it stands for."""

    kind = "lay-joker"
    slot: int
    ingredient: str

    def __str__(self) -> str:
        return f"lay a joker as {self.ingredient} under order {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class FinishLaying(Action):
    """Stop laying, draw back up to 7 cards and end the turn."""

    kind = "finish-laying"

    def __str__(self) -> str:
        return "finish laying and draw back up to 7 cards"


@dataclass(frozen=True, slots=True)
class PickForExchange(Action):
    """Set one `card` of your hand (an ingredient or "joker") aside to exchange."""

    kind = "pick-for-exchange"
    card: str

    def __str__(self) -> str:
        return f"pick {self.card} to exchange"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Discard the picked cards face up and draw as many; the turn ends."""

    kind = "exchange"

    def __str__(self) -> str:
        return "exchange the picked cards"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Offered only to a player with no card in hand (both piles ran dry): nothing to do."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass (no cards in hand)"
