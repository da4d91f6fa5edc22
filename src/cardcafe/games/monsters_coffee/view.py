"""The shape of a Monster's Coffee view (`knowledge.view`): card ids, seat numbers and
counts; names and texts come from the catalogue (words.py)."""

from __future__ import annotations

from typing_extensions import TypedDict

from cardcafe.engine.view import CommonView


class MummyFace(TypedDict):
    """A Mummy token whose face the viewer has seen (else the term "mummy-token")."""

    coffee: int
    bones: int


Mummy = MummyFace | str


class FrontCard(TypedDict):
    card: str
    droppings: bool
    snout_coffee: bool  # the Coffee token Snout put on it
    mummy: Mummy | None


class RearCard(TypedDict):
    card: str | None  # None: face down and not the viewer's own
    revealed: bool


class Supply(TypedDict):
    cookie: int
    whipped_cream: int
    droppings: int
    mummy: int


class MonstersCoffeeView(CommonView):
    round: int  # 1 or 2
    families: list[str]  # the five in play
    cookies: list[int]  # per seat
    whipped_cream: list[int]  # per seat
    supply: Supply  # tokens left in the box
    centre: list[str]
    discarded: int  # cards dealt to nobody this round
    hands: list[list[str] | int]  # per seat: the viewer's own cards, else how many
    front: list[list[FrontCard]]  # per seat
    rear: list[list[RearCard]]  # per seat
    mummy_tokens: list[list[Mummy]]  # per seat: the Mummy tokens they hold
    drawn_mummy: list[Mummy]  # the two the Mummy player drew, while they choose
    rex_rear: int | None  # Rex: the Rear Line slot chosen to swap
    priss_slot: int | None  # Priss: the Front Line slot chosen to swap
    asker: int | None  # Grunge: the seat asking, while a question is open
    ask_target: int | None  # Grunge: the seat asked
    ask_family: str | None  # Grunge: the family asked for
    not_in_rear: list[list[str]]  # per seat: families all know their face-down cards lack
