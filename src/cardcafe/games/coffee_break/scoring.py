"""Coffee Break points, pure: the engine during play and `cardcafe score` both use it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Literal

from cardcafe.engine import BadInput

from .cards import ORDER_IDS, ORDER_KIND

Doubling = Literal["at-least", "more-than"]

# Kind -> (points per card, the count named in "doubled when there are more than N same orders").
# 002, "4. Points of the order cards":
KIND_POINTS = {
    "espresso": (2, 3),  # "2 points for each Espresso ... doubled when there are more than 3"
    "americano": (2, 3),  # "2 points for each Americano ... doubled when there are more than 3"
    "cafe-latte": (3, 2),  # "3 points for each Café Latte ... doubled when ... more than 2"
    "cafe-mocha": (3, 2),  # "3 points for each Café Mocha ... doubled when ... more than 2"
    "cappuccino": (4, 2),  # "4 points for each Cappuccino ... doubled when ... more than 2"
    "caramel-macchiato": (5, 2),  # "5 points for each Caramel Macchiato ... more than 2"
}


def doubles(count: int, named: int, doubling: Doubling) -> bool:
    """Whether `count` orders of one kind double, the rulebook naming `named` ("more than N").

    "at-least" reads the Korean original's "N 이상" (N or more), which translations render as
    "more than N"; "more-than" takes the English words literally (see the rules page)."""
    return count >= named if doubling == "at-least" else count > named


def kind_counts(orders: Iterable[str]) -> Counter[str]:
    return Counter(ORDER_KIND[o] for o in orders)


def points(orders: Iterable[str], doubling: Doubling = "at-least") -> int:
    """The points of the order cards one player took."""
    # Counted by hand, not with `kind_counts`: the engine scores on every completed order.
    counts: dict[str, int] = {}
    for order in orders:
        kind = ORDER_KIND[order]
        counts[kind] = counts.get(kind, 0) + 1
    total = 0
    for kind, count in counts.items():
        each, named = KIND_POINTS[kind]
        # 002: "You can get 2 points for one card, and the points will be doubled when there are
        # more than 3 same orders." Same orders = the same kind, variants included.
        total += each * count * (2 if doubles(count, named, doubling) else 1)
    return total


def parse_orders(seat: int, taken: object) -> list[str]:
    if not isinstance(taken, list):
        raise BadInput(f"players[{seat}] must be a list of order ids")
    for order in taken:
        if order not in ORDER_IDS:
            raise BadInput(
                f"players[{seat}]: unknown order {order!r}; order ids are {', '.join(ORDER_IDS)}"
            )
    return taken


def score_json(obj: Any) -> dict[str, Any]:
    """`{"players": [[order id, ...], ...]}` -> `{"scores": [...]}`: the points of the order
    cards each player took. An optional `"doubling": "more-than"` scores as the game option of
    that name does (default "at-least"), so a table that plays it gets the engine's numbers."""
    if not isinstance(obj, dict) or "players" not in obj or not set(obj) <= {"players", "doubling"}:
        raise BadInput(
            'expected a JSON object with the field "players" (and optionally "doubling")'
        )
    doubling = obj.get("doubling", "at-least")
    if doubling not in ("at-least", "more-than"):
        raise BadInput(f'"doubling" must be "at-least" or "more-than", not {doubling!r}')
    players = obj["players"]
    if not isinstance(players, list) or not players:
        raise BadInput('"players" must be a non-empty list of players (lists of order ids)')
    parsed = [parse_orders(seat, taken) for seat, taken in enumerate(players)]
    return {"scores": [points(taken, doubling) for taken in parsed]}
