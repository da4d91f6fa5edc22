"""A line that must take one row (or two): as much of it as fits, the rest counted."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from cardcafe.tui.render.cards import chip
from cardcafe.tui.render.parts import Flow, OneRow


def drawn(row: OneRow | Flow, width: int) -> list[str]:
    """The rows `row` takes at `width` columns, as plain text."""
    console = Console(width=width)
    return [
        "".join(seg.text for seg in line).rstrip()
        for line in console.render_lines(row, console.options, pad=False)
    ]


def test_a_rival_row_passes_over_a_kind_too_long_for_it_and_tells_a_shorter_one_after():
    # The row stopped at the first kind that did not fit ("... Ice Cream Man ×3 +6 more", half
    # the row blank): a shorter kind after it fits, and the count is of those left out.
    head = Text("Bot  3 points ·")  # (15 cells)
    row = OneRow(head, [Text("Rex ×3"), Text("Ice Cream Man ×2"), Text("Mia")])
    assert drawn(row, 34) == ["Bot  3 points · Rex ×3 Mia +1 more"]
    assert drawn(row, 60) == ["Bot  3 points · Rex ×3 Ice Cream Man ×2 Mia"]


def test_a_row_given_two_rows_goes_on_under_an_indent():
    items = [Text("Rex ×3"), Text("Ice Cream Man ×2"), Text("Mia"), Text("Ice Cream Man ×9")]
    row = OneRow(Text("Bot  3 points ·"), items, rows=2)
    assert drawn(row, 34) == ["Bot  3 points · Rex ×3", "    Ice Cream Man ×2 Mia +1 more"]


def test_a_chip_longer_than_a_row_goes_on_under_the_indent():
    # Monster Diner for two at 120x40, a 54-column board: "MasterChef (Ice Cream Man +
    # Janitor + Pizza Maker)" was broken by Rich at the edge and " Maker)" began the next row,
    # under no indent. It breaks between its words now, and goes on under the indent.
    line = Text("  Bob · diner  ") + chip("MasterChef (Ice Cream Man + Janitor + Pizza Maker)")
    rows = [row.replace("\u00a0", " ") for row in drawn(Flow(line), 54)]
    assert rows == [
        "  Bob · diner",
        "     MasterChef (Ice Cream Man + Janitor + Pizza",
        "    Maker)",
    ]
