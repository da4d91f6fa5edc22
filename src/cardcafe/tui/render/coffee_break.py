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
        line.append("no order", style="italic")
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


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    used = view["used_pile"]
    centre = Text.assemble(
        "Piles: ",
        (f"{view['order_pile_size']} orders", "bold"),
        ", ",
        (f"{view['ingredient_pile_size']} ingredients", "bold"),
        " · used: ",
    )
    centre.append_text(card_chip(used[-1], catalogue) if used else NONE)
    if len(used) > 1:
        centre.append(f" on {len(used) - 1} more", style="italic")
    if view.get("target"):
        centre.append(f" · first to {points(view['target'])} wins", style="bold")
    lines: list[Text] = [centre]
    lines += [order_line(slot, order, catalogue) for slot, order in enumerate(view["orders"])]

    def parts(seat: int) -> list[Text]:
        count = view["hand_sizes"][seat]
        taken = Text(", ").join(Text(card_name(o, catalogue)) for o in view["taken"][seat])
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
        lines.append(Text(f"The game ended: {view['end_reason']}", style="bold"))
    return Group(*flow(*lines))
