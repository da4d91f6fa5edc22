"""Monster Diner (Cosmodrome Games, 2017): rulebook seed 001_7d28313ed1460a2d.txt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from cardcafe.engine import Game

from . import cards as card_data
from . import heuristic
from .actions import GiveGuest, Place, TakeCard
from .scoring import score_json
from .state import DinerState

MAX_PLAYERS = 6


@dataclass(frozen=True)
class DinerOptions:
    # Where a given Unwelcome guest goes: the rulebook says "on another player's mat", then
    # "will keep it till the end of the game"; see docs/rules/monster-diner.md.
    guest_to: Literal["diner", "mat"] = "diner"
    # A card-set TOML file replacing the assumed counts, Salad-meister table and MasterChefs.
    cards: str | None = None


class MonsterDiner(Game):
    id = "monster-diner"
    title = "Monster Diner"
    players = range(2, MAX_PLAYERS + 1)
    Options = DinerOptions
    rules_file = "monster-diner.md"
    option_presets = ({}, {"guest_to": "mat"})

    def max_actions(self, players: int) -> int:
        # One placement per card, and each guest given at most once per card placed.
        return 3 * card_data.DECK_SIZE

    def _all_actions(self):
        seats = range(MAX_PLAYERS)
        return (
            [Place(p) for p in seats]
            + [GiveGuest(p) for p in seats]
            + [TakeCard(c) for c in card_data.ALL_CARD_IDS]
        )

    def _setup(self, players: int, options: DinerOptions, seed: int | None) -> DinerState:
        return DinerState(self, players, options, seed, card_data.load(options.cards))

    def heuristic_action(self, state: DinerState, rng):
        return heuristic.choose(state, rng)

    def score_json(self, obj: Any) -> dict[str, Any]:
        return score_json(obj)


GAME = MonsterDiner()
