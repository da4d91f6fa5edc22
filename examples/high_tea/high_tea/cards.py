"""The cakes: nine kinds, worth 1 to 9, two of each (the card data a user could replace)."""

from __future__ import annotations

NAMES = {
    "crumb": "Crumb",
    "biscuit": "Biscuit",
    "muffin": "Muffin",
    "scone": "Scone",
    "eclair": "Eclair",
    "tart": "Tart",
    "macaron": "Macaron",
    "trifle": "Trifle",
    "gateau": "Gateau",
}
CAKES: tuple[str, ...] = tuple(NAMES)
VALUE = {cake: worth for worth, cake in enumerate(CAKES, start=1)}
COPIES = 2
DECK: tuple[str, ...] = tuple(cake for cake in CAKES for _ in range(COPIES))
HAND = 3  # rules.md: "Each player is dealt three cakes, face down."
