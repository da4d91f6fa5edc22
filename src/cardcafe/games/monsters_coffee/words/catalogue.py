"""The catalogue: every family and card with its power from rulebook 000_992b8e92303b7cf4.txt
("Monsters à la Carte"), the printed values of cards.toml, the tokens, places and phase names."""

from __future__ import annotations

from typing import Any

from .. import powers as P
from ..cards import FAMILIES, CardSet

# The value a view shows for a Mummy token whose face the viewer has not seen (a catalogue term).
FACE_DOWN_MUMMY = "mummy-token"

NAMES = {
    "rex": "Rex",
    "cakosaurus": "Cakosaurus",
    "skeeter": "Skeeter",
    "snorkel": "Snorkel",
    "grunge": "Grunge",
    "poopy": "Poopy",
    "snout": "Snout",
    "bliblop": "Bliblop",
    "skyzoclop": "Skyzo'clop",
    "kandhiii": "Kandhiii",
    "priss": "Priss",
    "mummy": "Mummy",
}
# 000 speaks of "4 REX", "the Poopy", "the Priss' table": these names do not change.
PLURALS = {
    "rex": "Rex",
    "cakosaurus": "Cakosaurus",
    "poopy": "Poopy",
    "priss": "Priss",
    "kandhiii": "Kandhiii",
    "mummy": "Mummies",
}
# 000 "Monsters à la Carte", in a player's words.
POWERS = {
    "rex": "Swap one card of your Rear Line with one of your Front Line. Both cards are revealed.",
    "cakosaurus": (
        "Take 1 Cookie token (kept from one round to the next). At the end of the game, the most "
        "Cookie tokens gets 5 Coffee; a tie goes to the most Whipped Cream at the end of round 2, "
        "and if still tied, no one gets them."
    ),
    "skeeter": "Take 1 Coffee token.",
    "snorkel": (
        "Take 1 Whipped Cream token. Whipped Cream breaks ties, such as a family majority at the "
        "end of the round. Discarded at the end of each round."
    ),
    "grunge": (
        "Ask a player whether their Rear Line holds a Monster of a family you name. If it does, "
        "they reveal one and you get 2 Coffee; if not, they get 2 Coffee."
    ),
    "poopy": (
        "Put 1 Droppings token on a card of any Front Line: that card cannot be moved, even by a "
        "power. At most 3 Droppings on one Front Line; discarded at the end of the round."
    ),
    "snout": (
        "Put 1 Coffee token on a card of any Front Line. Whoever moves that card, even by a power, "
        "takes the token; if it is still there at the end of the round, the line's owner takes it."
    ),
    "bliblop": (
        "No power. At the end of the round, the Bliblop majority wins 2 Coffee (instead of 1) per "
        "Bliblop in the centre."
    ),
    "skyzoclop": (
        "No power. At the end of the round, the Skyzo'clop majority wins, or loses, the values "
        "printed on the Skyzo'clops in the centre (instead of 1 Coffee per card)."
    ),
    "kandhiii": (
        "No power. At the end of the round, the Kandhiii majority wins 1, 3, 6 or 10 Coffee for 1, "
        "2, 3 or 4 different symbols among the Kandhiii in the centre (instead of 1 per card)."
    ),
    "priss": "Swap a card of your Front Line with another one of the centre.",
    "mummy": (
        "Draw 2 Mummy tokens: place one face down on any card of any Front Line (whoever takes "
        "that card gets it) and keep the other. At the end of the game each token's Coffees count, "
        "and Bones: an odd number loses 3 Coffee, an even number wins that many."
    ),
}
SHORT = {
    "rex": "Swap Rear and Front",
    "cakosaurus": "Take a Cookie",
    "skeeter": "Take a Coffee",
    "snorkel": "Take a Whipped Cream",
    "grunge": "Guess a Rear card",
    "poopy": "Pin a card",
    "snout": "Coffee on a card",
    "bliblop": "2 Coffee a card",
    "skyzoclop": "Printed values, + or -",
    "kandhiii": "1/3/6/10 by symbols",
    "priss": "Swap with the centre",
    "mummy": "Place a Mummy token",
}
HUES = {
    "rex": 140,
    "cakosaurus": 55,
    "skeeter": 285,
    "snorkel": 195,
    "grunge": 95,
    "poopy": 28,
    "snout": 340,
    "bliblop": 215,
    "skyzoclop": 260,
    "kandhiii": 12,
    "priss": 315,
    "mummy": 45,
}
# Tokens and places, keyed as the view names them (supply keys, token keys of a Front Line card).
GLOSSARY = {
    "coffee": (
        "Coffee token",
        "cup",
        "The score. The most Coffee after the 2 rounds wins; a tie goes to the most Coffee won in "
        "round 2 (Cookie and Mummy tokens not included).",
    ),
    "cookie": ("Cookie token", "token", "From the Cakosaurus; the most at the end gets 5 Coffee."),
    "whipped_cream": (
        "Whipped Cream token",
        "swirl",
        "From the Snorkel; breaks ties. Discarded at the end of each round.",
    ),
    "droppings": (
        "Droppings token",
        "drop",
        "From the Poopy; the card under it cannot be moved. At most 3 on a Front Line.",
    ),
    "snout_coffee": (
        "Snout's Coffee token",
        "cup",
        "Whoever moves the card takes it; at the end of the round, the line's owner.",
    ),
    "mummy": (
        "Mummy token",
        "skull",
        "Face down; its owner may look at it. Coffees and Bones count at the end of the game.",
    ),
    "front": (
        "Front Line",
        None,
        "Your face-up cards. Cards are taken to the centre from Front Lines of more than 3.",
    ),
    "rear": (
        "Rear Line",
        None,
        "Your 3 face-down cards; each counts double for majorities at the end of the round.",
    ),
    "centre": (
        "Centre",
        None,
        "The cards taken this round; each family there pays its majority at the end of the round.",
    ),
    "majority": (
        "Majority",
        None,
        "Most cards of a family in your Front and Rear Lines (Rear cards count double). A tie "
        "goes to the most Whipped Cream, else nobody wins.",
    ),
}

