"""Monster's Coffee (published as Monster Café, Lumberjacks Studio 2020): rulebook seed
000_992b8e92303b7cf4.txt."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardcafe.engine import Action, BadInput, Game

from . import cards as card_data
from . import position, words
from . import scoring as _scoring
from .actions import (
    ASK_FAMILIES,
    ASK_PLAYERS,
    CHOOSE_REAR,
    PICK_CENTRES,
    PICK_FRONTS,
    PICK_REARS,
    PLACE_MUMMY,
    TAKES,
)
from .balance import balance_stats
from .heuristic import heuristic_action
from .scoring import MAX_PLAYERS, score_json
from .state import REAR_SIZE, CoffeeState, hand_size
from .view import MonstersCoffeeView
from .words.options import option_texts

MAX_HAND = 12
MAX_FRONT = MAX_HAND - REAR_SIZE
MAX_CENTRE = 24  # a round moves at most 4 cards a player (6 with 2 players) to the centre


@dataclass(frozen=True)
class CoffeeOptions:
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


class MonstersCoffee(Game):
    id = "monsters-coffee"
    title = "Monster's Coffee"
    players = range(2, MAX_PLAYERS + 1)
    Options = CoffeeOptions
    rules_file = "monsters-coffee.md"
    # Together the presets put all twelve families (and so every power) in play.
    option_presets = (
        {},  # the Latte Newbie: rex, cakosaurus, skeeter, snorkel, bliblop
        {"menu": "prissato", "mummy_peek": False},  # priss, mummy, skyzoclop, snout, skeeter
        {
            "families": ["grunge", "poopy", "kandhiii", "mummy", "rex"],
            "negative_coffee": True,
        },
    )

    View = MonstersCoffeeView
    event_texts = words.EVENT_TEXTS

    def max_actions(self, players: int) -> int:
        # Per round: 3 Rear Line choices each, then one take per card that leaves a Front Line,
        # each followed by at most 3 power choices (Grunge: player, family, reveal).
        turns = players * (hand_size(players) - 2 * REAR_SIZE)
        return 2 * (REAR_SIZE * players + 4 * turns)

    def _all_actions(self) -> list[Action]:
        seats = range(MAX_PLAYERS)
        return (
            CHOOSE_REAR[:MAX_HAND]
            + [TAKES[p][i] for p in seats for i in range(MAX_FRONT)]
            + [PICK_FRONTS[p][i] for p in seats for i in range(MAX_FRONT)]
            + PICK_REARS[:REAR_SIZE]
            + PICK_CENTRES[:MAX_CENTRE]
            + ASK_PLAYERS[:MAX_PLAYERS]
            + [ASK_FAMILIES[f] for f in card_data.FAMILIES]
            + PLACE_MUMMY
        )

    def _setup(self, players: int, options: CoffeeOptions, seed: int | None) -> CoffeeState:
        cards = card_data.load(options.cards)
        return CoffeeState(self, players, options, seed, cards, _families(options, cards))

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return option_texts(card_data.load())

    def _catalogue(self, options: CoffeeOptions) -> dict[str, Any]:
        cards = card_data.load(options.cards)
        return words.catalogue(cards, _families(options, cards))

    def heuristic_action(self, state: CoffeeState, rng: random.Random) -> Action:
        return heuristic_action(state, rng)

    def _from_position(
        self, players: int, options: CoffeeOptions, body: dict[str, Any], deal: random.Random
    ) -> CoffeeState:
        cards = card_data.load(options.cards)
        return position.from_position(
            self, players, options, body, deal, cards, _families(options, cards)
        )

    def score_json(self, obj: Any) -> dict[str, Any]:
        return score_json(obj)

    score_json.__doc__ = _scoring.score_json.__doc__

    def balance_stats(self, state: CoffeeState) -> dict[str, Any]:
        # Issue 6: "Monster's Coffee, how each family and each Menu coffee changes outcomes".
        return balance_stats(state)


def _families(options: CoffeeOptions, cards: card_data.CardSet) -> tuple[str, ...]:
    if options.menu is not None and options.families is not None:
        raise BadInput("give either a menu or families, not both")
    if options.families is not None:
        return card_data.check_families(options.families, "option families")
    return cards.recipe(options.menu or card_data.NEWBIE).families


GAME = MonstersCoffee()
