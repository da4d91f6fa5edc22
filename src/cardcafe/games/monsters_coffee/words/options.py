"""Monster's Coffee's options in players' words, for lobbies and start screens. Each coffee of
the Menu reads as its name, its Strength and table size, and its five families."""

from __future__ import annotations

import json
from typing import Any

from ..cards import FAMILIES, FAMILIES_PER_GAME, NEWBIE, CardSet
from .catalogue import NAMES, SHORT

SIZES = {"small": "for 2 or 3 players", "tall": "for 4 or 5 players"}


def option_texts(cards: CardSet) -> dict[str, dict[str, Any]]:
    """The texts of every option; the Menu's coffees (from `cards`) are the menu's choices."""
    menu = {json.dumps(menu_id): _coffee(cards, menu_id) for menu_id, _ in cards.menu}
    newbie = cards.recipe(NEWBIE).name
    first = f"{newbie}, the rulebook's coffee for a first game: {_families(cards, NEWBIE)}"
    return {
        "menu": {
            "label": "Menu coffee",
            "help": "A coffee of the Menu: it picks the five monster families you play with.",
            "choices": {"null": first, **menu},
        },
        "families": {
            "label": "Your own five families",
            "help": "Choose the five monster families yourselves instead of a Menu coffee.",
            "choices": {"null": f"Those of the Menu coffee (the {newbie} if none is chosen)"},
            # Each family a list may hold, by name and power, and how many to choose.
            "items": {family: f"{NAMES[family]}: {SHORT[family]}" for family in FAMILIES},
            "count": FAMILIES_PER_GAME,
        },
        "cards": {
            "label": "Card set",
            "help": "A card-set file of your own: card values, tokens and the Menu.",
            "choices": {"null": "The built-in card set"},
        },
        "mummy_peek": {
            "label": "Mummy peek",
            "help": "Whether a Mummy player looks at both tokens drawn before choosing which "
            "one to place.",
            "choices": {
                "true": "Look at both, then place one (the rulebook)",
                "false": "Place one blind; you see only the one you keep",
            },
        },
        "negative_coffee": {
            "label": "Coffee below zero",
            "help": "Whether losing Coffee can take a player below 0.",
            "choices": {
                "true": "Yes: a loss counts in full, even below 0",
                "false": "No: you cannot give back Coffee you do not have (the score stops at 0)",
            },
        },
    }


def _coffee(cards: CardSet, menu_id: str) -> str:
    recipe = cards.recipe(menu_id)
    size = SIZES.get(recipe.size, "")
    return f"{recipe.name}: {_families(cards, menu_id)} (Strength {recipe.strength}, {size})"


def _families(cards: CardSet, menu_id: str) -> str:
    """A Menu coffee's five families, by name."""
    return ", ".join(NAMES[f] for f in cards.recipe(menu_id).families)
