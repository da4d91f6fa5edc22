"""Monster Diner in players' words: the catalogue, phase names, action labels, event lines and
the score breakdown. The only place this game's text is written; both screens read it."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action, Event
from cardcafe.engine.view import Part
from cardcafe.engine.words import Words, join, plural

from .actions import GiveGuest, Place, TakeCard
from .balance import points_by_type, used_diner
from .cards import (
    ALL_CARD_IDS,
    CRITIC,
    GUEST,
    MASTERCHEF,
    NAMES,
    PRECEPT,
    CardSet,
    name,
    requirements,
)

if TYPE_CHECKING:
    from .state import DinerState

PHASES = {
    "place": "Placing cards",
    "give": "Giving an Unwelcome guest",
    "take": "Taking a card",
    "over": "Game over",
}

# Colours and pictures the screens draw each type with.
LOOKS = {
    "janitor": (40, "broom"),
    "ice-cream-man": (330, "cone"),
    "pizza-maker": (15, "pizza"),
    "florist": (300, "flower"),
    "salad-meister": (110, "salad"),
    "bartender": (195, "cocktail"),
    CRITIC: (48, "star"),
    PRECEPT: (260, "scroll"),
    GUEST: (0, "monster"),
    MASTERCHEF: (210, "chef"),
}


def text_of(card: str, cards: CardSet) -> str:
    """What the card does, from rulebook 001 (the Salad-meister table and MasterChef needs come
    from the card set in play)."""
    if card.startswith(MASTERCHEF):
        needs = requirements(card)
        wanted = join(NAMES[n] for n in sorted(needs)) or "nothing"
        return f"7 points if your diner also holds {wanted} at the end of the game."
    if card == "salad-meister":
        table = ", ".join(str(p) for p in cards.salad_points)
        return (
            f"Scores by how many you have: {table} points for 1 to 7 "
            "(4 bring the most; more than 7 score as 7)."
        )
    return {
        "janitor": "1 point each. Most Janitors wins a tie.",
        "ice-cream-man": "Every two Ice Cream Men bring 5 points.",
        "pizza-maker": "Every four Pizza Makers bring 12 points.",
        "florist": "An odd number of Florists gives 6 points, an even number 0.",
        "bartender": "One or two bring 10 points, three 0, four or more take away 2 points.",
        CRITIC: (
            "With a Precept, a combo: at the end the pair becomes any other card, or removes "
            "a card you don't need."
        ),
        PRECEPT: (
            "With a Restaurant Critic, a combo: at the end the pair becomes any other card, or "
            "removes a card you don't need."
        ),
        GUEST: (
            "If one reaches your diner at the end of your move, put it on another player's "
            "mat and take any card from their diner. Whoever keeps it gets 2 points."
        ),
    }[card]


BRIEF = {
    "janitor": "Janitor",
    "ice-cream-man": "Ice Cream",
    "pizza-maker": "Pizza",
    "florist": "Florist",
    "salad-meister": "Salad",
    "bartender": "Bar",
}


def short_of(card: str, cards: CardSet) -> str:
    """A reminder small enough for a card face."""
    if card.startswith(MASTERCHEF):
        needs = sorted(requirements(card))
        return "7 with " + " + ".join(BRIEF[n] for n in needs) if needs else "7"
    if card == "salad-meister":
        return "·".join(str(p) for p in cards.salad_points)
    return {
        "janitor": "1 each",
        "ice-cream-man": "5 per pair",
        "pizza-maker": "12 per four",
        "florist": "odd: 6",
        "bartender": "1-2: 10 · 4+: -2",
        CRITIC: "pair with Precept",
        PRECEPT: "pair with Critic",
        # (001: passed on from your diner to another player's mat, for a card of their diner;
        # whoever keeps it scores 2: "give away · 2" read as a riddle)
        GUEST: "pass on for a card · 2 pts",
    }[card]


def catalogue(cards: CardSet) -> dict[str, Any]:
    entries = {}
    for card in ALL_CARD_IDS:
        hue, icon = LOOKS[MASTERCHEF if card.startswith(MASTERCHEF) else card]
        entries[card] = {
            "name": name(card),
            "plural": "Ice Cream Men" if card == "ice-cream-man" else None,
            "text": text_of(card, cards),
            "short": short_of(card, cards),
            "hue": hue,
            "icon": icon,
            "kind": "masterchef" if card.startswith(MASTERCHEF) else card,
            "in_deck": card in cards.types,
        }
        if entries[card]["plural"] is None:
            del entries[card]["plural"]
    return {
        "cards": entries,
        "phases": dict(PHASES),
        "glossary": {
            "Mat": "Where cards land during a move; three cards on your own mat end your move.",
            "Diner": "Where the cards of your mat go at the end of your move; it scores.",
        },
        # 001: "The player with the biggest score wins. If the number of points is equal, the
        # player with more Janitors steals a victory."
        "scoring": (
            "What each diner would score if the game ended now (each card scores as it says). "
            "The biggest score wins; a tie goes to the most Janitors, then it is a draw."
        ),
    }


# -- prompts and action labels -------------------------------------------------------------
def prompt(state: DinerState, w: Words) -> str:
    """What the player to move decides now."""
    if state.phase == "place":
        assert state.held is not None  # the card drawn is placed
        return f"Place {w.the(state.held)} on your mat or on another player's mat."
    if state.phase == "give":
        return "Give your Unwelcome guest to another player."
    assert state.guest_target is not None  # the take phase names the diner taken from
    return f"Take any card from {w.seats(state.guest_target)} diner."


def describe(state: DinerState, action: Action, w: Words) -> str:
    """A legal action's label for the player to move."""
    if isinstance(action, Place):
        assert state.held is not None  # placing is offered only while a card is held
        return f"Put {w.the(state.held)} on {w.seats(action.target)} mat"
    if isinstance(action, GiveGuest):
        return f"Give the Unwelcome guest to {w.seat(action.target)}"
    if isinstance(action, TakeCard):
        source = state.guest_target
        return (
            f"Take {w.a(action.card)} from {w.seats(source) if source is not None else 'a'} diner"
        )
    raise TypeError(f"not a Monster Diner action: {action!r}")


