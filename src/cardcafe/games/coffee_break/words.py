"""Coffee Break in players' words: card names, the catalogue, phase names, prompts, action labels,
event lines and the score breakdown; both screens read it. (The reasons a move is refused are
written beside the rule they come from, in `moves.py`.) Quotes cite the rulebook
002_166af175196e41ee.txt."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action, Event
from cardcafe.engine.offers import Copy
from cardcafe.engine.view import Part
from cardcafe.engine.words import Words, join, points

from .actions import Exchange, FinishLaying, Lay, LayJoker, Pass, PickForExchange
from .cards import (
    HAND_SIZE,
    INGREDIENTS,
    JOKER,
    JOKERS,
    MAX_EXCHANGE,
    ORDER_CARD,
    ORDER_IDS,
    ORDER_KIND,
    CardSet,
)
from .options import MAX_STALL_ROUNDS
from .scoring import KIND_POINTS, Doubling, doubles

if TYPE_CHECKING:
    from .state import CoffeeBreakState

PHASES = {
    "choose": "Laying or exchanging",
    "laying": "Laying ingredients",
    "exchanging": "Exchanging cards",
    "over": "Game over",
}
FINAL = "Final scores"

# Ingredient -> (name, article, plural, hue, icon, colour).
INGREDIENT_LOOKS = {
    "espresso": ("Espresso shot", "an", "Espresso shots", 25, "bean", "#6e2c00"),
    "water": ("Hot water", "", "Hot water cards", 200, "drop", "#85c1e9"),
    "milk": ("Milk", "", "Milk cards", 45, "bottle", "#f4f6f7"),
    "foam": ("Milk foam", "", "Milk foam cards", 38, "bubbles", "#f5cba7"),
    "chocolate": ("Chocolate", "", "Chocolate cards", 15, "bar", "#4a235a"),
    "caramel": ("Caramel", "", "Caramel cards", 32, "candy", "#d68910"),
    "ice": ("Ice", "", "Ice cards", 190, "cube", "#a3e4d7"),
    "whipped-cream": ("Whipped cream", "", "Whipped cream cards", 330, "swirl", "#f5b7b1"),
    JOKER: ("Joker", "a", "Jokers", 280, "star", "#d4ac0d"),
}
INGREDIENT_NAMES = {card: look[0] for card, look in INGREDIENT_LOOKS.items()}

ORDER_NAMES = {
    "espresso": "Espresso",
    "espresso-con-panna": "Espresso con panna",
    "americano": "Americano",
    "iced-americano": "Iced Americano",
    "cafe-latte": "Café Latte",
    "iced-cafe-latte": "Iced Café Latte",
    "cafe-mocha": "Café Mocha",
    "iced-cafe-mocha": "Iced Café Mocha",
    "cappuccino": "Cappuccino",
    "iced-cappuccino": "Iced Cappuccino",
    "caramel-macchiato": "Caramel Macchiato",
    "iced-caramel-macchiato": "Iced Caramel Macchiato",
}
ORDER_PLURALS = {"espresso-con-panna": "Espressos con panna"}

# Kind -> (name, plural, hue, colour, the edge of its cards). 002: "They are differentiated by
# the line along the edge and by their color", e.g. "Café Latte ... Brown, round dotted line".
FAMILIES = {
    "espresso": ("Espresso", "Espressos", 95, "#9ccc65", "light green, bold dotted line"),
    "americano": ("Americano", "Americanos", 200, "#4fc3f7", "sky blue, cross-shaped dotted line"),
    "cafe-latte": ("Café Latte", "Café Lattes", 22, "#8d6e63", "brown, round dotted line"),
    "cafe-mocha": ("Café Mocha", "Café Mochas", 275, "#9575cd", "purple, solid line"),
    "cappuccino": ("Cappuccino", "Cappuccinos", 34, "#ffa726", "orange, wave"),
    "caramel-macchiato": (
        "Caramel Macchiato",
        "Caramel Macchiatos",
        170,
        "#26a69a",
        "blue green, two dotted lines",
    ),
}

ORDINALS = ("first", "second", "third", "fourth")


def double_at(kind: str, doubling: Doubling) -> int:
    """The fewest orders of `kind` that double (002: "doubled when there are more than N")."""
    named = KIND_POINTS[kind][1]
    return named if doubling == "at-least" else named + 1


# -- the catalogue -------------------------------------------------------------------------
def catalogue(cards: CardSet, options: Any) -> dict[str, Any]:
    counts = dict(cards.ingredient_counts)
    copies = dict(cards.order_copies)
    entries: dict[str, dict[str, Any]] = {}
    for card in (*INGREDIENTS, JOKER):
        name, article, plural, hue, icon, colour = INGREDIENT_LOOKS[card]
        count = JOKERS if card == JOKER else counts[card]
        entries[card] = {
            "name": name,
            "article": article,
            "plural": plural,
            "text": _joker_text() if card == JOKER else _ingredient_text(card, cards, copies),
            # (shorts are printed on small card faces: a few short words, or they are cut).
            # The copies the game has: "in the deck" read as the cards still to draw, beside
            # the pile's "29 ingredients left".
            "short": "wild card" if card == JOKER else f"{count} in the game",
            "type": "joker" if card == JOKER else "ingredient",
            "count": count,
            "hue": hue,
            "icon": icon,
            "colour": colour,
        }
    w = Words(entries, [])
    for order in ORDER_IDS:
        kind = ORDER_KIND[order]
        each, at = KIND_POINTS[kind][0], double_at(kind, options.doubling)
        needs = list(cards.recipes.get(order, ()))
        recipe = f"Needs {w.some(needs)}. " if needs else ""
        entries[ORDER_CARD[order]] = {
            "name": ORDER_NAMES[order],
            "plural": ORDER_PLURALS.get(order, f"{ORDER_NAMES[order]}s"),
            "text": f"{recipe}{_kind_rule(kind, options.doubling)}",
            "short": f"{each} pts; {at}+ double",
            "type": "order",
            "family": kind,
            "needs": needs,
            "points": each,
            "double_at": at,
            "copies": copies.get(order, 0),
            "iced": order.startswith("iced-"),
            "value": each,
            "hue": FAMILIES[kind][2],
            "icon": "cup",
            "colour": FAMILIES[kind][3],
        }
    return {
        "cards": entries,
        "families": _families(options.doubling),
        "phases": dict(PHASES),
        "glossary": _glossary(options),
        "scoring": _scoring(options),
    }


def _target(options: Any) -> str:
    """How the game is won: "The game ends as soon as a player has at least 20 points ..."."""
    target = f"{options.target} points" if options.target else "20 points with 2 players, 15 with 3"
    reach = "more than" if options.target_rule == "exceed" else "at least"
    return f"The game ends as soon as a player has {reach} {target}; they win."


def _scoring(options: Any) -> str:
    """How the scores beside the table come about, in one line (the catalogue's "scoring")."""
    # 002: "the player who lays down the last ingredient card takes the order and gains a
    # point"; "the points will be doubled when there are more than 3 same orders".
    return (
        "Points of the orders each player has served; enough orders of one coffee score "
        f"double (see each order card). {_target(options)}"
    )


def _ingredient_text(card: str, cards: CardSet, copies: dict[str, int]) -> str:
    users = [o for o in ORDER_IDS if copies.get(o) and card in cards.recipes[o]]
    if not users:
        return "No order of this card set needs it: exchange it."
    if len(users) == len(copies):
        return "Every order needs it: lay it under one that still lacks it."
    return f"For the {join(ORDER_NAMES[o] for o in users)}: lay it under one that still needs it."


def _joker_text() -> str:
    # 002: "They can be turned into cards for ingredients desired by the player." and "A player
    # allows other players know which ingredient the joker card is to be used for."
    return (
        "Stands for any ingredient an order still needs: name it as you lay the Joker, and "
        "everyone sees what it stands for. It can be exchanged like any card."
    )


def _kind_rule(kind: str, doubling: Doubling) -> str:
    name, plural, *_ = FAMILIES[kind]
    variant = {o for o, k in ORDER_KIND.items() if k == kind} - {kind}
    other = ORDER_NAMES[variant.pop()]
    each, at = KIND_POINTS[kind][0], double_at(kind, doubling)
    return (
        f"{points(each)}; with {at} or more {name} orders ({other} included) "
        f"all your {plural} score double."
    )


def _families(doubling: Doubling) -> dict[str, Any]:
    out = {}
    for kind, (name, plural, hue, colour, edge) in FAMILIES.items():
        orders = [o for o in ORDER_IDS if ORDER_KIND[o] == kind]
        out[kind] = {
            "name": name,
            "plural": plural,
            "text": _kind_rule(kind, doubling),
            "points": KIND_POINTS[kind][0],
            "double_at": double_at(kind, doubling),
            "orders": [ORDER_CARD[o] for o in orders],
            "edge": edge,
            "hue": hue,
            "colour": colour,
        }
    return out


def _glossary(options: Any) -> dict[str, str]:
    return {
        "Order": (
            "A coffee on the table (4 at most). Lay the ingredients it still needs under it; "
            "whoever lays the last one takes the order and scores it."
        ),
        "Hand": "Your ingredient cards, seen by you alone: 7 again at the end of each turn.",
        "Exchange": "Instead of laying: discard 1 to 4 cards face up and draw as many.",
        "Ingredient pile": (
            "Face down. You draw from it after laying (back up to 7) or after an exchange."
        ),
        "Order pile": "Face down. After each turn, new orders fill the empty places.",
        "Used pile": (
            "Face up: exchanged cards and the ingredients of completed orders. When the "
            "ingredient pile runs out, it is shuffled into a new one."
        ),
        "Target": _target(options),
        "Quiet turns": (
            f"Turns in a row with no order completed. After {_rounds(options.stall_rounds)} of "
            "them the table is stuck: the game ends and the most points win."
        ),
    }


# -- prompts and action labels -------------------------------------------------------------
def prompt(state: CoffeeBreakState, w: Words) -> str:
    if state.phase == "choose":
        if not state.hands[state.turn]:
            return "You have no ingredient cards and none can be drawn: pass."
        return "Lay ingredient cards under the orders, or pick 1 to 4 cards to exchange."
    if state.phase == "laying":
        return f"Lay more ingredient cards, or finish laying and draw back up to {HAND_SIZE}."
    left = len(state.hands[state.turn]) - len(state.picked)
    more = min(MAX_EXCHANGE - len(state.picked), left)
    tail = f", or pick up to {more} more." if more else "."
    return f"Exchange {w.some(state.picked)}{tail}"


def order_ref(state: CoffeeBreakState, slot: int, w: Words, alike: int = 0) -> str:
    """ "the Café Latte"; "the second Café Latte" (from the left) when two are on the table;
    "either Café Latte" for `alike` twins (the label of the copies as one move, `copy_of`)."""
    order = state.slots[slot]
    assert order is not None, "no order in that place"
    card = ORDER_CARD[order]
    if alike:
        return f"either {w.card(card)}" if alike == 2 else f"any of the {w.count(alike, card)}"
    same = [s for s, o in enumerate(state.slots) if o == order]
    if len(same) == 1:
        return w.the(card)
    return f"the {ORDINALS[same.index(slot)]} {w.card(ORDER_CARD[order])}"


def describe(state: CoffeeBreakState, action: Action, w: Words, alike: int = 0) -> str:
    """`action`'s label; `alike`: how many twins the order it lays under has (named as any
    of them), or 0."""
    if isinstance(action, Lay | LayJoker):
        card = (
            w.a(action.ingredient)
            if isinstance(action, Lay)
            else f"a Joker as {w.a(action.ingredient)}"
        )
        done = ", completing it" if state._still_needed(action.slot) == [action.ingredient] else ""
        return f"Lay {card} under {order_ref(state, action.slot, w, alike)}{done}"
    if isinstance(action, FinishLaying):
        n = HAND_SIZE - len(state.hands[state.turn])
        return f"Finish laying and draw {_cards(n)} (back up to {HAND_SIZE})"
    if isinstance(action, PickForExchange):
        return f"Pick {w.a(action.card)} to exchange"
    if isinstance(action, Exchange):
        n = len(state.picked)
        return f"Exchange {w.some(state.picked)}: discard face up and draw {_cards(n)}"
    if isinstance(action, Pass):
        return "Pass: you have no cards"
    raise TypeError(f"not a Coffee Break action: {action!r}")


def copy_of(state: CoffeeBreakState, action: Action, w: Words) -> Copy | None:
    """A lay under one of two orders alike (the same order, the same cards laid under it, all
    face up) is one move to a player: "Lay Milk under either Café Latte". Where an order lies
    on the table means nothing in the rules."""
    if not isinstance(action, Lay | LayJoker):
        return None
    order, laid = state.slots[action.slot], sorted(state.laid[action.slot])
    twins = [s for s, o in enumerate(state.slots) if o == order and sorted(state.laid[s]) == laid]
    if len(twins) == 1:  # (an order alike but for its cards is told by its place: "the first")
        return None
    label = describe(state, action, w, alike=len(twins))
    return Copy((action.kind, action.ingredient, twins[0]), label, counted=False)


def end_reason(state: CoffeeBreakState) -> str:
    """How the game ended, for the view (seat names are the screen's: the view has winners)."""
    return {
        "target": f"The target of {state.target} points was reached.",
        "unreachable": f"Nobody could reach {state.target} points with the orders left.",
        "stalled": f"No order was completed in {_rounds(state.options.stall_rounds)}.",
    }[state.end_reason or ""]


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _rounds(n: int) -> str:
    return f"{n} round{'' if n == 1 else 's'}"


# -- the log -------------------------------------------------------------------------------
def _lay(w: Words, e: Event) -> str:
    card, ingredient = e.get("card"), e.get("ingredient")
    what = f"a Joker as {w.a(ingredient)}" if card == JOKER else w.a(ingredient)
    return f"{w.does(_actor(e), 'lays')} {what} under {w.the(e.get('order'))}."


def _complete(w: Words, e: Event) -> str:
    seat = _actor(e)
    return (
        f"{w.does(seat, 'completes')} {w.the(e.get('order'))} and {w.verb(seat, 'takes')} "
        f"it ({points(e.get('points'))} now); its cards go face up to the used pile: "
        f"{w.some(e.get('cards'))}."
    )


def _deal(w: Words, e: Event) -> str:
    seat, cards = e.get("seat"), e.get("cards")
    got = w.some(cards) if cards is not None else _cards(e.get("count"))
    return f"{w.does(seat, 'is dealt')} {got}."


def _draw(w: Words, e: Event) -> str:
    cards, short = e.get("cards"), e.get("short")
    got = w.some(cards) if cards is not None else _cards(e.get("count"))
    tail = f" ({short} short: both piles are empty)" if short else ""
    return f"{w.does(_actor(e), 'draws')} {got}{tail}."


def _pick(w: Words, e: Event) -> str:
    card = e.get("card")
    return f"{w.does(_actor(e), 'picks')} {w.a(card) if card else 'a card'} to exchange."


EventText = Callable[[Words, Event], str]


def _actor(e: Event) -> int:
    """The seat that made the move an event tells of (each one worded with it has one)."""
    assert e.actor is not None, e
    return e.actor


def _ended(why: EventText) -> EventText:
    def text(w: Words, e: Event) -> str:
        scores, winners = e.get("scores"), e.get("winners")
        return f"{why(w, e)} Final scores: {w.tally(scores)}. {w.won(winners)}."

    return text


EVENT_TEXTS = {
    "start": lambda w, e: (
        f"A {e.get('players')}-player game to {e.get('target')} points. Orders on the table: "
        f"{join(w.card(o) for o in e.get('orders'))}."
    ),
    "deal": _deal,
    "lay": _lay,
    "complete": _complete,
    "pick": _pick,
    "exchange": lambda w, e: f"{w.does(e.actor, 'discards')} {w.some(e.get('cards'))} face up.",
    "reshuffle": lambda w, e: (
        f"The ingredient pile runs out: the {e.get('count')} used cards are shuffled into a "
        "new pile."
    ),
    "draw": _draw,
    "pass": lambda w, e: (
        f"{w.does(e.actor, 'has', 'have')} no cards and {w.verb(e.actor, 'passes')}."
    ),
    "reveal": lambda w, e: f"A new order is shown: {w.card(e.get('order'))}.",
    "end-target": _ended(
        lambda w, e: (
            f"{w.Seat(e.get('winners')[0])} {w.verb(e.get('winners')[0], 'reaches')} the target "
            f"of {points(e.get('target'))}."
        )
    ),
    "end-unreachable": _ended(
        lambda w, e: f"Nobody can reach {points(e.get('target'))} any more with the orders left."
    ),
    "end-stalled": _ended(lambda w, e: f"No order was completed in {_rounds(e.get('rounds'))}."),
}


# -- the breakdown -------------------------------------------------------------------------
def breakdown(taken: list[str], doubling: Doubling) -> list[Part]:
    """One seat's points: each order it took (copies together) at its points, then each kind
    that doubles. 002: "You can get 3 points for one card, and the points will be doubled when
    there are more than 2 same orders"; a kind counts its variant ("Including Ice Café Latte")."""
    if not taken:
        return [{"label": "No orders completed", "points": 0}]
    orders = Counter(taken)
    kinds = Counter(ORDER_KIND[o] for o in taken)
    parts: list[Part] = []
    for order in sorted(orders, key=ORDER_IDS.index):
        n, each = orders[order], KIND_POINTS[ORDER_KIND[order]][0]
        name = (
            ORDER_NAMES[order]
            if n == 1
            else f"{n} {ORDER_PLURALS.get(order, ORDER_NAMES[order] + 's')}"
        )
        parts.append({"label": name, "points": each * n})
    for kind in KIND_POINTS:
        count = kinds[kind]
        if count and doubles(count, KIND_POINTS[kind][1], doubling):
            label = f"Doubled: {count} {FAMILIES[kind][0]} orders"
            parts.append({"label": label, "points": KIND_POINTS[kind][0] * count})
    return parts


# -- the options, for lobbies and start screens (Game.option_texts) ------------------------
OPTION_TEXTS: dict[str, dict[str, Any]] = {
    "direction": {
        "label": "Turn order",
        "help": "Who plays after the first player (the same either way with 2 players).",
        "choices": {
            '"right"': "The player on the first player's right, so counter-clockwise "
            "(the rulebook's words)",
            '"left"': "The player on the first player's left, so clockwise",
        },
    },
    "doubling": {
        "label": "Doubling",
        "help": "How many orders of one coffee double that coffee's points.",
        "choices": {
            # (one row each on a 120-column start screen: the help says what they double)
            '"at-least"': "3 or more Espressos or Americanos, 2 or more of any other coffee "
            "(the Korean original)",
            '"more-than"': "4 or more Espressos or Americanos, 3 or more of any other coffee "
            "(the English rulebook)",
        },
    },
    "target_rule": {
        "label": "Winning score",
        "help": "Whether you win on reaching the target or only on passing it.",
        "choices": {
            '"reach"': "The first to have the target or more wins",
            '"exceed"': "The first to have more than the target wins",
        },
    },
    "target": {
        "label": "Target",
        "help": "The points that end the game.",
        "choices": {"null": "20 points with 2 players, 15 with 3, as the rulebook says"},
    },
    "stall_rounds": {
        "label": "Stuck table",
        "help": "If this many rounds pass with no order completed, the game ends and the most "
        f"points win (1 to {MAX_STALL_ROUNDS} rounds).",
    },
    "cards": {
        "label": "Card set",
        "help": "A card-set file of your own: each coffee's recipe and how many of each "
        "ingredient the pile holds.",
        "choices": {"null": "The built-in card set (recipes taken from real coffees)"},
    },
}
