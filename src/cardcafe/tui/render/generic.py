"""A readable board for any game's view, so a new game is playable before it has a renderer.

It reads the view's shape only: lists with one entry per seat become one row per player, lists
of records (orders, a pile) become tables, lists of words become card chips, counts become
`name ×n` chips, the rest `key: value`. A view may name its cards in a `names` map (card id to
words); chips then show the words and take their colour from the card's family (the id's first
part), so every card of a family looks alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import chip, colour_for

# Keys the app shows elsewhere (turn, prompt, scores) or uses only to label cards.
META = {"game", "players", "seat", "current_player", "is_over", "prompt", "winners", "names"}
HIDDEN = ("#34495e", "white")
WIDE = 5  # more per-player fields than this: a panel per player instead of one table


def label(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


class Board:
    def __init__(self, view: dict[str, Any]):
        names = view.get("names")
        self.names: Mapping[str, str] = names if isinstance(names, Mapping) else {}

    def card(self, card_id: str) -> Text:
        family = card_id.split("-")[0].split(":")[0] or card_id
        return chip(str(self.names.get(card_id, card_id)), colour_for(family))

    def record(self, item: dict[str, Any]) -> Text:
        """A small record (`{"card": "joker", "as": "milk"}`) as one chip: its words, its
        numbers with their names, its true flags by name; a record of nothing is face down."""
        card = next((v for v in item.values() if isinstance(v, str) and v in self.names), None)
        words: list[str] = []
        for key, value in item.items():
            if value is None or value is False or value == "":
                continue
            if value is True:
                shown = label(key).lower()
            elif isinstance(value, str):
                shown = str(self.names.get(value, value))
            elif isinstance(value, (int, float)):
                shown = f"{label(key).lower()} {value}"
            else:
                continue
            if shown not in words:
                words.append(shown)
        if not words:
            return chip("face down", HIDDEN)
        colours = colour_for(card.split("-")[0]) if card else None
        return chip(" · ".join(words), colours)

    def value(self, value: Any) -> RenderableType:
        if value is None:
            return Text("—", style="dim")
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if isinstance(value, str):
            return self.card(value) if value in self.names else Text(value)
        if isinstance(value, (int, float)):
            return Text(str(value))
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
        return Text(repr(value))

    def text(self, value: Any) -> Text:
        """`value` in one line of text (inside another value)."""
        if isinstance(value, list) and all(isinstance(v, str) for v in value) and value:
            return Text(" ").join(self.card(v) for v in value)
        shown = self.value(value)
        return shown if isinstance(shown, Text) else Text(repr(value))

    def mapping(self, value: dict[str, Any]) -> Text:
        if not value:
            return Text("none", style="dim")
        out = []
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool):
                shown = str(self.names.get(key, key))
                out.append(self.card(key) if item == 1 else chip(f"{shown} ×{item}"))
            else:
                out.append(Text.assemble(f"{label(key)}: ", self.text(item)))
        return Text(" ").join(out)

    def records_table(self, items: list[Any]) -> Table:
        columns: list[str] = []
        for item in items:
            for key in item or {}:
                if key not in columns:
                    columns.append(key)
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("#", justify="right")
        for key in columns:
            table.add_column(label(key))
        for number, item in enumerate(items, start=1):
            cells = [self.value((item or {}).get(key)) for key in columns]
            table.add_row(str(number), *cells)
        return table


def is_blank(value: Any) -> bool:
    """Nothing to show (no card, a flag that is off, an empty pile): listed in one dim line."""
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


def player_panels(
    board: Board, view: dict[str, Any], names: list[str], per_player: dict[str, list]
) -> list[Panel]:
    """One panel per player, for views with too many per-player fields for one table."""
    panels = []
    for seat in range(len(names)):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for key, values in per_player.items():
            grid.add_row(label(key), board.value(values[seat]))
        here = seat == view.get("current_player")
        title = names[seat] + ("  ◀ to move" if here else "")
        panels.append(
            Panel(grid, title=title, title_align="left", border_style="bold" if here else "dim")
        )
    return panels


def render(view: dict[str, Any], names: list[str]) -> RenderableType:
    board = Board(view)
    players = view.get("players", len(names))
    per_player = {k: v for k, v in view.items() if k not in META and is_per_player(k, v, players)}
    shared = {k: v for k, v in view.items() if k not in META and k not in per_player}
    parts: list[RenderableType] = []
    records = {k: v for k, v in shared.items() if is_records(v)}
    plain = {k: v for k, v in shared.items() if k not in records and not is_blank(v)}
    blank = [label(k) for k, v in shared.items() if k not in records and is_blank(v)]
    if plain:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for key, value in plain.items():
            table.add_row(label(key), board.value(value))
        parts.append(table)
    if blank:
        parts.append(Text("None or off: " + ", ".join(blank), style="dim"))
    for key, value in records.items():
        parts.append(Text(label(key), style="bold"))
        parts.append(board.records_table(value))
    if len(per_player) > WIDE:
        parts.extend(player_panels(board, view, names, per_player))
    elif per_player:
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("Player")
        for key in per_player:
            table.add_column(label(key))
        for seat in range(players):
            name = names[seat] if seat < len(names) else f"Player {seat + 1}"
            style = "bold reverse" if seat == view.get("current_player") else ""
            table.add_row(
                Text(name, style=style), *(board.value(v[seat]) for v in per_player.values())
            )
        parts.append(table)
    return Group(*parts)
