"""Monster Rejects' options in players' words, for lobbies and start screens. A table may use
either set of names, so the texts never use the rulebook's crude ones: a Chaos card is told by
what it does."""

from __future__ import annotations

from typing import Any

from ..options import MAX_TURNS

OPTION_TEXTS: dict[str, dict[str, Any]] = {
    "decks": {
        "label": "Decks",
        "help": "How many decks are shuffled together.",
        "choices": {
            "1": "One deck (for 2 to 5 players)",
            "2": "Two decks shuffled together, at any table",
            "null": "One deck for 2 to 5 players, two for 6 to 10",
        },
    },
    "names": {
        "label": "Card names",
        "help": "Which names the Chaos cards and the items go by.",
        "choices": {
            '"original"': "The rulebook's names (crude adult humour)",
            '"family"': "Family-friendly names, as in Monster Misfits "
            "(Nuke, Teleporter, Moonwalk...)",
        },
    },
    "battle_pack": {
        "label": "Battle Pack",
        "help": "Adds the item cards: weapons and curses that raise or lower the Realm cards "
        "you play with them.",
        "choices": {"true": "With the Battle Pack items", "false": "Without items"},
    },
    "bomber_chaos": {
        "label": "A Chaos card drawn to count",
        "help": "When the Chaos card that counts round the table to pick who takes the pile "
        "draws a Chaos card to count.",
        "choices": {
            '"redraw"': "Discard it and draw again (the publisher's answer)",
            '"zero"': "House rule: it counts as 0, so you pick up the pile yourself",
        },
    },
    "cosby_takes": {
        "label": "Best card when the order is reversed",
        "help": "Which card the Chaos card that takes another player's highest card takes "
        "while 1 is the highest value.",
        "choices": {
            '"current"': "The highest by the order in force: a 1 (the publisher's advice)",
            '"printed"': "The highest as printed: a Crown",
        },
    },
    "turn_limit": {
        "label": "Turn limit",
        "help": "After this many turns the game ends and the fewest cards in hand win "
        f"(1 to {MAX_TURNS:,}).",
        "choices": {"null": "60 rounds (60 turns for each player)"},
    },
    "cards": {
        "label": "Card set",
        "help": "A card-set file of your own: the realm and Chaos card names, how many of each "
        "Chaos card, and the items.",
        "choices": {"null": "The built-in card set"},
    },
}
