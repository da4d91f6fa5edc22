"""Coffee Break: the state and its transitions. Rule quotes cite 002_166af175196e41ee.txt."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

from cardcafe.engine import OVER, PhasedState
from cardcafe.engine.cards import best_by, draw_reshuffling, next_seat, resample_into

from . import words
from .actions import Exchange, FinishLaying, Lay, LayJoker, Pass, PickForExchange
from .cards import FACE_UP, HAND_SIZE, JOKER, MAX_EXCHANGE, ORDER_CARD, CardSet
from .scoring import points

# 002: "such as '20' points – 2 persons and '15 points' – 3 persons"
TARGET = {2: 20, 3: 15}

CHOOSE, LAYING, EXCHANGING = "choose", "laying", "exchanging"
TARGET_REACHED, UNREACHABLE, STALLED = "target", "unreachable", "stalled"
# The event that ends the game, one kind per way to end.
END_EVENT = {TARGET_REACHED: "end-target", UNREACHABLE: "end-unreachable", STALLED: "end-stalled"}


# Actions are made once and shared: building frozen dataclasses on every move is costly.
_lay = functools.cache(Lay)
_lay_joker = functools.cache(LayJoker)


class CoffeeState(PhasedState):
    def __init__(self, game, players: int, options, seed: int | None, cards: CardSet):
        super().__init__(game, players, options, seed)
        self.cards = cards
        self.target = options.target if options.target is not None else TARGET[players]
        # 002: "shuffle and arrange them in a way that the back side of each card can be seen"
        self.order_pile = cards.order_deck
        self.rng.shuffle(self.order_pile)
        self.pile = cards.ingredient_deck
        self.rng.shuffle(self.pile)
        self.used: list[str] = []  # 002: "the area for the used cards": face up, public
        # 002: "take 4 cards from the top of the pile of the order cards one by one and arrange
        # them in a line on the table"
        self.slots: list[str | None] = [
            self.order_pile.pop() if self.order_pile else None for _ in range(FACE_UP)
        ]
        # Cards laid under each order: (card, the ingredient it counts as); a joker names one.
        self.laid: list[list[tuple[str, str]]] = [[] for _ in range(FACE_UP)]
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.taken: list[list[str]] = [[] for _ in range(players)]
        # Seat 0 is the first player ("Decide the first player"); seats are numbered clockwise.
        self.turn = 0
        self.phase = CHOOSE
        self.picked: list[str] = []  # cards set aside for an exchange not yet made
        self.completed_this_turn = False
        self.quiet_turns = 0  # turns in a row that ended with no order completed
        self.end_reason: str | None = None
        self.winner_seats: list[int] = []
        self._log(
            "start",
            players=players,
            target=self.target,
            orders=[ORDER_CARD[o] for o in self.slots if o],
        )
        # 002: "Each player now can take 7 cards one by one from the top of the pile of
        # ingredient cards without letting others see them."
        seats = [self._seat_after(0, k) for k in range(players)]
        for _ in range(HAND_SIZE):
            for seat in seats:
                self.hands[seat] += draw_reshuffling(self.pile, self.used, 1, self)
        for seat in seats:
            self.hands[seat].sort()
            self._log_secret(
                "deal",
                frozenset({seat}),
                {"seat": seat, "cards": list(self.hands[seat])},
                {"seat": seat, "count": len(self.hands[seat])},
            )
        self._end_if_unreachable()

    # -- the contract --------------------------------------------------------------------
    def _prompt(self, w) -> str:
        return words.prompt(self, w)

    def _describe(self, action, w) -> str:
        return words.describe(self, action, w)

    def _legal_actions(self):
        hand = self.hands[self.turn]
        actions: list = []
        # 002: "Individual players are allowed to choose only one of following actions": once a
        # card is laid the turn is a laying turn, once a card is picked it is an exchange.
        if self.phase in (CHOOSE, LAYING):
            actions += self._lays(hand)
        if self.phase == LAYING:
            actions.append(FinishLaying())
        if self.phase in (CHOOSE, EXCHANGING) and len(self.picked) < MAX_EXCHANGE:
            free = Counter(hand) - Counter(self.picked)
            actions += [PickForExchange(card) for card in sorted(free)]
        if self.phase == EXCHANGING:
            actions.append(Exchange())
        # With no card in hand (both piles ran dry) neither action is possible: pass.
        return actions or [Pass()]

    def _lays(self, hand: list[str]) -> list:
        lays: list = []
        jokers = JOKER in hand
        for slot in range(FACE_UP):
            # 002: "As long as it is suitable for the conditions of the order card (Small
            # ingredient picture)": only an ingredient the order still lacks.
            for ingredient in sorted(set(self._still_needed(slot))):
                if ingredient in hand:
                    lays.append(_lay(slot, ingredient))
                if jokers:
                    lays.append(_lay_joker(slot, ingredient))
        return lays

    def _still_needed(self, slot: int) -> list[str]:
        """What `missing` counts, as a plain list: legal_actions asks for it on every move."""
        order = self.slots[slot]
        if order is None:
            return []
        needed = list(self.cards.recipes[order])
        for _, as_ in self.laid[slot]:
            needed.remove(as_)
        return needed

    def missing(self, slot: int) -> Counter:
        """The ingredients the order in `slot` still needs (empty for a vacant slot)."""
        return Counter(self._still_needed(slot))

    def why_illegal(self, action) -> str:
        if action not in self.game.space.index:
            return f"{action!r} is not an action of {self.game.title}"
        return words.why_illegal(self, action, self.words(self.turn)) or super().why_illegal(action)

    def _apply(self, action) -> None:
        if isinstance(action, Lay):
            self._lay(action.slot, action.ingredient, action.ingredient)
        elif isinstance(action, LayJoker):
            self._lay(action.slot, JOKER, action.ingredient)
        elif isinstance(action, FinishLaying):
            self._finish_laying()
        elif isinstance(action, PickForExchange):
            self._pick(action.card)
        elif isinstance(action, Exchange):
            self._exchange()
        else:
            self._log("pass", self.turn)
            self._end_turn()

    # -- laying ----------------------------------------------------------------------------
    def _lay(self, slot: int, card: str, as_: str) -> None:
        # 002: "Each player should not bring a new ingredient card while laying down the
        # existing one": the hand only shrinks until the player finishes laying.
        self.phase = LAYING
        self.hands[self.turn].remove(card)
        self.laid[slot].append((card, as_))
        # 002: "A player allows other players know which ingredient the joker card is to be
        # used for": the named ingredient is public.
        self._log("lay", self.turn, card=card, ingredient=as_, order=ORDER_CARD[self.slots[slot]])
        if not self.missing(slot):
            self._complete(slot)

    def _complete(self, slot: int) -> None:
        # 002: "when an order is completed, the player who lays down the last ingredient will
        # acquire it."
        order, self.slots[slot] = self.slots[slot], None
        self.taken[self.turn].append(order)
        # 002: "Once after the order is completed, all the cards laid down below the relevant
        # order cards need to be discarded while being disclosed."
        cards = [card for card, _ in self.laid[slot]]
        self.used += cards
        self.laid[slot] = []
        self.completed_this_turn = True
        now = self.points(self.turn)
        self._log("complete", self.turn, order=ORDER_CARD[order], cards=cards, points=now)
        # 002: "When the points exceed the level for ending the game ... the game ends and the
        # relevant player wins the game." It ends at once, mid-turn.
        if self.meets_target(now):
            self._end(TARGET_REACHED, [self.turn])
        else:
            self._end_if_unreachable()

    def _finish_laying(self) -> None:
        # 002: "They bring a new ingredient card from the pile of the ingredient cards only after
        # individual players lay down the ingredient cards as many as they desire." and
        # "individual players are expected to have 7 ingredient cards when each turn is
        # completed."
        self._draw(self.turn, HAND_SIZE - len(self.hands[self.turn]))
        self._end_turn()

    # -- exchanging ------------------------------------------------------------------------
    def _pick(self, card: str) -> None:
        self.phase = EXCHANGING
        self.picked.append(card)
        seat = self.turn
        self._log_secret("pick", frozenset({seat}), {"card": card}, {}, seat)

    def _exchange(self) -> None:
        seat, picked, self.picked = self.turn, self.picked, []
        for card in picked:
            self.hands[seat].remove(card)
        # 002: "the discarded cards are to be put at the place for the disclosed and "used"
        # cards" and "should be discarded while being disclosed".
        self.used += picked
        self._log("exchange", seat, cards=picked)
        # 002: "It is required to bring new ingredients card from the pile of ingredient cards as
        # many as the players discarded."
        self._draw(seat, len(picked))
        self._end_turn()

    # -- drawing and the turn's end --------------------------------------------------------
    def _draw(self, seat: int, count: int) -> None:
        if count <= 0:
            return
        if len(self.pile) < count and self.used:
            # 002: "If a new ingredient card can not be brought any more as the pile of
            # ingredient cards is used up, it is required to reshuffle the cards of the 'area
            # for the used cards' in order to make and use a new pile of ingredient cards."
            self._log("reshuffle", count=len(self.used))
        # draw_reshuffling returns fewer cards only when both piles are empty: 002, "If a player
        # could not bring as many ingredient cards as desired, the player can take the rest of
        # the targeted cards later from the reshuffled pile" (see _end_turn).
        cards = draw_reshuffling(self.pile, self.used, count, self)
        self.hands[seat] += cards
        self.hands[seat].sort()
        short = count - len(cards)
        self._log_secret(
            "draw",
            frozenset({seat}),
            {"cards": cards, "short": short},
            {"count": len(cards), "short": short},
            seat,
        )

    def _end_turn(self) -> None:
        # 002: "The order cards to be newly disclosed need to be disclosed after the player
        # completes his turn." and "The number of disclosed order cards should not exceed 4."
        for slot in range(FACE_UP):
            if self.slots[slot] is None and self.order_pile:
                self.slots[slot] = self.order_pile.pop()
                self._log("reveal", order=ORDER_CARD[self.slots[slot]])
        self.quiet_turns = 0 if self.completed_this_turn else self.quiet_turns + 1
        self.completed_this_turn = False
        # Decision (rules page): a table where no order is completed for `stall_rounds` rounds
        # is stuck (every card it needs sits under orders or in hands that will not give it).
        if self.quiet_turns >= self.options.stall_rounds * self.num_players:
            self._end(STALLED, best_by([(p,) for p in self.scores()]))
            return
        # 002: "When a player chooses and finishes an action, it is the time for the next
        # player to participate."
        self.turn = self._seat_after(self.turn, 1)
        self.phase = CHOOSE
        # 002: "the player can take the rest of the targeted cards later from the reshuffled
        # pile": a player left short draws up to 7 when their next turn begins.
        self._draw(self.turn, HAND_SIZE - len(self.hands[self.turn]))

    def _seat_after(self, seat: int, steps: int) -> int:
        # 002: "The participants play the game one by one starting from the right direction of
        # first player." Decision: "right" passes the turn to the player on the right, which is
        # counter-clockwise (seats are numbered clockwise); "left" is clockwise.
        step = -1 if self.options.direction == "right" else 1
        return next_seat(seat, self.num_players, step * steps)

    # -- the end ---------------------------------------------------------------------------
    def meets_target(self, score: int) -> bool:
        # 002: "When the points exceed the level for ending the game": "exceed" takes it
        # literally, "reach" reads the Korean "N 이상" (N or more); see the rules page.
        return score > self.target if self.options.target_rule == "exceed" else score >= self.target

    def _end_if_unreachable(self) -> None:
        # Decision (rules page): when even taking every order still in play would not bring any
        # player to the target, the game ends and the most points win.
        left = self.order_pile + [o for o in self.slots if o is not None]
        doubling = self.options.doubling
        best = [points(taken + left, doubling) for taken in self.taken]
        if not any(self.meets_target(b) for b in best):
            self._end(UNREACHABLE, best_by([(p,) for p in self.scores()]))

    def _end(self, reason: str, winners: list[int]) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.winner_seats = winners
        self.picked = []
        # One kind of event per way to end: its data holds numbers and seats only.
        self._log(
            END_EVENT[reason],
            target=self.target,
            rounds=self.options.stall_rounds,
            scores=self.scores(),
            winners=list(winners),
        )

    # -- results ---------------------------------------------------------------------------
    def points(self, seat: int) -> int:
        # 002: "Players gain points by completing the order card."
        return points(self.taken[seat], self.options.doubling)

    def scores(self) -> list[float]:
        return [self.points(p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.is_over else []

    def breakdown(self):
        # No rounds: the parts are shown at the game's end.
        if not self.is_over:
            return None
        doubling = self.options.doubling
        return words.FINAL, [words.breakdown(taken, doubling) for taken in self.taken]

    # -- what players see ------------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        mine = player is not None and player == self.turn and self.phase != OVER
        return {
            "phase": words.PHASES[self.phase],
            "target": self.target,
            "orders": [
                None
                if order is None
                else {
                    "order": ORDER_CARD[order],
                    "needs": list(self.cards.recipes[order]),
                    # 002: jokers are laid face up, their named ingredient told to all.
                    "laid": [{"card": c, "as": a} for c, a in self.laid[slot]],
                    "missing": sorted(self.missing(slot).elements()),
                }
                for slot, order in enumerate(self.slots)
            ],
            "order_pile_size": len(self.order_pile),
            "ingredient_pile_size": len(self.pile),
            "used_pile": list(self.used),
            # 002: "without letting others see them": a hand is seen by its holder only.
            "hand": sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "picked": sorted(self.picked) if mine else None,
            "picked_count": len(self.picked),
            "taken": [[ORDER_CARD[o] for o in t] for t in self.taken],
            "quiet_turns": self.quiet_turns,
            "quiet_limit": self.options.stall_rounds * self.num_players,
            "end_reason": words.end_reason(self) if self.end_reason else None,
        }

    def _clone_into(self, new: CoffeeState) -> None:
        new.order_pile = list(self.order_pile)
        new.pile = list(self.pile)
        new.used = list(self.used)
        new.slots = list(self.slots)
        new.laid = [list(cards) for cards in self.laid]
        new.hands = [list(h) for h in self.hands]
        new.taken = [list(t) for t in self.taken]
        new.picked = list(self.picked)
        new.winner_seats = list(self.winner_seats)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Hidden from `player`: the other hands and the order of both face-down piles. The used
        # pile, the laid cards, the jokers' names and the orders taken are public.
        resample_into([self.order_pile], rng)
        others = [self.hands[s] for s in range(self.num_players) if s != player]
        resample_into([self.pile, *others], rng)
        for hand in others:
            hand.sort()
        if self.picked and self.turn != player:
            # Which cards the player to move set aside is theirs to know; only how many is public.
            self.picked = rng.sample(self.hands[self.turn], len(self.picked))

    def check_invariants(self) -> None:
        cards = Counter(self.pile) + Counter(self.used)
        for hand in self.hands:
            assert len(hand) <= HAND_SIZE, "a hand holds more than 7 cards"
            cards.update(hand)
        for slot, laid in enumerate(self.laid):
            cards.update(card for card, _ in laid)
            order = self.slots[slot]
            assert order is not None or not laid, "cards lie under a vacant place"
            if order is not None:
                counted = Counter(as_ for _, as_ in laid)
                assert counted <= self.cards.needs(order), "an order holds an unneeded card"
                assert counted != self.cards.needs(order), "a complete order was not taken"
            assert all(card in (JOKER, as_) for card, as_ in laid), "a card counts as another"
        assert cards == Counter(self.cards.ingredient_deck), "ingredient cards created or lost"
        orders = Counter(self.order_pile) + Counter(o for o in self.slots if o is not None)
        for taken in self.taken:
            orders.update(taken)
        assert orders == Counter(self.cards.order_deck), "order cards created or lost"
        assert len(self.slots) == FACE_UP
        assert Counter(self.picked) <= Counter(self.hands[self.turn]), "picked cards not in hand"
        assert len(self.picked) <= MAX_EXCHANGE

    # -- positions (issue 14) ----------------------------------------------------------------
    def _to_position(self, seat: int | None) -> dict[str, Any]:
        from .position import state_to_position

        return state_to_position(self, seat)
