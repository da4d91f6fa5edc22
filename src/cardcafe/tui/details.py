"""What the cards on the table do, and how the points were made: both in the game's words.

`cards_in_view` finds the cards a seat can see; `CardsScreen` lists them with their catalogue
text (key `c` at the table); `LogScreen` shows the game so far (key `g`). `breakdown` lays
out a view's score breakdown per seat; `BreakdownScreen` pauses the table on it at a round
end until a key is pressed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Click, Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Static

from cardcafe.engine.view import TEXT_KEYS

from .render import score_words
from .render.cards import card_colours, chip


def cards_in_view(view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> list[str]:
    """Every card id the view holds (as a value or as a key, at any depth), first seen first.
    A key that is also a word of the game's glossary is that word, not the card: Monster's
    Coffee's Mummy token is "mummy" in every Front Line slot and in the supply, whether or not
    the Mummy is in play (it would be listed as a card on the table)."""
    cards = catalogue.get("cards", {})
    glossary = catalogue.get("glossary")
    words = glossary if isinstance(glossary, Mapping) else {}
    found: dict[str, None] = {}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in cards:
                found.setdefault(value)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if key in cards and key not in words:
                    found.setdefault(key)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for key, value in view.items():
        if key not in TEXT_KEYS and key not in ("breakdown",):
            walk(value)
    return list(found)


def cards_text(view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> RenderableType:
    """The cards on the table and what each does; then the game's glossary, if it has one."""
    entries = catalogue.get("cards", {})
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    shown = cards_in_view(view, catalogue)
    for card in shown:
        entry = entries[card]
        table.add_row(
            chip(str(entry.get("name", card)), card_colours(card, catalogue)),
            Text(str(entry.get("text", ""))),
        )
    parts: list[RenderableType] = [
        Text("Cards on the table", style="bold"),
        table if shown else Text("No cards in sight yet.", style="dim"),
    ]
    glossary = catalogue.get("glossary")
    if isinstance(glossary, Mapping) and glossary:
        words = Table.grid(padding=(0, 2))
        words.add_column(style="bold", no_wrap=True)
        words.add_column(ratio=1)
        for name, text in glossary.items():
            if isinstance(text, Mapping):  # {"name", "text"} entries
                name, text = text.get("name", name), text.get("text", "")
            words.add_row(str(name), Text(str(text)))
        parts += [Text(""), Text("Words of the game", style="bold"), words]
    return Group(*parts)


class CardsScreen(Screen[None]):
    """The cards the viewer can see, with what each does (from the catalogue)."""

    DEFAULT_CSS = """
    CardsScreen #cards { padding: 1 2; height: auto; }
    """
    BINDINGS: ClassVar = [Binding("escape,c,q", "close", "Back to the game")]

    def __init__(self, title: str, view: Mapping[str, Any], catalogue: Mapping[str, Any]):
        super().__init__()
        self.heading = title
        self.text = cards_text(view, catalogue)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="cards-box"):
            yield Static(self.text, id="cards")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.heading
        self.query_one("#cards-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(Screen[None]):
    """The whole game so far, line by line, as the viewer may read it (key `g` at the table):
    at 80x24 the table has no room for its log, and a bot's turn is several lines."""

    DEFAULT_CSS = """
    LogScreen #log-lines { padding: 0 1; }
    """
    BINDINGS: ClassVar = [Binding("escape,g,q", "close", "Back to the game")]

    def __init__(self, title: str, lines: list[Text]):
        super().__init__()
        self.heading = title
        self.lines = lines
        self.title = title  # (before its Header mounts, see SummaryScreen)

    def compose(self) -> ComposeResult:
        from .wraplog import WrappingLog  # (as the table's own log)

        yield Header()  # what this page is: the game so far
        yield WrappingLog(id="log-lines")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log-lines")
        for line in self.lines or [Text("Nothing has happened yet.", style="dim")]:
            log.add(line)  # type: ignore[attr-defined]
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)


SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})


def breakdown(view: Mapping[str, Any], names: list[str]) -> RenderableType:
    """Per seat, the parts of its score and their total, side by side where they fit; the
    total says the game's unit ("14 Coffee", "9 points"), so the parts' bare numbers read in it."""
    tables = []
    winners = set(view.get("winners") or ())
    for seat, parts in enumerate(view.get("breakdown") or []):
        won = seat in winners
        table = Table(
            title=names[seat] + ("  ★ winner" if won else ""),
            title_style="bold green" if won else "bold",
            title_justify="left",
            show_header=False,
            show_footer=True,
            box=box.SIMPLE,
            show_edge=False,
            min_width=28,
        )
        table.add_column(footer="Total", ratio=1)
        total = view["scores"][seat] if seat < len(view.get("scores", [])) else None
        if total is None:
            total = sum(part["points"] for part in parts)
        table.add_column(justify="right", footer=score_words(str(view.get("game", "")), total))
        for part in parts:
            table.add_row(str(part["label"]), f"{part['points']:g}")
        if not parts:
            table.add_row(Text("nothing scored", style="dim"), "0")
        tables.append(table)
    return Columns(tables, padding=(0, 2))


class BreakdownScreen(ModalScreen[None]):
    """A round's end: how each seat scored, until a key (or a click) continues the game."""

    DEFAULT_CSS = """
    BreakdownScreen { align: center middle; }
    BreakdownScreen > Vertical { width: 90%; max-width: 120; height: auto; max-height: 90%;
                                 border: heavy $accent; background: $surface; padding: 0 1; }
    BreakdownScreen #heading { dock: top; }
    BreakdownScreen #continue { dock: bottom; color: $text-muted; text-align: center; }
    BreakdownScreen VerticalScroll { height: auto; }
    """

    def __init__(self, view: Mapping[str, Any], names: list[str]):
        super().__init__()
        self.heading = str(view.get("breakdown_title") or "Round over")
        self.body = breakdown(view, names)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.heading, style="bold"), id="heading")
            yield Static("Press Enter or Space (or click) to play on.", id="continue")
            with VerticalScroll():
                yield Static(self.body, id="breakdown")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: Key) -> None:
        if event.key in SCROLL_KEYS:
            return  # a long breakdown scrolls
        event.stop()
        if event.key.isdigit():
            return  # a move's key pressed once too often does not skip the breakdown unread
        self.close()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.close()

    def close(self) -> None:
        """Gone at the first key: keys already queued behind it (Enter twice on a busy
        machine) find it gone, and must not close the table under it."""
        if self.is_active:
            self.dismiss(None)


def cards_named(label: str, catalogue: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The cards a move's label names, as (name, what it does), longest names first so
    "Ice Cream Man" is not also read as "Ice"; each card once, in the label's order."""
    entries = catalogue.get("cards", {})
    by_name: dict[str, str] = {}
    for entry in entries.values():
        name, text = str(entry.get("name") or ""), str(entry.get("text") or "")
        if name and text:
            by_name.setdefault(name, text)
    found: list[tuple[int, str]] = []
    taken = [False] * len(label)
    for name in sorted(by_name, key=len, reverse=True):
        for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", label):
            if not any(taken[match.start() : match.end()]):
                taken[match.start() : match.end()] = [True] * len(name)
                found.append((match.start(), name))
                break
    return [(name, by_name[name]) for _, name in sorted(found)]
