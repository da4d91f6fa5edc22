"""A log line repeated in a row is said once, with how many times: "... Rear Line (3 times)."

The engine logs one event per move, and some moves come in runs that read the same: a bot
putting its three Rear Line cards face down in Monster's Coffee is three lines "Heuristic bot 4
puts a card face down in their Rear Line.", one under the other (at 80x24 they were half of the
news under the status). Only lines alike word for word fold, so every move is still told.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

T = TypeVar("T", bound=Hashable)


def runs(items: Iterable[T]) -> list[tuple[T, int]]:
    """Each run of equal items in a row as (item, how many), in their order."""
    out: list[tuple[T, int]] = []
    for item in items:
        if out and out[-1][0] == item:
            out[-1] = (item, out[-1][1] + 1)
        else:
            out.append((item, 1))
    return out


def times(text: str, count: int) -> str:
    """`text` said `count` times: the count goes before its full stop, as a person writes it."""
    if count == 1:
        return text
    body, stop = (text[:-1], text[-1]) if text.endswith((".", "!")) else (text, "")
    return f"{body} ({count} times){stop}"


def fold(texts: Iterable[str]) -> list[str]:
    """The lines with each run of alike lines in a row said once, with its count."""
    return [times(text, count) for text, count in runs(texts)]
