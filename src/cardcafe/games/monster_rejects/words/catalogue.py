"""The catalogue: every card's name and what it does (rulebook and FAQ of seed 003), the realms,
the phases, the end reasons and the glossary, with the colours and pictures screens draw."""

from __future__ import annotations

from typing import Any

from cardcafe.engine import OVER
from cardcafe.engine.words import with_article

from ..cards import (
    AIDS,
    BOMBER,
    CENTIPEDE,
    CHAOS,
    COSBY,
    CROWN,
    CULT,
    DEUCE,
    HIROSHIMA,
    ITEM_MODIFIER,
    ITEMS,
    REALM_CARDS,
    REALM_OF,
    REALMS,
    RIGHT_WING,
    SMUGGLE,
    TRIP,
    UNDEAD,
    VALUE_OF,
    CardSet,
)
from ..chaos import LASTING
from ..options import RejectsOptions
from ..phases import (
    COSBY_GIVE,
    COSBY_TARGET,
    DRAWN,
    GROUP,
    ILLUSION_DECLARE,
    ILLUSION_HIDE,
    MAIN,
    REACT,
    START,
)
from ..phases import SMUGGLE as SMUGGLING

Names = dict[str, str]  # card (or realm) id -> the name players read

PHASES = {
    REACT: "Accept or call the bluff",
    START: "Start of the turn",
    MAIN: "Playing Realm cards",
    DRAWN: "After the draw",
    GROUP: "Adding to the play",
    SMUGGLING: "Smuggling a card",
    COSBY_TARGET: "Choosing whom to take from",
    COSBY_GIVE: "Giving a card back",
    ILLUSION_HIDE: "Putting a card face down",
    ILLUSION_DECLARE: "Declaring the face-down card",
    OVER: "Game over",
}

# Why a game ended (state.end_reason) as the board says it.
END_REASONS = {
    "last-card": "A player played their last card.",
    "last-card-face-down": "A player's last card, played face down, stood.",
    "stalemate": "Nobody could move a card for a whole round: the fewest cards win.",
    "limit": "The turn limit was reached: the fewest cards win.",
}

# Colours and pictures the screens draw each realm and card kind with (icons: web cards.js).
REALM_LOOKS = {"inferno": (10, "flame"), "nightmare": (270, "eye"), "undead": (100, "skull")}
REALM_LOOKS["mutant"] = (175, "monster")
CHAOS_LOOK = (48, "bolt")
ITEM_LOOKS = {"weapon": (205, "star"), "curse": (320, "drop"), CENTIPEDE: (85, "monster")}


# -- the catalogue -------------------------------------------------------------------------
def catalogue(cards: CardSet, options: RejectsOptions) -> dict[str, Any]:
    names = cards.names(options.names == "family")
    realm_names = dict(cards.realm_names)
    entries: dict[str, dict[str, Any]] = {}
    for card in REALM_CARDS:
        entries[card] = _realm_card(card, names, realm_names)
    for card in CHAOS:
        hue, icon = CHAOS_LOOK
        text, short = chaos_text(card, names, realm_names, cards, options)
        entries[card] = {"name": names[card], "text": text, "short": short, "kind": "chaos"}
        entries[card].update(article="", hue=hue, icon=icon, lasting=card in LASTING)
        entries[card]["copies"] = dict((c, n) for c, n, _, _ in cards.chaos)[card]
    for card in ITEMS:
        hue, icon = ITEM_LOOKS[card if card == CENTIPEDE else card.split("-")[0]]
        text, short = item_text(card)
        entries[card] = {"name": names[card], "text": text, "short": short, "kind": "item"}
        entries[card].update(hue=hue, icon=icon, in_deck=options.battle_pack)
        entries[card]["copies"] = dict((c, n) for c, n, _, _ in cards.items)[card]
    return {
        "cards": entries,
        "terms": {
            realm: {
                "name": realm_names[realm],
                "text": _realm_rule(realm, names, realm_names),
                "hue": REALM_LOOKS[realm][0],
                "icon": REALM_LOOKS[realm][1],
            }
            for realm in REALMS
        },
        "phases": dict(PHASES),
        "end_reasons": dict(END_REASONS),
        "glossary": glossary(names),
        # Our decision (the rulebook has no points): 1 point off per card in hand; 003: "The
        # first player to dispose of all cards in their hand wins the game."
        "scoring": (
            "1 point off for each card in hand. The first to play their last card wins; at "
            "the turn limit, or when nobody can move, the fewest cards win."
        ),
    }


def _realm_card(card: str, names: Names, realm_names: Names) -> dict[str, Any]:
    value, realm = VALUE_OF[card], realm_names[REALM_OF[card]]
    hue, icon = REALM_LOOKS[REALM_OF[card]]
    if value == CROWN:
        text = (
            f"A Crown, worth 13: the highest value (the lowest under {names[RIGHT_WING]}). "
            f"Plays on any Crown, or on {with_article(realm)} card it beats."
        )
    else:
        text = f"Worth {value}. Plays on any {value}, or on {with_article(realm)} card it beats."
    return {
        "name": names[card],
        "text": text,
        "short": f"{'♛' if value == CROWN else value} {realm}",
        "kind": "realm",
        "realm": REALM_OF[card],
        "realm_name": realm,
        "value": value,
        "article": "an" if value in (8, 11) else "a",
        "hue": hue,
        "icon": icon,
    }


