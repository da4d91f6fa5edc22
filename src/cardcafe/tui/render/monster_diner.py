"""The Monster Diner table: the deck, the card to place, and a line per player (mat, diner).

Everything in a Monster Diner view is public, so every seat sees the same board. Card names,
reminders and colours come from the game's catalogue.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from .cards import card_short
from .parts import card_chip, chips, field, flow, players


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    centre = Text.assemble((f"{view['deck_size']} in deck", "bold"))
    if view.get("held"):
        held = view["held"]
        centre.append("  ·  to place: ")
        centre.append_text(card_chip(held, catalogue))
        short = card_short(held, catalogue)
        if short:
            centre.append(f" {short}", style="italic")

    def parts(seat: int) -> list[Text]:
        diner = [card for card, n in view["diners"][seat].items() for _ in range(n)]
        out = [
            field("mat", chips(view["mats"][seat], catalogue)),
            field("diner", chips(diner, catalogue)),
        ]
        if view.get("guest_target") == seat:
            out.append(Text("the guest takes a card from here", style="bold"))
        return out

    return Group(*flow(centre, *players(view, names, parts)))
