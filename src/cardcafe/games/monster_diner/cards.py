"""The Monster Diner card set: loaded from TOML and validated once."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.data import load_toml

DECK_SIZE = 98  # seed 001: "98 cards"
# The types that score on their own, and so the types a MasterChef may require.
BASIC = ("janitor", "ice-cream-man", "pizza-maker", "florist", "salad-meister", "bartender")
CRITIC, PRECEPT, GUEST, MASTERCHEF = "restaurant-critic", "precept", "unwelcome-guest", "masterchef"
PLAIN = (*BASIC, CRITIC, PRECEPT, GUEST)
NAMES = {
    "janitor": "Janitor",
    "ice-cream-man": "Ice Cream Man",
    "pizza-maker": "Pizza Maker",
    "florist": "Florist",
    "salad-meister": "Salad-meister",
    "bartender": "Bartender",
    CRITIC: "Restaurant Critic",
    PRECEPT: "Precept",
    GUEST: "Unwelcome guest",
}
DEFAULT_FILE = Path(__file__).with_name("cards.toml")


def masterchef_id(requires: Iterable[str]) -> str:
    """The canonical id of a MasterChef that requires `requires` (order does not matter)."""
    return MASTERCHEF + (":" + "+".join(sorted(requires)) if requires else "")


@functools.cache
def requirements(card: str) -> frozenset[str]:
    _, _, tail = card.partition(":")
    return frozenset(tail.split("+")) if tail else frozenset()


# Every MasterChef any card set may hold: each set of distinct basic types.
ALL_MASTERCHEFS = tuple(
    masterchef_id(combo)
    for n in range(len(BASIC) + 1)
    for combo in itertools.combinations(BASIC, n)
)
ALL_CARD_IDS = PLAIN + ALL_MASTERCHEFS


def parse_card(text: object) -> str:
    """A card id as people write it, checked and made canonical (MasterChef needs sorted)."""
    if not isinstance(text, str):
        raise BadInput(f"a card id must be a string, not {text!r}")
    if text in PLAIN:
        return text
    head, sep, tail = text.partition(":")
    if head == MASTERCHEF:
        needs = tail.split("+") if sep else []
        bad = [n for n in needs if n not in BASIC]
        if bad or len(set(needs)) != len(needs):
            raise BadInput(
                f"MasterChef {text!r} must require distinct types among {', '.join(BASIC)}"
            )
        return masterchef_id(needs)
    raise BadInput(f"unknown card {text!r}; cards are {', '.join(PLAIN)}, masterchef[:a+b]")


def name(card: str) -> str:
    if card.startswith(MASTERCHEF):
        needs = requirements(card)
        return "MasterChef" + (f" ({' + '.join(NAMES[n] for n in sorted(needs))})" if needs else "")
    return NAMES[card]


@dataclass(frozen=True)
class CardSet:
    counts: tuple[tuple[str, int], ...]  # card id -> copies, MasterChef variants included
    salad_points: tuple[int, ...]

    @property
    def deck(self) -> list[str]:
        return [card for card, n in self.counts for _ in range(n)]

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(card for card, _ in self.counts)

    def salad(self, count: int) -> int:
        if count == 0:
            return 0
        return self.salad_points[min(count, len(self.salad_points)) - 1]


def load(path: str | Path | None = None) -> CardSet:
    return load_toml(path, DEFAULT_FILE, validate)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(data: dict[str, Any], name: str, key: str | None = None) -> dict[str, Any]:
    """The table `name`, which must hold only `key` when one is given."""
    table = data[name]
    if not isinstance(table, dict) or (key is not None and set(table) != {key}):
        raise BadInput(f"[{name}] must be a table" + (f" with just {key}" if key else ""))
    return table


def validate(data: dict[str, Any]) -> CardSet:
    if set(data) != {"counts", "salad-meister", "masterchef"}:
        raise BadInput("needs exactly the tables [counts], [salad-meister] and [masterchef]")
    counts = _table(data, "counts")
    if set(counts) != set(PLAIN):
        raise BadInput(f"[counts] must give exactly {', '.join(PLAIN)}")
    if not all(_whole(n) and n >= 0 for n in counts.values()):
        raise BadInput("[counts] must be whole numbers, 0 or more")
    chefs = _table(data, "masterchef", "requires")["requires"]
    if not isinstance(chefs, list) or not all(
        isinstance(c, list) and all(isinstance(t, str) for t in c) for c in chefs
    ):
        raise BadInput("[masterchef] requires must be a list of lists of card types")
    chef_counts = Counter(
        parse_card(":".join([MASTERCHEF, "+".join(c)]) if c else MASTERCHEF) for c in chefs
    )
    total = sum(counts.values()) + len(chefs)
    if total != DECK_SIZE:
        raise BadInput(f"the deck must hold {DECK_SIZE} cards, this one holds {total}")
    points = _table(data, "salad-meister", "points")["points"]
    if not isinstance(points, list) or len(points) != 7:
        raise BadInput("[salad-meister] points must list the points for 1 to 7 cards")
    # seed 001: "4 cards will bring the maximum of winning points, 1 or 7 — the minimum."
    if not all(_whole(p) for p in points):
        raise BadInput("[salad-meister] points must be whole numbers")
    if max(points) != points[3] or points.count(points[3]) != 1:
        raise BadInput("[salad-meister] 4 cards must bring the most points, as the rulebook says")
    if points[0] != min(points) or points[6] != min(points):
        raise BadInput("[salad-meister] 1 and 7 cards must bring the fewest, as the rulebook says")
    ordered = [(c, counts[c]) for c in PLAIN] + sorted(chef_counts.items())
    return CardSet(tuple((c, n) for c, n in ordered if n), tuple(points))
