"""Coffee Break's rules: one `Move` per decision, each with its legality, its reason for refusal
and its effect together, and the phase table saying which moves each phase allows. Quotes cite
the rulebook 002_166af175196e41ee.txt.

A turn is one of two actions (002: "Individual players are allowed to choose only one of
following actions"): laying cards under the orders, or exchanging cards. The phase says which
the player chose: `CHOOSE` before the first card, `LAYING` once a card is laid, `EXCHANGING`
once a card is picked to exchange. So an action of the other kind is refused by the kernel,
"not now: <what is asked>", and each move only explains a wrong card or order of its own kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardcafe.engine.rules import Move, Phases

from .actions import Exchange, FinishLaying, Lay, LayJoker, Pass, PickForExchange
from .cards import HAND_SIZE, JOKER, MAX_EXCHANGE, ORDER_CARD
from .events import lay_event, make_event, pick_events, share, shared
from .state import (
    BIT,
    CHOOSE,
    EXCHANGE,
    EXCHANGING,
    FINISH,
    LAYING,
    PASS,
    PICKS_BY_MASK,
    TARGET_REACHED,
    CoffeeBreakState,
)
from .words import order_ref

if TYPE_CHECKING:
    from cardcafe.engine.words import Words


def _not_in_game(state: CoffeeBreakState, action: Lay | LayJoker | PickForExchange) -> str | None:
    """A refusal for an action built with arguments outside the game (no such order place or
    card), before any rule is asked about it."""
    if action in state.game.space.index:
        return None
    return f"{action!r} is not an action of {state.game.title}"


# -- laying ----------------------------------------------------------------------------------
class LayCard(Move[CoffeeBreakState, Lay | LayJoker]):
    """002: "Players lay down ingredients cards for the disclosed order cards. Each player can
    lay down ingredient cards separately for multiple order cards, or multiple ingredient cards
    for one order card. As long as it is suitable for the conditions of the order card (Small
    ingredient picture), each player can lay down 1 ~ 7 ingredient cards." and "The 'joker
    cards' can be used as ingredient cards as the players want. A player allows other players
    know which ingredient the joker card is to be used for."

    One decision, two kinds of action: an ingredient card (`Lay`) or a joker naming the
    ingredient it stands for (`LayJoker`). They are offered together, order by order, each
    ingredient an order lacks followed by a joker as it (`Need.lays`)."""

    action_type = Lay
    also_decides = (LayJoker,)

    def legal(self, state: CoffeeBreakState) -> Sequence[Lay | LayJoker]:
        # Each order's lays for this hand, the orders left to right (the rules lay out 4).
        mask = state.hand_masks[state.turn]
        a, b, c, d = state.needs
        return [
            *a.lays[mask & a.bits],
            *b.lays[mask & b.bits],
            *c.lays[mask & c.bits],
            *d.lays[mask & d.bits],
        ]

    def refuse(self, state: CoffeeBreakState, action: Lay | LayJoker, w: Words) -> str:
        outside = _not_in_game(state, action)
        if outside:
            return outside
        card = JOKER if type(action) is LayJoker else action.ingredient
        if card not in state.hands[state.turn]:
            return f"you have no {w.card(card)} in your hand"
        if state.slots[action.slot] is None:
            # 002: "it is required for a player not to disclose a new order card at the place
            # of the order card (Vacant) completed in his/her turn."
            return "that place in the row of orders stays empty until the turn ends"
        needed = f"(more) {w.card(action.ingredient)}"
        return f"{order_ref(state, action.slot, w)} does not need {needed}"

    def apply(self, state: CoffeeBreakState, action: Lay | LayJoker) -> None:
        # 002: "Each player should not bring a new ingredient card while laying down the
        # existing one": the hand only shrinks until the player finishes laying.
        slot, as_ = action.slot, action.ingredient
        card = JOKER if type(action) is LayJoker else as_
        state.phase = LAYING
        seat = state.turn
        hand = state.hands[seat][:]
        hand.remove(card)
        state.hands[seat] = hand
        if card not in hand:  # (the hand's kinds of card, as `set_hand` keeps them)
            state.hand_masks[seat] &= ~BIT[card]
        state.laid[slot] = [*state.laid[slot], (card, as_)]
        state.needs[slot] = now = state.needs[slot].after[as_]
        state.events.tail.append(lay_event(seat, card, as_, state.slots[slot]))
        if not now.lacks:
            _complete(state, slot)


def _complete(state: CoffeeBreakState, slot: int) -> None:
    """The order in `slot` has all it needs: the player who laid the last card takes it.
    002: "when an order is completed, the player who lays down the last ingredient will
    acquire it." and "Even after an order is completed, if a player holds ingredient cards that
    can be laid down below other order cards, the player can keep laying down the cards"."""
    seat = state.turn
    order, state.slots[slot] = state.slots[slot], None
    assert order is not None  # a card was just laid under it
    state.taken[seat] = [*state.taken[seat], order]
    # 002: "Once after the order is completed, all the cards laid down below the relevant order
    # cards need to be discarded while being disclosed."
    cards = [card for card, _ in state.laid[slot]]
    state.used += cards
    state.laid[slot] = []
    state.completed_this_turn = True
    now = state.points(seat)
    key = ("complete", seat, order, now, *cards)
    event = shared(key)
    if event is None:
        data = {"order": ORDER_CARD[order], "cards": cards, "points": now}
        event = share(key, make_event(("complete", seat, None, data, None)))
    state.events.tail.append(event)
    # 002: "When the points exceed the level for ending the game ... the game ends and the
    # relevant player wins the game." It ends at once, mid-turn.
    if state.meets_target(now):
        state.end(TARGET_REACHED, [seat])
    else:
        state.end_if_unreachable()


