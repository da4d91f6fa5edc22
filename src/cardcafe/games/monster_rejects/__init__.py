"""Monster Rejects (Friendly Rabbit Inc.): rulebook and FAQ seed 003_59e5b48f57a6f035.txt."""

from __future__ import annotations

import random
from typing import Any, NotRequired

from typing_extensions import TypedDict

from cardcafe.engine import Action, Game, OptionError
from cardcafe.engine.view import CommonView

from . import cards as card_data
from . import words
from .actions import ALL_ACTIONS
from .balance import balance_stats
from .cards import MAX_PLAYERS
from .heuristic import choose
from .options import MAX_TURNS, RejectsOptions
from .position import position_to_state
from .state import RejectsState, state_class
from .words.options import OPTION_TEXTS

ONE_DECK_PLAYERS = 5  # 003 (FAQ): "Combining a second main game will allow for up to 10 players."
DEFAULT_ROUNDS = 60
# The most actions one turn can take: an answer to an Illusionist, a Chaos card and its two
# choices, an item, a draw, eight cards of one value (two decks), the end of the play.
ACTIONS_PER_TURN = 16
# Random play sheds cards slowly (it draws as often as it plays), so the conformance suite plays
# short games: every rule still comes up across its thousands of games, in seconds.
CONFORMANCE_TURNS = 30


class PileCard(TypedDict):
    card: str  # the card as shown (declared, for a face-down card)
    value: int  # what it counts as now (an item, Drop A Deuce)
    face_down: bool
    really: NotRequired[str]  # a face-down card, to the player who put it there


class Smuggled(TypedDict):
    owner: int
    card: str | None  # to its owner only


class RejectsView(CommonView):
    hand: list[str] | None  # the viewer's (None: a spectator)
    hand_sizes: list[int]  # per seat
    deck_size: int
    graveyard: list[str]  # face up, oldest first
    pile: list[PileCard]  # bottom first
    beside: list[str]  # Chaos cards beside the pile until it is killed
    smuggled: list[Smuggled]
    in_force: list[str]  # the Chaos cards whose effect holds now
    item: str | None  # the Battle Pack item of the play under way
    play_so_far: list[str]  # the Realm cards of the play under way
    last_player: int | None  # who played the top card: the pile dies when the turn is theirs
    cosby_target: int | None  # The Cosby: the seat a card is given back to
    illusion_card: str | None  # the Illusionist's card, to its owner before the declaration
    illusionist: int | None  # whose face-down card waits to be accepted or called
    turns: int
    turn_limit: int  # our guard: the game ends after this many turns
    first_draws: list[list[str | None]]  # per draw for the first turn, per seat (None: no draw)
    end_reason: str | None  # why the game ended, in words (None: not over)
    next_play_text: str | None  # what may go on the pile next, in words (None: game over)


class MonsterRejects(Game[RejectsState, RejectsOptions]):
    id = "monster-rejects"
    title = "Monster Rejects"
    pitch = (
        "Play monsters onto one pile, each play beating the last, while Chaos cards twist the "
        "rules: empty your hand first."
    )
    players = range(2, MAX_PLAYERS + 1)
    Options = RejectsOptions
    rules_file = "monster-rejects.md"
    option_presets = (
        {"turn_limit": CONFORMANCE_TURNS},
        {
            "turn_limit": CONFORMANCE_TURNS,
            "decks": 2,
            "names": "family",
            "battle_pack": True,
            "bomber_chaos": "zero",
            "cosby_takes": "printed",
        },
    )
    score_scale = 4.0  # cards left in hand: half a starting hand
    View = RejectsView
    event_texts = words.EVENT_TEXTS

    def search_defaults(self, players: int) -> dict[str, Any]:
        # Heuristic rollouts: the heuristic is cheap (~30 us a move, and its games are a third
        # as long as random play's), and random rollouts cannot tell a good move here. The
        # budget follows the rollouts' cost, which grows with the table: about 0.7 s a move at
        # 2 players, 0.45 s at 4 on one core of this project's machine (docs/bots.md).
        return {"rollout": "heuristic", "iterations": {2: 1000, 3: 500}.get(players, 300)}

    def max_actions(self, players: int) -> int:
        # Every turn counts against the turn limit (at most MAX_TURNS, or DEFAULT_ROUNDS rounds),
        # and a turn takes at most ACTIONS_PER_TURN actions.
        return ACTIONS_PER_TURN * (max(MAX_TURNS, DEFAULT_ROUNDS * players) + 1)

    def _all_actions(self) -> list[Action]:
        return list(ALL_ACTIONS)

    def table(self, players: int, options: RejectsOptions) -> tuple[card_data.CardSet, int, int]:
        """The card set, the number of decks and the turn limit for this table."""
        decks = options.decks or (1 if players <= ONE_DECK_PLAYERS else 2)
        if decks == 1 and players > ONE_DECK_PLAYERS:
            raise OptionError(
                "decks",
                f"must be 2 with {players} players (one deck is for 2 to {ONE_DECK_PLAYERS})",
            )
        limit = options.turn_limit or DEFAULT_ROUNDS * players
        return card_data.load(options.cards), decks, limit

    def _setup(self, players: int, options: RejectsOptions, seed: int | None) -> RejectsState:
        cards, decks, limit = self.table(players, options)
        return state_class(options)(self, players, options, seed, cards, decks, limit)

    def _from_position(
        self, players: int, options: RejectsOptions, body: dict[str, Any], deal: random.Random
    ) -> RejectsState:
        return position_to_state(self, players, options, body, deal)

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return OPTION_TEXTS

    def _catalogue(self, options: RejectsOptions) -> dict[str, Any]:
        return words.catalogue(card_data.load(options.cards), options)

    def heuristic_action(self, state: RejectsState, rng: random.Random) -> Action:
        return choose(state, rng)

    def balance_stats(self, state: RejectsState) -> dict[str, Any]:
        # Issue 6: "Monster Rejects, the effect of holding each Chaos card on winning".
        return balance_stats(state)


GAME = MonsterRejects()
