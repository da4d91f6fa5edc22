"""A tiny game with secret hands and a two-step turn, for what Monster Diner cannot show
(everything in Monster Diner is public): the hot-seat cover and undo within a decision.

It is not registered: tests hand it to the app directly, which also proves the app and its
generic renderer take a game they have never seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcafe.engine import Action, Game, State
from cardcafe.engine.cards import draw, next_seat, resample_into

COLOURS = ("Ruby", "Jade", "Onyx")
DECK = tuple(f"{c} {v}" for c in COLOURS for v in range(1, 6))
HAND = 3


@dataclass(frozen=True, slots=True)
class Choose(Action):
    kind = "choose"
    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    kind = "place"
    keep: bool

    def __str__(self) -> str:
        return "keep it (score it)" if self.keep else "give it to the next player"


@dataclass(frozen=True)
class ToyOptions:
    pass


class ToyState(State):
    def __init__(self, game, players, options, seed):
        super().__init__(game, players, options, seed)
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = [sorted(draw(deck, HAND)) for _ in range(players)]
        self.deck = deck
        self.points = [0] * players
        self.turn = 0
        self.chosen: str | None = None

    @property
    def current_player(self):
        return None if self.is_over else self.turn

    @property
    def is_over(self):
        return not any(self.hands) and self.chosen is None

    @property
    def prompt(self):
        return "Choose a card." if self.chosen is None else f"Keep or give the {self.chosen}?"

    def _legal_actions(self):
        if self.chosen is None:
            return [Choose(c) for c in self.hands[self.turn]]
        return [Place(True), Place(False)]

    def _apply(self, action):
        if isinstance(action, Choose):
            self.hands[self.turn].remove(action.card)
            self.chosen = action.card
            self._log_secret(
                frozenset({self.turn}),
                f"Player {self.turn + 1} chooses {action.card}.",
                f"Player {self.turn + 1} chooses a card.",
                self.turn,
            )
            return
        card, self.chosen = self.chosen, None
        who = self.turn if action.keep else next_seat(self.turn, self.num_players)
        self.points[who] += int(card.split()[1])
        self._log(f"Player {self.turn + 1} plays {card} for player {who + 1}.", self.turn)
        self.hands[self.turn] = sorted(self.hands[self.turn] + draw(self.deck, 1))
        self.turn = next_seat(self.turn, self.num_players)
        while not self.hands[self.turn] and any(self.hands):
            self.turn = next_seat(self.turn, self.num_players)

    def scores(self):
        return list(self.points)

    def winners(self):
        best = max(self.points)
        return [p for p, s in enumerate(self.points) if s == best] if self.is_over else []

    def _view(self, player) -> dict[str, Any]:
        return {
            "hand": list(self.hands[player]) if player is not None else None,
            "chosen": self.chosen if player == self.turn else None,
            "hand_sizes": [len(h) for h in self.hands],
            "points": list(self.points),
            "deck_size": len(self.deck),
        }

    def _clone_into(self, new):
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.points = list(self.points)

    def _resample_hidden(self, player, rng: random.Random):
        others = [h for p, h in enumerate(self.hands) if p != player]
        pending = [self.chosen] if self.chosen is not None and self.turn != player else []
        resample_into([*others, self.deck, pending], rng)
        if pending:
            self.chosen = pending[0]


class ToyGame(Game):
    id = "toy-hands"
    title = "Toy Hands"
    players = range(2, 4)
    Options = ToyOptions
    rules_file = "toy-hands.md"

    def max_actions(self, players):
        return 2 * len(DECK)

    def _all_actions(self):
        return [Choose(c) for c in DECK] + [Place(True), Place(False)]

    def _setup(self, players, options, seed):
        return ToyState(self, players, options, seed)

    @property
    def rules_path(self) -> Path:
        return Path(__file__)

    def rules_text(self) -> str:
        return "# Toy Hands\n\nHighest points wins; a tie is a shared victory."


TOY = ToyGame()
