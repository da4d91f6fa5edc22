"""The Monster's Coffee data (families, card values, tokens, Menu): loaded from TOML, validated.

A card is a string: its family id, or for the two families whose cards differ, the family id, a
colon and what the card prints ("skyzoclop:-2", "kandhiii:donut"). Only the family counts
towards a majority.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.data import load_toml

from .pieces import Interned

# 000: the twelve families of "Monsters à la Carte", in the order the rulebook presents them.
FAMILIES = (
    "rex",
    "cakosaurus",
    "skeeter",
    "snorkel",
    "grunge",
    "poopy",
    "snout",
    "bliblop",
    "skyzoclop",
    "kandhiii",
    "priss",
    "mummy",
)
CARDS_PER_FAMILY = 10  # RESEARCH: "12 Monster families of 10 cards each"
FAMILIES_PER_GAME = 5  # 000: "Choose the 5 families of Monsters you want to play with."
# 000: "the player gets 1/3/6/10 Coffee tokens for 1/2/3/4 different symbols"
KANDHIII_TABLE = (0, 1, 3, 6, 10)
# 000: "You'll find suggestions in the Menu booklet" ... "the Menu with its 18 coffees"
MENU_COFFEES = (
    "grungy-divinato",
    "exxxpresso",
    "macchiato",
    "le-chief-special",
    "bliblopino",
    "snorkcha",
    "my-pressious-black",
    "cappuccino-flavour-may-vary",
    "the-penniless-kings-coffee",
    "rex-presso-with-water",
    "double-monstro",
    "the-deep-one-creamy",
    "affogato-candied",
    "latte-800-year-old",
    "apocalypso-vanilla",
    "intense-weedin",
    "prissato",
    "grando-monstro",
)
NEWBIE = "latte-newbie"
TOKENS = ("cookie", "whipped_cream", "droppings")
DEFAULT_FILE = Path(__file__).with_name("cards.toml")


def family(card: str) -> str:
    return card.partition(":")[0]


FAMILY_OF: Interned[str, str] = Interned(family)  # card -> its family, each card split once


@dataclass(frozen=True)
class Recipe:
    name: str
    families: tuple[str, ...]
    strength: int
    size: str  # "small" (2-3 players) or "tall" (4-5 players)


@dataclass(frozen=True)
class CardSet:
    skyzoclop: tuple[int, ...]  # the value printed on each Skyzo'clop card
    kandhiii: tuple[str, ...]  # the symbol printed on each Kandhiii card
    supply: tuple[tuple[str, int], ...]  # token -> how many the box holds
    mummy: tuple[tuple[int, int], ...]  # one (coffees, bones) per Mummy token
    menu: tuple[tuple[str, Recipe], ...]

    def cards_of(self, fam: str) -> list[str]:
        if fam == "skyzoclop":
            return [f"skyzoclop:{v}" for v in self.skyzoclop]
        if fam == "kandhiii":
            return [f"kandhiii:{s}" for s in self.kandhiii]
        return [fam] * CARDS_PER_FAMILY

    def deck(self, families: tuple[str, ...]) -> list[str]:
        return list(self._decks[families])

    def __getstate__(self) -> dict[str, Any]:
        """Pickled: the data, not the caches built from it."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @cached_property
    def _decks(self) -> Interned[tuple[str, ...], tuple[str, ...]]:
        """families -> the deck in the order `deck` deals it from, built once."""
        return Interned(lambda fams: tuple(c for fam in fams for c in self.cards_of(fam)))

    @cached_property
    def box(self) -> dict[str, int]:
        """token -> how many the box holds."""
        return dict(self.supply)

    def supply_of(self, token: str) -> int:
        return self.box[token]

    @cached_property
    def _recipes(self) -> dict[str, Recipe]:
        return dict(self.menu)

    def recipe(self, menu_id: str) -> Recipe:
        recipes = self._recipes
        if menu_id not in recipes:
            raise BadInput(f"unknown menu {menu_id!r}; the Menu offers: {', '.join(recipes)}")
        return recipes[menu_id]


def load(path: str | Path | None = None) -> CardSet:
    """The card data of `path`, or of the shipped file. Every new game asks for it: the shipped
    file, part of the installed package, is read once per process."""
    if path is not None:
        return load_toml(path, DEFAULT_FILE, validate, "card data")
    if not _SHIPPED:
        _SHIPPED.append(load_toml(None, DEFAULT_FILE, validate, "card data"))
    return _SHIPPED[0]


_SHIPPED: list[CardSet] = []  # the shipped file's data, once read

# Every card set games were dealt from, so that a state names its own by a number: the data is
# shared by all games (and their copies), not part of each.
SHARED: list[CardSet] = []
_NUMBERS: dict[int, int] = {}  # id(card set) -> its number (SHARED keeps it alive)


