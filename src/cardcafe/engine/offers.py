"""Offers: the legal actions as screens list them, with copies of one card as one move.

The legal actions are a contract (records, corpora and action spaces depend on them), so a game
offers one action per card of a hand, "the first Rex" and "the second Rex". To a player those
are one move: every screen lists them once, "Put the Rex of your hand face down in your Rear
Line (you hold 2)", and that move plays the first copy. Copies where everyone sees them (a
Front Line, orders on the table) read "(2 alike)".

A game says which of its actions are copies of one move in its words module, through
`State._copy_of(action, w)` (a `Copy`: a key that is equal for copies, and their label with no
word telling them apart); `State.offers(names)` folds the legal actions with it. A game that
gives no `Copy` lists every action alone, in its own labels.

Only what the player to move knows may tell copies apart or count them: a copy's key is made of
their own cards and of what lies face up (never a face they have not seen).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from .actions import Action


@dataclass(frozen=True, slots=True)
class Copy:
    """What a game says of an action that may be one of several copies of one move."""

    key: Hashable  # equal for the copies of one move (and only those)
    label: str  # the move's label without the word that told the copies apart
    held: bool = False  # copies in the mover's own hand ("you hold 2"), else in sight ("2 alike")
    # What the list adds after the count, for one copy and for several: a card with no token
    # beside a copy with one ("no token on it", "no token on them"); None: nothing.
    aside: tuple[str, str] | None = None
    # Whether the list says how many copies there are; False where the label says it already
    # ("under either Café Mocha": the count after it would read as a count of Milk).
    counted: bool = True


@dataclass(frozen=True, slots=True)
class Offer:
    """One move of the list: the action it plays and every copy it stands for."""

    label: str  # the game's label (of the copies, for several), without the count
    actions: tuple[Action, ...]  # the copies; the first is played
    held: bool = False
    aside: tuple[str, str] | None = None
    counted: bool = True

    @property
    def action(self) -> Action:
        return self.actions[0]

    @property
    def count(self) -> int:
        return len(self.actions)

    @property
    def words(self) -> str:
        """The move without how many copies there are (a hint names a move, not a count): its
        label, and the aside that tells a bare copy from one with a token."""
        return f"{self.label} ({self.aside[0]})" if self.aside else self.label

    @property
    def text(self) -> str:
        """The move as the list shows it: how many copies there are, when there are several."""
        count = len(self.actions)
        several = count > 1 and self.counted
        told = [f"you hold {count}" if self.held else f"{count} alike"] if several else []
        told += [self.aside[count > 1]] if self.aside else []
        return f"{self.label} ({', '.join(told)})" if told else self.label


def fold(
    actions: Sequence[Action],
    label: Callable[[Action], str],
    copy_of: Callable[[Action], Copy | None],
) -> list[Offer]:
    """`actions` as offers, in their order: the copies of one move as one offer (at the first
    copy's place) in their `Copy` label, every other action alone in its own `label`. Two
    offers never read the same: where they would, their copies are listed one by one, in
    their own labels."""
    groups: dict[Hashable, list[tuple[Action, Copy]]] = {}
    listed: list[Hashable | Action] = []
    for action in actions:
        copy = copy_of(action)
        if copy is None:
            listed.append(action)
            continue
        # (a tuple: never equal to an action listed alone; two kinds of move are never copies)
        key = (type(action), copy.key)
        if key not in groups:
            groups[key] = []
            listed.append(key)
        groups[key].append((action, copy))
    offers: list[Offer] = []
    for item in listed:
        if isinstance(item, Action):
            offers.append(Offer(label(item), (item,)))
            continue
        copies = groups[item]
        first = copies[0][1]
        actions = tuple(a for a, _ in copies)
        offers.append(Offer(first.label, actions, first.held, first.aside, first.counted))
    texts = [offer.text for offer in offers]
    if len(set(texts)) == len(texts):
        return offers
    # Offers the game's copy labels do not tell apart (two orders alike but for the cards
    # under them): those actions are listed one by one, in the labels that tell every legal
    # action apart.
    out: list[Offer] = []
    for offer, text in zip(offers, texts, strict=True):
        if texts.count(text) > 1:
            out += [Offer(label(a), (a,), offer.held) for a in offer.actions]
        else:
            out.append(offer)
    if len({offer.text for offer in out}) == len(out):
        return out
    return [Offer(label(a), (a,)) for a in actions]
