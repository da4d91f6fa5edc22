"""The Coffee Break card set: the ids of every card, and the assumed recipes loaded from TOML."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.data import load_toml

SEED = "002_166af175196e41ee.txt"
# 002: "20 order cards", "58 ingredient cards", "3 joker cards"
ORDER_CARDS = 20
INGREDIENT_CARDS = 58
JOKERS = 3
JOKER = "joker"
HAND_SIZE = 7  # 002: "Each player now can take 7 cards one by one"
FACE_UP = 4  # 002: "take 4 cards from the top of the pile of the order cards"
MAX_EXCHANGE = 4  # 002: "It is possible to exchange 1 ~ 4 cards"

# The ingredients the order cards picture (small ingredient pictures). The rulebook names none;
# these are the ones real recipes for its twelve drinks use (ASSUMED, see the rules page).
INGREDIENTS = (
    "espresso",
    "water",
    "milk",
    "foam",
    "chocolate",
    "caramel",
    "ice",
    "whipped-cream",
)
# Order id -> its kind. 002, "Points of the order cards": each kind includes its variant, e.g.
# "Espresso (Including Espresso con pana)", "Americano (Including Ice Americano)".
ORDER_KIND = {
    "espresso": "espresso",
    "espresso-con-panna": "espresso",
    "americano": "americano",
    "iced-americano": "americano",
    "cafe-latte": "cafe-latte",
    "iced-cafe-latte": "cafe-latte",
    "cafe-mocha": "cafe-mocha",
    "iced-cafe-mocha": "cafe-mocha",
    "cappuccino": "cappuccino",
    "iced-cappuccino": "cappuccino",
    "caramel-macchiato": "caramel-macchiato",
    "iced-caramel-macchiato": "caramel-macchiato",
}
ORDER_IDS = tuple(ORDER_KIND)
# The id an order card has where it is shown (views, events, the catalogue): orders and
# ingredients share some ids ("espresso"), so shown orders carry a prefix.
ORDER_CARD = {order: f"order:{order}" for order in ORDER_IDS}
DEFAULT_FILE = Path(__file__).with_name("cards.toml")


def ingredient_name(card: str) -> str:
    """Kept for the terminal table until it reads the catalogue (issue 20): the words are in
    `words.py`."""
    from .words import INGREDIENT_NAMES

    return INGREDIENT_NAMES.get(card, card)


def order_name(order: str) -> str:
    """Kept for the terminal table until it reads the catalogue (issue 20); takes an order id or
    its shown id ("order:espresso")."""
    from .words import ORDER_NAMES

    return ORDER_NAMES.get(order.removeprefix("order:"), order)


@dataclass(frozen=True)
class CardSet:
    ingredient_counts: tuple[tuple[str, int], ...]  # ingredient -> cards of it (jokers apart)
    order_copies: tuple[tuple[str, int], ...]  # order id -> copies among the 20
    recipes: dict[str, tuple[str, ...]]  # order id -> the ingredients it needs, sorted

    @property
    def ingredient_deck(self) -> list[str]:
        """The 58 ingredient cards and the 3 jokers: 002, "jokers shuffled into the ingredients"
        is our reading of "Sort out the remaining order cards and ingredient cards and shuffle"."""
        return list(self._ingredient_cards)

    @property
    def order_deck(self) -> list[str]:
        return list(self._order_cards)

    # Built once per card set (a new game copies them): frozen, so they cannot go stale.
    @functools.cached_property
    def _ingredient_cards(self) -> tuple[str, ...]:
        cards = [card for card, n in self.ingredient_counts for _ in range(n)]
        return (*cards, *[JOKER] * JOKERS)

    @functools.cached_property
    def _order_cards(self) -> tuple[str, ...]:
        return tuple(order for order, n in self.order_copies for _ in range(n))

    def needs(self, order: str) -> Counter[str]:
        return Counter(self.recipes[order])


def load(path: str | Path | None = None) -> CardSet:
    """The card set of a TOML file, or (None) the assumed one shipped with the game."""
    if path is None:
        return _default()
    return load_toml(path, DEFAULT_FILE, validate, "card set")


@functools.cache
def _default() -> CardSet:
    # Read once: the package's own file does not change while it runs, and every new game
    # asks for it (reading it cost more than the rest of setting a game up).
    return load_toml(None, DEFAULT_FILE, validate, "card set")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def validate(data: dict[str, Any]) -> CardSet:
    if set(data) != {"ingredients", "orders"}:
        raise BadInput("needs exactly the tables [ingredients] and [orders.<order id>]")
    counts = data["ingredients"]
    if not isinstance(counts, dict) or set(counts) != set(INGREDIENTS):
        raise BadInput(f"[ingredients] must give exactly {', '.join(INGREDIENTS)}")
    if not all(_whole(n) for n in counts.values()):
        raise BadInput("[ingredients] counts must be whole numbers, 0 or more")
    total = sum(counts.values())
    if total != INGREDIENT_CARDS:
        raise BadInput(
            f"there must be {INGREDIENT_CARDS} ingredient cards (jokers apart), "
            f"this set has {total}"
        )
    orders = data["orders"]
    if not isinstance(orders, dict):
        raise BadInput("[orders] must hold one table per order id")
    unknown = sorted(set(orders) - set(ORDER_IDS))
    if unknown:
        raise BadInput(f"unknown order {unknown[0]!r}; order ids are {', '.join(ORDER_IDS)}")
    copies: list[tuple[str, int]] = []
    recipes: dict[str, tuple[str, ...]] = {}
    for order in ORDER_IDS:
        if order not in orders:
            continue
        copies.append((order, _copies(order, orders[order])))
        recipes[order] = _recipe(order, orders[order], counts)
    total = sum(n for _, n in copies)
    if total != ORDER_CARDS:
        raise BadInput(f"there must be {ORDER_CARDS} order cards, this set has {total}")
    return CardSet(
        tuple((i, counts[i]) for i in INGREDIENTS),
        tuple((o, n) for o, n in copies if n),
        recipes,
    )


def _copies(order: str, table: object) -> int:
    if not isinstance(table, dict) or set(table) != {"copies", "needs"}:
        raise BadInput(f"[orders.{order}] needs exactly the keys copies and needs")
    if not _whole(table["copies"]):
        raise BadInput(f"[orders.{order}] copies must be a whole number, 0 or more")
    copies: int = table["copies"]
    return copies


def _recipe(order: str, table: dict[str, Any], counts: dict[str, int]) -> tuple[str, ...]:
    needs = table["needs"]
    if not isinstance(needs, list) or not needs:
        raise BadInput(f"[orders.{order}] needs must be a non-empty list of ingredients")
    bad = [n for n in needs if n not in INGREDIENTS]
    if bad:
        raise BadInput(
            f"[orders.{order}] needs unknown ingredient {bad[0]!r}; "
            f"ingredients are {', '.join(INGREDIENTS)}"
        )
    # An order must be completable: enough cards of each ingredient exist, jokers included.
    for ingredient, n in Counter(needs).items():
        if n > counts[ingredient] + JOKERS:
            raise BadInput(
                f"[orders.{order}] needs {n} {ingredient} but only {counts[ingredient]} cards "
                f"and {JOKERS} jokers exist"
            )
    return tuple(sorted(needs))
