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

from cardcafe.engine.words import points

from .cards import card_colours, card_name, card_panel, chip, face_down

ORDER_BORDER = "#2e86c1"
ORDER_WIDTH = 40


def ingredient_chip(card: str, catalogue: dict[str, Any], as_: str | None = None) -> Text:
    name = card_name(card, catalogue)
    label = name if as_ in (None, card) else f"{name} as {card_name(as_, catalogue)}"
    return chip(label, card_colours(card, catalogue))


def chips(cards: list[str], catalogue: dict[str, Any]) -> RenderableType:
    """Ingredient chips that wrap between cards, never inside one."""
    if not cards:
        return Text("—", style="dim")
    return Columns([ingredient_chip(c, catalogue) for c in cards])


def order_value(order: str, catalogue: dict[str, Any]) -> str | None:
    """What the order is worth, as its catalogue entry gives it ("value")."""
    value = (catalogue["cards"].get(order) or {}).get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return points(value)
    return str(value) if value else None


def order_panel(
    slot: int, order: dict[str, Any] | None, catalogue: dict[str, Any]
) -> RenderableType:
    if order is None:
        return Panel(Text("empty", style="dim"), title=f"Order {slot + 1}", width=ORDER_WIDTH)
    laid = Columns(
        [ingredient_chip(item["card"], catalogue, item.get("as")) for item in order["laid"]]
    )
    body = Table.grid(padding=(0, 1))
    body.add_column(style="bold")
    body.add_column()
    body.add_row("Needs", chips(order["needs"], catalogue))
    body.add_row("Laid", laid if order["laid"] else Text("—", style="dim"))
    body.add_row("Missing", chips(order["missing"], catalogue))
    return Panel(
        body,
        title=f"[b]{slot + 1}. {card_name(order['order'], catalogue)}[/b]",
        subtitle=order_value(order["order"], catalogue),
        border_style=f"bold {ORDER_BORDER}",
        width=ORDER_WIDTH,
    )


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    players = view["players"]
    piles = Columns(
        [
            face_down(view["order_pile_size"], "orders"),
            face_down(view["ingredient_pile_size"], "ingredients"),
            card_panel(
                "Used pile",
                card_name(view["used_pile"][-1], catalogue) if view["used_pile"] else "empty",
                ("#5d6d7e", "white"),
                len(view["used_pile"]) or None,
            ),
        ]
    )
    if view.get("target"):
        piles.add_renderable(Text(f"\n First to {points(view['target'])} wins", style="bold"))
    parts: list[RenderableType] = [
        piles,
        Columns([order_panel(s, o, catalogue) for s, o in enumerate(view["orders"])]),
    ]
    if view.get("hand") is not None:
        picked = Counter(view.get("picked") or [])
        cards = []
        for card, count in sorted(Counter(view["hand"]).items()):
            chosen = picked.get(card, 0)
            value = f"{chosen} picked to exchange" if chosen else ""
            colours = card_colours(card, catalogue)
            cards.append(card_panel(card_name(card, catalogue), value, colours, count))
        parts.append(Panel(Columns(cards), title="Your hand", title_align="left"))
    table = Table(expand=True)
    table.add_column("Player")
    table.add_column("Cards", justify="right")
    table.add_column("Orders taken")
    table.add_column("Points", justify="right")
    for seat in range(players):
        taken = Text(", ").join(Text(card_name(o, catalogue)) for o in view["taken"][seat])
        style = "bold reverse" if seat == view.get("current_player") else ""
        table.add_row(
            Text(names[seat], style=style),
            str(view["hand_sizes"][seat]),
            taken or Text("—"),
            f"{view['scores'][seat]:g}",
        )
    parts.append(table)
    if view.get("end_reason"):
        parts.append(Text(f"The game ended: {view['end_reason']}", style="bold"))
    return Group(*parts)
