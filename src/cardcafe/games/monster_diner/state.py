"""Monster Diner: the state and its transitions."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cardcafe.engine import OVER, Event, PhasedState

from . import words
from .actions import GiveGuest, Place, TakeCard
from .cards import ALL_CARD_IDS, GUEST, CardSet
from .deal import redeal, shuffle
from .scoring import final_scores, score_diner

# 001: "Cards to be removed | 30 | 20 | 15 | 10 | 5" for 2 to 6 players.
REMOVED = {2: 30, 3: 20, 4: 15, 5: 10, 6: 5}
MAT_LIMIT_FOR_OTHERS = 2  # 001: "There can't be more than two cards on another player's mat."
MOVE_ENDS_AT = 3  # 001: "The player's move is over when there are three cards on the mat."

PLACE, GIVE, TAKE = "place", "give", "take"
# Made once: building frozen dataclasses on every move would dominate random playouts.
PLACES = tuple(Place(p) for p in range(6))
GIVES = tuple(GiveGuest(p) for p in range(6))
TAKES = {card: TakeCard(card) for card in ALL_CARD_IDS}


# The events of the moves, built once per move and shared: the log packs a shared event at the
# cost of one lookup (engine/eventlog.py), and a rollout builds no event at all.
@functools.cache
def _placed(seat: int, card: str, target: int) -> Event:
    return Event("place", seat, None, {"card": card, "target": target})


@functools.cache
def _given(seat: int, target: int, onto: str) -> Event:
    return Event("give", seat, None, {"target": target, "onto": onto})


@functools.cache
def _taken(seat: int, card: str, source: int) -> Event:
    return Event("take", seat, None, {"card": card, "source": source})


def _copy_counter(counter: Counter) -> Counter:
    # Counter(counter) checks its argument's type through the Mapping ABC and adds counts one
    # by one; a clone needs only the same keys and counts.
    copy: Counter = Counter.__new__(Counter)
    dict.update(copy, counter)
    return copy


class DinerState(PhasedState):
    def __init__(self, game, players: int, options, seed: int | None, cards: CardSet):
        super().__init__(game, players, options, seed)
        self.cards = cards
        deck = cards.deck
        # 001: "Shuffle the cards. Without looking, remove extra cards from the deck"
        shuffle(deck, self.rng)
        self.removed = deck[: REMOVED[players]]
        self.deck = deck[REMOVED[players] :]
        self.mats: list[list[str]] = [[] for _ in range(players)]
        # Guests given onto a mat (guest_to="mat"): they ride the mat but never trigger again,
        # else three guests could pass between two full mats forever.
        self.given_on_mat = [0] * players
        self.diners: list[Counter] = [Counter() for _ in range(players)]
        # 001: "The person who was the last to eat in a diner starts first." Seats are numbered
        # from that person, clockwise.
        self.turn = 0
        self.phase = PLACE
        self.held: str | None = None
        self.guests_to_give = 0
        self.guest_target: int | None = None
        self.final: tuple[list[int], list[int]] | None = None  # (scores, winners) once over
        self._log("start", players=players, deck=len(self.deck))
        self._begin_move()

    # -- the contract --------------------------------------------------------------------
    def _prompt(self, w) -> str:
        return words.prompt(self, w)

    def _describe(self, action, w) -> str:
        return words.describe(self, action, w)

    def _legal_actions(self):
        if self.phase == PLACE:
            # 001: "puts it either on his/her mat or on the mat of another player. There can't
            # be more than two cards on another player's mat."
            turn, mats = self.turn, self.mats
            if len(mats) == 2:  # the most played table: the other mat is open or it is not
                if len(mats[1 - turn]) < MAT_LIMIT_FOR_OTHERS:
                    return [PLACES[0], PLACES[1]]
                return [PLACES[turn]]
            # (A loop: a comprehension costs a function call, much of this on a few seats.)
            legal = []
            for p, mat in enumerate(mats):
                if p == turn or len(mat) < MAT_LIMIT_FOR_OTHERS:
                    legal.append(PLACES[p])
            return legal
        if self.phase == GIVE:
            return [GIVES[p] for p in range(self.num_players) if p != self.turn]
        return [TAKES[card] for card in sorted(self._takeable())]

    def why_illegal(self, action) -> str:
        w = self.words(self.turn)
        if (
            isinstance(action, Place)
            and self.phase == PLACE
            and 0 <= action.target < self.num_players
        ):
            return f"{w.seats(action.target)} mat already holds two cards from others"
        if isinstance(action, GiveGuest) and self.phase == GIVE and action.target == self.turn:
            return "the Unwelcome guest must go to another player"
        if isinstance(action, TakeCard) and self.phase == TAKE:
            has = f"{w.seats(self.guest_target)} diner has no {w.card(action.card)} to take"
            return has[0].upper() + has[1:]
        return super().why_illegal(action)

    def _apply(self, action) -> None:
        if action.__class__ is Place:
            # The move of almost every step, carried out here: a call per move is dear.
            card, turn, target = self.held, self.turn, action.target
            mats = self.mats
            mats[target].append(card)
            self.events.append(_placed(turn, card, target))
            if not self.deck:
                # 001: "The game ends when a player puts the last card ... on a mat"
                self.held = None
                self._end_game()
            elif len(mats[turn]) >= MOVE_ENDS_AT:
                self.held = None
                self._end_move()
            else:
                self.held = self.deck.pop()
        elif isinstance(action, GiveGuest):
            self._give_guest(action.target)
        else:
            self._take(action.card)

    # -- transitions ---------------------------------------------------------------------
    def _begin_move(self) -> None:
        # 001 leaves no way to skip a move; with guest_to="mat" a mat can be full already.
        if len(self.mats[self.turn]) >= MOVE_ENDS_AT:
            self._end_move()
            return
        self.phase = PLACE
        self.held = self.deck.pop()  # 001: "takes the upper card"

    def _end_move(self) -> None:
        # 001: "After that all cards are moved to the diner."
        arrived = self._to_diner(self.turn)
        # 001: "If at the end of his/her move a player has an Unwelcome guest, he has to put
        # this card on another player's mat". Only guests that arrive now: a guest kept from an
        # earlier move or given by another player stays ("will keep it till the end").
        self.guests_to_give = arrived.count(GUEST) - self.given_on_mat[self.turn]
        self.given_on_mat[self.turn] = 0
        if self.guests_to_give:
            self.phase = GIVE
        else:
            self._next_player()

    def _to_diner(self, seat: int) -> list[str]:
        arrived, self.mats[seat] = self.mats[seat], []
        diner = self.diners[seat]
        for card in arrived:  # Counter.update, less its checks of the argument's type
            diner[card] = diner.get(card, 0) + 1
        return arrived

    def _give_guest(self, target: int) -> None:
        self.diners[self.turn][GUEST] -= 1
        self.guests_to_give -= 1
        if self.options.guest_to == "mat":
            self.mats[target].append(GUEST)
            self.given_on_mat[target] += 1
        else:
            self.diners[target][GUEST] += 1
        self.events.append(_given(self.turn, target, self.options.guest_to))
        self.guest_target = target
        # 001: "If another player doesn't have any cards, the card is still to be given away."
        if any(self._takeable()):
            self.phase = TAKE
        else:
            self._after_guest()

    def _takeable(self) -> Iterator[str]:
        """The cards of the target's diner, less the guest just given into it."""
        diner = self.diners[self.guest_target]
        given = GUEST if self.options.guest_to == "diner" else None
        return (card for card, n in diner.items() if n > (card == given))

    def _take(self, card: str) -> None:
        # 001: "and move any card from that diner to his/her own"
        self.diners[self.guest_target][card] -= 1
        self.diners[self.turn][card] += 1
        self.events.append(_taken(self.turn, card, self.guest_target))
        self._after_guest()

    def _after_guest(self) -> None:
        self.guest_target = None
        if self.guests_to_give:
            self.phase = GIVE
        else:
            self._next_player()

    def _next_player(self) -> None:
        # 001: "Then the move is passed to the next player clockwise."
        self.turn = (self.turn + 1) % self.num_players
        self._begin_move()

    def _end_game(self) -> None:
        # 001: "All the cards from the mats are moved to the Diners."
        for seat in range(self.num_players):
            self._to_diner(seat)
        self.given_on_mat = [0] * self.num_players
        self.phase = OVER
        self.final = final_scores(self.diners, self.cards)
        scores, winners = self.final
        self._log("end", scores=list(scores), winners=list(winners))

    # -- results -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.is_over:
            return list(self.final[0])
        return [score_diner(d, self.cards)[0] for d in self.diners]

    def winners(self) -> list[int]:
        return list(self.final[1]) if self.is_over else []

    def breakdown(self):
        if not self.is_over:
            return None
        scores = self.final[0]
        return "Final scores", [
            words.breakdown(diner, score, self.cards)
            for diner, score in zip(self.diners, scores, strict=True)
        ]

    # -- what players see ----------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": words.PHASES[self.phase],
            "deck_size": len(self.deck),
            "removed_count": len(self.removed),
            "held": self.held,  # shown as it is placed: every player sees it
            "mats": [list(m) for m in self.mats],
            "diners": [{c: n for c, n in sorted(d.items()) if n} for d in self.diners],
            "guests_to_give": self.guests_to_give,
            "guest_target": self.guest_target,
            "given_on_mat": list(self.given_on_mat),
        }

    def _to_position(self, seat: int | None) -> dict[str, Any]:
        from .position import to_position

        return to_position(self, seat)

    def _clone_into(self, new: DinerState) -> None:
        # `removed` is shared: no move changes it, and a re-deal makes a new list.
        new.deck = self.deck[:]
        new.mats = [m[:] for m in self.mats]
        new.given_on_mat = self.given_on_mat[:]
        new.diners = [_copy_counter(d) for d in self.diners]

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Nobody sees the deck's order or the cards removed unseen, so the two are one pool.
        self.deck, self.removed = redeal([self.deck, self.removed], rng)

    def check_invariants(self) -> None:
        seen = Counter(self.deck) + Counter(self.removed)
        for mat in self.mats:
            seen.update(mat)
        for diner in self.diners:
            assert all(n >= 0 for n in diner.values()), "a diner holds a negative count"
            seen.update(diner)
        if self.held is not None:
            seen[self.held] += 1
        assert +seen == Counter(self.cards.deck), "cards were created or lost"
        assert len(self.removed) == REMOVED[self.num_players]
        for seat, mat in enumerate(self.mats):
            if self.options.guest_to == "diner" and seat != self.turn:
                assert len(mat) <= MAT_LIMIT_FOR_OTHERS, "a mat holds three cards between moves"