# -- the log -------------------------------------------------------------------------------
def _placed(w: Words, e: Event) -> str:
    target, actor = e.get("target"), e.actor
    assert actor is not None  # a placing is always someone's
    where = f"{w.verb(actor, 'their', 'your')} own mat" if target == actor else None
    return f"{w.does(actor, 'puts')} {w.a(e.get('card'))} on {where or w.seats(target) + ' mat'}."


def _end(w: Words, e: Event) -> str:
    scores, winners = e.get("scores"), e.get("winners")
    return f"The last card is placed. Scores: {w.tally(scores)}. {w.won(winners)}."


EVENT_TEXTS = {
    "start": lambda w, e: f"A {e.get('players')}-player game: {e.get('deck')} cards in the deck.",
    "place": _placed,
    "give": lambda w, e: (
        f"{w.does(e.actor, 'gives')} an Unwelcome guest to {w.seat(e.get('target'))}"
        + (" (onto the mat)." if e.get("onto") == "mat" else ".")
    ),
    "take": lambda w, e: (
        f"{w.does(e.actor, 'takes')} {w.a(e.get('card'))} from {w.seats(e.get('source'))} diner."
    ),
    "end": _end,
}


# -- the breakdown -------------------------------------------------------------------------
TYPE_LABELS = {
    "janitor": "Janitors",
    "ice-cream-man": "Ice Cream Men",
    "pizza-maker": "Pizza Makers",
    "florist": "Florists",
    "salad-meister": "Salad-meisters",
    "bartender": "Bartenders",
    "unwelcome-guest": "Unwelcome guests",
    "masterchef": "MasterChefs",
}


SO_FAR_TITLE = "Scores so far"


def breakdown(diner: Counter[str], cards: CardSet) -> list[Part]:
    """One seat's score by card type, as scored (after its Critic/Precept pairs are used). What
    a pair became or removed is said on the line of that type, whose points it is part of ("4
    Pizza Makers (1 made by the Critic and Precept pair)"): a pair scores nothing of its own, so
    a line of its own read as a pair worth 0 (001: "they can become any other card, or remove
    any card you don't need")."""
    used = used_diner(diner, cards)
    pairs = min(diner[CRITIC], diner[PRECEPT])
    became: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    if pairs:
        base = Counter(diner)
        base[CRITIC] -= pairs
        base[PRECEPT] -= pairs
        for card, n in (used - base).items():
            became[_kind(card)] += n  # (MasterChefs of every recipe are one line)
        for card, n in (base - used).items():
            removed[_kind(card)] += n
    parts: list[Part] = []
    for kind, got in points_by_type(diner, cards).items():
        if kind == "masterchef":
            count = sum(n for c, n in used.items() if c.startswith(MASTERCHEF))
        else:
            count = used[kind]
        if count or got or removed[kind]:
            label = f"{count} {_label(kind, count)}{_by_pairs(became[kind], removed[kind], pairs)}"
            parts.append({"label": label, "points": got})
    if pairs and not (became or removed):
        what = "Critic and Precept pair" + ("s" if pairs > 1 else "")
        parts.append({"label": f"{what}: not used", "points": 0})
    return parts


def _kind(card: str) -> str:
    return MASTERCHEF if card.startswith(MASTERCHEF) else card


def _by_pairs(made: int, gone: int, pairs: int) -> str:
    """What the Critic/Precept pairs did to one type's count, said after it."""
    if not (made or gone):
        return ""
    if pairs == 1:
        by = "the Critic and Precept pair"
    else:
        by = "a Critic and Precept pair" if made + gone == 1 else "Critic and Precept pairs"
    done = [f"{made} made"] if made else []
    done += [f"{gone} removed"] if gone else []
    return f" ({join(done)} by {by})"


def _label(kind: str, count: int) -> str:
    if count == 1:
        return NAMES.get(kind, "MasterChef")
    return TYPE_LABELS.get(kind, plural(kind))


# -- the options, for lobbies and start screens (Game.option_texts) ------------------------
OPTION_TEXTS: dict[str, dict[str, Any]] = {
    "guest_to": {
        "label": "Unwelcome guests",
        "help": "Where an Unwelcome guest goes when you pass it on to another player.",
        "choices": {
            '"mat"': "Onto their mat, as printed: it counts towards their three cards",
            '"diner"': "House rule: straight into their diner",
        },
    },
    "cards": {
        "label": "Card set",
        "help": "A card-set file of your own: how many of each card, the Salad-meister "
        "points and the MasterChefs.",
        "choices": {"null": "The built-in card set"},
    },
}
