"""A log line repeated in a row is said once, with how many times: "... Rear Line (3 times)."

The engine logs one event per move, and some moves come in runs that read the same: a bot
putting its three Rear Line cards face down in Monster's Coffee is three lines "Heuristic bot 4
puts a card face down in their Rear Line.", one under the other (at 80x24 they were half of the
news under the status). Only lines alike word for word fold, so every move is still told.

Lines alike but for who does it, one after the other, are one line naming them all: at a
round's start "Heuristic bot 2 is dealt 10 cards." for each bot in turn reads "Heuristic bots 2, 3
and 4 are each dealt 10 cards." Every one of them is still named, with what they did.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from cardcafe.engine.words import join, many_do

T = TypeVar("T", bound=Hashable)
VERB = re.compile(r"([a-z]+s)\b(.*)", re.DOTALL)  # what a seat did: its verb, then the rest


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


def told(texts: Iterable[str], names: Sequence[str] = ()) -> list[tuple[str, int]]:
    """The lines as told: each run of alike lines once with its count, then lines that say the
    same of different seats among `names` (one after the other, each said once) as one line;
    with each, how many of `texts` it stands for."""
    out: list[tuple[str, int]] = []
    group: list[tuple[str, str]] = []  # (who, what they did) of the lines being joined

    def close() -> None:
        if len(group) > 1:
            who = together([name for name, _ in group])
            verb, rest = VERB.match(group[0][1]).groups()  # type: ignore[union-attr]
            # ("are each dealt 7 cards", not "each are dealt")
            did = f"are each{rest}" if verb == "is" else f"each {many_do(verb)}{rest}"
            out.append((f"{who} {did}", len(group)))
        elif group:
            out.append(("".join(f"{name} {did}" for name, did in group), 1))
        group.clear()

    for text, count in runs(texts):
        said = actor(text, names) if count == 1 else None
        if said is None or (group and (said[1] != group[0][1] or said[0] in dict(group))):
            close()
        if said is None:
            out.append((times(text, count), count))
        else:
            group.append(said)
    close()
    return out


def fold(texts: Iterable[str], names: Sequence[str] = ()) -> list[str]:
    """The lines as told (`told`), without their counts."""
    return [text for text, _ in told(texts, names)]


def actor(text: str, names: Sequence[str]) -> tuple[str, str] | None:
    """(who, what they did) when `text` starts with one of `names` and a verb ("Heuristic bot
    2", "draws 10 cards."); the longest name first ("Player 10" is not "Player 1"). Not when
    what they did names one thing ("plays the 11 of Mutant"): "Random bots 9 and 10 each play
    the 11 of Mutant" read as one card played twice (Monster Rejects' battle pack has two)."""
    for name in sorted(names, key=len, reverse=True):
        if text.startswith(f"{name} "):
            did = text[len(name) + 1 :]
            return (name, did) if VERB.match(did) and " the " not in f" {did}" else None
    return None


def together(names: list[str]) -> str:
    """Seats named as one: "Heuristic bots 2, 3 and 4" when their names differ only by
    number, else "Player 2, Heuristic bot 3 and Random bot 4"."""
    numbered = [re.fullmatch(r"(.+) (\d+)", name) for name in names]
    kinds = {match[1] for match in numbered if match}
    if all(numbered) and len(kinds) == 1:
        return f"{kinds.pop()}s {join(match[2] for match in numbered if match)}"
    return join(names)
