"""Each kind of event in one sentence, for the viewer of `w` (seat numbers and card ids in,
words out)."""

from __future__ import annotations

from collections.abc import Callable

from cardcafe.engine import Event
from cardcafe.engine.words import Words, join, with_article

from .names import bones_rule, capital, face


def _own(w: Words, actor: int, owner: int) -> str:
    """Whose line: "their own", "your own", "your", "Bob's"."""
    if owner == actor:
        return f"{w.verb(actor, 'their', 'your')} own"
    return w.seats(owner)


def _by(e: Event) -> int:
    """The seat an event is about (every event worded with it has one)."""
    assert e.actor is not None, e
    return e.actor


def _their(w: Words, seat: int) -> str:
    return w.verb(seat, "their", "your")


def _start(w: Words, e: Event) -> str:
    names = join(w.card(f) for f in e.get("families"))
    return f"A {e.get('players')}-player game with {names}."


def _round(w: Words, e: Event) -> str:
    return (
        f"Round {e.get('round')}: each player draws {e.get('size')} cards; "
        f"{e.get('discarded')} are discarded unseen. {w.does(e.get('first'), 'plays')} first."
    )


def _deal(w: Words, e: Event) -> str:
    seat = e.get("seat")
    if e.get("cards") is not None:
        return f"{w.does(seat, 'is dealt')} {w.some(e.get('cards'))}."
    return f"{w.does(seat, 'is dealt')} {e.get('count')} cards."


def _hide(w: Words, e: Event) -> str:
    card = e.get("card")
    what = w.a(card) if card else "a card"
    return f"{w.does(_by(e), 'puts')} {what} face down in {_their(w, _by(e))} Rear Line."


def _take(w: Words, e: Event) -> str:
    whose = _own(w, _by(e), e.get("owner"))
    return f"{w.does(_by(e), 'takes')} {w.a(e.get('card'))} from {whose} Front Line to the centre."


def _mummy_get(w: Words, e: Event) -> str:
    if e.get("face") is not None:
        return f"{w.does(_by(e), 'gets')} a Mummy token showing {face(*e.get('face'))}."
    return f"{w.does(_by(e), 'gets')} a Mummy token, face down."


def _mummy_draw(w: Words, e: Event) -> str:
    if e.get("faces") is not None:
        shown = join(face(*f) for f in e.get("faces"))
        return f"{w.does(_by(e), 'draws')} two Mummy tokens: {shown}."
    return f"{w.does(_by(e), 'draws')} two Mummy tokens without showing them."


def _token_on(what: str) -> Callable[[Words, Event], str]:
    def text(w: Words, e: Event) -> str:
        whose = _own(w, _by(e), e.get("owner"))
        card = w.card(e.get("card"))
        return f"{w.does(_by(e), 'puts')} {what} on the {card} of {whose} Front Line."

    return text


def _grunge(w: Words, e: Event) -> str:
    asker, target = _by(e), e.get("target")
    question = (
        f"{w.does(asker, 'asks')} {w.seat(target)} for {w.a(e.get('family'))} in "
        f"{_their(w, target)} Rear Line"
    )
    winner, answer = (asker, "yes") if e.get("answer") else (target, "no")
    return f"{question}: {answer}. {w.does(winner, 'gets')} {e.get('coffee')} Coffee."


def _majority(w: Words, e: Event) -> str:
    name, counts, coffee = w.card(e.get("family")), e.get("counts"), e.get("coffee")
    best, winner = max(counts), e.get("winner")
    tied = [seat for seat, n in enumerate(counts) if n == best]
    if winner is None:
        if best <= 0:
            return f"Nobody holds {with_article(name)}: the {name} majority wins nothing."
        who = capital(join(w.seat(s) for s in tied))
        return f"{who} tie for the {name} majority ({best} each): nobody wins its {coffee} Coffee."
    how = f" (tied at {best}, won on Whipped Cream)" if len(tied) > 1 else f" ({best})"
    wins = w.verb(winner, "wins", "win") if coffee >= 0 else w.verb(winner, "loses", "lose")
    return f"{w.does(winner, 'has')} the {name} majority{how} and {wins} {abs(coffee)} Coffee."


def _round_end(w: Words, e: Event) -> str:
    now = join(f"{w.seat(s)} {n}" for s, n in enumerate(e.get("coffee")))
    return f"End of round {e.get('round')}. Coffee now: {now}."


def _final(w: Words, e: Event) -> str:
    extras = [f"the Cookie bonus ({e.get('cookie')})"] if e.get("cookie") else []
    faces = e.get("faces")
    if faces:
        shown = " + ".join(face(*f) for f in faces)
        bones = sum(b for _, b in faces)
        why = f" ({bones_rule(bones)})" if bones else ""
        extras.append(f"Mummy tokens ({shown}) worth {e.get('mummy')}{why}")
    with_ = f" with {join(extras)}" if extras else ""
    return f"{w.does(_by(e), 'ends', 'end')}{with_}: {e.get('total')} Coffee in all."


def _over(w: Words, e: Event) -> str:
    return f"The game is over. {w.won(e.get('winners'))}."


EVENT_TEXTS: dict[str, Callable[[Words, Event], str]] = {
    "start": _start,
    "round": _round,
    "deal": _deal,
    "hide": _hide,
    "front": lambda w, e: f"{w.Seats(_by(e))} Front Line: {w.some(e.get('cards'))}.",
    "take": _take,
    "snout-coffee": lambda w, e: (
        f"{w.does(_by(e), 'takes')} the Coffee token that was on the {w.card(e.get('card'))}."
    ),
    "mummy-get": _mummy_get,
    "skipped": lambda w, e: f"The {w.card(e.get('family'))} power cannot apply: it is skipped.",
    "cookie": lambda w, e: f"{w.does(_by(e), 'takes')} a Cookie token.",
    "skeeter": lambda w, e: f"{w.does(_by(e), 'takes')} a Coffee token.",
    "cream": lambda w, e: f"{w.does(_by(e), 'takes')} a Whipped Cream token.",
    "mummy-draw": _mummy_draw,
    "rex": lambda w, e: (
        f"{w.does(_by(e), 'swaps')} the {w.card(e.get('rear'))} of {_their(w, _by(e))} Rear "
        f"Line with the {w.card(e.get('front'))} of {_their(w, _by(e))} Front Line; both are "
        "revealed."
    ),
    "priss": lambda w, e: (
        f"{w.does(_by(e), 'swaps')} the {w.card(e.get('front'))} of {_their(w, _by(e))} Front "
        f"Line with {w.a(e.get('centre'))} of the centre."
    ),
    "droppings": _token_on("a Droppings token"),
    "snout": _token_on("a Coffee token"),
    "mummy-put": _token_on("a Mummy token face down"),
    "grunge": _grunge,
    "grunge-shown": lambda w, e: (
        f"{w.Seats(_by(e))} Rear Line shows its {w.card(e.get('family'))} already: nothing new "
        "is revealed."
    ),
    "reveal": lambda w, e: (
        f"{w.does(_by(e), 'reveals')} {w.a(e.get('card'))} of {_their(w, _by(e))} Rear Line."
    ),
    "rear-line": lambda w, e: f"{w.Seats(_by(e))} Rear Line: {w.some(e.get('cards'))}.",
    "snout-end": lambda w, e: (
        f"{w.does(_by(e), 'takes')} the Coffee token left on the {w.card(e.get('card'))} of "
        f"{_their(w, _by(e))} Front Line."
    ),
    "majority": _majority,
    "round-end": _round_end,
    "final": _final,
    "over": _over,
}
