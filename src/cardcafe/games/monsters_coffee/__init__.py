"""Monster's Coffee (published as Monster Café, Lumberjacks Studio 2020): rulebook seed
000_992b8e92303b7cf4.txt."""

from __future__ import annotations

import random
from typing import Any

from cardcafe.engine import Action, Game, OptionError

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
from .limits import REAR_SIZE
from .options import MonstersCoffeeOptions
from .scoring import MAX_PLAYERS, score_json
from .state import MonstersCoffeeState, hand_size
from .view import MonstersCoffeeView
from .words.options import option_texts

MAX_HAND = 12
MAX_FRONT = MAX_HAND - REAR_SIZE
MAX_CENTRE = 24  # a round moves at most 4 cards a player (6 with 2 players) to the centre


class MonstersCoffee(Game[MonstersCoffeeState, MonstersCoffeeOptions]):
    id = "monsters-coffee"
    title = "Monster's Coffee"
    pitch = (
        "Send monsters from your lines to the centre, use their powers, and win Coffee for "
        "the families you lead."
    )
    players = range(2, MAX_PLAYERS + 1)
    Options = MonstersCoffeeOptions
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

    # 000: "Players use the different Monsters to earn as many Coffee tokens as possible".
    score_unit = ("Coffee", "Coffee")
    View = MonstersCoffeeView
    event_texts = words.EVENT_TEXTS

    def max_actions(self, players: int) -> int:
        # Per round: 3 Rear Line choices each, then one take per card that leaves a Front Line,
        # each followed by at most 3 power choices (Grunge: player, family, reveal).
        turns = players * (hand_size(players) - 2 * REAR_SIZE)
        return 2 * (REAR_SIZE * players + 4 * turns)

    def _all_actions(self) -> list[Action]:
        seats = range(MAX_PLAYERS)
        actions: list[Action] = []
        return (
            actions
            + CHOOSE_REAR[:MAX_HAND]
            + [TAKES[p][i] for p in seats for i in range(MAX_FRONT)]
            + [PICK_FRONTS[p][i] for p in seats for i in range(MAX_FRONT)]
            + PICK_REARS[:REAR_SIZE]
            + PICK_CENTRES[:MAX_CENTRE]
            + ASK_PLAYERS[:MAX_PLAYERS]
            + [ASK_FAMILIES[f] for f in card_data.FAMILIES]
            + PLACE_MUMMY
        )

    def _setup(
        self, players: int, options: MonstersCoffeeOptions, seed: int | None
    ) -> MonstersCoffeeState:
        cards = card_data.load(options.cards)
        return MonstersCoffeeState(self, players, options, seed, cards, _families(options, cards))

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return option_texts(card_data.load())

    def _catalogue(self, options: MonstersCoffeeOptions) -> dict[str, Any]:
        cards = card_data.load(options.cards)
        return words.catalogue(cards, _families(options, cards))

    def heuristic_action(self, state: MonstersCoffeeState, rng: random.Random) -> Action:
        return heuristic_action(state, rng)

    def _from_position(
        self,
        players: int,
        options: MonstersCoffeeOptions,
        body: dict[str, Any],
        deal: random.Random,
    ) -> MonstersCoffeeState:
        cards = card_data.load(options.cards)
        return position.from_position(
            self, players, options, body, deal, cards, _families(options, cards)
        )

    def score_json(self, obj: Any) -> dict[str, Any]:
        return score_json(obj)

    score_json.__doc__ = _scoring.score_json.__doc__

    def balance_stats(self, state: MonstersCoffeeState) -> dict[str, Any]:
        # Issue 6: "Monster's Coffee, how each family and each Menu coffee changes outcomes".
        return balance_stats(state)


def _families(options: MonstersCoffeeOptions, cards: card_data.CardSet) -> tuple[str, ...]:
    if options.menu is not None and options.families is not None:
        raise OptionError("families", "cannot go with a Menu coffee: choose one or the other")
    if options.families is not None:
        why = card_data.families_problem(options.families)
        if why is not None:
            raise OptionError("families", why)
        return options.families
    return cards.recipe(options.menu or card_data.NEWBIE).families


GAME = MonstersCoffee()
