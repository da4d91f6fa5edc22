"""Monster Diner's state, and its rules: one `Move` per decision (place the card drawn, give an
Unwelcome guest, take a card back), each with its legality, its reason for refusal and its effect
together; the phase table at the end says which move each phase allows. Rulebook quotes cite
seed 001_7d28313ed1460a2d.txt as "001"."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER, Action, Event
from cardcafe.engine.rules import Move, Phases, RuledState
from cardcafe.engine.view import Breakdown, Part

from . import words
from .actions import GiveGuest, Place, TakeCard
from .cards import ALL_CARD_IDS, GUEST, CardSet
from .deal import redeal, shuffle
from .options import DinerOptions
from .scoring import final_scores, score_diner

if TYPE_CHECKING:
    from cardcafe.engine import Game
    from cardcafe.engine.words import Words

# 001: "Cards to be removed | 30 | 20 | 15 | 10 | 5" for 2 to 6 players.
REMOVED = {2: 30, 3: 20, 4: 15, 5: 10, 6: 5}
MAT_LIMIT_FOR_OTHERS = 2  # 001: "There can't be more than two cards on another player's mat."
MOVE_ENDS_AT = 3  # 001: "The player's move is over when there are three cards on the mat."

PLACE, GIVE, TAKE = "place", "give", "take"
# Made once: building frozen dataclasses on every move would dominate random playouts.
PLACES = tuple(Place(p) for p in range(6))
# The two-player table's place choices: both mats, or only the mover's (seat 0 or 1).
PLACE_BOTH, PLACE_OWN = PLACES[:2], ((PLACES[0],), (PLACES[1],))
GIVES = tuple(GiveGuest(p) for p in range(6))
# GIVE_TO_OTHERS[players][turn]: a guest goes to any seat but the giver's, in seat order.
GIVE_TO_OTHERS = {
    n: tuple(tuple(GIVES[p] for p in range(n) if p != turn) for turn in range(n))
    for n in range(2, 7)
}
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


# The running breakdown of each diner met, per card set (by identity, as scoring's tables):
# views are built for every seat after every move, and a move changes one diner at most, so
# the words (and the search for the best use of a Critic/Precept pair under them) are worked
# out once per diner.
_PARTS: dict[int, tuple[CardSet, dict[frozenset[tuple[str, int]], list[Part]]]] = {}
_PARTS_KEPT = 1 << 14  # diners remembered per card set


def _parts(diner: Counter[str], cards: CardSet) -> list[Part]:
    """`words.breakdown(diner, cards)`, remembered (shared: the caller copies it)."""
    known = _PARTS.get(id(cards))
    if known is None or known[0] is not cards:
        if len(_PARTS) >= 64:
            _PARTS.clear()
        known = _PARTS[id(cards)] = (cards, {})
    table, key = known[1], frozenset(diner.items())
    found = table.get(key)
    if found is None:
        if len(table) >= _PARTS_KEPT:
            table.clear()
        found = table[key] = words.breakdown(diner, cards)
    return found


@dataclass(slots=True)
class _Step:
    """The public part of one step's views (`DinerState._this_step`)."""

    key: tuple[int, int]  # the history list's id and length
    scores: list[int]
    diners: list[dict[str, int]]  # each diner's cards, sorted, without the zeros
    parts: list[list[Part]] | None = None  # the running breakdown, once asked for


def _copy_counter(counter: Counter[str]) -> Counter[str]:
    # Counter(counter) checks its argument's type through the Mapping ABC and adds counts one
    # by one; a clone needs only the same keys and counts.
    copy: Counter[str] = Counter.__new__(Counter)
    dict.update(copy, counter)
    return copy


class DinerState(RuledState[DinerOptions]):
    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        options: DinerOptions,
        seed: int | None,
        cards: CardSet,
    ):
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
        self.diners: list[Counter[str]] = [Counter() for _ in range(players)]
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

    # -- what the kernel asks of every game ----------------------------------------------
    def _prompt(self, w: Words) -> str:
        return words.prompt(self, w)

    def _describe(self, action: Action, w: Words) -> str:
        return words.describe(self, action, w)

    # -- what the moves share: the end of a move, of a guest's passing, of the game -------
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

    def _takeable(self) -> Iterator[str]:
        """The cards of the target's diner, less the guest just given into it."""
        target = self.guest_target
        assert target is not None  # asked only once a guest is given
        diner = self.diners[target]
        given = GUEST if self.options.guest_to == "diner" else None
        return (card for card, n in diner.items() if n > (card == given))

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
        final = self.final  # set when the game ends, and only then
        if final is not None:
            return list[float](final[0])
        return list[float](self._this_step().scores)

    def winners(self) -> list[int]:
        return list(self.final[1]) if self.final is not None else []

    def breakdown(self) -> tuple[str, Breakdown] | None:
        if self.final is None:
            return None
        return "Final scores", [words.breakdown(diner, self.cards) for diner in self.diners]

    # -- what players see ----------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        step = self._this_step()
        return {
            "phase": words.PHASES[self.phase],
            "deck_size": len(self.deck),
            "removed_count": len(self.removed),
            "held": self.held,  # shown as it is placed: every player sees it
            "mats": [list(m) for m in self.mats],
            "diners": [dict(d) for d in step.diners],
            "guests_to_give": self.guests_to_give,
            "guest_target": self.guest_target,
            "given_on_mat": list(self.given_on_mat),
            # The why of the running scores, while the game goes on (at its end: `breakdown`).
            "scores_so_far": None if self.final is not None else self.running_breakdown(),
            "scores_so_far_title": None if self.final is not None else words.SO_FAR_TITLE,
        }

    def running_breakdown(self) -> Breakdown:
        """Per seat, the parts of its running score (`scores()`), as the final breakdown
        words them: what each diner would score if the game ended now. A copy, so a view's
        reader may change it."""
        step = self._this_step()
        if step.parts is None:
            step.parts = [_parts(diner, self.cards) for diner in self.diners]
        return [[{"label": p["label"], "points": p["points"]} for p in ps] for ps in step.parts]

    def _this_step(self) -> _Step:
        """What every view of this step shares (the diners are public): worked out once a
        step, as every seat's view and a spectator's are built after each move. The step is
        this state's own history list and its length: a clone or a determinization has a
        list of its own, so it never reads the memo it inherited."""
        key = (id(self.history), len(self.history))
        step: _Step | None = self.__dict__.get("_view_memo")
        if step is None or step.key != key:
            step = self._view_memo = _Step(
                key,
                [score_diner(d, self.cards)[0] for d in self.diners],
                [{c: n for c, n in sorted(d.items()) if n} for d in self.diners],
            )
        return step

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


