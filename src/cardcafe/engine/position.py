"""Positions: a state as JSON in the game's own words, and back.

`State.to_position()` describes the whole truth (hidden cards, draw order, the random generator's
state), so `Game.from_position` continues exactly as the original would. `State.to_position(seat)`
holds only what that seat may know; `Game.from_position` deals the rest at random (the seed in the
position or given as an argument), as a determinization does. Both carry the envelope below; each
game writes and reads its own part (`State._to_position`, `Game._from_position`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import BadInput

FORMAT = 1
ENVELOPE = ("format", "game", "players", "options", "seat", "seed", "rng")


def rng_to_json(rng: random.Random) -> list[Any]:
    """The generator's whole state, as JSON (Mersenne Twister: version, 625 words, gauss)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(obj: Any) -> random.Random:
    try:
        version, internal, gauss = obj
        state = (int(version), tuple(int(x) for x in internal), gauss)
        rng = random.Random()
        rng.setstate(state)
    except (TypeError, ValueError, OverflowError) as exc:
        raise BadInput(f"the position's rng is not a random generator's state: {exc}") from None
    return rng


def field(obj: Mapping[str, Any], name: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    """`obj[name]`, which must be of `kind` (bools are not ints); BadInput naming it if not."""
    label = f"{where}{name}"
    if name not in obj:
        raise BadInput(f"the position has no {label!r}")
    value = obj[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise BadInput(f"{label!r} must be {_names(kinds)}, not {value!r}")
    if not isinstance(value, kinds):
        raise BadInput(f"{label!r} must be {_names(kinds)}, not {type(value).__name__}")
    return value


def seat_field(obj: Mapping[str, Any], name: str, players: int, optional: bool = False) -> Any:
    """A seat number (0 to players-1); None allowed when `optional`."""
    if optional and obj.get(name) is None:
        return None
    seat = field(obj, name, int)
    if not 0 <= seat < players:
        raise BadInput(f"{name!r} must be a seat from 0 to {players - 1}, not {seat}")
    return seat


def cards_field(
    obj: Mapping[str, Any], name: str, known: Iterable[str], where: str = ""
) -> list[str]:
    """A list of card ids, each one the game knows."""
    cards = field(obj, name, list, where)
    known = set(known)
    for card in cards:
        if not isinstance(card, str) or card not in known:
            raise BadInput(f"{where}{name!r} holds {card!r}, which is not a card of this game")
    return list(cards)


def check_supply(used: Counter[str], supply: Counter[str], what: str = "card") -> None:
    """No card more often than the card data holds."""
    for card, n in used.items():
        if n > supply.get(card, 0):
            raise BadInput(
                f"the position holds {n} of the {what} {card!r}; the game has {supply.get(card, 0)}"
            )


def _names(kinds: tuple[type, ...]) -> str:
    words = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
    words |= {bool: "true or false", float: "a number", type(None): "null"}
    return " or ".join(words.get(k, k.__name__) for k in kinds)
