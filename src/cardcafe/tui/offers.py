"""The moves the table lists: the legal actions, with copies of one card in a hand as one move.

The engine offers a move per card of a hand (its legal actions are a contract: records and
corpora depend on them), so a Monster's Coffee hand with two Rex offers "the first Rex" and
"the second Rex". In a hand those are the same card to a player: the list shows one move,
"... (you hold 2)", which plays the first copy. Copies in a line stay apart: tokens on them
can tell them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardcafe.engine import Action

# Per game, the kind of move that picks a card of the mover's hand by its place in the hand
# (`slot`), the hand being `view["hands"][view["seat"]]`.
HAND_MOVES = {"monsters-coffee": "choose-rear"}


@dataclass(frozen=True)
class Offer:
    """One move of the list: the action it plays and every copy it stands for."""

    label: str  # the game's label, without the word that told copies apart
    actions: tuple[Action, ...]  # the copies; the first is played

    @property
    def action(self) -> Action:
        return self.actions[0]

    @property
    def text(self) -> str:
        """The label as the list shows it: how many copies, when there are several."""
        held = len(self.actions)
        return f"{self.label} (you hold {held})" if held > 1 else self.label


def hand_card(view: dict[str, Any], action: Action) -> str | None:
    """The card of the mover's hand that `action` picks, if it picks one by its place."""
    if HAND_MOVES.get(str(view.get("game"))) != action.kind or view.get("seat") is None:
        return None
    hand = view["hands"][view["seat"]]
    slot = getattr(action, "slot", None)
    if not isinstance(hand, list) or not isinstance(slot, int) or not 0 <= slot < len(hand):
        return None
    return str(hand[slot])


def merged_label(labels: Sequence[str]) -> str | None:
    """The copies' labels without the one word that tells them apart ("the first Rex", "the
    second Rex": "the Rex"), or None if they differ by more than that word."""
    words = [label.split(" ") for label in labels]
    shortest = min(len(w) for w in words)
    head = 0
    while head < shortest and len({w[head] for w in words}) == 1:
        head += 1
    tail = 0
    while tail < shortest - head and len({w[-1 - tail] for w in words}) == 1:
        tail += 1
    if any(len(w) - head - tail != 1 for w in words):
        return None
    return " ".join(words[0][:head] + words[0][len(words[0]) - tail :])


def offers(
    view: dict[str, Any], actions: Sequence[Action], label: Callable[[Action], str]
) -> list[Offer]:
    """The legal `actions` as the list offers them, in their order: copies of one card in the
    mover's hand as one offer (at the first copy's place), every other action alone."""
    groups: dict[tuple[str, str], list[Action]] = {}
    listed: list[tuple[str, str] | Action] = []
    for action in actions:
        card = hand_card(view, action)
        if card is None:
            listed.append(action)
            continue
        key = (action.kind, card)
        if key not in groups:
            groups[key] = []
            listed.append(key)
        groups[key].append(action)
    out: list[Offer] = []
    for item in listed:
        if isinstance(item, Action):
            out.append(Offer(label(item), (item,)))
            continue
        copies = groups[item]
        labels = [label(a) for a in copies]
        merged = merged_label(labels) if len(copies) > 1 else labels[0]
        if merged is None:  # (worded apart by more than a copy's number: kept apart)
            out += [Offer(text, (a,)) for text, a in zip(labels, copies, strict=True)]
        else:
            out.append(Offer(merged, tuple(copies)))
    return out
