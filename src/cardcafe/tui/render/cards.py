"""Cards as coloured panels and chips, readable on dark and light terminals.

Each card sets both its foreground and its background, so it never depends on the terminal's
own colours.
"""

from __future__ import annotations

import colorsys
import zlib
from collections.abc import Mapping
from typing import Any

from rich.align import Align
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

# (background, foreground) pairs with strong contrast.
PALETTE = (
    ("#c0392b", "white"),
    ("#2471a3", "white"),
    ("#1e8449", "white"),
    ("#b9770e", "black"),
    ("#7d3c98", "white"),
    ("#117a65", "white"),
    ("#d4ac0d", "black"),
    ("#a04000", "white"),
    ("#5d6d7e", "white"),
    ("#f1948a", "black"),
    ("#82e0aa", "black"),
    ("#85c1e9", "black"),
)
CARD_WIDTH = 19


def colour_for(key: str) -> tuple[str, str]:
    """A stable colour for a family name (the same family always gets the same colour)."""
    return PALETTE[zlib.crc32(key.encode()) % len(PALETTE)]


def hue_colours(hue: float) -> tuple[str, str]:
    """A card colour from the catalogue's hue (0-360): a deep shade with white text, so every
    hue reads alike on dark and light terminals."""
    r, g, b = colorsys.hls_to_rgb((hue % 360) / 360, 0.29, 0.62)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}", "#ffffff"


def card_colours(card_id: str, catalogue: Mapping[str, Any]) -> tuple[str, str]:
    """The colours of a card: from its catalogue "hue" when it has one, else hashed from its
    kind (or its name), so cards of one kind look alike."""
    entry = catalogue.get("cards", {}).get(card_id) or {}
    hue = entry.get("hue")
    if isinstance(hue, (int, float)) and not isinstance(hue, bool):
        return hue_colours(hue)
    return colour_for(str(entry.get("kind") or entry.get("name") or card_id))


def card_name(card_id: str, catalogue: Mapping[str, Any]) -> str:
    """The card's display name from the catalogue (a card the catalogue lacks, or a term,
    shows its own name; an unknown id shows as it is)."""
    for section in ("cards", "terms"):
        entry = catalogue.get(section, {}).get(card_id)
        if entry and entry.get("name"):
            return str(entry["name"])
    return card_id


def card_short(card_id: str, catalogue: Mapping[str, Any]) -> str:
    """The catalogue's very short reminder for the card, if it gives one."""
    entry = catalogue.get("cards", {}).get(card_id) or {}
    return str(entry.get("short") or "")


def card_panel(
    name: str,
    value: str = "",
    colours: tuple[str, str] | None = None,
    count: int | None = None,
    width: int = CARD_WIDTH,
) -> Panel:
    """A card: its name on top, its value or symbol below, `×count` when several."""
    bg, fg = colours or colour_for(name)
    lines: list[Text] = [Align.center(Text(name, style="bold", justify="center"))]
    if value:
        lines.append(Align.center(Text(value)))
    return Panel(
        Group(*lines),
        subtitle=f"×{count}" if count and count > 1 else None,
        width=width,
        style=f"{fg} on {bg}",
        border_style=f"bold {fg} on {bg}",
        padding=(0, 0),
    )


def chip(label: str, colours: tuple[str, str] | None = None) -> Text:
    """A card in one line of text (for tight spots such as tables)."""
    bg, fg = colours or colour_for(label.split()[0] if label.split() else label)
    # Non-breaking spaces: a chip wraps as a whole, never in the middle of a card's name.
    return Text(f" {label} ".replace(" ", "\u00a0"), style=f"bold {fg} on {bg}")


def face_down(count: int, what: str = "cards") -> Panel:
    return card_panel(f"{count} {what}", "face down", ("#34495e", "white"))
