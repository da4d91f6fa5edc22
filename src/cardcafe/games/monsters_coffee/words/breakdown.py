"""The score breakdown's parts in players' words (the arithmetic is tally.py's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcafe.engine.view import Part

from .. import powers as P
from .. import tally
from .catalogue import NAMES
from .names import tokens_total

if TYPE_CHECKING:
    from ..state import MonstersCoffeeState

SOURCES = {
    "skeeter": "Skeeter Coffee tokens",
    "snout": "Snout Coffee tokens",
    "grunge": "Grunge questions",
    "floor": "Losses not paid (Coffee stops at 0)",
}


def breakdown(state: MonstersCoffeeState) -> tuple[str, list[list[Part]]] | None:
    """At the end of a round until the next deal's first choice (the round's parts), and at the
    game's end (each earlier round as one part, the last round's parts, the end bonuses)."""
    if state.is_over:
        title = "Final scores"
    elif state.phase == P.REAR and state.round > 1 and not any(state.rear):
        title = f"Round {state.round - 1}"
    else:
        return None
    negative = state.options.negative_coffee
    rounds, end = tally.tally(state.events, state.num_players, negative, state.tally_base)
    if not state.is_over:  # the next round is dealt already
        return title, [_parts(got) for got in rounds[state.round - 1]]
    *earlier, last = sorted(rounds)
    out = []
    for seat in range(state.num_players):
        parts: list[Part] = [
            {"label": f"Round {r}", "points": sum(rounds[r][seat].values())} for r in earlier
        ]
        parts += [
            {"label": f"Round {last}: {p['label']}", "points": p["points"]}
            for p in _parts(rounds[last][seat])
        ]
        parts += _end_parts(state, seat, end[seat])
        out.append(parts)
    return title, out


def _parts(got: dict[Any, int]) -> list[Part]:
    """A round's parts: the majorities in the order they were scored, then the tokens."""
    parts: list[Part] = [
        {"label": f"{NAMES[source[1]]} majority", "points": points}
        for source, points in got.items()
        if isinstance(source, tuple) and points  # ("majority", family)
    ]
    parts += [
        {"label": label, "points": got[source]}
        for source, label in SOURCES.items()
        if got.get(source)
    ]
    return parts


def _end_parts(state: MonstersCoffeeState, seat: int, got: dict[str, int]) -> list[Part]:
    parts: list[Part] = []
    if got.get("cookie"):
        most = max(state.cookies)
        tie = state.cookies.count(most) > 1
        why = "tied on Cookie tokens, most Whipped Cream" if tie else "most Cookie tokens"
        parts.append({"label": f"Cookie bonus ({why})", "points": got["cookie"]})
    if got.get("mummy"):
        faces = [state.cards.mummy[t.value] for t in state.mummy_held[seat]]
        parts.append({"label": f"Mummy tokens ({tokens_total(faces)})", "points": got["mummy"]})
    if got.get("floor"):
        parts.append({"label": SOURCES["floor"], "points": got["floor"]})
    return parts
