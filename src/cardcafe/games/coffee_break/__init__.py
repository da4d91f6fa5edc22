"""Coffee Break (Korea, 2017): rulebook seed 002_166af175196e41ee.txt."""

from __future__ import annotations

import random
from typing import Any

from typing_extensions import TypedDict

from cardcafe.engine import Action, Game
from cardcafe.engine.view import CommonView

from . import cards as card_data
from . import (
    moves,  # noqa: F401  (declares the rules: CoffeeBreakState.PHASES)
    words,
)
from .actions import Exchange, FinishLaying, Lay, LayJoker, Pass, PickForExchange
from .balance import balance_stats
from .events import SHARED_EVENTS
from .heuristic import heuristic_action
from .options import MAX_STALL_ROUNDS, CoffeeBreakOptions
from .position import position_to_state
from .scoring import score_json
from .state import NEEDS, CoffeeBreakState

MAX_PLAYERS = 3
# The longest turn: 7 cards laid one by one, then "finish laying".
LONGEST_TURN = 8


# A card laid under an order: the card (an ingredient or "joker") and the ingredient it counts
# as ("as" is a Python keyword, hence the functional syntax).
Laid = TypedDict("Laid", {"card": str, "as": str})


class Order(TypedDict):
    order: str  # the order card's id in the catalogue ("order:cafe-latte")
    needs: list[str]  # its recipe: ingredient ids
    laid: list[Laid]  # the cards under it, in the order laid
    missing: list[str]  # the ingredients it still lacks


class CoffeeBreakView(CommonView):
    target: int  # the points that end the game
    orders: list[Order | None]  # the 4 places, left to right (None: vacant)
    order_pile_size: int
    ingredient_pile_size: int
    used_pile: list[str]  # face up, oldest first
    hand: list[str] | None  # the viewer's hand (None for a spectator)
    hand_sizes: list[int]  # per seat
    picked: list[str] | None  # cards the viewer picked to exchange (theirs to see only)
    picked_count: int  # how many the player to move picked (everyone sees it)
    taken: list[list[str]]  # per seat: the order cards taken
    quiet_turns: int  # turns in a row with no order completed
    quiet_limit: int  # quiet turns that end a stuck game
    end_reason: str | None  # how the game ended, in words


class CoffeeBreak(Game[CoffeeBreakState, CoffeeBreakOptions]):
    id = "coffee-break"
    title = "Coffee Break"
    pitch = (
        "Race the other baristas to complete the coffee orders on the counter with the "
        "ingredients in your hand."
    )
    players = range(2, MAX_PLAYERS + 1)
    Options = CoffeeBreakOptions
    rules_file = "coffee-break.md"
    option_presets = (
        {},
        {"direction": "left", "doubling": "more-than", "target_rule": "exceed", "stall_rounds": 2},
    )
    score_scale = 10.0  # points: half the 2-player target
    View = CoffeeBreakView
    event_texts = words.EVENT_TEXTS

    def __init__(self) -> None:
        # What every state of the process shares, held by the game as it holds the card data
        # (so it counts as the game's, not a state's): the events logged again and again
        # (`state.SHARED_EVENTS`) and what an order on the table may still lack (`state.NEEDS`).
        self.shared_events = SHARED_EVENTS
        self.shared_needs = NEEDS

    def max_actions(self, players: int) -> int:
        # Each completed order resets the stall count; between two completions at most
        # stall_rounds rounds pass, and no turn is longer than LONGEST_TURN actions.
        turns = (card_data.ORDER_CARDS + 1) * MAX_STALL_ROUNDS * players
        return turns * LONGEST_TURN

    def _all_actions(self) -> list[Action]:
        slots, ingredients = range(card_data.FACE_UP), card_data.INGREDIENTS
        return (
            [Lay(s, i) for s in slots for i in ingredients]
            + [LayJoker(s, i) for s in slots for i in ingredients]
            + [FinishLaying()]
            + [PickForExchange(c) for c in (*ingredients, card_data.JOKER)]
            + [Exchange(), Pass()]
        )

    def _setup(
        self, players: int, options: CoffeeBreakOptions, seed: int | None
    ) -> CoffeeBreakState:
        return CoffeeBreakState(self, players, options, seed, card_data.load(options.cards))

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return words.OPTION_TEXTS

    def _catalogue(self, options: CoffeeBreakOptions) -> dict[str, Any]:
        return words.catalogue(card_data.load(options.cards), options)

    def search_defaults(self, players: int) -> dict[str, Any]:
        # The race is decided largely by the draw: compare moves on the same luck (halving with
        # paired samples), continue with the heuristic (cheap here: ~35 us a move), and judge a
        # few turns ahead by the points margin, not at the far, noisy end (docs/bots.md).
        return {"root": "halving", "rollout": "heuristic", "depth": 12, "expand": 10}

    def heuristic_action(self, state: CoffeeBreakState, rng: random.Random) -> Action:
        return heuristic_action(state, rng)

    def _from_position(
        self, players: int, options: CoffeeBreakOptions, body: dict[str, Any], deal: random.Random
    ) -> CoffeeBreakState:
        return position_to_state(self, players, options, body, deal)

    def score_json(self, obj: Any) -> dict[str, Any]:
        return score_json(obj)

    def balance_stats(self, state: CoffeeBreakState) -> dict[str, Any]:
        # Issue 6: "Coffee Break, orders taken by kind" (and the points each kind gave).
        return balance_stats(state)


GAME = CoffeeBreak()
