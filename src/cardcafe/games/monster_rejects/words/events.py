"""Log lines: each kind of event worded for one viewer (seat names and card names from Words)."""

from __future__ import annotations

from cardcafe.engine import Event
from cardcafe.engine.words import Words, join

from ..cards import (
    AIDS,
    BOMBER,
    COSBY,
    ILLUSIONIST,
    SMUGGLE,
    UNDEAD,
    VALUE_OF,
)
from .labels import realm_name, the


# -- the log -------------------------------------------------------------------------------
def _actor(e: Event) -> int:
    """The seat that acted (every event worded with `w.does` has one)."""
    assert e.actor is not None, f"a {e.kind} event without its player"
    return e.actor


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _why(w: Words, card: str | None) -> str:
    if card is None:
        return "everyone passed"
    return f"{w.card(card)} called" if card == ILLUSIONIST else w.card(card)


def _first_draw(w: Words, e: Event) -> str:
    drew = [
        f"{w.seat(s)} {w.verb(s, 'draws', 'draw')} {w.a(c)}"
        for s, c in enumerate(e.get("draws"))
        if c is not None
    ]
    return f"To choose who goes first, {join(drew)}."


def _pile_taken(w: Words, e: Event) -> str:
    hidden = e.get("hidden")
    extra = f", {hidden} of them face down" if hidden else ""
    taker = e.get("taker")
    why = _why(w, e.get("by"))
    return f"{w.does(taker, 'picks')} up the pile ({why}): {_cards(e.get('count'))}{extra}."


def _win(w: Words, e: Event) -> str:
    s = e.get("winner")
    how = f" with {w.card(ILLUSIONIST)}" if e.get("card") == ILLUSIONIST else ""
    # (the win in `Words.won`'s words: a seat a bot played on after its player conceded is
    # "Bot (for Ann, who conceded)", as the table's banner says it)
    return f"{w.does(s, 'plays')} {w.verb(s, 'their', 'your')} last card{how}. {w.won([s])}!"


def _no_winner(w: Words, e: Event) -> str:
    if e.kind == "stalemate":
        why = "nobody can move a card: stalemate"
    else:
        why = f"the limit of {e.get('limit')} turns is reached"
    return f"The game ends: {why}. Fewest cards: {join(w.seat(s) for s in e.get('winners'))}."


def _bomber_count(w: Words, e: Event) -> str:
    card = e.get("card")
    drawn = the(w, card) if card is not None else "nothing"
    target = w.seat(e.get("target"))
    return f"{w.card(BOMBER)} draws {drawn}: the count of {e.get('count')} ends on {target}."


def _deuce_draw(w: Words, e: Event) -> str:
    cards, target = e.get("cards"), e.get("target")
    if cards is None:
        return f"{w.does(target, 'draws')} {_cards(e.get('count'))}."
    return f"{w.does(target, 'draws')} {join(the(w, c) for c in cards)}."


def _call(w: Words, e: Event) -> str:
    card = e.get("card")
    verdict = "a lie" if card != e.get("claim") else "the truth"
    return f"{w.does(_actor(e), 'calls')} the bluff: the card is {the(w, card)}, {verdict}."


def _draw(w: Words, e: Event) -> str:
    card = e.get("card")
    return f"{w.does(_actor(e), 'draws')} {the(w, card) if card is not None else 'a card'}."


def _cosby_give(w: Words, e: Event) -> str:
    card, victim = e.get("card"), w.seat(e.get("victim"))
    if card is None:
        return f"{w.does(_actor(e), 'gives')} {victim} a card."
    return f"{w.does(_actor(e), 'gives')} {the(w, card)} to {victim}."


def _smuggle(w: Words, e: Event) -> str:
    card = e.get("card")
    if card is None:
        return f"{w.does(_actor(e), 'smuggles')} a card face down."
    return f"{w.does(_actor(e), 'puts')} {the(w, card)} face down under {w.card(SMUGGLE)}."


def _realm(w: Words, e: Event) -> str:
    card, value = e.get("card"), e.get("value")
    worth = f" (worth {value})" if value != VALUE_OF[card] else ""
    return f"{w.does(_actor(e), 'plays')} {the(w, card)}{worth}."


def _start(w: Words, e: Event) -> str:
    decks = e.get("decks")
    return (
        f"A {e.get('players')}-player game with {decks} deck{'s' if decks > 1 else ''}: "
        f"{e.get('deck')} cards."
    )


def _catch(w: Words, e: Event) -> str:
    s = e.get("seat")
    undead = realm_name(w, UNDEAD)
    article = "an" if undead[:1].lower() in "aeiou" else "a"
    return (
        f"{w.Seat(s)} cannot play {article} {undead} card and {w.verb(s, 'takes')} {w.card(AIDS)}."
    )


EVENT_TEXTS = {
    "start": _start,
    "first-draw": _first_draw,
    "first-player": lambda w, e: f"{w.does(e.get('seat'), 'goes')} first.",
    "pile-killed": lambda w, e: (
        f"The pile is killed ({_why(w, e.get('by'))}): {_cards(e.get('count'))} to the graveyard."
    ),
    "revealed": lambda w, e: (
        f"A face-down {w.card(ILLUSIONIST)} card turns out to be {the(w, e.get('card'))}."
    ),
    "pile-taken": _pile_taken,
    "face-down-picked": lambda w, e: (
        f"The face-down card {w.seat(e.get('taker'))} picked up is {the(w, e.get('card'))}."
    ),
    "smuggled-discarded": lambda w, e: (
        f"{w.Seats(e.get('owner'))} smuggled card goes to the graveyard: {the(w, e.get('card'))}."
    ),
    "play-item": lambda w, e: f"{w.does(_actor(e), 'plays')} the item {w.card(e.get('card'))}.",
    "play-realm": _realm,
    "draw": _draw,
    "reshuffle": lambda w, e: "The deck is empty: the graveyard is shuffled into a new deck.",
    "pass": lambda w, e: f"{w.does(_actor(e), 'passes')}.",
    "win": _win,
    "stalemate": _no_winner,
    "limit": _no_winner,
    "play-chaos": lambda w, e: f"{w.does(_actor(e), 'plays')} {w.card(e.get('card'))}.",
    "bomber-redraw": lambda w, e: (
        f"{w.card(BOMBER)} draws {the(w, e.get('card'))}: discarded, draw again."
    ),
    "bomber-count": _bomber_count,
    "deuce-top": lambda w, e: f"The top card now counts as {e.get('value')}.",
    "deuce-draw": _deuce_draw,
    "cosby-nothing": lambda w, e: (
        f"{w.Seat(e.get('victim'))} {w.verb(e.get('victim'), 'holds', 'hold')} no Realm card: "
        f"{w.card(COSBY)} takes nothing."
    ),
    "cosby-take": lambda w, e: (
        f"{w.does(_actor(e), 'takes')} {the(w, e.get('card'))} from {w.seat(e.get('victim'))}."
    ),
    "cosby-give": _cosby_give,
    "smuggle": _smuggle,
    "hide": lambda w, e: f"{w.does(_actor(e), 'puts')} {the(w, e.get('card'))} face down.",
    "declare": lambda w, e: (
        f"{w.does(_actor(e), 'declares')} the face-down card is {the(w, e.get('card'))}."
    ),
    "accept": lambda w, e: f"{w.does(_actor(e), 'lets')} the declaration pass.",
    "call": _call,
    "catch-aids": _catch,
}