# -- the rules, one move per decision ------------------------------------------------------
class PlaceOnMat(Move[DinerState, Place]):
    """001_7d28313ed1460a2d.txt: "The first player takes the upper card and puts it either on
    his/her mat or on the mat of another player. There can't be more than two cards on another
    player's mat." Then: "The player's move is over when there are three cards on the mat." and
    "The game ends when a player puts the last card from the deck on a mat"."""

    action_type = Place

    def legal(self, state: DinerState) -> Sequence[Place]:
        turn, mats = state.turn, state.mats
        if len(mats) == 2:  # the most played table: the other mat is open or it is not
            return PLACE_BOTH if len(mats[1 - turn]) < MAT_LIMIT_FOR_OTHERS else PLACE_OWN[turn]
        # (A loop: a comprehension costs a function call, much of this on a few seats.)
        legal = []
        for p, mat in enumerate(mats):
            if p == turn or len(mat) < MAT_LIMIT_FOR_OTHERS:
                legal.append(PLACES[p])
        return legal

    def refuse(self, state: DinerState, action: Place, w: Words) -> str:
        if not 0 <= action.target < state.num_players:
            return _no_such_seat(state)
        return f"{w.seats(action.target)} mat already holds two cards from others"

    def apply(self, state: DinerState, action: Place) -> None:
        card, turn, target = state.held, state.turn, action.target
        assert card is not None  # the place phase always holds a card
        mats = state.mats
        mats[target].append(card)
        state.events.tail.append(_placed(turn, card, target))
        if not state.deck:
            # 001: "The game ends when a player puts the last card ... on a mat"
            state.held = None
            state._end_game()
        elif len(mats[turn]) >= MOVE_ENDS_AT:
            state.held = None
            state._end_move()
        else:
            state.held = state.deck.pop()


class GiveAwayGuest(Move[DinerState, GiveGuest]):
    """001_7d28313ed1460a2d.txt: "If at the end of his/her move a player has an Unwelcome
    guest, he has to put this card on another player's mat and move any card from that diner to
    his/her own. If another player doesn't have any cards, the card is still to be given away."
    """

    action_type = GiveGuest

    def legal(self, state: DinerState) -> Sequence[GiveGuest]:
        return GIVE_TO_OTHERS[state.num_players][state.turn]

    def refuse(self, state: DinerState, action: GiveGuest, w: Words) -> str:
        if not 0 <= action.target < state.num_players:
            return _no_such_seat(state)
        return "the Unwelcome guest must go to another player"

    def apply(self, state: DinerState, action: GiveGuest) -> None:
        turn, target = state.turn, action.target
        state.diners[turn][GUEST] -= 1
        state.guests_to_give -= 1
        if state.options.guest_to == "mat":
            state.mats[target].append(GUEST)
            state.given_on_mat[target] += 1
        else:
            state.diners[target][GUEST] += 1
        state.events.tail.append(_given(turn, target, state.options.guest_to))
        state.guest_target = target
        # 001: "If another player doesn't have any cards, the card is still to be given away."
        if any(state._takeable()):
            state.phase = TAKE
        else:
            state._after_guest()


class TakeFromDiner(Move[DinerState, TakeCard]):
    """001_7d28313ed1460a2d.txt: "... and move any card from that diner to his/her own." Any
    card the receiver's diner held before the guest came: the guest just given is not taken
    back."""

    action_type = TakeCard

    def legal(self, state: DinerState) -> Sequence[TakeCard]:
        return [TAKES[card] for card in sorted(state._takeable())]

    def refuse(self, state: DinerState, action: TakeCard, w: Words) -> str:
        source = state.guest_target
        assert source is not None  # the take phase names the diner taken from
        if action.card == GUEST and state.diners[source][GUEST]:
            return "the Unwelcome guest you just gave cannot be taken back"
        return f"{w.Seats(source)} diner has no {w.card(action.card)} to take"

    def apply(self, state: DinerState, action: TakeCard) -> None:
        source, card = state.guest_target, action.card
        assert source is not None
        state.diners[source][card] -= 1
        state.diners[state.turn][card] += 1
        state.events.tail.append(_taken(state.turn, card, source))
        state._after_guest()


def _no_such_seat(state: DinerState) -> str:
    return f"there are only {state.num_players} players at this table"


DinerState.PHASES = Phases(
    {PLACE: (PlaceOnMat(),), GIVE: (GiveAwayGuest(),), TAKE: (TakeFromDiner(),)}
)
