"""Build Coffee Break positions for rule tests, through the public API (`GAME.from_position`)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

from cardcafe import games
from cardcafe.games.coffee_break.actions import Lay, LayJoker
from cardcafe.games.coffee_break.cards import DEFAULT_FILE, load

GAME = games.get("coffee-break")


def position(
    players=2,
    hands=None,
    slots=("espresso", "americano", "cafe-latte", "cappuccino"),
    laid=None,
    pile_top=(),
    used=(),
    order_pile_top=(),
    taken=None,
    turn=0,
    rest="pile",
    order_pile=None,
    **options,
):
    """A state with the given hands, face-up orders (None: a vacant place), cards laid under
    them as (card, counts as) pairs, the top of both piles (top card last), used pile and taken
    orders, the player of seat `turn` to choose an action. The ingredient cards the position
    does not name go under the ingredient pile (rest="pile") or on the used pile (rest="used");
    the order cards it does not name go under the order pile, unless `order_pile` gives the
    whole order pile (then every order card must be named somewhere)."""
    body = GAME.new(players, seed=0, **options).to_position()
    cards = load(options.get("cards"))
    hands = [sorted(h) for h in (hands or [[] for _ in range(players)])]
    laid = [list(under) for under in (laid or [[] for _ in slots])]
    taken = [list(t) for t in (taken or [[] for _ in range(players)])]
    named = Counter(pile_top) + Counter(used)
    for hand in hands:
        named.update(hand)
    for under in laid:
        named.update(card for card, _ in under)
    remainder = sorted((Counter(cards.ingredient_deck) - named).elements())
    orders = Counter(o for o in slots if o) + Counter(order_pile_top)
    for t in taken:
        orders.update(t)
    if order_pile is None:
        order_pile = sorted((Counter(cards.order_deck) - orders).elements()) + list(order_pile_top)
    body.update(
        turn=turn,
        phase="choose",
        orders=[
            None
            if order is None
            else {"order": order, "laid": [{"card": c, "as": a} for c, a in under]}
            for order, under in zip(slots, laid, strict=True)
        ],
        order_pile=list(order_pile),
        ingredient_pile=(remainder if rest == "pile" else []) + list(pile_top),
        used_pile=list(used) + (remainder if rest == "used" else []),
        hands=hands,
        picked=[],
        taken=taken,
        completed_this_turn=False,
        quiet_turns=0,
        end=None,
    )
    return GAME.from_position(body)


def orders_but(*named: str) -> list[str]:
    """Every order card of the assumed set but those named (for a table where they were taken)."""
    return sorted((Counter(load().order_deck) - Counter(named)).elements())


def card_set(directory: Path, **recipes: list[str]) -> str:
    """A card-set file like the assumed one with some recipes replaced (order id with "_" for
    "-"): the rules page's "a user card set with long recipes"."""
    data = tomllib.loads(DEFAULT_FILE.read_text())
    lines = ["[ingredients]"]
    lines += [f"{name} = {count}" for name, count in data["ingredients"].items()]
    for order, table in data["orders"].items():
        needs = recipes.get(order.replace("-", "_"), table["needs"])
        lines += [f"[orders.{order}]", f"copies = {table['copies']}", f"needs = {needs!r}"]
    path = directory / "long-recipes.toml"
    path.write_text("\n".join(lines).replace("'", '"') + "\n")
    return str(path)


def lay_all(state, lays) -> None:
    """Apply (slot, ingredient) lays; a ("joker", slot, ingredient) triple lays a joker."""
    for lay in lays:
        state.apply(LayJoker(*lay[1:]) if lay[0] == "joker" else Lay(*lay))
