"""The pieces every compact board is made of: a row of card chips, one line per player.

A compact board reads top to bottom in the order a player looks: the shared centre, one line
per player (the one to move marked ▶), then the viewer's own hand. Chips never break inside a
card's name, so a line wraps between cards and the board fits any width.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from cardcafe.engine.words import points

from .cards import card_colours, card_name, chip

HIDDEN = ("#34495e", "#ffffff")
MOVER = "▶ "
NONE = Text("—", style="italic")


def card_chip(card: str, catalogue: Mapping[str, Any], count: int = 1) -> Text:
    """One card (or `count` alike) as a chip with its catalogue name and colour."""
    name = card_name(card, catalogue)
    return chip(name if count == 1 else f"{name} ×{count}", card_colours(card, catalogue))


def hidden_chip(label: str) -> Text:
    return chip(label, HIDDEN)


def chips(cards: Iterable[str], catalogue: Mapping[str, Any], group: bool = True) -> Text:
    """Cards as chips, alike ones grouped `×n` (in order of first appearance) unless `group`
    is off; a dash when there are none."""
    cards = list(cards)
    if not cards:
        return NONE.copy()
    if group:
        parts = [card_chip(c, catalogue, n) for c, n in Counter(cards).items()]
    else:
        parts = [card_chip(c, catalogue) for c in cards]
    return Text(" ").join(parts)


def field(label: str, value: Text | str) -> Text:
    """`label: value`, the label in italics (not dim: faint text fails AA contrast)."""
    return Text.assemble((label.replace(" ", "\u00a0") + " ", "italic"), value)


def player_line(
    view: Mapping[str, Any],
    seat: int,
    names: list[str],
    *parts: Text,
    scored: bool = True,
    score: Callable[[float], str] = points,
) -> Text:
    """One player on one line (wrapping if it must): ▶ for the seat to move, the name, the
    points (unless the game's score is not points: `scored` off), then the game's `parts`
    separated by dots."""
    here = seat == view.get("current_player")
    line = Text(MOVER if here else "  ", style="bold")
    line.append(names[seat], style="bold reverse" if here else "bold")
    line.append(" " * (max(map(len, names)) - len(names[seat])))  # the points line up
    if scored:
        line.append(f"  {score(view['scores'][seat])}")
    for part in parts:
        if part.plain:
            line.append(" · ", style="italic")
            line.append_text(part)
    return line


def players(
    view: Mapping[str, Any],
    names: list[str],
    parts,
    scored: bool = True,
    score: Callable[[float], str] = points,
) -> list[Text]:
    """A line per player: `parts(seat)` gives that seat's pieces; `score` words the score in
    the game's unit ("3 points", "3 Coffee")."""
    return [
        player_line(view, seat, names, *parts(seat), scored=scored, score=score)
        for seat in range(view["players"])
    ]


def heading(text: str) -> Text:
    return Text(text, style="bold underline")


class Flow:
    """A line of text that wraps only at plain spaces, never inside a chip (whose spaces are
    non-breaking), continuing under a hanging indent. Rich's own wrapping breaks at any
    whitespace, which would split "Rex ×5" over two lines."""

    def __init__(self, text: Text, indent: int = 4):
        self.text = text
        self.indent = indent

    def __str__(self) -> str:
        return self.text.plain

    def atoms(self) -> list[Text]:
        plain = self.text.plain
        cuts = [m.end() for m in re.finditer(r" +", plain)]
        return [a for a in self.text.divide(cuts) if a.plain]

    def pieces(self, width: int) -> list[Text]:
        """The atoms, one longer than a continued row (a chip "MasterChef (Ice Cream Man +
        Janitor + Pizza Maker)" on a 54-column board) split between its words, each piece as
        long as the row takes: Rich broke it anywhere and sent " Maker)" to the row's start,
        under no indent."""
        out: list[Text] = []
        room = max(1, width - self.indent)
        for atom in self.atoms():
            if atom.cell_len <= room or "\u00a0" not in atom.plain.strip("\u00a0 "):
                out.append(atom)
                continue
            cuts = [m.end() for m in re.finditer("\u00a0", atom.plain)]
            words = [w for w in atom.divide(cuts) if w.plain]
            piece = Text()
            for word in words:
                if piece.plain and piece.cell_len + word.cell_len > room:
                    out.append(piece + Text(" "))  # (the break between its rows)
                    piece = Text()
                piece.append_text(word)
            out.append(piece)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        line = Text()
        for atom in self.pieces(width):
            word = atom.plain.rstrip(" ")
            if line.plain.strip() and line.cell_len + len(word) > width:
                line.rstrip()
                yield line
                line = Text(" " * self.indent)
            line.append_text(atom)
        line.rstrip()
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((a.cell_len for a in self.atoms()), default=0)
        return Measurement(min(longest, options.max_width), self.text.cell_len)


class OneRow:
    """A line that must take `rows` rows (one by default): `head` (a player's name and score),
    then as many of `items` as fit, in their order, then how many were left out ("+3 more")
    rather than an item cut in the middle ("Ice Cr…" said nothing). The items come most useful
    first; one too long for the room left is passed over, not the end of the line: a shorter
    one after it may fit (a row had stopped at "Ice Cream Man ×3 +6 more", half of it blank).
    A second row continues under a hanging indent, as a wrapped line does."""

    def __init__(self, head: Text, items: list[Text], sep: str = " ", rows: int = 1):
        self.head = head
        self.items = items
        self.sep = sep
        self.rows = rows
        self.indent = 4

    def __str__(self) -> str:
        return self.sep.join([self.head.plain, *(item.plain for item in self.items)])

    def fill(self, width: int, reserve: int) -> tuple[list[Text], int]:
        """The rows with the items that fit, `reserve` cells kept free at the last row's end;
        and how many items were left out."""
        lines = [self.head.copy()]
        left_out = 0
        for item in self.items:
            while True:
                line = lines[-1]
                last = len(lines) == self.rows
                room = width - (reserve if last else 0)
                gap = self.sep if line.plain.strip() else ""  # (none after the indent)
                if line.cell_len + len(gap) + item.cell_len <= room:
                    line.append(gap)
                    line.append_text(item)
                    break
                if last:
                    left_out += 1
                    break
                lines.append(Text(" " * self.indent))
        return lines, left_out

    def lines(self, width: int) -> list[Text]:
        lines, left_out = self.fill(width, 0)
        if left_out:
            lines, left_out = self.fill(width, len(f" +{len(self.items)} more"))
            lines[-1].append(f" +{left_out} more", style="italic")
        for line in lines:
            line.truncate(width, overflow="ellipsis")  # (a head too long for the row)
        return lines

    def left_out(self, width: int) -> int:
        """How many items do not fit at `width`."""
        return self.fill(width, 0)[1] and self.fill(width, len(f" +{len(self.items)} more"))[1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(max(1, options.max_width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(self.head.cell_len, options.max_width), len(str(self)))


class SpareRows:
    """`lines` one under the other, `spare` more rows given to the one-row lines that leave the
    most out at the width they are drawn, a second row each (at 80x24, six Monster Diner
    players cut to a row each left three rows blank under the board while a rival's row said
    "+6 more")."""

    def __init__(self, lines: list[Flow | OneRow], spare: int):
        self.lines = lines
        self.spare = spare

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        short = {
            n: line.left_out(width) for n, line in enumerate(self.lines) if isinstance(line, OneRow)
        }
        most = sorted((n for n in short if short[n]), key=lambda n: (-short[n], n))
        longer = set(most[: self.spare])
        for n, line in enumerate(self.lines):
            if n in longer and isinstance(line, OneRow):
                yield OneRow(line.head, line.items, line.sep, rows=2)
            else:
                yield line


def flow(*lines: Text) -> list[Flow]:
    return [Flow(line) for line in lines]
