"""The Coffee Break table: the orders with what is laid and missing, your hand, the piles,
and every player's taken orders and points."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardcafe.games.coffee_break.cards import ORDER_KIND, ingredient_name, order_name
from cardcafe.games.coffee_break.scoring import KIND_POINTS

from .cards import card_panel, chip, face_down

INGREDIENT_LOOK = {
    "espresso": ("#6e2c00", "white"),
    "water": ("#85c1e9", "black"),
    "milk": ("#f4f6f7", "black"),
    "foam": ("#f5cba7", "black"),
    "chocolate": ("#4a235a", "white"),
    "caramel": ("#d68910", "black"),
    "ice": ("#a3e4d7", "black"),
    "whipped-cream": ("#f5b7b1", "black"),
    "joker": ("#d4ac0d", "black"),
}
ORDER_BORDER = "#2e86c1"
ORDER_WIDTH = 40


def ingredient_chip(card: str, as_: str | None = None) -> Text:
    label = ingredient_name(card) if as_ in (None, card) else f"Joker as {ingredient_name(as_)}"
    return chip(label, INGREDIENT_LOOK.get(card))


def chips(cards: list[str]) -> RenderableType:
    """Ingredient chips that wrap between cards, never inside one."""
    return Columns([ingredient_chip(c) for c in cards]) if cards else Text("—", style="dim")


def order_points(order: str) -> str:
    per, _ = KIND_POINTS[ORDER_KIND[order]]
    return f"{per} points"


def order_panel(slot: int, order: dict[str, Any] | None) -> RenderableType:
    if order is None:
        return Panel(Text("empty", style="dim"), title=f"Order {slot + 1}", width=ORDER_WIDTH)
    laid = Columns([ingredient_chip(item["card"], item["as"]) for item in order["laid"]])
    body = Table.grid(padding=(0, 1))
    body.add_column(style="bold")
    body.add_column()
    body.add_row("Needs", chips(order["needs"]))
    body.add_row("Laid", laid if order["laid"] else Text("—", style="dim"))
    body.add_row("Missing", chips(order["missing"]))
    return Panel(
        body,
        title=f"[b]{slot + 1}. {order_name(order['order'])}[/b]",
        subtitle=order_points(order["order"]),
        border_style=f"bold {ORDER_BORDER}",
        width=ORDER_WIDTH,
    )


def render(view: dict[str, Any], names: list[str]) -> RenderableType:
    players = view["players"]
    piles = Columns(
        [
            face_down(view["order_pile_size"], "orders"),
            face_down(view["ingredient_pile_size"], "ingredients"),
            card_panel(
                "Used pile",
                ingredient_name(view["used_pile"][-1]) if view["used_pile"] else "empty",
                ("#5d6d7e", "white"),
                len(view["used_pile"]) or None,
            ),
            Text(f"\n First to {view['target']} points wins", style="bold"),
        ]
    )
    parts: list[RenderableType] = [
        piles,
        Columns([order_panel(s, o) for s, o in enumerate(view["orders"])]),
    ]
    if view.get("hand") is not None:
        picked = Counter(view.get("picked") or [])
        cards = []
        for card, count in sorted(Counter(view["hand"]).items()):
            chosen = picked.get(card, 0)
            value = f"{chosen} picked to exchange" if chosen else ""
            cards.append(card_panel(ingredient_name(card), value, INGREDIENT_LOOK.get(card), count))
        parts.append(Panel(Columns(cards), title="Your hand", title_align="left"))
    table = Table(expand=True)
    table.add_column("Player")
    table.add_column("Cards", justify="right")
    table.add_column("Orders taken")
    table.add_column("Points", justify="right")
    for seat in range(players):
        taken = Text(", ").join(Text(order_name(o)) for o in view["taken"][seat]) or Text("—")
        style = "bold reverse" if seat == view.get("current_player") else ""
        table.add_row(
            Text(names[seat], style=style),
            str(view["hand_sizes"][seat]),
            taken,
            str(view["points"][seat]),
        )
    parts.append(table)
    if view.get("end_reason"):
        parts.append(Text(f"The game ended: {view['end_reason']}", style="bold"))
    return Group(*parts)