PHASES = {
    P.REAR: "Choosing the Rear Line",
    P.TAKE: "Taking a card",
    P.REX_REAR: "Rex: choosing a Rear Line card",
    P.REX_FRONT: "Rex: choosing a Front Line card",
    P.PRISS_FRONT: "Priss: choosing a Front Line card",
    P.PRISS_CENTRE: "Priss: choosing a card of the centre",
    P.POOPY: "Poopy: placing Droppings",
    P.SNOUT: "Snout: placing a Coffee token",
    P.GRUNGE_PLAYER: "Grunge: choosing whom to ask",
    P.GRUNGE_FAMILY: "Grunge: choosing a family",
    P.GRUNGE_REVEAL: "Grunge: revealing a card",
    P.MUMMY_TOKEN: "Mummy: choosing a token",
    P.MUMMY_CARD: "Mummy: placing a token",
    P.DONE: "Power done",
    P.OVER: "Game over",
}


def card_name(card: str) -> str:
    fam, _, detail = card.partition(":")
    if not detail:
        return NAMES[fam]
    return f"{NAMES[fam]} ({_detail(fam, detail)})"


def _detail(fam: str, detail: str) -> str:
    if fam == "skyzoclop":
        return f"{int(detail):+d}"
    return detail.replace("_", " ").replace("-", " ").capitalize()


def _entry(card: str, in_play: tuple[str, ...]) -> dict[str, Any]:
    fam, _, detail = card.partition(":")
    entry: dict[str, Any] = {
        "name": card_name(card),
        "text": POWERS[fam],
        "short": SHORT[fam],
        "family": fam,
        "hue": HUES[fam],
        "icon": "monster",
        "in_play": fam in in_play,
    }
    plural = PLURALS.get(fam, NAMES[fam] + "s")
    if detail:
        entry["plural"] = f"{plural} ({_detail(fam, detail)})"
        if fam == "skyzoclop":
            entry["value"] = int(detail)
            entry["text"] += f" This one: {int(detail):+d}."
        else:
            entry["symbol"] = _detail(fam, detail)
            entry["text"] += f" This one shows a {_detail(fam, detail)}."
    elif fam in PLURALS:
        entry["plural"] = plural
    return entry


def catalogue(cards: CardSet, in_play: tuple[str, ...]) -> dict[str, Any]:
    """Every family (the id a card of most families carries) and every Skyzo'clop value and
    Kandhiii symbol of the card data, with the five families of these options `in_play`."""
    entries = {}
    for fam in FAMILIES:
        entries[fam] = _entry(fam, in_play)
        for card in dict.fromkeys(sorted(cards.cards_of(fam), key=_order)):
            if card != fam:
                entries[card] = _entry(card, in_play)
    glossary = {}
    for key, (name, icon, text) in GLOSSARY.items():
        glossary[key] = {"name": name, "text": text}
        if icon:
            glossary[key]["icon"] = icon
    return {
        "cards": entries,
        "terms": {
            FACE_DOWN_MUMMY: {
                "name": "Mummy token",
                "text": "A Mummy token, face down: you have not seen its face.",
            }
        },
        "glossary": glossary,
        # 000: "The player who has the most Coffee tokens wins! In the event of a tie, the
        # player who won the most Coffee tokens during the second round wins".
        "scoring": (
            "Coffee tokens won so far. The most Coffee after the 2 rounds wins; a tie goes to "
            "the most Coffee won in round 2."
        ),
        "phases": dict(PHASES),
        "families": list(in_play),
        "menu": {
            menu_id: {
                "name": r.name,
                "families": list(r.families),
                "strength": r.strength,
                "size": r.size,
            }
            for menu_id, r in cards.menu
        },
    }


def _order(card: str) -> tuple[int, str]:
    fam, _, detail = card.partition(":")
    return (int(detail), "") if fam == "skyzoclop" and detail else (0, detail)
