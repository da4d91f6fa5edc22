"""Coffee Break: the state and its transitions. Rule quotes cite 002_166af175196e41ee.txt."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER, Action
from cardcafe.engine.mechanics import best_by, next_seat
from cardcafe.engine.offers import Copy
from cardcafe.engine.rules import RuledState
from cardcafe.engine.view import Breakdown

from . import words
from .actions import Exchange, FinishLaying, Lay, LayJoker, Pass, PickForExchange
from .cards import FACE_UP, HAND_SIZE, INGREDIENTS, JOKER, MAX_EXCHANGE, ORDER_CARD, CardSet
from .chance import shuffle
from .events import (
    known_to,
    make_event,
    public_deal,
    public_draw,
    reveal_event,
    share,
    shared,
)
from .options import CoffeeBreakOptions
from .scoring import KIND_POINTS, points

if TYPE_CHECKING:
    from cardcafe.engine import Game
    from cardcafe.engine.words import Words

# 002: "such as '20' points – 2 persons and '15 points' – 3 persons"
TARGET = {2: 20, 3: 15}

CHOOSE, LAYING, EXCHANGING = "choose", "laying", "exchanging"
TARGET_REACHED, UNREACHABLE, STALLED = "target", "unreachable", "stalled"
# The fewest points an order can be worth (an Espresso or an Americano: 2).
MIN_POINTS = min(each for each, _ in KIND_POINTS.values())
# The event that ends the game, one kind per way to end.
END_EVENT = {TARGET_REACHED: "end-target", UNREACHABLE: "end-unreachable", STALLED: "end-stalled"}


# How this state is kept, for speed (issue 17), with the same rules, records and results:
# - `hands[seat]` (sorted), `laid[slot]` and `taken[seat]` are lists replaced when they change,
#   never changed in place: a clone shares them (it copies the outer lists only).
# - `hand_masks[seat]` is the kinds of card `hands[seat]` holds, as bits (`BIT`), kept as the
#   hand changes (`set_hand`): the legal lays and picks are looked up by it on every move.
# - `needs[slot]` is what the order in `slot` still lacks and the lays that offers (a `Need`,
#   shared), kept up to date as cards are laid: legal moves and views read it. The legal lays
#   come from each Need by the kinds of card the hand holds (a bitmask), worked out once.
# - Events that recur (a card laid, picked, an order shown, a draw as others see it, and the
#   cards of a draw, an exchange or a completed order) are built once and shared by every game:
#   they are immutable, and a log holds them by reference.
# - Actions are the shared objects of `actions.py`.
# - A game in play has at most 29 attributes of its own (the kernel's and the game's; an ended
#   game sets more): CPython 3.11 keeps the attributes of up to 29 in a layout shared by every
#   state of the class, the fastest to read and write, and a 30th moves the state's into a
#   dictionary (about 3% of a random playout, and 1.3 KB). Copies get a dictionary anyway (see
#   `_clone_into`).
PICK = {card: PickForExchange(card) for card in (*INGREDIENTS, JOKER)}
FINISH, EXCHANGE, PASS = FinishLaying(), Exchange(), Pass()


@dataclass(frozen=True, slots=True)
class Need:
    """What the order in one place still lacks, the lays that offers, and what laying does.
    (Its fields are slots: CPython 3.11 reads a slot at a specialized call site, and a named
    tuple's field by the slow path, and a turn's legal lays read two fields of four orders.)"""

    lacks: tuple[str, ...]  # the ingredients it still needs, sorted (): a vacant place
    # Per ingredient lacked, in order: (it, how many, its lay, a joker's lay as it).
    offers: tuple[tuple[str, int, Lay, LayJoker], ...]
    # The kinds of card that can be laid here (`BIT`): the ingredients lacked and the joker.
    bits: int
    # The lays offered to a hand, by the kinds of card it holds among `bits` (`hand_mask(hand) &
    # bits`), filled as asked.
    lays: dict[int, tuple[Lay | LayJoker, ...]]
    # Each ingredient lacked -> the `Need` once a card is laid as it.
    after: dict[str, Need]


class _LaysByHand(dict[int, tuple[Lay | LayJoker, ...]]):
    """`Need.lays`: a hand's lays are worked out the first time such a hand asks."""

    __slots__ = ("offers",)

    def __init__(self, offers: tuple[tuple[str, int, Lay, LayJoker], ...]):
        super().__init__()
        self.offers = offers

    def __missing__(self, mask: int) -> tuple[Lay | LayJoker, ...]:
        # 002: "As long as it is suitable for the conditions of the order card (Small
        # ingredient picture)": only an ingredient the order still lacks; a joker as any of them.
        joker = mask & BIT[JOKER]
        lays: list[Lay | LayJoker] = []
        for ingredient, _, lay, joker_lay in self.offers:
            if mask & BIT[ingredient]:
                lays.append(lay)
            if joker:
                lays.append(joker_lay)
        self[mask] = found = tuple(lays)
        return found