class FinishLayingCards(Move[CoffeeBreakState, FinishLaying]):
    """002: "They bring a new ingredient card from the pile of the ingredient cards only after
    individual players lay down the ingredient cards as many as they desire." and "individual
    players are expected to have 7 ingredient cards when each turn is completed." Allowed once a
    card is laid (the `LAYING` phase), always."""

    action_type = FinishLaying

    def legal(self, state: CoffeeBreakState) -> Sequence[FinishLaying]:
        return (FINISH,)

    def refuse(self, state: CoffeeBreakState, action: FinishLaying, w: Words) -> str:
        raise AssertionError("finishing is always allowed once a card is laid")

    def apply(self, state: CoffeeBreakState, action: FinishLaying) -> None:
        state.draw(state.turn, HAND_SIZE - len(state.hands[state.turn]))
        state.end_turn()


# -- exchanging ------------------------------------------------------------------------------
class PickToExchange(Move[CoffeeBreakState, PickForExchange]):
    """002: "Players can exchange cards. It is possible to exchange 1 ~ 4 cards". A card is
    picked at a time, from the cards of the hand not yet picked, up to 4; then `Exchange`."""

    action_type = PickForExchange

    def legal(self, state: CoffeeBreakState) -> Sequence[PickForExchange]:
        picked = state.picked
        if len(picked) >= MAX_EXCHANGE:
            return ()
        mask = state.hand_masks[state.turn]
        if not picked:
            return PICKS_BY_MASK[mask]
        hand = state.hands[state.turn]
        # A kind of card is left to pick while the hand holds more of it than were picked.
        for card in picked:
            if hand.count(card) == picked.count(card):
                mask &= ~BIT[card]
        return PICKS_BY_MASK[mask]

    def refuse(self, state: CoffeeBreakState, action: PickForExchange, w: Words) -> str:
        outside = _not_in_game(state, action)
        if outside:
            return outside
        if len(state.picked) >= MAX_EXCHANGE:
            return f"you can exchange at most {MAX_EXCHANGE} cards"
        return f"you have no {w.card(action.card)} left to pick"

    def apply(self, state: CoffeeBreakState, action: PickForExchange) -> None:
        state.phase = EXCHANGING
        state.picked.append(action.card)
        # Which card is the picker's to know; that a card was picked is public.
        secret, public = pick_events(state.turn, action.card)
        append = state.events.tail.append
        append(secret)
        append(public)


class ExchangeCards(Move[CoffeeBreakState, Exchange]):
    """002: "the discarded cards are to be put at the place for the disclosed and "used" cards.
    It is required to bring new ingredients card from the pile of ingredient cards as many as
    the players discarded." Allowed once a card is picked (the `EXCHANGING` phase), always."""

    action_type = Exchange

    def legal(self, state: CoffeeBreakState) -> Sequence[Exchange]:
        return (EXCHANGE,)

    def refuse(self, state: CoffeeBreakState, action: Exchange, w: Words) -> str:
        raise AssertionError("exchanging is always allowed once a card is picked")

    def apply(self, state: CoffeeBreakState, action: Exchange) -> None:
        seat, picked, state.picked = state.turn, state.picked, []
        kept = state.hands[seat][:]
        for card in picked:
            kept.remove(card)
        # 002: "The cards to be discarded due to the exchange should be discarded while being
        # disclosed."
        state.used += picked
        key = ("exchange", seat, *picked)
        event = shared(key)
        if event is None:
            event = share(key, make_event(("exchange", seat, None, {"cards": picked}, None)))
        state.events.tail.append(event)
        state.draw(seat, len(picked), kept)
        state.end_turn()


# -- an empty hand ---------------------------------------------------------------------------
class PassTurn(Move[CoffeeBreakState, Pass]):
    """Decision (issue 4: when both piles are empty "play goes on without drawing"): a player
    left with no card in hand can neither lay nor exchange, so their turn passes; 002: "the
    player can take the rest of the targeted cards later" (see `CoffeeBreakState.end_turn`)."""

    action_type = Pass

    def legal(self, state: CoffeeBreakState) -> Sequence[Pass]:
        return () if state.hands[state.turn] else (PASS,)

    def refuse(self, state: CoffeeBreakState, action: Pass, w: Words) -> str:
        return "you can only pass when you have no cards"

    def apply(self, state: CoffeeBreakState, action: Pass) -> None:
        state._log("pass", state.turn)
        state.end_turn()


LAY_CARD = LayCard()


def _phases() -> Phases[CoffeeBreakState]:
    """The phase table (the lay move decides jokers too: see `LayCard`)."""
    return Phases(
        {
            CHOOSE: (LAY_CARD, PickToExchange(), PassTurn()),
            LAYING: (LAY_CARD, FinishLayingCards()),
            EXCHANGING: (PickToExchange(), ExchangeCards()),
        }
    )


CoffeeBreakState.PHASES = _phases()
