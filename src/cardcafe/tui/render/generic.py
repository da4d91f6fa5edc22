"""A readable board for any game's view, so a new game is playable before it has a renderer.

It reads the view's shape only: lists as long as the number of players become one row per
player, lists of words become card chips, counts become `name ×n` chips, the rest key: value.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .cards import chip

# Keys the app shows elsewhere (turn, prompt, scores).
META = {"game", "players", "seat", "current_player", "is_over", "prompt", "winners"}


def label(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


def value_text(value: Any) -> Text:
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, (int, float, str)):
        return Text(str(value))
    if isinstance(value, dict):
        if not value:
            return Text("none", style="dim")
        out = Text()
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool):
                out.append_text(chip(f"{key} ×{item}" if item != 1 else str(key)))
            else:
                out.append(f"{key}: ")
                out.append_text(value_text(item))
            out.append(" ")
        return out
    if isinstance(value, (list, tuple)):
        if not value:
            return Text("none", style="dim")
        if all(isinstance(v, dict) for v in value):
            return Text(" ").join(compact(v) for v in value)
        if all(isinstance(v, str) for v in value):
            out = Text()
            for item in value:
                out.append_text(chip(item))
                out.append(" ")
            return out
        parts = [value_text(v) for v in value]
        return Text(" · ").join(parts)
    return Text(repr(value))


def compact(item: dict[str, Any]) -> Text:
    """A small record (`{"card": "joker", "as": "milk"}`) as one chip of its distinct values."""
    values = []
    for v in item.values():
        shown = v if isinstance(v, str) else str(v) if isinstance(v, (int, float)) else None
        if shown is not None and shown not in values:
            values.append(shown)
    return chip(" / ".join(values)) if values else Text("{}", style="dim")


def records_table(items: list[Any]) -> Table:
    """A list of records (orders, realms, piles) as a table, one row per record."""
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
        cells = [value_text((item or {}).get(key)) for key in columns]
        table.add_row(str(number), *cells)
    return table


def is_per_player(key: str, value: Any, players: int) -> bool:
    """A list with one entry per seat: as long as the table, not a list of card names (a hand
    of three in a three-player game is still a hand), and named in the plural or holding
    piles (lists, counts) rather than single values."""
    if not isinstance(value, list) or len(value) != players or players < 2:
        return False
    if all(isinstance(v, str) for v in value):
        return False
    return key.endswith("s") or any(isinstance(v, (list, dict)) for v in value)


def is_records(value: Any) -> bool:
    """A list of dicts (None for an empty place), at least one of them a dict."""
    return (
        isinstance(value, list)
        and any(isinstance(v, dict) for v in value)
        and all(isinstance(v, dict) or v is None for v in value)
    )


def render(view: dict[str, Any], names: list[str]) -> RenderableType:
    players = view.get("players", len(names))
    per_player = {k: v for k, v in view.items() if k not in META and is_per_player(k, v, players)}
    shared = {k: v for k, v in view.items() if k not in META and k not in per_player}
    parts: list[RenderableType] = []
    if shared:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        records = {}
        for key, value in shared.items():
            if is_records(value):
                records[key] = value
            else:
                table.add_row(label(key), value_text(value))
        parts.append(table)
        for key, value in records.items():
            parts.append(Text(label(key), style="bold"))
            parts.append(records_table(value))
    if per_player:
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("Player")
        for key in per_player:
            table.add_column(label(key))
        for seat in range(players):
            name = names[seat] if seat < len(names) else f"Player {seat + 1}"
            style = "bold reverse" if seat == view.get("current_player") else ""
            table.add_row(
                Text(name, style=style), *(value_text(v[seat]) for v in per_player.values())
            )
        parts.append(table)
    return Group(*parts)
