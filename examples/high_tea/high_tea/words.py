"""High Tea in players' words: the catalogue, the option texts and how each event reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardcafe.engine import Event
from cardcafe.engine.game import EventText
from cardcafe.engine.words import Words, points

from .cards import COPIES, NAMES, VALUE

HUES = {"crumb": 30, "biscuit": 40, "muffin": 20, "scone": 45, "eclair": 25}


def catalogue() -> dict[str, Any]:
    """Every cake's name and what it does (it is worth its number), for every screen."""
    return {
        "cards": {
            cake: {
                "name": name,
                "text": f"Worth {points(VALUE[cake])} in your hand at the end. "
                f"There are {COPIES} in the deck.",
                "value": VALUE[cake],
                "hue": HUES.get(cake, 330),
            }
            for cake, name in NAMES.items()
        },
        "terms": {},
        # What the scores beside the table count, and how the game is won, in one line.
        "scoring": (
            "Nothing is scored until the last round ends: then each player's cakes in hand add "
            "up their worth, and the highest total wins (a tie shares the win)."
        ),
    }


def option_texts() -> dict[str, dict[str, Any]]:
    return {
        "rounds": {
            "label": "Rounds",
            "help": "How many times each player takes a turn before the cakes are counted.",
        }
    }


def _actor(e: Event) -> int:
    assert e.actor is not None, f"a {e.kind} event names who did it"
    return e.actor


def _drawn(w: Words, e: Event) -> str:
    cake = e.get("cake")  # only the drawer's own log line names the cake
    return f"{w.does(_actor(e), 'draws')} {w.a(cake) if cake else 'a cake'}."


def _rested(w: Words, e: Event) -> str:
    return f"{w.does(_actor(e), 'rests')}."


def _served(w: Words, e: Event) -> str:
    return f"{w.does(_actor(e), 'serves')} {w.the(e.get('cake'))}."


def _end(w: Words, e: Event) -> str:
    return f"The tea is over: {w.tally(e.get('scores'))}. {w.won(e.get('winners'))}."


EVENT_TEXTS: Mapping[str, EventText] = {
    "start": lambda w, e: f"A {e.get('players')}-player game of High Tea begins.",
    "draw": _drawn,
    "rest": _rested,
    "serve": _served,
    "end": _end,
}