def share(cards: CardSet) -> int:
    """The number of `cards` in SHARED (added on first use)."""
    number = _NUMBERS.get(id(cards))
    if number is None:
        number = _NUMBERS[id(cards)] = len(SHARED)
        SHARED.append(cards)
    return number


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(data: dict[str, Any]) -> CardSet:
    expected = {"skyzoclop", "kandhiii", "supply", "mummy", "menu"}
    if set(data) != expected:
        raise BadInput(f"needs exactly the tables {', '.join(sorted(expected))}")
    values = data["skyzoclop"].get("values") if isinstance(data["skyzoclop"], dict) else None
    if not isinstance(values, list) or len(values) != CARDS_PER_FAMILY:
        raise BadInput(f"[skyzoclop] values must list the value of each of the {CARDS_PER_FAMILY}")
    if not all(_is_int(v) for v in values):
        raise BadInput("[skyzoclop] values must be whole numbers (negative ones lose Coffee)")
    symbols = data["kandhiii"].get("symbols") if isinstance(data["kandhiii"], dict) else None
    if not isinstance(symbols, list) or len(symbols) != CARDS_PER_FAMILY:
        raise BadInput(f"[kandhiii] symbols must list the symbol of each of the {CARDS_PER_FAMILY}")
    if not all(isinstance(s, str) and s and ":" not in s for s in symbols):
        raise BadInput("[kandhiii] symbols must be non-empty names without ':'")
    if len(set(symbols)) > len(KANDHIII_TABLE) - 1:
        raise BadInput("[kandhiii] the rulebook scores at most 4 different symbols")
    supply = data["supply"]
    if not isinstance(supply, dict) or set(supply) != set(TOKENS):
        raise BadInput(f"[supply] must give exactly {', '.join(TOKENS)}")
    if not all(_is_int(n) and n >= 0 for n in supply.values()):
        raise BadInput("[supply] sizes must be whole numbers, 0 or more")
    mummy = _mummy_tokens(data["mummy"])
    menu = _menu(data["menu"])
    return CardSet(
        skyzoclop=tuple(values),
        kandhiii=tuple(symbols),
        supply=tuple((t, supply[t]) for t in TOKENS),
        mummy=mummy,
        menu=menu,
    )


def _mummy_tokens(entries: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise BadInput("[[mummy]] must be a list of tables {coffee, bones, count}")
    tokens = []
    for entry in entries:
        if set(entry) != {"coffee", "bones", "count"}:
            raise BadInput("each [[mummy]] entry needs exactly coffee, bones and count")
        if not all(_is_int(v) and v >= 0 for v in entry.values()) or entry["count"] < 1:
            raise BadInput("[[mummy]] coffee and bones are 0 or more, count 1 or more")
        tokens += [(entry["coffee"], entry["bones"])] * entry["count"]
    # 000: "Draw 2 Mummy tokens."
    if len(tokens) < 2:
        raise BadInput("[[mummy]] the box needs at least 2 Mummy tokens")
    return tuple(sorted(tokens))


def _menu(menu: object) -> tuple[tuple[str, Recipe], ...]:
    if not isinstance(menu, dict):
        raise BadInput("[menu] must be a table of coffees")
    # 000: "the Menu with its 18 coffees", and the Latte Newbie before it.
    missing = [m for m in (NEWBIE, *MENU_COFFEES) if m not in menu]
    if missing:
        raise BadInput(f"[menu] lacks {', '.join(missing)}")
    recipes = []
    for menu_id, entry in menu.items():
        where = f"[menu.{menu_id}]"
        if not isinstance(entry, dict) or set(entry) != {"name", "families", "strength", "size"}:
            raise BadInput(f"{where} needs exactly name, families, strength and size")
        fams = entry["families"]
        if not isinstance(fams, list):
            raise BadInput(f"{where} families must be a list")
        check_families(fams, where)
        if not isinstance(entry["name"], str) or not entry["name"]:
            raise BadInput(f"{where} needs a name")
        if not _is_int(entry["strength"]) or not 1 <= entry["strength"] <= 3:
            raise BadInput(f"{where} strength is 1, 2 or 3 cups")
        if entry["size"] not in ("small", "tall"):
            raise BadInput(f"{where} size is 'small' (2-3 players) or 'tall' (4-5 players)")
        recipes.append(
            (menu_id, Recipe(entry["name"], tuple(fams), entry["strength"], entry["size"]))
        )
    # 000: "the players prepare the Cookie tokens (Cakosaurus) and the Whipped Cream tokens
    # (Snorkel)" for the Latte Newbie.
    newbie = dict(recipes)[NEWBIE]
    if not {"cakosaurus", "snorkel"} <= set(newbie.families):
        raise BadInput("[menu.latte-newbie] must include cakosaurus and snorkel, as the rulebook")
    return tuple(recipes)


def check_families(fams: object, where: str = "families") -> tuple[str, ...]:
    """Five distinct family ids, or a clear error (`where`: what held them)."""
    why = families_problem(fams)
    if why is not None:
        raise BadInput(f"{where} {why}")
    return tuple(fams)  # type: ignore[arg-type]  # (a list or tuple: checked just above)


def families_problem(fams: object) -> str | None:
    """What is wrong with `fams` as the five families of a game, in words that read after
    what holds them ("must name 5 different families"); None if nothing is."""
    if not isinstance(fams, (list, tuple)) or not all(isinstance(f, str) for f in fams):
        return "must be a list of family ids"
    unknown = [f for f in fams if f not in FAMILIES]
    if unknown:
        return f"names an unknown family {unknown[0]!r} (the families: {', '.join(FAMILIES)})"
    if len(fams) != FAMILIES_PER_GAME or len(set(fams)) != FAMILIES_PER_GAME:
        return f"must name {FAMILIES_PER_GAME} different families"
    return None
