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


def why(parts: list[dict[str, Any]]) -> Text:
    """A seat's running breakdown on one line: "2 Janitors +2 · 1 Bartender +10"."""
    text = Text()
    for n, part in enumerate(parts):
        if n:
            text.append(" · ", style="dim")
        # A part wraps only inside its note of what a Critic and Precept pair did.
        label, bracket, note = str(part["label"]).partition(" (")
        text.append(label.replace(" ", "\u00a0") + bracket + note + "\u00a0")
        text.append(f"{part['points']:+g}" if part["points"] else "0", style="bold")
    return text


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
        so_far = (view.get("scores_so_far") or [[]] * view["players"])[seat]
        if so_far:
            # Why the running score is what it is, in the engine's words.
            out.append(field(f"{view.get('scores_so_far_title') or 'Scores so far'}:", why(so_far)))
        return out

    return Group(*flow(centre, *players(view, names, parts)))
