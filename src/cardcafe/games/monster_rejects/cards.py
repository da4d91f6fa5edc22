"""The Monster Rejects card set: fixed card ids, and the names/counts/effects loaded from TOML.

Card ids are fixed (the action space is built from them); a data file only changes names, how
many copies of each Chaos card or item a deck holds, and the assumed Drop A Deuce effect.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.data import load_toml

# 003 (FAQ): "Combining a second main game will allow for up to 10 players."
MAX_PLAYERS = 10
# 003: "52 Realm card deck" = four realms of 13 values. Inferno, Nightmare and Undead are named
# in the FAQ; the fourth id is ours (ASSUMED, see the rules page).
REALMS = ("inferno", "nightmare", "undead", "mutant")
UNDEAD = "undead"
# 003: "Crown (King/Queen) cards always hold the highest value in the game (you can assume a
# value of 13)".
CROWN = 13
VALUES = tuple(range(1, CROWN + 1))
REALM_CARDS = tuple(f"{realm}-{value}" for realm in REALMS for value in VALUES)
REALM_OF = {f"{realm}-{value}": realm for realm in REALMS for value in VALUES}
VALUE_OF = {f"{realm}-{value}": value for realm in REALMS for value in VALUES}

HIROSHIMA, TRIP, SMUGGLE, RIGHT_WING, COSBY = (
    "hiroshima",
    "trip",
    "smuggle",
    "right-wing",
    "cosby",
)
BOMBER, DEUCE, CULT, AIDS, ILLUSIONIST = (
    "suicide-bomber",
    "drop-a-deuce",
    "join-the-cult",
    "aids",
    "illusionist",
)
CHAOS = (HIROSHIMA, TRIP, SMUGGLE, RIGHT_WING, COSBY, BOMBER, DEUCE, CULT, AIDS, ILLUSIONIST)
# 003: "Shuffle 1 of each Chaos card plus an additional Hiroshima and Trip the Fuck Out".
RULEBOOK_CHAOS_COUNTS = {c: 2 if c in (HIROSHIMA, TRIP) else 1 for c in CHAOS}

# Battle Pack items (ASSUMED): the id says what the item does.
CENTIPEDE = "human-centipede"
ITEM_MODIFIER = {
    "weapon-plus-1": 1,
    "weapon-plus-2": 2,
    "weapon-plus-3": 3,
    "curse-minus-1": -1,
    "curse-minus-2": -2,
    "curse-minus-3": -3,
    CENTIPEDE: 0,
}
ITEMS = tuple(ITEM_MODIFIER)
ALL_CARDS = REALM_CARDS + CHAOS + ITEMS
# For picking a hand's cards of one kind at once (`CHAOS_CARDS.intersection(hand)`).
CHAOS_CARDS = frozenset(CHAOS)
REALM_SET = frozenset(REALM_CARDS)
ITEM_CARDS = frozenset(ITEMS)

DEUCE_EFFECTS = ("top-becomes", "next-draws")
DEFAULT_FILE = Path(__file__).with_name("cards.toml")


def is_realm(card: str) -> bool:
    return card in VALUE_OF


@dataclass(frozen=True)
class CardSet:
    realm_names: tuple[tuple[str, str], ...]
    chaos: tuple[tuple[str, int, str, str], ...]  # id, copies, name, family name
    items: tuple[tuple[str, int, str, str], ...]
    deuce_effect: str
    deuce_value: int

    def deck(self, decks: int, battle_pack: bool) -> list[str]:
        """The cards of the game in their fixed order before the shuffle (a new list)."""
        return list(self._tables(decks, battle_pack)[0])

    def supply(self, decks: int, battle_pack: bool) -> Counter[str]:
        """How many copies of each card the game holds: one Counter per table, shared by every
        game dealt with it (it never changes)."""
        return self._tables(decks, battle_pack)[1]

    def _tables(self, decks: int, battle_pack: bool) -> tuple[tuple[str, ...], Counter[str]]:
        # Looked up by identity: hashing a whole card set costs more than listing its cards.
        # (The card set is kept in the entry, so its id cannot be another's.)
        found = _TABLES.get((id(self), decks, battle_pack))
        if found is None or found[0] is not self:
            one = list(REALM_CARDS) + [c for c, n, _, _ in self.chaos for _ in range(n)]
            if battle_pack:
                one += [c for c, n, _, _ in self.items for _ in range(n)]
            cards = tuple(one * decks)
            found = _TABLES[(id(self), decks, battle_pack)] = (self, cards, Counter(cards))
        return found[1], found[2]

    def names(self, family: bool) -> dict[str, str]:
        """Every card id -> the name people see (the family edition's when `family`)."""
        realms = dict(self.realm_names)
        out = {}
        for card in REALM_CARDS:
            value = VALUE_OF[card]
            shown = "Crown" if value == CROWN else str(value)
            out[card] = f"{shown} of {realms[REALM_OF[card]]}"
        for card, _, name, fam in self.chaos + self.items:
            out[card] = fam if family else name
        return out


def load(path: str | Path | None = None) -> CardSet:
    """The card set of `path`, or the shipped one (read once: every new game asks for it)."""
    if path is None:
        return _shipped()
    return load_toml(path, DEFAULT_FILE, validate, "card set")


# (id of a card set, decks, Battle Pack) -> (the card set, its deck in order, its supply).
_TABLES: dict[tuple[int, int, bool], tuple[CardSet, tuple[str, ...], Counter[str]]] = {}


@functools.cache
def _shipped() -> CardSet:
    return load_toml(None, DEFAULT_FILE, validate, "card set")


def _name(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadInput(f"{where} needs a non-empty string {key!r}")
    return value.strip()


def _count(table: dict[str, Any], where: str, low: int = 0) -> int:
    value = table.get("count")
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 4:
        raise BadInput(f"{where} count must be a whole number from {low} to 4")
    return value


def _entries(
    data: dict[str, Any], section: str, ids: tuple[str, ...], extra: frozenset[str] = frozenset()
) -> list[tuple[str, int, str, dict[str, Any]]]:
    tables = data[section]
    if not isinstance(tables, dict) or set(tables) != set(ids):
        raise BadInput(f"[{section}] must have exactly the tables {', '.join(ids)}")
    out = []
    for card in ids:
        table = tables[card]
        where = f"[{section}.{card}]"
        if not isinstance(table, dict):
            raise BadInput(f"{where} must be a table")
        allowed = {"count", "name", "family"} | extra
        if not {"count", "name", "family"} <= set(table) <= allowed:
            raise BadInput(f"{where} needs count, name and family (and nothing else)")
        out.append((card, _count(table, where), _name(table, "name", where), table))
    return out


def validate(data: dict[str, Any]) -> CardSet:
    if set(data) != {"realms", "chaos", "items"}:
        raise BadInput("needs exactly the tables [realms], [chaos] and [items]")
    realms = data["realms"]
    if not isinstance(realms, dict) or set(realms) != set(REALMS):
        raise BadInput(f"[realms] must name exactly {', '.join(REALMS)}")
    realm_names = tuple((r, _name(realms, r, "[realms]")) for r in REALMS)
    deuce_keys = frozenset({"effect", "value"})
    chaos: list[tuple[str, int, str, str]] = []
    deuce_effect: Any = ""  # checked below
    deuce_value: Any = 0
    for card, count, name, table in _entries(data, "chaos", CHAOS, deuce_keys):
        chaos.append((card, count, name, _name(table, "family", f"[chaos.{card}]")))
        if card == DEUCE:
            deuce_effect, deuce_value = table.get("effect"), table.get("value")
            if deuce_effect not in DEUCE_EFFECTS:
                raise BadInput(f"[chaos.{DEUCE}] effect must be one of {', '.join(DEUCE_EFFECTS)}")
            top = CROWN if deuce_effect == "top-becomes" else 5
            if not isinstance(deuce_value, int) or not 1 <= deuce_value <= top:
                raise BadInput(f"[chaos.{DEUCE}] value must be a whole number from 1 to {top}")
        elif set(table) & deuce_keys:
            raise BadInput(f"[chaos.{card}] takes no effect/value: only {DEUCE} does")
    items = [
        (card, count, name, _name(table, "family", f"[items.{card}]"))
        for card, count, name, table in _entries(data, "items", ITEMS)
    ]
    return CardSet(realm_names, tuple(chaos), tuple(items), deuce_effect, deuce_value)
