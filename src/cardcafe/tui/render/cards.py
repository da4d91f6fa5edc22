"""Cards as coloured panels and chips, readable on dark and light terminals.

Each card sets both its foreground and its background, so it never depends on the terminal's
own colours.
"""

from __future__ import annotations

import zlib

from rich.align import Align
from rich.console import Group, RenderableType
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


def card_panel(
    name: str,
    value: str = "",
    colours: tuple[str, str] | None = None,
    count: int | None = None,
    width: int = CARD_WIDTH,
) -> Panel:
    """A card: its name on top, its value or symbol below, `×count` when several."""
    bg, fg = colours or colour_for(name)
    lines: list[RenderableType] = [Align.center(Text(name, style="bold"))]
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