# (slot, lacks) -> its `Need`: one object for each, shared by every state of the process (the
# game object holds the table too, `CoffeeBreak.shared_needs`, as it holds the card data).
NEEDS: dict[tuple[int, tuple[str, ...]], Need] = {}


def need(slot: int, lacks: tuple[str, ...]) -> Need:
    """The `Need` of the order in `slot` that lacks `lacks` (one shared object for each)."""
    found = NEEDS.get((slot, lacks))
    if found is None:
        found = NEEDS[slot, lacks] = _new_need(slot, lacks)
    return found


def _new_need(slot: int, lacks: tuple[str, ...]) -> Need:
    kinds = sorted(set(lacks))
    offers = tuple((i, lacks.count(i), Lay(slot, i), LayJoker(slot, i)) for i in kinds)
    after = {}
    for ingredient in kinds:
        rest = list(lacks)
        rest.remove(ingredient)
        after[ingredient] = need(slot, tuple(rest))
    bits = BIT[JOKER] if lacks else 0
    for ingredient in kinds:
        bits |= BIT[ingredient]
    return Need(lacks, offers, bits, _LaysByHand(offers), after)


# A hand as the kinds of card it holds: one bit per kind, in card order (so the picks a mask
# offers come out sorted, as `sorted(set(hand))` would).
CARD_ORDER = tuple(sorted((*INGREDIENTS, JOKER)))
BIT = {card: 1 << i for i, card in enumerate(CARD_ORDER)}
# Mask -> a pick for each kind of card it holds, in card order.
PICKS_BY_MASK = tuple(
    tuple(PICK[card] for card in CARD_ORDER if mask & BIT[card])
    for mask in range(1 << len(CARD_ORDER))
)
# Hand (as a tuple) -> its mask: one table for the process (read by the moves at every turn).
HAND_MASKS: dict[tuple[str, ...], int] = {}


def hand_mask(hand: list[str] | tuple[str, ...]) -> int:
    """The kinds of card `hand` holds, as bits (`BIT`)."""
    key = tuple(hand)
    mask = HAND_MASKS.get(key)
    if mask is None:
        mask = 0
        for card in key:
            mask |= BIT[card]
        if len(HAND_MASKS) < 1 << 16:  # (every sorted hand of 7 or fewer cards fits: 11,440)
            HAND_MASKS[key] = mask
    return mask


@functools.cache
def _next_turns(players: int, step: int) -> tuple[int, ...]:
    """Seat -> the seat that plays next, going `step` (1 or -1) seats round the table."""
    return tuple(next_seat(seat, players, step) for seat in range(players))


@functools.cache
def _turn_order(players: int, step: int) -> tuple[int, ...]:
    """The seats in the order they play, the first player (seat 0) first."""
    return tuple(next_seat(0, players, step * k) for k in range(players))


@functools.lru_cache(maxsize=1 << 14)
def _points(taken: tuple[str, ...], doubling: str) -> int:
    return points(taken, doubling)  # type: ignore[arg-type]


def still_lacks(recipe: tuple[str, ...], laid: list[tuple[str, str]]) -> tuple[str, ...]:
    """What an order with `recipe` (sorted) still needs once `laid` lies under it, sorted."""
    needed = list(recipe)
    for _, as_ in laid:
        needed.remove(as_)
    return tuple(needed)


