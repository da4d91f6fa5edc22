"""The Monster Diner table: the deck, the card to place, and every player's mat and diner.

Everything in a Monster Diner view is public, so every seat sees the same board. Card names,
reminders and colours come from the game's catalogue.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from cardcafe.engine.words import points

from .cards import card_colours, card_name, card_panel, card_short, face_down


def card(card_id: str, catalogue: dict[str, Any], count: int | None = None) -> RenderableType:
    return card_panel(
        card_name(card_id, catalogue),
        card_short(card_id, catalogue),
        card_colours(card_id, catalogue),
        count,
    )


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    players = view["players"]
    scores = view["scores"]
    top: list[RenderableType] = [face_down(view["deck_size"], "in deck")]
    if view.get("held"):
        top.append(Text("\n  to place →  ", style="bold"))
        top.append(card(view["held"], catalogue))
    rows: list[RenderableType] = [Columns(top)]
    for seat in range(players):
        mat = view["mats"][seat]
        diner = view["diners"][seat]
        here = seat == view.get("current_player")
        title = f"{names[seat]}  ·  {points(scores[seat])}" + ("  ◀ to move" if here else "")
        if view.get("guest_target") == seat:
            title += "  · takes a card from here"
        body = Group(
            Text("Mat", style="bold"),
            Columns([card(c, catalogue) for c in mat]) if mat else Text("  empty", style="dim"),
            Text("Diner", style="bold"),
            Columns([card(c, catalogue, n) for c, n in diner.items()])
            if diner
            else Text("  empty", style="dim"),
        )
        rows.append(
            Panel(body, title=title, title_align="left", border_style="bold" if here else "dim")
        )
    return Group(*rows)
