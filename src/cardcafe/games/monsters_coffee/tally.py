"""Where each seat's Coffee came from, replayed from the public events (no words: words.py
names the parts). Only screens call it, when a round or the game ends: playouts pay nothing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardcafe.engine import Event

Parts = dict[Any, int]  # source ("skeeter", ("majority", family), ...) -> Coffee

# Events that pay Coffee to their actor during a round, and the part of the score they make.
PAID_TO_ACTOR = {"skeeter": "skeeter", "snout-coffee": "snout", "snout-end": "snout"}


class _Ledger:
    """The running Coffee of every seat, kept as the game keeps it (not below 0 unless the
    `negative_coffee` option), with what a loss could not take put down as "floor"."""

    def __init__(self, players: int, negative: bool):
        self.totals = [0] * players
        self.negative = negative

    def pay(self, seat: int, amount: int, parts: Parts, source: Any) -> None:
        self.pay_parts(seat, {source: amount}, parts)

    def pay_parts(self, seat: int, amounts: Parts, parts: Parts) -> None:
        """Pay the sum of `amounts` at once (the game pays a round's majorities as one sum)."""
        wanted = self.totals[seat] + sum(amounts.values())
        got = wanted if self.negative else max(0, wanted)
        self.totals[seat] = got
        for source, amount in amounts.items():
            parts[source] = parts.get(source, 0) + amount
        if got != wanted:
            parts["floor"] = parts.get("floor", 0) + got - wanted


def tally(
    events: Iterable[Event], players: int, negative: bool, base: dict[str, Any] | None = None
) -> tuple[dict[int, list[Parts]], list[Parts]]:
    """(rounds, end): by round number, per seat, {source: Coffee}; per seat, the game end's
    {source: Coffee}. Sources: "skeeter", "snout", "grunge", ("majority", family), "cookie",
    "mummy", "floor" (a loss that found no Coffee to take).

    `base`: where a game set up from a position starts (position.py): {"rounds", "end",
    "round", "coffee"}, the parts earned before it; the events then add what came after."""
    ledger = _Ledger(players, negative)
    rounds: dict[int, list[Parts]] = {}
    now: list[Parts] = []
    end: list[Parts] = [{} for _ in range(players)]
    if base is not None:
        rounds = {r: [dict(got) for got in seats] for r, seats in base["rounds"].items()}
        end = [dict(got) for got in base["end"]]
        now = rounds.setdefault(base["round"], [{} for _ in range(players)])
        ledger.totals = list(base["coffee"])
    majorities: list[Parts] = [{} for _ in range(players)]
    for e in events:
        kind = e.kind
        if kind == "round":
            now = rounds[e.get("round")] = [{} for _ in range(players)]
        elif kind in PAID_TO_ACTOR:
            actor = _actor(e)
            ledger.pay(actor, 1, now[actor], PAID_TO_ACTOR[kind])
        elif kind == "grunge":
            seat: int = _actor(e) if e.get("answer") else e.get("target")
            ledger.pay(seat, e.get("coffee"), now[seat], "grunge")
        elif kind == "majority" and e.get("winner") is not None:
            majorities[e.get("winner")][("majority", e.get("family"))] = e.get("coffee")
        elif kind == "round-end":
            for seat in range(players):
                ledger.pay_parts(seat, majorities[seat], now[seat])
            majorities = [{} for _ in range(players)]
        elif kind == "final":
            actor = _actor(e)
            ledger.pay(actor, e.get("cookie"), end[actor], "cookie")
            ledger.pay(actor, e.get("mummy"), end[actor], "mummy")
    return rounds, end


def _actor(e: Event) -> int:
    assert e.actor is not None, e  # the events that pay their actor have one
    return e.actor
