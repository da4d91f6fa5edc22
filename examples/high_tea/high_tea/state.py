"""High Tea's state, and its rules: one `Move` per decision, each with its legality, its reason
for refusal and its effect together; the phase table says which moves each phase allows."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER
from cardcafe.engine.mechanics import draw, next_seat, resample_into
from cardcafe.engine.rules import Move, Phases, RuledState
from cardcafe.engine.view import Breakdown, CommonView

from .actions import DRAW, REST, SERVES, Draw, Rest, Serve
from .cards import DECK, HAND, VALUE

if TYPE_CHECKING:
    from cardcafe.engine import Game
    from cardcafe.engine.words import Words

TURN, SERVE = "turn", "serve"  # the two decisions: draw or rest; which cake to serve


@dataclass(frozen=True)
class HighTeaOptions:
    rounds: int = 4  # rules.md: "The game ends after four rounds."


class HighTeaView(CommonView):
    hand: list[str] | None  # your cakes (None for a spectator)
    shown_hands: list[list[str]] | None  # every hand, once the game is over (rules.md)
    hand_sizes: list[int]
    deck_size: int
    served: list[str]  # every cake served so far, oldest first
    round: int


class HighTeaState(RuledState[HighTeaOptions]):
    def __init__(
        self, game: Game[Any, Any], players: int, options: HighTeaOptions, seed: int | None
    ):
        super().__init__(game, players, options, seed)
        deck = list(DECK)
        self.rng.shuffle(deck)  # rules.md: "Shuffle the cakes."
        self.hands = [sorted(draw(deck, HAND), key=VALUE.__getitem__) for _ in range(players)]
        self.deck = deck
        self.served: list[str] = []
        self.turn = 0
        self.round = 1
        self.phase = TURN
        self._log("start", players=players)

    # -- what the kernel asks of every game ----------------------------------------------
    def _prompt(self, w: Words) -> str:
        if self.phase == TURN:
            return "Draw a cake, or rest?"
        return "Which cake do you serve?"

    def _describe(self, action: Any, w: Words) -> str:
        if isinstance(action, Draw):
            return f"Draw a cake ({len(self.deck)} left)"
        if isinstance(action, Rest):
            return "Rest: keep your hand"
        return f"Serve {w.the(action.cake)} (worth {VALUE[action.cake]})"

    def scores(self) -> list[float]:
        # rules.md: "Your score is the total worth of the cakes in your hand", counted at the
        # end. Until then nothing is scored: a running total would tell everyone's secret hand.
        if not self.is_over:
            return [0.0] * self.num_players
        return [float(sum(VALUE[cake] for cake in hand)) for hand in self.hands]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    def breakdown(self) -> tuple[str, Breakdown] | None:
        if not self.is_over:
            return None
        w = self.words(None)
        return "Final scores", [
            [{"label": w.card(cake), "points": VALUE[cake]} for cake in hand] for hand in self.hands
        ]

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": {TURN: "Drawing or resting", SERVE: "Serving a cake"}.get(
                self.phase, "Game over"
            ),
            "hand": list(self.hands[player]) if player is not None else None,
            # guide.md: "After four rounds everyone shows their hand."
            "shown_hands": [list(hand) for hand in self.hands] if self.is_over else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck_size": len(self.deck),
            "served": list(self.served),
            "round": self.round,
        }

    def _clone_into(self, new: HighTeaState) -> None:
        new.hands = [list(hand) for hand in self.hands]
        new.deck = list(self.deck)
        new.served = list(self.served)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Every cake `player` has not seen is equally likely anywhere unseen: the other hands
        # and the deck (served cakes are face up). At the end every hand is shown.
        if self.is_over:
            return
        others = [hand for seat, hand in enumerate(self.hands) if seat != player]
        resample_into([*others, self.deck], rng)
        for hand in others:
            hand.sort(key=VALUE.__getitem__)

    def check_invariants(self) -> None:
        cakes = sorted([*self.deck, *self.served, *(c for hand in self.hands for c in hand)])
        assert cakes == sorted(DECK), "a cake was made or lost"

    def _to_position(self, seat: int | None) -> dict[str, Any]:
        def hand(of: int) -> list[str] | int:
            shown = seat is None or seat == of or self.is_over  # hands are shown at the end
            return list(self.hands[of]) if shown else len(self.hands[of])

        return {
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round,
            "hands": [hand(of) for of in range(self.num_players)],
            "deck": list(self.deck) if seat is None else len(self.deck),
            "served": list(self.served),
        }

    # -- what the moves share ------------------------------------------------------------
    def end_turn(self) -> None:
        self.phase = TURN
        self.turn = next_seat(self.turn, self.num_players)
        if self.turn == 0:
            self.round += 1
            if self.round > self.options.rounds:  # rules.md: "ends after four rounds"
                self.round = self.options.rounds
                self.phase = OVER
                self._log("end", scores=self.scores(), winners=self.winners())


# -- the rules, one move per decision ------------------------------------------------------
class DrawCake(Move[HighTeaState, Draw]):
    """rules.md: "On your turn, either draw the top cake of the deck and then serve one cake
    from your hand, or rest." """

    action_type = Draw

    def legal(self, state: HighTeaState) -> Sequence[Draw]:
        return (DRAW,) if state.deck else ()

    def refuse(self, state: HighTeaState, action: Draw, w: Words) -> str:
        return "the deck is empty: you can only rest"

    def apply(self, state: HighTeaState, action: Draw) -> None:
        cake = state.deck.pop()
        state.hands[state.turn].append(cake)
        state.hands[state.turn].sort(key=VALUE.__getitem__)
        state._log_secret("draw", frozenset({state.turn}), {"cake": cake}, {}, actor=state.turn)
        state.phase = SERVE


class RestTurn(Move[HighTeaState, Rest]):
    """rules.md: "... or rest: keep your hand and pass the turn." Always allowed."""

    action_type = Rest

    def legal(self, state: HighTeaState) -> Sequence[Rest]:
        return (REST,)

    def refuse(self, state: HighTeaState, action: Rest, w: Words) -> str:
        raise AssertionError("resting is always allowed on your turn")

    def apply(self, state: HighTeaState, action: Rest) -> None:
        state._log("rest", state.turn)
        state.end_turn()


class ServeCake(Move[HighTeaState, Serve]):
    """rules.md: "Serve one cake from your hand, face up: it leaves the game." """

    action_type = Serve

    def legal(self, state: HighTeaState) -> Sequence[Serve]:
        hand = set(state.hands[state.turn])
        return [SERVES[cake] for cake in sorted(hand, key=VALUE.__getitem__)]

    def refuse(self, state: HighTeaState, action: Serve, w: Words) -> str:
        return f"you have no {w.card(action.cake)} in your hand"

    def apply(self, state: HighTeaState, action: Serve) -> None:
        state.hands[state.turn].remove(action.cake)
        state.served.append(action.cake)
        state._log("serve", state.turn, cake=action.cake)
        state.end_turn()


HighTeaState.PHASES = Phases({TURN: (DrawCake(), RestTurn()), SERVE: (ServeCake(),)})
