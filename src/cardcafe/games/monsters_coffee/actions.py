"""Monster's Coffee actions: small choices; the state's phase says what each one means.

Cards are named by their place (a Front Line slot, a Rear Line slot, a hand slot, a centre
slot), not by family: two Rex of one Front Line differ when one carries a token.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action

from .cards import FAMILIES


@dataclass(frozen=True, slots=True)
class ChooseRear(Action):
    """Put card `slot` of your hand, face down, in your Rear Line."""

    kind = "choose-rear"
    slot: int

    def __str__(self) -> str:
        return f"put card {self.slot + 1} of your hand in your Rear Line"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Your turn: take card `slot` of player `owner`'s Front Line to the centre."""

    kind = "take"
    owner: int
    slot: int

    def __str__(self) -> str:
        return f"take card {self.slot + 1} of player {self.owner + 1}'s Front Line"


@dataclass(frozen=True, slots=True)
class PickFront(Action):
    """A power's target: card `slot` of player `owner`'s Front Line."""

    kind = "pick-front"
    owner: int
    slot: int

    def __str__(self) -> str:
        return f"choose card {self.slot + 1} of player {self.owner + 1}'s Front Line"


@dataclass(frozen=True, slots=True)
class PickRear(Action):
    """A power's target: card `slot` of your own Rear Line."""

    kind = "pick-rear"
    slot: int

    def __str__(self) -> str:
        return f"choose card {self.slot + 1} of your Rear Line"


@dataclass(frozen=True, slots=True)
class PickCentre(Action):
    """Priss's target: card `slot` of the centre."""

    kind = "pick-centre"
    slot: int

    def __str__(self) -> str:
        return f"choose card {self.slot + 1} of the centre"


@dataclass(frozen=True, slots=True)
class AskPlayer(Action):
    """Grunge: the player you ask."""

    kind = "ask-player"
    seat: int

    def __str__(self) -> str:
        return f"ask player {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class AskFamily(Action):
    """Grunge: the family you ask about."""

    kind = "ask-family"
    family: str

    def __str__(self) -> str:
        return f"ask for a {self.family} in their Rear Line"  # debugging only: words.py labels


@dataclass(frozen=True, slots=True)
class PlaceMummy(Action):
    """Mummy: place drawn token `which` (0 or 1) on a Front Line card, keep the other."""

    kind = "place-mummy"
    which: int

    def __str__(self) -> str:
        return f"place Mummy token {self.which + 1} and keep the other"


# Every action built once (issue 17): legal-move lists hold these very objects, so a playout
# builds no action and `State.apply` finds its move by identity. The tables are wider than the
# action space (`Game._all_actions` takes slices of them), so that a line of any size a position
# can hold still has its actions.
SEATS = 5  # the most players at a table (scoring.MAX_PLAYERS)
PLACES = 50  # more slots than any line, hand or centre can hold (a game deals 50 cards)
CHOOSE_REAR = [ChooseRear(i) for i in range(PLACES)]
TAKES = [[Take(p, i) for i in range(PLACES)] for p in range(SEATS)]
PICK_FRONTS = [[PickFront(p, i) for i in range(PLACES)] for p in range(SEATS)]
PICK_REARS = [PickRear(i) for i in range(PLACES)]
PICK_CENTRES = [PickCentre(i) for i in range(PLACES)]
ASK_PLAYERS = [AskPlayer(p) for p in range(SEATS)]
ASK_FAMILIES = {f: AskFamily(f) for f in FAMILIES}
PLACE_MUMMY = [PlaceMummy(0), PlaceMummy(1)]
