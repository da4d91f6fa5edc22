"""The Monster Diner table: the deck, the card to place, and every player's mat and diner.

Everything in a Monster Diner view is public, so every seat sees the same board.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from cardcafe.games.monster_diner.cards import MASTERCHEF, name, requirements

from .cards import card_panel, face_down

# (background, foreground) and the short scoring reminder printed on each card type.
LOOK = {
    "janitor": (("#5d6d7e", "white"), "1 point each"),
    "ice-cream-man": (("#f1948a", "black"), "every 2 → 5"),
    "pizza-maker": (("#d35400", "white"), "every 4 → 12"),
    "florist": (("#1e8449", "white"), "odd → 6"),
    "salad-meister": (("#82e0aa", "black"), "4 is best"),
    "bartender": (("#7d3c98", "white"), "1–2 → 10"),
    "restaurant-critic": (("#2471a3", "white"), "1+1 combo"),
    "precept": (("#85c1e9", "black"), "1+1 combo"),
    "unwelcome-guest": (("#c0392b", "white"), "2 · give away"),
}
MASTERCHEF_LOOK = ("#d4ac0d", "black")
SHORT = {
    "janitor": "Jan",
    "ice-cream-man": "Ice",
    "pizza-maker": "Piz",
    "florist": "Flo",
    "salad-meister": "Sal",
    "bartender": "Bar",
}


def card(card_id: str, count: int | None = None) -> RenderableType:
    if card_id.startswith(MASTERCHEF):
        needs = "+".join(SHORT[n] for n in sorted(requirements(card_id)))
        return card_panel("MasterChef", f"7 if {needs}", MASTERCHEF_LOOK, count)
    colours, value = LOOK.get(card_id, (None, ""))
    return card_panel(name(card_id), value, colours, count)


def render(view: dict[str, Any], names: list[str]) -> RenderableType:
    players = view["players"]
    points = view.get("scores") or view.get("points_now") or [0] * players
    top: list[RenderableType] = [face_down(view["deck_size"], "in deck")]
    if view.get("held"):
        top.append(Text("\n  to place →  ", style="bold"))
        top.append(card(view["held"]))
    rows: list[RenderableType] = [Columns(top)]
    for seat in range(players):
        mat = view["mats"][seat]
        diner = view["diners"][seat]
        here = seat == view.get("current_player")
        title = f"{names[seat]}  ·  {points[seat]} points" + ("  ◀ to move" if here else "")
        if view.get("guest_target") == seat:
            title += "  · takes a card from here"
        body = Group(
            Text("Mat", style="bold"),
            Columns([card(c) for c in mat]) if mat else Text("  empty", style="dim"),
            Text("Diner", style="bold"),
            Columns([card(c, n) for c, n in diner.items()])
            if diner
            else Text("  empty", style="dim"),
        )
        rows.append(
            Panel(body, title=title, title_align="left", border_style="bold" if here else "dim")
        )
    return Group(*rows)
