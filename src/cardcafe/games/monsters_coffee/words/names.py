"""Naming cards where they lie, for labels and log lines: "the second Rex (with a Coffee
token)", never a position number."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from cardcafe.engine.words import Words, join

from ..pieces import Slot
from ..scoring import ODD_BONES_LOSS

if TYPE_CHECKING:
    from ..state import MonstersCoffeeState

T = TypeVar("T")

ORDINALS: tuple[str, ...] = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
ORDINALS += ("eighth", "ninth", "tenth", "eleventh", "twelfth")


def known(value: T | None) -> T:
    """A field the pending decision relies on (a power's earlier choice, the player to move):
    set whenever the phase asks for it."""
    assert value is not None
    return value


def ordinal(n: int) -> str:
    return ORDINALS[n] if n < len(ORDINALS) else f"number {n + 1}"


def nth(cards: list[str], i: int, w: Words, alike: bool = False) -> str:
    """'the Rex', or with several alike in `cards`, 'the second Rex'; `alike`: 'the Rex'
    whatever its copies (the label of the copies as one move, `copies.py`)."""
    card = cards[i]
    alike_at = [j for j, c in enumerate(cards) if c == card]
    if len(alike_at) == 1 or alike:
        return w.the(card)
    return f"the {ordinal(alike_at.index(i))} {w.card(card)}"


def marks(slot: Slot) -> str:
    tokens = ["Droppings"] if slot.droppings else []
    tokens += ["a Coffee token"] if slot.snout else []
    tokens += ["a Mummy token"] if slot.mummy is not None else []
    return f" (with {join(tokens)})" if tokens else ""


def front_card(
    state: MonstersCoffeeState, owner: int, slot: int, w: Words, alike: bool = False
) -> str:
    """A Front Line card, told apart from its like by its place among them (unless `alike`)
    and its tokens."""
    line = state.front[owner]
    return nth([s.card for s in line], slot, w, alike) + marks(line[slot])


def rear_card(
    state: MonstersCoffeeState, owner: int, slot: int, w: Words, alike: bool = False
) -> str:
    return nth([r.card for r in state.rear[owner]], slot, w, alike)


def face(coffee: int, bones: int) -> str:
    told = [f"{coffee} Coffee"] if coffee else []
    told += [f"{bones} Bone{'' if bones == 1 else 's'}"] if bones else []
    return join(told) or "nothing"


def bones_rule(bones: int) -> str:
    """What a player's Bones did at the end: "5 Bones, odd: -3", "4 Bones, even: +4" (000:
    "With an odd number of Bones, you lose 3 Coffee tokens. With an even number of Bones, you
    win as many Coffee tokens as the even number of Bones.")."""
    worth = f"odd: -{ODD_BONES_LOSS}" if bones % 2 else f"even: +{bones}"
    return f"{bones} Bone{'' if bones == 1 else 's'}, {worth}"


def tokens_total(faces: list[tuple[int, int]]) -> str:
    """A player's Mummy tokens at the end, summed: "8 Coffee; 5 Bones, odd: -3"."""
    coffee = sum(c for c, _ in faces)
    bones = sum(b for _, b in faces)
    told = [f"{coffee} Coffee"] if coffee else []
    told += [bones_rule(bones)] if bones else []
    return "; ".join(told) or "nothing"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
