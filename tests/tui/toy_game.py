"""A tiny game with secret hands and a two-step turn, for what Monster Diner cannot show
(everything in Monster Diner is public): the hot-seat cover, undo within a decision, and (with
`round_every`) rounds whose end shows a score breakdown.

It speaks through the presentation layer like the real games: structured events worded by
`event_texts`, prompts and labels worded with the screen's seat names, a catalogue that names
every card and says what it does, a typed `View`. It is not registered: tests hand it to the app
directly, which also proves the app and its generic renderer take a game they have never seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcafe.engine import Action, Game, State
from cardcafe.engine.mechanics import draw, next_seat, resample_into
from cardcafe.engine.view import CommonView, Part
from cardcafe.engine.words import Words, points

COLOURS = {"ruby": ("Ruby", 0), "jade": ("Jade", 140), "onyx": ("Onyx", 260)}
DECK = tuple(f"{c}-{v}" for c in COLOURS for v in range(1, 6))
HAND = 3


def value(card: str) -> int:
    return int(card.rsplit("-", 1)[1])


@dataclass(frozen=True, slots=True)
class Choose(Action):
    kind = "choose"
    card: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    kind = "place"
    keep: bool


@dataclass(frozen=True)
class ToyOptions:
    # Score a round (a breakdown to pause on) after every this many cards played; 0: no rounds.
    round_every: int = 0


class ToyView(CommonView):
    hand: list[str] | None
    chosen: str | None
    hand_sizes: list[int]
    deck_size: int
    round: int


class ToyState(State):
    def __init__(self, game, players, options, seed):
        super().__init__(game, players, options, seed)
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = [sorted(draw(deck, HAND)) for _ in range(players)]
        self.deck = deck
        self.scored: list[list[str]] = [[] for _ in range(players)]  # cards each seat scored
        self.turn = 0
        self.chosen: str | None = None
        self.played = 0
        self.round_end = False  # a round was just scored: its breakdown shows until the next move
        self._log("start", players=players)

    @property
    def current_player(self):
        return None if self.is_over else self.turn

    @property
    def is_over(self):
        return not any(self.hands) and self.chosen is None

    def _prompt(self, w: Words) -> str:
        if self.chosen is None:
            return "Choose a card."
        return f"Keep or give {w.the(self.chosen)}?"

    def _describe(self, action, w: Words) -> str:
        if isinstance(action, Choose):
            return f"Choose {w.the(action.card)}"
        if action.keep:
            return f"Keep {w.the(self.chosen)} (score it)"
        return f"Give {w.the(self.chosen)} to {w.seat(next_seat(self.turn, self.num_players))}"

    def _legal_actions(self):
        if self.chosen is None:
            return [Choose(c) for c in self.hands[self.turn]]
        return [Place(True), Place(False)]

    def _apply(self, action):
        self.round_end = False
        if isinstance(action, Choose):
            self.hands[self.turn].remove(action.card)
            self.chosen = action.card
            self._log_secret(
                "choose", frozenset({self.turn}), {"card": action.card}, {}, actor=self.turn
            )
            return
        card, self.chosen = self.chosen, None
        who = self.turn if action.keep else next_seat(self.turn, self.num_players)
        self.scored[who].append(card)
        self._log("play", self.turn, card=card, to=who)
        self.played += 1
        every = self.options.round_every
        if every and self.played % every == 0 and not self.is_over_after_draw():
            self.round_end = True
            self._log("round-end", round=self.played // every, scores=self.scores())
        self.hands[self.turn] = sorted(self.hands[self.turn] + draw(self.deck, 1))
        self.turn = next_seat(self.turn, self.num_players)
        while not self.hands[self.turn] and any(self.hands):
            self.turn = next_seat(self.turn, self.num_players)

    def is_over_after_draw(self) -> bool:
        """Whether this play ends the game (then the final breakdown shows, not a round's)."""
        return not self.deck and not any(self.hands)

    def scores(self):
        return [sum(value(c) for c in cards) for cards in self.scored]

    def winners(self):
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best] if self.is_over else []

    def breakdown(self):
        if not (self.is_over or self.round_end):
            return None
        w = self.words(None)
        parts: list[list[Part]] = [
            [{"label": w.card(c), "points": value(c)} for c in cards] for cards in self.scored
        ]
        every = self.options.round_every
        title = "Final scores" if self.is_over else f"Round {self.played // every}"
        return title, parts

    def _view(self, player) -> dict[str, Any]:
        return {
            "phase": "Choosing a card" if self.chosen is None else "Keeping or giving",
            "hand": list(self.hands[player]) if player is not None else None,
            "chosen": self.chosen if player == self.turn else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "round": self.played // self.options.round_every + 1 if self.options.round_every else 1,
        }

    def _clone_into(self, new):
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.scored = [list(s) for s in self.scored]

    def _resample_hidden(self, player, rng: random.Random):
        others = [h for p, h in enumerate(self.hands) if p != player]
        pending = [self.chosen] if self.chosen is not None and self.turn != player else []
        resample_into([*others, self.deck, pending], rng)
        if pending:
            self.chosen = pending[0]


def _played(w: Words, e) -> str:
    to = e.get("to")
    whom = "" if to == e.actor else f" for {w.seat(to)}"
    return f"{w.does(e.actor, 'plays')} {w.the(e.get('card'))}{whom}."


EVENT_TEXTS = {
    "start": lambda w, e: f"A {e.get('players')}-player game of Toy Hands.",
    "choose": lambda w, e: (
        f"{w.does(e.actor, 'chooses')} {w.the(e.get('card')) if e.get('card') else 'a card'}."
    ),
    "play": _played,
    "round-end": lambda w, e: (
        f"Round {e.get('round')} is over: "
        + ", ".join(f"{w.seat(s)} {points(p)}" for s, p in enumerate(e.get("scores")))
        + "."
    ),
}


class ToyGame(Game):
    id = "toy-hands"
    title = "Toy Hands"
    players = range(2, 4)
    Options = ToyOptions
    rules_file = "toy-hands.md"
    View = ToyView
    event_texts = EVENT_TEXTS

    def max_actions(self, players):
        return 2 * len(DECK)

    def _all_actions(self):
        return [Choose(c) for c in DECK] + [Place(True), Place(False)]

    def _setup(self, players, options, seed):
        return ToyState(self, players, options, seed)

    def _catalogue(self, options) -> dict[str, Any]:
        cards = {}
        for card in DECK:
            colour, v = card.rsplit("-", 1)
            name, hue = COLOURS[colour]
            cards[card] = {
                "name": f"{name} {v}",
                "text": f"Worth {points(int(v))} to whoever keeps it.",
                "hue": hue,
                "value": int(v),
            }
        return {"cards": cards, "glossary": {"Keep": "Score the chosen card yourself."}}

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return {
            "round_every": {
                "label": "Round length",
                "help": "Score a round after every this many cards played (0: one long game).",
            }
        }

    @property
    def rules_path(self) -> Path:
        return Path(__file__)

    def rules_text(self) -> str:
        return "# Toy Hands\n\nHighest points wins; a tie is a shared victory."


TOY = ToyGame()
