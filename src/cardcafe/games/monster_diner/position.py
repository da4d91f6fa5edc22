"""Monster Diner positions (issue 14): a state as JSON in the game's own words, and back.

The format is documented on the rules page (`rules/monster-diner.md`, "Positions"). Card ids are
those of the card data, seats are numbered 0 to players-1, the deck is listed top card first.
A seat's position leaves out what nobody at the table sees: the deck's order and the cards removed
unseen at setup (each given as its count); `from_position` deals them at random from the cards no
place of the position holds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcafe.engine import BadInput
from cardcafe.engine.mechanics import resample_into
from cardcafe.engine.position import check_supply, field, seat_field

from . import cards as card_data
from .cards import GUEST, parse_card
from .options import DinerOptions
from .scoring import final_scores
from .state import GIVE, MAT_LIMIT_FOR_OTHERS, MOVE_ENDS_AT, PLACE, REMOVED, TAKE, DinerState

if TYPE_CHECKING:
    from cardcafe.engine import Game

OVER = "over"
PHASES = (PLACE, GIVE, TAKE, OVER)
# The game's part of a position, in the order it is written.
KEYS = (
    "phase",
    "turn",
    "held",
    "deck",
    "removed",
    "mats",
    "given_on_mat",
    "diners",
    "guests_to_give",
    "guest_target",
)


def to_position(state: DinerState, seat: int | None) -> dict[str, Any]:
    """The truth (seat=None), or what `seat` may know: everything but the deck's order and the
    cards removed unseen, which every seat knows only by their counts."""
    hidden = seat is not None
    return {
        "phase": state.phase,
        "turn": state.turn,
        "held": state.held,
        "deck": len(state.deck) if hidden else state.deck[::-1],  # the top card first
        "removed": len(state.removed) if hidden else list(state.removed),
        "mats": [list(mat) for mat in state.mats],
        "given_on_mat": list(state.given_on_mat),
        "diners": [{c: n for c, n in sorted(d.items()) if n > 0} for d in state.diners],
        "guests_to_give": state.guests_to_give,
        "guest_target": state.guest_target,
    }


def from_position(
    game: Game[Any, Any],
    players: int,
    options: DinerOptions,
    body: dict[str, Any],
    deal: random.Random,
) -> DinerState:
    """The state `body` describes; hidden piles (given as counts) dealt with `deal`. Every
    inconsistency is a BadInput naming it, raised before anything is built."""
    unknown = sorted(set(body) - set(KEYS))
    if unknown:
        raise BadInput(
            f"a Monster Diner position has no key {unknown[0]!r}; its keys are {', '.join(KEYS)}"
        )
    for key in KEYS:
        if key not in body:
            raise BadInput(f"the position has no {key!r}")
    cards = card_data.load(options.cards)

    phase = field(body, "phase", str)
    if phase not in PHASES:
        raise BadInput(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
    turn = seat_field(body, "turn", players)
    held = body["held"]
    if held is not None:
        held = _card(held, "'held'")
    deck = _pile(body, "deck")
    removed = _pile(body, "removed")
    mats = [_cards(m, f"'mats'[{p}]") for p, m in enumerate(_per_seat(body, "mats", players))]
    given = [
        _count(n, f"'given_on_mat'[{p}]")
        for p, n in enumerate(_per_seat(body, "given_on_mat", players))
    ]
    diners = [_diner(d, f"'diners'[{p}]") for p, d in enumerate(_per_seat(body, "diners", players))]
    guests_to_give = _count(body["guests_to_give"], "'guests_to_give'")
    target = seat_field(body, "guest_target", players, optional=True)

    # 001: "Cards to be removed | 30 | 20 | 15 | 10 | 5"
    removed_count = removed if isinstance(removed, int) else len(removed)
    if removed_count != REMOVED[players]:
        raise BadInput(
            f"'removed' must hold {REMOVED[players]} cards in a {players}-player game "
            f"(the rulebook's table), not {removed_count}"
        )
    deck_count = deck if isinstance(deck, int) else len(deck)
    _check_phase(
        options, phase, turn, held, deck_count, mats, given, diners, guests_to_give, target
    )

    # Every card of the set is in exactly one place; hidden piles take the cards no place shows.
    shown = Counter([held] if held is not None else [])
    for pile in (deck, removed, *mats):
        if isinstance(pile, list):
            shown.update(pile)
    for diner in diners:
        shown.update(diner)
    supply = Counter(cards.deck)
    check_supply(shown, supply)
    rest = supply - shown
    hidden = (0 if isinstance(deck, list) else deck) + (0 if isinstance(removed, list) else removed)
    if rest.total() != hidden:
        missing = ", ".join(f"{n} {c}" for c, n in sorted(rest.items()))
        if hidden:
            raise BadInput(
                f"the position's hidden piles ('deck', 'removed') hold {hidden} cards, but "
                f"{rest.total()} cards of the set are in no other place"
            )
        left = rest.total()
        raise BadInput(
            f"the position leaves out {left} card{'s' if left != 1 else ''} of the set "
            f"({missing}): every card must be in the deck, 'removed', 'held', a mat or a diner"
        )

    state = DinerState.blank(game, players, options)
    state.cards = cards
    pool = list(rest.elements())
    deck_cards = deck[::-1] if isinstance(deck, list) else pool[:deck]  # internal: top card last
    removed_cards = list(removed) if isinstance(removed, list) else pool[len(pool) - removed :]
    dealt = [
        pile
        for pile, given_as in ((deck_cards, deck), (removed_cards, removed))
        if isinstance(given_as, int)
    ]
    if dealt:
        resample_into(dealt, deal)
    state.deck = deck_cards
    state.removed = removed_cards
    state.mats = mats
    state.given_on_mat = given
    state.diners = diners
    state.turn = turn
    state.phase = phase
    state.held = held
    state.guests_to_give = guests_to_give
    state.guest_target = target
    state.final = final_scores(diners, cards) if phase == OVER else None
    return state


def _check_phase(
    options: DinerOptions,
    phase: str,
    turn: int,
    held: str | None,
    deck: int,
    mats: list[list[str]],
    given: list[int],
    diners: list[Counter[str]],
    guests_to_give: int,
    target: int | None,
) -> None:
    """The phase, the card held, the mats and the guest fields fit together as play makes them."""
    on_mat = options.guest_to == "mat"
    for seat, (mat, n) in enumerate(zip(mats, given, strict=True)):
        if n and not on_mat:
            raise BadInput(
                f"'given_on_mat'[{seat}] must be 0: with guest_to='diner' guests go to diners"
            )
        if n > mat.count(GUEST):
            raise BadInput(f"'given_on_mat'[{seat}] is {n}, but mat {seat} holds fewer guests")
        # 001: "There can't be more than two cards on another player's mat."
        if seat != turn and len(mat) - n > MAT_LIMIT_FOR_OTHERS:
            raise BadInput(
                f"mat {seat} holds {len(mat) - n} cards placed by others; the most is two"
            )
    if (held is None) == (phase == PLACE):
        raise BadInput(
            "'held' must be the card being placed in the place phase, and null in any other"
        )
    if target is not None and phase != TAKE:
        raise BadInput("'guest_target' must be null outside the take phase")
    if phase == OVER:
        if deck or any(mats) or guests_to_give:
            raise BadInput(
                "a game over has an empty deck, empty mats and no guests to give "
                "(001: the game ends when the last card is placed)"
            )
        return
    if phase == PLACE:
        if guests_to_give:
            raise BadInput("'guests_to_give' must be 0 in the place phase")
        # 001: "The player's move is over when there are three cards on the mat."
        if len(mats[turn]) >= MOVE_ENDS_AT:
            raise BadInput(f"mat {turn} holds three cards or more: that move is over")
        return
    # give or take: the move has just ended, the mat went to the diner, the deck goes on.
    if mats[turn] or given[turn]:
        raise BadInput(f"in the {phase} phase mat {turn} is empty: it went to the diner")
    if not deck:
        raise BadInput(f"the deck cannot be empty in the {phase} phase: the game would be over")
    if guests_to_give > diners[turn][GUEST]:
        raise BadInput(
            f"'guests_to_give' is {guests_to_give}, but diner {turn} holds fewer Unwelcome guests"
        )
    if phase == GIVE:
        if not guests_to_give:
            raise BadInput("'guests_to_give' must be 1 or more in the give phase")
        return
    if target is None or target == turn:
        raise BadInput("'guest_target' must be the seat given the guest (not the giver's own)")
    takeable = Counter(diners[target])
    if on_mat:
        if not given[target]:
            raise BadInput(f"in the take phase the guest just given is on mat {target}")
    else:
        if not takeable[GUEST]:
            raise BadInput(f"in the take phase the guest just given is in diner {target}")
        takeable[GUEST] -= 1
    if not +takeable:
        raise BadInput(f"diner {target} has no card to take: there is no take phase")


def _per_seat(body: dict[str, Any], name: str, players: int) -> list[Any]:
    values: list[Any] = field(body, name, list)
    if len(values) != players:
        raise BadInput(f"{name!r} must list one entry per seat ({players}), not {len(values)}")
    return values


def _pile(body: dict[str, Any], name: str) -> list[str] | int:
    """A pile as its cards or, where hidden, as its count."""
    value = field(body, name, (list, int))
    if isinstance(value, int):
        return _count(value, repr(name))
    return _cards(value, repr(name))


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise BadInput(f"{where} must be a list of card ids")
    return [_card(card, where) for card in value]


def _card(value: Any, where: str) -> str:
    try:
        return parse_card(value)
    except BadInput as exc:
        raise BadInput(f"{where}: {exc}") from None


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadInput(f"{where} must be a whole number, 0 or more, not {value!r}")
    return value


def _diner(value: Any, where: str) -> Counter[str]:
    if not isinstance(value, dict):
        raise BadInput(f"{where} must be an object: card id -> copies")
    diner: Counter[str] = Counter()
    for card, n in value.items():
        diner[_card(card, where)] += _count(n, f"{where}[{card!r}]")
    return +diner
