"""A readable board for any game's view, so a new game is playable before it has a renderer.

It reads the view's shape, and names everything from the game's catalogue: lists with one entry
per seat become one row per player, lists of records (orders, a pile) become tables, card ids
become chips with the catalogue's name and colour ("hue"), other ids (terms) their catalogue
name, counts `name ×n`, fields that hold a seat the seat's name. Fields with nothing in them (no
card, a flag that is off) are left out. Field names are the catalogue's where it names them (a
term with the field's id, or a "fields" section), else the key in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import card_colours, card_name, chip

# Keys the table shows elsewhere (status line, prompt, scores panel, breakdown pause).
META = {
    "game",
    "players",
    "seat",
    "current_player",
    "is_over",
    "prompt",
    "phase",
    "winners",
    "scores",
    "breakdown",
    "breakdown_title",
}
HIDDEN = ("#34495e", "white")
WIDE = 5  # more per-player fields than this: a panel per player instead of one table
# Fields that hold a seat number: shown as the seat's name, never as a number.
SEAT_KEY = re.compile(r"(^|_)(player|seat|owner|target|leader|dealer|starter|winner|holder)$")


class Board:
    def __init__(self, view: dict[str, Any], names: list[str], catalogue: Mapping[str, Any]):
        self.view = view
        self.names = names
        self.catalogue = catalogue
        self.cards: Mapping[str, Any] = catalogue.get("cards", {})
        self.terms: Mapping[str, Any] = catalogue.get("terms", {})

    def label(self, key: str) -> str:
        """A field's name in words."""
        fields = self.catalogue.get("fields")
        if isinstance(fields, Mapping) and fields.get(key):
            return str(fields[key])
        term = self.terms.get(key)
        if isinstance(term, Mapping) and term.get("name"):
            return str(term["name"])
        return key.replace("_", " ").replace("-", " ").capitalize()

    def known(self, value: str) -> bool:
        return value in self.cards or value in self.terms

    def seat(self, value: Any) -> str | None:
        """`value` as a seat's name, if it is a seat number."""
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.names):
            return self.names[value]
        return None

    def card(self, card_id: str) -> Text:
        if card_id in self.cards:
            return chip(card_name(card_id, self.catalogue), card_colours(card_id, self.catalogue))
        return Text(card_name(card_id, self.catalogue))

    def record(self, item: dict[str, Any]) -> Text:
        """A small record (`{"card": "joker", "as": "milk"}`) as one chip: its cards by name,
        its numbers with their names, its true flags by name; a record of nothing is face
        down."""
        card = next((v for v in item.values() if isinstance(v, str) and v in self.cards), None)
        words: list[str] = []
        for key, value in item.items():
            if value is None or value is False or value == "":
                continue
            if value is True:
                shown = self.label(key).lower()
            elif isinstance(value, str):
                shown = card_name(value, self.catalogue)
            elif SEAT_KEY.search(key) and self.seat(value) is not None:
                shown = str(self.seat(value))
            elif isinstance(value, (int, float)):
                shown = f"{self.label(key).lower()} {value:g}"
            else:
                continue
            if shown not in words:
                words.append(shown)
        if not words:
            return chip("face down", HIDDEN)
        colours = card_colours(card, self.catalogue) if card else None
        return chip(" · ".join(words), colours)

    def value(self, value: Any, key: str = "") -> RenderableType:
        if value is None:
            return Text("—", style="dim")
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if key and SEAT_KEY.search(key) and self.seat(value) is not None:
            return Text(str(self.seat(value)))
        if isinstance(value, str):
            return self.card(value)
        if isinstance(value, (int, float)):
            return Text(f"{value:g}")
        if isinstance(value, dict):
            return self.mapping(value)
        if isinstance(value, (list, tuple)):
            if not value:
                return Text("none", style="dim")
            if all(isinstance(v, str) for v in value):
                # Columns: the row wraps between cards, never inside a card's name.
                return Columns([self.card(v) for v in value])
            if all(isinstance(v, dict) or v is None for v in value):
                return Text(" ").join(
                    self.record(v) if v is not None else Text("—", style="dim") for v in value
                )
            return Text(" · ").join(self.text(v) for v in value)
        return Text(str(value))

    def text(self, value: Any) -> Text:
        """`value` in one line of text (inside another value); a missing card is a dash."""
        if (
            isinstance(value, list)
            and value
            and all(isinstance(v, (str, type(None))) for v in value)
        ):
            return Text(" ").join(
                self.card(v) if v is not None else Text("—", style="dim") for v in value
            )
        shown = self.value(value)
        return shown if isinstance(shown, Text) else Text(str(value))

    def mapping(self, value: dict[str, Any]) -> Text:
        if not value:
            return Text("none", style="dim")
        out = []
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool):
                if key in self.cards:
                    name = card_name(key, self.catalogue)
                    shown = name if item == 1 else f"{name} ×{item}"
                    out.append(chip(shown, card_colours(key, self.catalogue)))
                else:
                    out.append(Text(f"{self.label(key)} ×{item}"))
            elif not is_blank(item):
                out.append(Text.assemble(f"{self.label(key)}: ", self.text(item)))
        return Text(" ").join(out) if out else Text("none", style="dim")

    def records_table(self, items: list[Any]) -> Table:
        columns: list[str] = []
        for item in items:
            for key in item or {}:
                if key not in columns:
                    columns.append(key)
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("#", justify="right")
        for key in columns:
            table.add_column(self.label(key))
        for number, item in enumerate(items, start=1):
            cells = [self.value((item or {}).get(key), key) for key in columns]
            table.add_row(str(number), *cells)
        return table


