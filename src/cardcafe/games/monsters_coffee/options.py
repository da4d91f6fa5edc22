"""Monster's Coffee's options: which families play, and the decisions the rulebook leaves open."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MonstersCoffeeOptions:
    # A coffee of the Menu (its 5 families), e.g. "grungy-divinato"; default the Latte Newbie,
    # which 000 advises "for the first 2 or 3 games".
    menu: str | None = None
    # Or the 5 families the players choose: 000 "Choose the 5 families of Monsters".
    families: tuple[str, ...] | None = None
    # A data file replacing the assumed card values, tokens and Menu (see the rules page).
    cards: str | None = None
    # Whether the Mummy player looks at the 2 tokens drawn before choosing which to place (000:
    # "Pick 1 of the 2, still face down"); False: a blind pick, they see only the one they keep.
    mummy_peek: bool = True
    # Whether Coffee can go below 0 when a Skyzo'clop majority or odd Bones loses some.
    negative_coffee: bool = False
