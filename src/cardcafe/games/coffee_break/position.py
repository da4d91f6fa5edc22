"""Coffee Break positions (issue 14): a state as JSON in the game's own words, and back.

The format is documented on the rules page (`rules/coffee-break.md`, "Positions"). Card ids are
those of the card data: ingredient ids and "joker" for ingredient cards, plain order ids
("cafe-latte") for order cards. Piles list their cards bottom first, the top card last.

A seat's position leaves out what that seat cannot see: another player's hand (its size), the
order of both face-down piles (their sizes) and, when another player is picking cards for an
exchange, which cards (how many). `position_to_state` deals those at random.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER, BadInput
from cardcafe.engine.mechanics import best_by, resample_into
from cardcafe.engine.position import check_supply, field, seat_field

from . import cards as card_data
from .cards import FACE_UP, HAND_SIZE, INGREDIENTS, JOKER, MAX_EXCHANGE, ORDER_IDS
from .scoring import points

if TYPE_CHECKING:
    from . import CoffeeBreak
    from .options import CoffeeBreakOptions
from .state import (
    CHOOSE,
    END_EVENT,
    EXCHANGING,
    LAYING,
    TARGET,
    CoffeeBreakState,
    hand_mask,
    need,
    still_lacks,
)

PHASES = (CHOOSE, LAYING, EXCHANGING, OVER)
END_REASONS = tuple(END_EVENT)
CARDS = (*INGREDIENTS, JOKER)
KEYS = (
    "turn",
    "phase",
    "orders",
    "order_pile",
    "ingredient_pile",
    "used_pile",
    "hands",
    "picked",
    "taken",
    "completed_this_turn",
    "quiet_turns",
    "end",
)


# -- state -> position ----------------------------------------------------------------------
def state_to_position(state: CoffeeBreakState, seat: int | None) -> dict[str, Any]:
    def hidden(cards: list[str], known: bool) -> list[str] | int:
        return list(cards) if known else len(cards)

    truth = seat is None
    return {
        "turn": state.turn,
        "phase": state.phase,
        "orders": [
            None
            if order is None
            else {"order": order, "laid": [{"card": c, "as": a} for c, a in state.laid[slot]]}
            for slot, order in enumerate(state.slots)
        ],
        "order_pile": hidden(state.order_pile, truth),
        "ingredient_pile": hidden(state.pile, truth),
        "used_pile": list(state.used),
        "hands": [hidden(hand, truth or s == seat) for s, hand in enumerate(state.hands)],
        "picked": hidden(state.picked, truth or seat == state.turn),
        "taken": [list(t) for t in state.taken],
        "completed_this_turn": state.completed_this_turn,
        "quiet_turns": state.quiet_turns,
        "end": None
        if state.end_reason is None
        else {"reason": state.end_reason, "winners": list(state.winner_seats)},
    }


# -- position -> state ----------------------------------------------------------------------
def _cards_or_count(obj: dict[str, Any], name: str, known: tuple[str, ...], where: str = "") -> Any:
    """A list of card ids, or (a hidden zone) how many cards it holds."""
    value = field(obj, name, (list, int), where)
    label = f"{where}{name}"
    if isinstance(value, int):
        if value < 0:
            raise BadInput(f"{label!r} must be a list of cards or a count (0 or more), not {value}")
        return value
    for card in value:
        if not isinstance(card, str) or card not in known:
            raise BadInput(f"{label!r} holds {card!r}, which is not a card of this game")
    return list(value)


def _seat_lists(body: dict[str, Any], name: str, players: int) -> list[Any]:
    value: list[Any] = field(body, name, list)
    if len(value) != players:
        raise BadInput(f"{name!r} must hold one entry per player ({players}), not {len(value)}")
    return value


def _size(zone: list[str] | int) -> int:
    return zone if isinstance(zone, int) else len(zone)


def _orders(
    body: dict[str, Any], cards: card_data.CardSet
) -> tuple[list[str | None], list[list[tuple[str, str]]]]:
    orders = field(body, "orders", list)
    if len(orders) != FACE_UP:
        raise BadInput(f"'orders' must hold the {FACE_UP} places (null: vacant), not {len(orders)}")
    slots: list[str | None] = []
    laid: list[list[tuple[str, str]]] = []
    for slot, entry in enumerate(orders):
        where = f"orders[{slot}]."
        if entry is None:
            slots.append(None)
            laid.append([])
            continue
        if not isinstance(entry, dict):
            raise BadInput(f"'orders[{slot}]' must be an object or null")
        if set(entry) != {"order", "laid"}:
            raise BadInput(f"'orders[{slot}]' must have exactly the keys order and laid")
        order = field(entry, "order", str, where)
        if order not in ORDER_IDS:
            raise BadInput(f"'orders[{slot}].order' is {order!r}, not an order of this game")
        if order not in cards.recipes:
            raise BadInput(f"'orders[{slot}].order' is {order!r}, not in this card set")
        under: list[tuple[str, str]] = []
        for entry_laid in field(entry, "laid", list, where):
            if not isinstance(entry_laid, dict) or set(entry_laid) != {"card", "as"}:
                raise BadInput(f"'orders[{slot}].laid' must hold objects with card and as")
            card, as_ = entry_laid["card"], entry_laid["as"]
            if card not in CARDS:
                raise BadInput(f"'orders[{slot}].laid' holds {card!r}, which is not a card")
            if as_ not in INGREDIENTS:
                raise BadInput(f"'orders[{slot}].laid' counts a card as {as_!r}: not an ingredient")
            if card not in (JOKER, as_):
                raise BadInput(f"'orders[{slot}].laid': a {card} card cannot count as {as_}")
            under.append((card, as_))
        counted, needs = Counter(a for _, a in under), cards.needs(order)
        if not counted <= needs:
            extra = sorted((counted - needs).elements())[0]
            raise BadInput(f"'orders[{slot}]': the {order} order does not need (more) {extra}")
        if counted == needs:
            raise BadInput(f"'orders[{slot}]': the {order} order is complete but was not taken")
        slots.append(order)
        laid.append(under)
    return slots, laid


def _end(body: dict[str, Any], players: int) -> tuple[str, list[int]] | None:
    if "end" not in body:
        raise BadInput("the position has no 'end'")
    end = body["end"]
    if end is None:
        return None
    if not isinstance(end, dict) or set(end) != {"reason", "winners"}:
        raise BadInput("'end' must be null or an object with the keys reason and winners")
    reason = field(end, "reason", str, "end.")
    if reason not in END_REASONS:
        raise BadInput(f"'end.reason' must be one of {', '.join(END_REASONS)}, not {reason!r}")
    winners = field(end, "winners", list, "end.")
    for seat in winners:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise BadInput(f"'end.winners' holds {seat!r}, not a seat from 0 to {players - 1}")
    if not winners or winners != sorted(set(winners)):
        raise BadInput("'end.winners' must be distinct seats in increasing order, at least one")
    return reason, winners


def position_to_state(
    game: CoffeeBreak,
    players: int,
    options: CoffeeBreakOptions,
    body: dict[str, Any],
    deal: random.Random,
) -> CoffeeBreakState:
    if not isinstance(body, dict):
        raise BadInput("a position must be a JSON object")
    unknown = sorted(set(body) - set(KEYS))
    if unknown:
        raise BadInput(f"the position has the unknown key {unknown[0]!r}")
    cards = card_data.load(options.cards)
    turn = seat_field(body, "turn", players)
    phase = field(body, "phase", str)
    if phase not in PHASES:
        raise BadInput(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
    slots, laid = _orders(body, cards)
    order_pile = _cards_or_count(body, "order_pile", ORDER_IDS)
    pile = _cards_or_count(body, "ingredient_pile", CARDS)
    used = _cards_or_count(body, "used_pile", CARDS)
    if isinstance(used, int):
        raise BadInput("'used_pile' is face up: it must be a list of cards")
    hands = [
        _cards_or_count({f"hands[{s}]": h}, f"hands[{s}]", CARDS)
        for s, h in enumerate(_seat_lists(body, "hands", players))
    ]
    picked = _cards_or_count(body, "picked", CARDS)
    taken = []
    for s, t in enumerate(_seat_lists(body, "taken", players)):
        if not isinstance(t, list) or not all(isinstance(o, str) and o in ORDER_IDS for o in t):
            raise BadInput(f"'taken[{s}]' must be a list of order ids")
        taken.append(list(t))
    completed = field(body, "completed_this_turn", bool)
    quiet = field(body, "quiet_turns", int)
    end = _end(body, players)

    # Every card in one place, none more often than the card data holds.
    known = Counter(used) + Counter(c for under in laid for c, _ in under)
    for zone in (pile, *hands):
        if isinstance(zone, list):
            known.update(zone)
    check_supply(known, Counter(cards.ingredient_deck), "ingredient card")
    orders_known = Counter(o for o in slots if o) + Counter(o for t in taken for o in t)
    if isinstance(order_pile, list):
        orders_known.update(order_pile)
    check_supply(orders_known, Counter(cards.order_deck), "order card")
    unseen = Counter(cards.ingredient_deck) - known
    hidden_size = sum(_size(z) for z in (pile, *hands) if isinstance(z, int))
    if hidden_size != sum(unseen.values()):
        raise BadInput(
            f"the position places {sum(known.values()) + hidden_size} ingredient cards; "
            f"the game has {len(cards.ingredient_deck)}"
        )
    orders_unseen = Counter(cards.order_deck) - orders_known
    hidden_orders = order_pile if isinstance(order_pile, int) else 0
    if hidden_orders != sum(orders_unseen.values()):
        raise BadInput(
            f"the position places {sum(orders_known.values()) + hidden_orders} order cards; "
            f"the game has {len(cards.order_deck)}"
        )

    # Sizes and the phase: what the rules allow.
    for s, hand in enumerate(hands):
        if _size(hand) > HAND_SIZE:
            raise BadInput(f"'hands[{s}]' holds {_size(hand)} cards; a hand holds at most 7")
    mover = hands[turn]
    if isinstance(picked, list) and picked:
        if isinstance(mover, int):
            raise BadInput(f"'picked' names cards but the hand of seat {turn} is hidden")
        if not Counter(picked) <= Counter(mover):
            raise BadInput(f"'picked' holds cards that are not in the hand of seat {turn}")
    if _size(picked) > min(MAX_EXCHANGE, _size(mover)):
        raise BadInput(f"'picked' holds {_size(picked)} cards; at most 4 of the mover's hand")
    if (phase == EXCHANGING) != (_size(picked) > 0):
        raise BadInput("'picked' holds cards exactly in the phase exchanging (1 to 4 of them)")
    if completed and phase not in (LAYING, OVER):
        raise BadInput(f"'completed_this_turn' is true in the phase {phase}: only laying completes")
    if phase == LAYING and _size(mover) >= HAND_SIZE:
        raise BadInput(f"'hands[{turn}]' holds 7 cards in the phase laying: a card was laid")
    if phase != OVER:
        limit = options.stall_rounds * players
        if not 0 <= quiet < limit:
            raise BadInput(f"'quiet_turns' must be 0 to {limit - 1}, not {quiet}")
        if end is not None:
            raise BadInput(f"'end' must be null in the phase {phase}")
    else:
        if end is None:
            raise BadInput("'end' must say how the game ended in the phase over")
        if quiet < 0:
            raise BadInput(f"'quiet_turns' must be 0 or more, not {quiet}")

    state = CoffeeBreakState.blank(game, players, options)
    state.cards = cards
    state.target = options.target if options.target is not None else TARGET[players]
    state._set_turn_rules()
    state.turn, state.phase = turn, phase
    if phase == OVER:
        state.is_over = True
    state.slots, state.laid = slots, laid
    state.needs = [
        need(slot, still_lacks(cards.recipes[order], under) if order else ())
        for slot, (order, under) in enumerate(zip(slots, laid, strict=True))
    ]
    state.used = list(used)
    state.taken = taken
    state.completed_this_turn, state.quiet_turns = completed, quiet
    if end is not None:
        state.end_reason, state.winner_seats = end

    # What the position leaves out is dealt at random, consistently with what it shows.
    pool = sorted(unseen.elements())
    deal.shuffle(pool)
    if isinstance(pile, int):
        state.pile = pool[:pile]
        del pool[:pile]
    else:
        state.pile = list(pile)
    state.hands = []
    for hand in hands:
        if isinstance(hand, int):
            state.hands.append(sorted(pool[:hand]))
            del pool[:hand]
        else:
            state.hands.append(sorted(hand))
    if isinstance(order_pile, int):
        state.order_pile = sorted(orders_unseen.elements())
        resample_into([state.order_pile], deal)
    else:
        state.order_pile = list(order_pile)
    state.hand_masks = [hand_mask(hand) for hand in state.hands]
    if isinstance(picked, int):
        state.picked = deal.sample(state.hands[turn], picked)
    else:
        state.picked = list(picked)
    _check_scores(state, end)
    return state


def _check_scores(state: CoffeeBreakState, end: tuple[str, list[int]] | None) -> None:
    scores = [state.points(s) for s in range(state.num_players)]
    if end is None:
        for seat, score in enumerate(scores):
            if state.meets_target(score):
                raise BadInput(
                    f"seat {seat} has {score} points, the target is {state.target}: "
                    "the game would be over"
                )
        left = state.order_pile + [o for o in state.slots if o is not None]
        doubling = state.options.doubling
        if not any(state.meets_target(points(t + left, doubling)) for t in state.taken):
            raise BadInput(
                "no player can reach the target with the orders left: the game would be over"
            )
        return
    reason, winners = end
    if reason == "target":
        if len(winners) != 1 or not state.meets_target(scores[winners[0]]):
            raise BadInput("'end.winners': a game ended on the target is won by the one who met it")
    elif winners != best_by([(p,) for p in scores]):
        raise BadInput(f"'end.winners' must be the seats with the most points, {scores}")
