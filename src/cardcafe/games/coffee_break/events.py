"""Coffee Break's events, built once and shared: those that recur (a card laid, picked, an order
shown, a draw as others see it) are cached, and those holding a list of cards (a draw, an
exchange, a completed order) are kept by content in `SHARED_EVENTS`. Events are immutable and a
log holds them by reference, so every state of the process can share them (issue 17)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from cardcafe.engine import Event

from .cards import ORDER_CARD

# An event from its five fields, built in C: `Event` is a NamedTuple, whose generated `__new__`
# (Python) costs more than the rest of logging a draw. Only for the fields it has today.
make_event: Callable[[tuple[Any, ...]], Event]
if Event._fields == ("kind", "actor", "visible_to", "data", "hidden_from"):
    make_event = functools.partial(tuple.__new__, Event)
else:  # pragma: no cover (a kernel with another Event)

    def _make_event(fields: tuple[Any, ...]) -> Event:
        return Event(*fields)

    make_event = _make_event


# Events holding a list (the cards of a draw, an exchange, a completed order) cannot be packed by
# the event log, which keeps each one whole in every log that holds it: so each is built once per
# content and shared by every state of the process, which then holds a reference (they are
# immutable: a reader of the log gets copies of their data). Few contents recur often (a draw of
# one to three cards, an exchange); past `SHARED_LIMIT` new contents are built afresh. The
# first 4,096 contents met serve 58% of the lookups of 3,000 three-player games (32,768 served
# 78%), and each entry is three objects the garbage collector walks on every full pass: with
# 32,768 a full pass took 100 ms, with 4,096 47 ms, and a two-player playout ran 6 to 8% faster
# over 3 s (the table filling, as in any process's first few thousand games).
# (A game's start and its deals, once a game each, are not kept.) The game object holds the
# table too (`CoffeeBreak.shared_events`), as it holds the card data every state shares.
SHARED_EVENTS: dict[tuple[Any, ...], Any] = {}  # an event, or both events of a draw
SHARED_LIMIT = 1 << 12
# Its lookup, bound once: CPython 3.11 compiles a method call on a name another module imported
# (`SHARED_EVENTS.get(key)` in moves.py) as an attribute load that makes a new bound method at
# every call.
shared = SHARED_EVENTS.get


def share(key: tuple[Any, ...], events: Any) -> Any:
    """Keep `events` (new) as the shared ones of content `key`, while the table has room."""
    if len(SHARED_EVENTS) < SHARED_LIMIT:
        SHARED_EVENTS[key] = events
    return events


@functools.cache
def known_to(seat: int) -> frozenset[int]:
    return frozenset({seat})


@functools.cache
def lay_event(seat: int, card: str, as_: str, order: str) -> Event:
    # 002: "A player allows other players know which ingredient the joker card is to be used
    # for": the named ingredient is public.
    return Event("lay", seat, None, {"card": card, "ingredient": as_, "order": ORDER_CARD[order]})


@functools.cache
def pick_events(seat: int, card: str) -> tuple[Event, Event]:
    # Which card is the picker's to know; that a card was picked is public.
    return (
        Event("pick", seat, known_to(seat), {"card": card}),
        Event("pick", seat, None, None, known_to(seat)),
    )


@functools.cache
def reveal_event(order: str) -> Event:
    return Event("reveal", None, None, {"order": ORDER_CARD[order]})


@functools.cache
def public_deal(seat: int, count: int) -> Event:
    return Event("deal", None, None, {"seat": seat, "count": count}, known_to(seat))


@functools.cache
def public_draw(seat: int, count: int, short: int) -> Event:
    return Event("draw", seat, None, {"count": count, "short": short}, known_to(seat))