def _realm_rule(realm: str, names: Names, realm_names: Names) -> str:
    name = realm_names[realm]
    text = f"One of the four realms: a card beats a lower card of its own realm ({name})."
    if realm == UNDEAD:
        text += f" While {names[AIDS]} is in force, only {name} cards may be played."
    return text


def chaos_text(
    card: str, n: Names, realms: Names, cards: CardSet, options: RejectsOptions
) -> tuple[str, str]:
    """What a Chaos card does (rulebook and FAQ of seed 003), and a reminder for tight screens."""
    undead = realms[UNDEAD]
    if card == HIROSHIMA:
        return "Kill the pile: it goes to the graveyard. Then start a new pile.", "Kill the pile"
    if card == TRIP:
        return (
            "For this turn's play, any realm may follow, if its value is equal to or higher "
            "than the top card's.",
            "Any realm, equal or higher",
        )
    if card == SMUGGLE:
        return (
            "Put any one card of your hand face down under it, beside the pile, where only you "
            "know it; both go to the graveyard when the pile is killed. Then play on.",
            "Hide a card under it",
        )
    if card == RIGHT_WING:
        return (
            "Until the pile is killed, the order is reversed: 1 is the highest value and the "
            "Crown the lowest.",
            "1 high, Crown low",
        )
    if card == COSBY:
        which = (
            f"highest Realm card by the order in force (a 1 under {n[RIGHT_WING]})"
            if options.cosby_takes == "current"
            else f"highest printed Realm card (a Crown first, even under {n[RIGHT_WING]})"
        )
        return (
            f"Choose another player: take their {which}, then give back any card of your hand.",
            "Take their best, give one back",
        )
    if card == BOMBER:
        chaos = (
            "counts 0 (you pick the pile up)"
            if options.bomber_chaos == "zero"
            else "is discarded and you draw again"
        )
        return (
            "Draw a card and count its value round the table, starting on your left: whoever "
            f"the count ends on picks up the whole pile. A Crown counts 13; a Chaos card {chaos}. "
            "Then start a new pile.",
            "Count round; they take the pile",
        )
    if card == DEUCE:
        value = cards.deuce_value
        if cards.deuce_effect == "top-becomes":
            return (
                f"The top card of the pile now counts as a {value} of its realm.",
                f"Top card counts {value}",
            )
        return f"The next player draws {value} cards.", f"Next player draws {value}"
    if card == CULT:
        return (
            "Until the pile is killed, each play must be the next value in order, any realm: on "
            "a 5, only a 6. Nobody may skip a value.",
            "Next value only, any realm",
        )
    if card == AIDS:
        return (
            f"Play it with {undead} cards: the pile is contagious, and everyone may play only "
            f"{undead} cards of equal or higher value. The first player who passes takes it "
            "into their hand; killing the pile cures it.",
            f"{undead} only; a pass takes it",
        )
    return (
        "Put a Realm card face down and declare a card that could be played: your turn ends. "
        "The next player accepts it or calls the bluff: a lie makes you pick up the pile, the "
        "truth makes the caller pick it up.",
        "Bluff a card face down",
    )


def item_text(card: str) -> tuple[str, str]:
    """The Battle Pack items (ASSUMED list, cards.toml): played with the Realm cards of a play."""
    once = "One item a turn, played with your Realm cards."
    if card == CENTIPEDE:
        return (
            f"Play exactly two Realm cards of one realm, the second higher than the first. {once}",
            "Two of one realm, rising",
        )
    amount = ITEM_MODIFIER[card]
    crown = "a Crown stays a Crown"
    if amount > 0:
        text = f"Each Realm card of your play is worth {amount} more (at most 12; {crown})."
        return f"{text} {once}", f"+{amount} to your play"
    text = f"Each Realm card of your play is worth {-amount} less (at least 1; {crown})."
    return f"{text} {once}", f"{amount} to your play"


def glossary(n: Names) -> dict[str, str]:
    return {
        "Play pile": "The Realm cards played face up in the centre; play on its top card.",
        "Graveyard": (
            "Where killed piles and used Chaos cards go, face up; it is shuffled into a new deck "
            "when the deck runs out."
        ),
        "Beside the pile": (
            f"Chaos cards in force until the pile is killed ({n[RIGHT_WING]}, {n[CULT]}, "
            f"{n[AIDS]}) and {n[SMUGGLE]} with its smuggled card."
        ),
        "Play": "One or more Realm cards of one value played at once (an item may go with them).",
        "Turn limit": "After this many turns the game ends and the fewest cards in hand win.",
    }