def is_blank(value: Any) -> bool:
    """Nothing to show (no card, a flag that is off, an empty pile): left off the board."""
    return value is None or value is False or (isinstance(value, (str, list, dict)) and not value)


def is_records(value: Any) -> bool:
    """A list of records sharing their fields (None for an empty place): not per-seat counts."""
    if not isinstance(value, list) or not any(isinstance(v, dict) for v in value):
        return False
    dicts = [v for v in value if v is not None]
    if not all(isinstance(v, dict) and v for v in dicts):
        return False
    keys = {frozenset(v) for v in dicts}
    counts = all(isinstance(x, int) for v in dicts for x in v.values())
    return len(keys) == 1 and not counts


def is_per_player(key: str, value: Any, players: int) -> bool:
    """A list with one entry per seat: as long as the table, and not a hand of card names
    (a hand of three in a three-player game is still a hand) nor a list of records."""
    if not isinstance(value, list) or len(value) != players or players < 2:
        return False
    return not (all(isinstance(v, str) for v in value) or is_records(value))


def player_panels(board: Board, view: dict[str, Any], per_player: dict[str, list]) -> list[Panel]:
    """One panel per player, for views with too many per-player fields for one table."""
    panels = []
    for seat, name in enumerate(board.names):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for key, values in per_player.items():
            if not is_blank(values[seat]):
                grid.add_row(board.label(key), board.value(values[seat], key))
        here = seat == view.get("current_player")
        title = name + ("  ◀ to move" if here else "")
        panels.append(
            Panel(grid, title=title, title_align="left", border_style="bold" if here else "dim")
        )
    return panels


def render(view: dict[str, Any], names: list[str], catalogue: Mapping[str, Any]) -> RenderableType:
    board = Board(view, names, catalogue)
    players = view.get("players", len(names))
    per_player = {k: v for k, v in view.items() if k not in META and is_per_player(k, v, players)}
    shared = {k: v for k, v in view.items() if k not in META and k not in per_player}
    parts: list[RenderableType] = []
    records = {k: v for k, v in shared.items() if is_records(v)}
    plain = {k: v for k, v in shared.items() if k not in records and not is_blank(v)}
    if plain:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for key, value in plain.items():
            table.add_row(board.label(key), board.value(value, key))
        parts.append(table)
    for key, value in records.items():
        parts.append(Text(board.label(key), style="bold"))
        parts.append(board.records_table(value))
    if len(per_player) > WIDE:
        parts.extend(player_panels(board, view, per_player))
    elif per_player:
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("Player")
        for key in per_player:
            table.add_column(board.label(key))
        for seat in range(players):
            name = names[seat] if seat < len(names) else f"Player {seat + 1}"
            style = "bold reverse" if seat == view.get("current_player") else ""
            table.add_row(
                Text(name, style=style),
                *(board.value(v[seat], key) for key, v in per_player.items()),
            )
        parts.append(table)
    return Group(*parts)
