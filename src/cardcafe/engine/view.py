"""The typed shape every view shares; each game extends `CommonView` with its own keys."""

from __future__ import annotations

from typing import NotRequired

# typing_extensions.TypedDict: pydantic validates views against these, and needs it before 3.12.
from typing_extensions import TypedDict


class Part(TypedDict):
    """One line of a score breakdown: what earned (or cost) the points, in players' words."""

    label: str
    points: float


class CommonView(TypedDict):
    """What `State.view` gives for every game, around the game's own keys.

    `seat` and `current_player` are seat numbers for code (lists in a view are indexed by seat);
    screens name seats with their own names. `phase` is the pending decision's player-facing name.
    """

    game: str
    players: int
    seat: int | None
    current_player: int | None
    is_over: bool
    prompt: str | None
    phase: str
    scores: list[float]
    breakdown: NotRequired[list[list[Part]]]
    breakdown_title: NotRequired[str]
    winners: NotRequired[list[int]]


# Keys whose strings are player-facing text, not card ids (the conformance suite checks that every
# other string in a view is an id in the game's catalogue).
TEXT_KEYS: frozenset[str] = frozenset({"game", "prompt", "phase", "breakdown_title", "label"})

Breakdown = list[list[Part]]