class CoffeeBreakState(RuledState[CoffeeBreakOptions]):
    # A plain attribute, not `PhasedState`'s property: the engine and every playout loop ask
    # it around each move. False until `end` (or a position of a finished game) sets it.
    is_over = False
    # How the game ended and who won, set by `end` too: class defaults until then, so that a
    # game in play keeps fewer attributes of its own (see "How this state is kept").
    end_reason: str | None = None
    winner_seats: Sequence[int] = ()

    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        options: CoffeeBreakOptions,
        seed: int | None,
        cards: CardSet,
    ):
        super().__init__(game, players, options, seed)
        self.cards = cards
        self.target = options.target if options.target is not None else TARGET[players]
        self._set_turn_rules()
        # 002: "shuffle and arrange them in a way that the back side of each card can be seen"
        rng = self.rng
        self.order_pile = cards.order_deck
        shuffle(self.order_pile, rng)
        self.pile = cards.ingredient_deck
        shuffle(self.pile, rng)
        self.used: list[str] = []  # 002: "the area for the used cards": face up, public
        # 002: "take 4 cards from the top of the pile of the order cards one by one and arrange
        # them in a line on the table"
        self.slots: list[str | None] = [
            self.order_pile.pop() if self.order_pile else None for _ in range(FACE_UP)
        ]
        # Cards laid under each order: (card, the ingredient it counts as); a joker names one.
        self.laid: list[list[tuple[str, str]]] = [[] for _ in range(FACE_UP)]
        self.needs: list[Need] = [
            need(slot, cards.recipes[order] if order else ())
            for slot, order in enumerate(self.slots)
        ]
        self.taken: list[list[str]] = [[] for _ in range(players)]
        # Seat 0 is the first player ("Decide the first player"); seats are numbered clockwise.
        self.turn = 0
        self.phase = CHOOSE
        self.picked: list[str] = []  # cards set aside for an exchange not yet made
        self.completed_this_turn = False
        self.quiet_turns = 0  # turns in a row that ended with no order completed
        self._log(
            "start",
            players=players,
            target=self.target,
            orders=[ORDER_CARD[o] for o in self.slots if o],
        )
        # 002: "Each player now can take 7 cards one by one from the top of the pile of
        # ingredient cards without letting others see them." (61 cards: the pile never runs
        # out while dealing 21.)
        seats = _turn_order(players, self._step())
        dealing = HAND_SIZE * players
        top = self.pile[: -dealing - 1 : -1]  # the top card (the end) first
        del self.pile[-dealing:]
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.hand_masks = [0] * players
        for k, seat in enumerate(seats):  # one card each in turn: every `players`-th card
            self.set_hand(seat, sorted(top[k::players]))
        for seat in seats:
            # (Logged as `_log_secret` would, the others' line a shared event.)
            hand = self.hands[seat]
            self.events.log("deal", None, known_to(seat), {"seat": seat, "cards": list(hand)})
            self.events.tail.append(public_deal(seat, len(hand)))
        self.end_if_unreachable()

    # -- the contract --------------------------------------------------------------------
    def _prompt(self, w: Words) -> str:
        return words.prompt(self, w)

    def _describe(self, action: Action, w: Words) -> str:
        return words.describe(self, action, w)

    def _copy_of(self, action: Action, w: Words) -> Copy | None:
        return words.copy_of(self, action, w)

    def set_hand(self, seat: int, hand: list[str]) -> None:
        """Give `seat` the (sorted, new) list `hand`, and its kinds of card (`hand_masks`)."""
        self.hands[seat] = hand
        mask = HAND_MASKS.get(tuple(hand))
        self.hand_masks[seat] = hand_mask(hand) if mask is None else mask

    def _still_needed(self, slot: int) -> list[str]:
        """What `missing` counts, as a plain sorted list."""
        return list(self.needs[slot].lacks)

    def missing(self, slot: int) -> Counter[str]:
        """The ingredients the order in `slot` still needs (empty for a vacant slot)."""
        return Counter(self.needs[slot].lacks)

    # -- drawing and the turn's end --------------------------------------------------------
    def draw(self, seat: int, count: int, kept: list[str] | None = None) -> None:
        """`seat` draws `count` cards into their hand, or into `kept` (what an exchange left of
        it: the hand is set once)."""
        if count <= 0:
            return
        pile = self.pile
        if len(pile) >= count:
            cards = pile[-count:]  # the top is the end: the top card is drawn first
            cards.reverse()
            del pile[-count:]
        else:
            cards = pile[::-1]
            pile.clear()
            used = self.used
            if used:
                # 002: "If a new ingredient card can not be brought any more as the pile of
                # ingredient cards is used up, it is required to reshuffle the cards of the
                # 'area for the used cards' in order to make and use a new pile of ingredient
                # cards." (The generator is touched only here: a copied state that does not
                # reshuffle never needs its own.)
                self._log("reshuffle", count=len(used))
                pile += used
                used.clear()
                shuffle(pile, self.rng)
                more = pile[len(cards) - count :]
                more.reverse()
                del pile[len(cards) - count :]
                cards += more
            # Fewer cards only when both piles are empty: 002, "If a player could not bring as
            # many ingredient cards as desired, the player can take the rest of the targeted
            # cards later from the reshuffled pile" (see end_turn).
        self.set_hand(seat, sorted((self.hands[seat] if kept is None else kept) + cards))
        short = count - len(cards)
        key = ("draw", seat, short, *cards)
        events = shared(key)
        if events is None:
            data = {"cards": cards, "short": short}
            secret = make_event(("draw", seat, known_to(seat), data, None))
            events = share(key, (secret, public_draw(seat, len(cards), short)))
        append = self.events.tail.append
        append(events[0])
        append(events[1])

    def end_turn(self) -> None:
        # 002: "The order cards to be newly disclosed need to be disclosed after the player
        # completes his turn." and "The number of disclosed order cards should not exceed 4."
        slots = self.slots
        if None in slots and self.order_pile:
            for slot in range(FACE_UP):
                if slots[slot] is None and self.order_pile:
                    order = slots[slot] = self.order_pile.pop()
                    self.needs[slot] = need(slot, self.cards.recipes[order])
                    self.events.tail.append(reveal_event(order))
        self.quiet_turns = 0 if self.completed_this_turn else self.quiet_turns + 1
        self.completed_this_turn = False
        # Decision (rules page): a table where no order is completed for `stall_rounds` rounds
        # is stuck (every card it needs sits under orders or in hands that will not give it).
        if self.quiet_turns >= self.quiet_limit:
            self.end(STALLED, best_by([(p,) for p in self.scores()]))
            return
        # 002: "When a player chooses and finishes an action, it is the time for the next
        # player to participate."
        self.turn = turn = self.next_turn[self.turn]
        self.phase = CHOOSE
        # 002: "the player can take the rest of the targeted cards later from the reshuffled
        # pile": a player left short draws up to 7 when their next turn begins.
        short = HAND_SIZE - len(self.hands[turn])
        if short > 0:
            self.draw(turn, short)

    def _set_turn_rules(self) -> None:
        """What the options fix for the whole game and every turn reads: who plays after whom,
        and how many quiet turns end a stuck game."""
        self.next_turn = _next_turns(self.num_players, self._step())
        self.quiet_limit = self.options.stall_rounds * self.num_players

    def _step(self) -> int:
        # 002: "The participants play the game one by one starting from the right direction of
        # first player." Decision: "right" passes the turn to the player on the right, which is
        # counter-clockwise (seats are numbered clockwise); "left" is clockwise.
        return -1 if self.options.direction == "right" else 1

    # -- the end ---------------------------------------------------------------------------
    def meets_target(self, score: int) -> bool:
        # 002: "When the points exceed the level for ending the game": "exceed" takes it
        # literally, "reach" reads the Korean "N 이상" (N or more); see the rules page.
        return score > self.target if self.options.target_rule == "exceed" else score >= self.target

    def end_if_unreachable(self) -> None:
        # Decision (rules page): when even taking every order still in play would not bring any
        # player to the target, the game ends and the most points win.
        # Every order is worth MIN_POINTS or more: while that alone makes the target reachable
        # for the player with the most orders, the points need no adding up.
        most = max(map(len, self.taken))
        shown = FACE_UP - self.slots.count(None)
        if self.meets_target(MIN_POINTS * (most + len(self.order_pile) + shown)):
            return
        left = self.order_pile + [o for o in self.slots if o is not None]
        doubling = self.options.doubling
        if not any(self.meets_target(points(taken + left, doubling)) for taken in self.taken):
            self.end(UNREACHABLE, best_by([(p,) for p in self.scores()]))

    def end(self, reason: str, winners: list[int]) -> None:
        self.phase = OVER
        self.is_over = True
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
        return _points(tuple(self.taken[seat]), self.options.doubling)

    def scores(self) -> list[float]:
        return [self.points(p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.is_over else []

    def breakdown(self) -> tuple[str, Breakdown] | None:
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
                    "missing": list(self.needs[slot].lacks),
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
            "quiet_limit": self.quiet_limit,
            "end_reason": words.end_reason(self) if self.end_reason else None,
        }

    def _clone_into(self, new: CoffeeBreakState) -> None:
        # A plain dictionary of its own for the copy's attributes: the kernel copies them
        # through `__dict__`, which leaves a copy with CPython 3.11's shared layout behind a
        # dictionary made for it, a layout its attribute reads cannot be specialized for (3 to 8
        # times slower each: a search plays in copies). A plain one reads nearly as fast.
        new.__dict__ = dict(new.__dict__)
        # Tuples and the lists replaced on change (hands, laid, taken) are shared.
        new.order_pile = self.order_pile[:]
        new.pile = self.pile[:]
        new.used = self.used[:]
        new.slots = self.slots[:]
        new.laid = self.laid[:]
        new.needs = self.needs[:]
        new.hands = self.hands[:]
        new.hand_masks = self.hand_masks[:]
        new.taken = self.taken[:]
        new.picked = self.picked[:]

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Hidden from `player`: the other hands and the order of both face-down piles. The used
        # pile, the laid cards, the jokers' names and the orders taken are public. Each re-deal
        # shuffles the hidden cards in a canonical (sorted) order, as `engine.mechanics.
        # resample_into` does, drawing the same numbers from `rng`.
        orders = sorted(self.order_pile)
        shuffle(orders, rng)
        self.order_pile = orders
        hands = self.hands
        others = [s for s in range(self.num_players) if s != player]
        pool = [*self.pile]
        for seat in others:
            pool += hands[seat]
        pool.sort()
        shuffle(pool, rng)
        start = len(self.pile)
        self.pile = pool[:start]
        for seat in others:
            end = start + len(hands[seat])
            self.set_hand(seat, sorted(pool[start:end]))
            start = end
        if self.picked and self.turn != player:
            # Which cards the player to move set aside is theirs to know; only how many is public.
            self.picked = rng.sample(hands[self.turn], len(self.picked))

    def check_invariants(self) -> None:
        cards = Counter(self.pile) + Counter(self.used)
        for seat, hand in enumerate(self.hands):
            assert len(hand) <= HAND_SIZE, "a hand holds more than 7 cards"
            assert self.hand_masks[seat] == hand_mask(hand), "a hand's kinds of card are wrong"
            assert hand == sorted(hand), "a hand is not kept sorted"
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
            recipe = self.cards.recipes[order] if order is not None else ()
            lacks = still_lacks(recipe, laid)
            assert self.needs[slot] == need(slot, lacks), "what an order lacks is wrong"
        assert cards == Counter(self.cards.ingredient_deck), "ingredient cards created or lost"
        orders = Counter(self.order_pile) + Counter(o for o in self.slots if o is not None)
        for taken in self.taken:
            orders.update(taken)
        assert orders == Counter(self.cards.order_deck), "order cards created or lost"
        assert len(self.slots) == FACE_UP
        assert self.is_over == (self.phase == OVER), "the game's end and its phase disagree"
        assert Counter(self.picked) <= Counter(self.hands[self.turn]), "picked cards not in hand"
        assert len(self.picked) <= MAX_EXCHANGE

    # -- positions (issue 14) ----------------------------------------------------------------
    def _to_position(self, seat: int | None) -> dict[str, Any]:
        from .position import state_to_position

        return state_to_position(self, seat)
