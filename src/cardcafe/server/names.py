"""Friendly names for players who sat down without giving one ("Sleepy Latte")."""

from __future__ import annotations

import secrets

ADJECTIVES = [
    "Brave",
    "Cosy",
    "Curious",
    "Dapper",
    "Fuzzy",
    "Gentle",
    "Jolly",
    "Lucky",
    "Merry",
    "Nimble",
    "Plucky",
    "Quiet",
    "Sleepy",
    "Sunny",
    "Swift",
    "Witty",
]
NOUNS = [
    "Bagel",
    "Biscuit",
    "Brownie",
    "Cocoa",
    "Croissant",
    "Crumpet",
    "Donut",
    "Espresso",
    "Latte",
    "Macaron",
    "Mocha",
    "Muffin",
    "Pretzel",
    "Scone",
    "Teacup",
    "Waffle",
]


def friendly_name(taken: list[str]) -> str:
    """A two-word name no one at the table has yet."""
    for _ in range(50):
        name = f"{secrets.choice(ADJECTIVES)} {secrets.choice(NOUNS)}"
        if name not in taken:
            return name
    return f"Guest {len(taken) + 1}"
