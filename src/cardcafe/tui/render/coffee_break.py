"""The Coffee Break table: the piles, an order per line (what is laid, what is missing), a
line per player (cards in hand, orders taken) and your hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardcafe.engine.words import points

from .cards import card_colours, card_name, chip
from .parts import NONE, card_chip, chips, field, flow, players


def laid_chip(item: dict[str, Any], catalogue: dict[str, Any]) -> Text:
    """A laid card; a joker shows what it stands for."""
    card, as_ = item["card"], item.get("as")
    name = card_name(card, catalogue)
    label = name if as_ in (None, card) else f"{name} as {card_name(as_, catalogue)}"
    return chip(label, card_colours(card, catalogue))


def order_value(order: str, catalogue: dict[str, Any]) -> str:
    value = (catalogue["cards"].get(order) or {}).get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return points(value)
    return str(value or "")


def order_line(slot: int, order: dict[str, Any] | None, catalogue: dict[str, Any]) -> Text:
    line = Text(f"{slot + 1}. ", style="bold")
    if order is None:
        line.append("vacant", style="italic")  # (the rulebook's word for a place left empty)
        return line
    line.append(card_name(order["order"], catalogue), style="bold")
    value = order_value(order["order"], catalogue)
    if value:
        line.append(f" ({value})", style="italic")
    if order["laid"]:  # (nothing laid yet: said by the missing list alone, to save a row)
        laid = Text(" ").join(laid_chip(item, catalogue) for item in order["laid"])
        line.append("  ")
        line.append_text(field("laid", laid))
    line.append("  ")
    line.append_text(field("missing", chips(order["missing"], catalogue)))
    return line


def taken_by_kind(taken: list[str], catalogue: dict[str, Any]) -> Text:
    """The orders a seat took, one entry per coffee (an iced one counts with its drink, 002:
    "Including Ice Café Latte"), with how many and whether they score double, so the points
    beside them say why: "Café Latte ×2 (doubled), Iced Americano" (one order keeps its name)."""
    families = catalogue.get("families") or {}
    kinds: dict[str, list[str]] = {}
    for order in taken:
        kinds.setdefault((catalogue["cards"].get(order) or {}).get("family") or order, []).append(
            order
        )
    entries = []
    for kind, orders in kinds.items():
        family, n = families.get(kind) or {}, len(orders)
        if n == 1:
            entry = Text(card_name(orders[0], catalogue))
        else:
            entry = Text(f"{family.get('name') or card_name(orders[0], catalogue)} ×{n}")
        if family.get("double_at") and n >= family["double_at"]:
            entry.append(" (doubled)", style="bold")
        entries.append(entry)
    return Text(", ").join(entries)


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    used = view["used_pile"]
    centre = Text.assemble(
        "Piles: ",
        (f"{view['order_pile_size']} orders", "bold"),
        ", ",
        (f"{view['ingredient_pile_size']} ingredients", "bold"),
        " · used: ",
    )
    if used:  # (the top card is what a player sees of the face-up pile)
        centre.append_text(card_chip(used[-1], catalogue))
        centre.append(f" on top, {len(used)} card{'s' if len(used) != 1 else ''}", style="italic")
    else:
        centre.append_text(NONE)
    if view.get("target"):
        centre.append(f" · first to {points(view['target'])} wins", style="bold")
    lines: list[Text] = [centre]
    lines += [order_line(slot, order, catalogue) for slot, order in enumerate(view["orders"])]

    def parts(seat: int) -> list[Text]:
        count = view["hand_sizes"][seat]
        taken = taken_by_kind(view["taken"][seat], catalogue)
        return [Text(f"{count} card{'s' if count != 1 else ''}"), field("taken", taken or NONE)]

    if view.get("hand") is not None:
        picked = Counter(view.get("picked") or [])
        hand = Text("Your hand: ", style="bold")
        cards = []
        for card, count in Counter(view["hand"]).items():
            shown = card_chip(card, catalogue, count)
            if picked.get(card):
                shown.append(f" ({picked[card]} picked to exchange)", style="italic")
            cards.append(shown)
        hand.append_text(Text(" ").join(cards) or NONE)
        lines.append(hand)
    lines += players(view, names, parts)
    if view.get("end_reason"):
        lines.append(Text(f"Game over. {view['end_reason']}", style="bold"))
    return Group(*flow(*lines))
