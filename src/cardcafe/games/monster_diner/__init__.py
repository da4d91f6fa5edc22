"""Monster Diner (Cosmodrome Games, 2017): rulebook seed 001_7d28313ed1460a2d.txt."""

from __future__ import annotations

import random
from typing import Any

from cardcafe.engine import Action, Game
from cardcafe.engine.view import CommonView, Part

from . import cards as card_data
from . import heuristic, position, words
from .actions import GiveGuest, Place, TakeCard
from .balance import balance_stats
from .options import DinerOptions
from .scoring import score_json
from .state import DinerState

MAX_PLAYERS = 6


class DinerView(CommonView):
    deck_size: int
    removed_count: int
    held: str | None  # the card being placed: every player sees it
    mats: list[list[str]]  # per seat
    diners: list[dict[str, int]]  # per seat: card id -> copies
    guests_to_give: int
    guest_target: int | None  # the seat given a guest, whose diner a card is taken from
    given_on_mat: list[int]  # per seat: guests given onto that mat (guest_to="mat")
    # While the game goes on: per seat, the parts of its running score (None once over: then
    # the final `breakdown` says it), and their title.
    scores_so_far: list[list[Part]] | None
    scores_so_far_title: str | None


class MonsterDiner(Game[DinerState, DinerOptions]):
    id = "monster-diner"
    title = "Monster Diner"
    pitch = (
        "Place each card drawn in your own diner or a rival's: the right staff in the right "
        "numbers score."
    )
    players = range(2, MAX_PLAYERS + 1)
    Options = DinerOptions
    rules_file = "monster-diner.md"
    option_presets = ({}, {"guest_to": "diner"})
    View = DinerView
    event_texts = words.EVENT_TEXTS

    def max_actions(self, players: int) -> int:
        # One placement per card, and each guest given at most once per card placed.
        return 3 * card_data.DECK_SIZE

    def _all_actions(self) -> list[Action]:
        seats = range(MAX_PLAYERS)
        return (
            [Place(p) for p in seats]
            + [GiveGuest(p) for p in seats]
            + [TakeCard(c) for c in card_data.ALL_CARD_IDS]
        )

    def _setup(self, players: int, options: DinerOptions, seed: int | None) -> DinerState:
        return DinerState(self, players, options, seed, card_data.load(options.cards))

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return words.OPTION_TEXTS

    def _catalogue(self, options: DinerOptions) -> dict[str, Any]:
        return words.catalogue(card_data.load(options.cards))

    def _from_position(
        self, players: int, options: DinerOptions, body: dict[str, Any], deal: random.Random
    ) -> DinerState:
        return position.from_position(self, players, options, body, deal)

    def heuristic_action(self, state: DinerState, rng: random.Random) -> Action:
        return heuristic.choose(state, rng)

    def score_json(self, obj: Any) -> dict[str, Any]:
        return score_json(obj)

    def balance_stats(self, state: DinerState) -> dict[str, Any]:
        # Issue 6: "Monster Diner, points by card type".
        return balance_stats(state)


GAME = MonsterDiner()
