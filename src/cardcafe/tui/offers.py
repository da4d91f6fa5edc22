"""The moves the table lists: the legal actions, with copies of one card as one move.

The engine offers a move per card of a hand (its legal actions are a contract: records and
corpora depend on them), so a Monster's Coffee hand with two Rex offers "the first Rex" and
"the second Rex". In a hand those are the same card to a player: the list shows one move,
"... (you hold 2)", which plays the first copy. Copies in a Front Line are one move too when
nothing tells them apart, "... (2 alike)"; copies with other tokens on them stay apart (the
engine's label names the tokens), and one with no token says so when a copy beside it has
one, "... (no token on it)", "... (2 alike, no token on them)".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from cardcafe.engine import Action

# Per game, the kind of move that picks a card of the mover's hand by its place in the hand
# (`slot`), the hand being `view["hands"][view["seat"]]`.
HAND_MOVES = {"monsters-coffee": "choose-rear"}
# Per game, the kinds of move that pick a card of a Front Line by its owner and place (`owner`,
# `slot`), the line being `view["front"][owner]`: each card a dict of the card and its tokens.
LINE_MOVES = {"monsters-coffee": frozenset({"take", "pick-front"})}


@dataclass(frozen=True)
class Offer:
    """One move of the list: the action it plays and every copy it stands for."""

    label: str  # the game's label, without the word that told copies apart
    actions: tuple[Action, ...]  # the copies; the first is played
    held: bool = True  # copies in the mover's hand (else alike in a line)
    bare: bool = False  # a line's card with no token, where a copy of it has some

    @property
    def action(self) -> Action:
        return self.actions[0]

    @property
    def text(self) -> str:
        """The label as the list shows it: how many copies, when there are several."""
        count = len(self.actions)
        if self.held:
            return f"{self.label} (you hold {count})" if count > 1 else self.label
        told = [f"{count} alike"] if count > 1 else []
        told += [f"no token on {'them' if count > 1 else 'it'}"] if self.bare else []
        return f"{self.label} ({', '.join(told)})" if told else self.label


def hand_card(view: dict[str, Any], action: Action) -> str | None:
    """The card of the mover's hand that `action` picks, if it picks one by its place."""
    if HAND_MOVES.get(str(view.get("game"))) != action.kind or view.get("seat") is None:
        return None
    hand = view["hands"][view["seat"]]
    slot = getattr(action, "slot", None)
    if not isinstance(hand, list) or not isinstance(slot, int) or not 0 <= slot < len(hand):
        return None
    return str(hand[slot])


def line_card(view: dict[str, Any], action: Action) -> tuple[list[Any], dict[str, Any]] | None:
    """The Front Line and the card of it (with its tokens) that `action` picks, if it picks
    one by its owner and place."""
    if action.kind not in LINE_MOVES.get(str(view.get("game")), frozenset()):
        return None
    owner, slot = getattr(action, "owner", None), getattr(action, "slot", None)
    lines = view.get("front")
    if not isinstance(owner, int) or not isinstance(slot, int) or not isinstance(lines, list):
        return None
    line = lines[owner] if 0 <= owner < len(lines) else None
    if not isinstance(line, list) or not 0 <= slot < len(line) or not isinstance(line[slot], dict):
        return None
    return line, line[slot]


def tokens(card: dict[str, Any]) -> str:
    """A card of a line's tokens, as one key (every field but the card's name)."""
    return repr(sorted((k, repr(v)) for k, v in card.items() if k != "card"))


def has_tokens(card: dict[str, Any]) -> bool:
    return any(v for k, v in card.items() if k != "card")


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
    mover's hand as one offer (at the first copy's place), copies alike in a line too, every
    other action alone."""
    groups: dict[Hashable, list[Action]] = {}
    listed: list[Hashable | Action] = []
    bare: set[Action] = set()  # a line's card with no token, where a copy of it has some
    for action in actions:
        key: Hashable
        card = hand_card(view, action)
        found = line_card(view, action)
        if card is not None:
            key = ("hand", action.kind, card)
        elif found is not None:
            line, picked = found
            owner = getattr(action, "owner", None)
            key = ("line", action.kind, owner, picked.get("card"), tokens(picked))
            copies = [c for c in line if isinstance(c, dict) and c.get("card") == picked["card"]]
            if not has_tokens(picked) and any(has_tokens(c) for c in copies):
                bare.add(action)
        else:
            listed.append(action)
            continue
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
        held = item[0] == "hand"  # type: ignore[index]
        labels = [label(a) for a in copies]
        merged = merged_label(labels) if len(copies) > 1 else labels[0]
        if merged is None:  # (worded apart by more than a copy's number: kept apart)
            out += [
                Offer(text, (a,), held, a in bare) for text, a in zip(labels, copies, strict=True)
            ]
        else:
            out.append(Offer(merged, tuple(copies), held, copies[0] in bare))
    return out
