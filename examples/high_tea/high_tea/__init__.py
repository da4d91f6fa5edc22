"""High Tea: the example game of docs/adding-a-game.md (a complete game in one small package).

Collect the best three cakes: on your turn draw a cake and serve one, or rest; after four rounds
the richest hand wins. Hidden hands and a hidden deck, two phases, three kinds of decision: just
enough to show every part of the contract. `GAME` is what cardcafe registers (through the
`cardcafe.games` entry point of this package's pyproject.toml, or `CARDCAFE_GAMES=high_tea`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardcafe.engine import Action, BadInput, Game
from cardcafe.engine import position as pos

from . import words
from .actions import ALL, SERVES
from .cards import CAKES, DECK, VALUE
from .state import SERVE, TURN, HighTeaOptions, HighTeaState, HighTeaView

HERE = Path(__file__).resolve().parent
MAX_ROUNDS = 10


class HighTea(Game[HighTeaState, HighTeaOptions]):
    id = "high-tea"
    title = "High Tea"
    pitch = "Draw cakes and serve them, keeping the most valuable hand for the end."
    players = range(2, 5)  # rules.md: "for 2 to 4 players"
    Options = HighTeaOptions
    option_presets = ({}, {"rounds": 1})
    rules_file = str(HERE / "rules.md")
    guide_file = str(HERE / "guide.md")
    View = HighTeaView
    event_texts = words.EVENT_TEXTS
    score_scale = 6.0

    def max_actions(self, players: int) -> int:
        return 2 * players * MAX_ROUNDS  # at most a draw and a serve per turn

    def _all_actions(self) -> list[Action]:
        return list(ALL)

    def _setup(self, players: int, options: HighTeaOptions, seed: int | None) -> HighTeaState:
        if not 1 <= options.rounds <= MAX_ROUNDS:
            raise BadInput(f"rounds must be from 1 to {MAX_ROUNDS}, not {options.rounds}")
        return HighTeaState(self, players, options, seed)

    def _catalogue(self, options: HighTeaOptions) -> dict[str, Any]:
        return words.catalogue()

    def _option_texts(self) -> dict[str, dict[str, Any]]:
        return words.option_texts()

    def heuristic_action(self, state: HighTeaState, rng: random.Random) -> Action:
        """Draw while the deck lasts and serve the cheapest cake; rest when the deck is out."""
        if state.phase == SERVE:
            return SERVES[min(state.hands[state.turn], key=VALUE.__getitem__)]
        return state.legal_actions()[0]

    def _from_position(
        self, players: int, options: HighTeaOptions, body: dict[str, Any], deal: random.Random
    ) -> HighTeaState:
        state = HighTeaState.blank(self, players, options)
        state.phase = body["phase"]
        if state.phase not in (TURN, SERVE, "over"):
            raise BadInput(f"there is no phase {state.phase!r} in High Tea")
        state.turn = pos.seat_field(body, "turn", players)
        state.round = pos.field(body, "round", int)
        state.served = pos.cards_field(body, "served", CAKES)
        hands = pos.field(body, "hands", list)
        if len(hands) != players:
            raise BadInput(f"'hands' must hold {players} hands, not {len(hands)}")
        deck = body["deck"]
        known = [h for h in hands if isinstance(h, list)] + (
            [deck] if isinstance(deck, list) else []
        )
        seen = [*state.served, *(cake for pile in known for cake in pile)]
        unseen = list(DECK)
        for cake in seen:
            if cake not in unseen:
                raise BadInput(f"there are not that many {cake} cakes: {DECK.count(cake)} in all")
            unseen.remove(cake)
        deal.shuffle(unseen)
        state.hands = [
            sorted(hand if isinstance(hand, list) else _take(unseen, hand), key=VALUE.__getitem__)
            for hand in hands
        ]
        state.deck = deck if isinstance(deck, list) else _take(unseen, deck)
        if unseen:
            raise BadInput(f"{len(unseen)} cakes are missing from the position")
        return state


def _take(unseen: list[str], count: Any) -> list[str]:
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise BadInput(f"a hidden pile's size must be a count, not {count!r}")
    taken, unseen[:] = unseen[:count], unseen[count:]
    return taken


GAME = HighTea()
