"""Monster Rejects positions (issue 14): a state as JSON in the game's own words, and back.

The format is documented on the rules page (`rules/monster-rejects.md`, "Positions"). Card ids
are those of the card data ("inferno-7", "hiroshima", "weapon-plus-2"); seats are 0..N-1. Lists
of cards read bottom first: the deck's top card (the next drawn) is last, the graveyard's
newest card last, the pile's top card last.

A seat's position leaves out what that seat cannot see: another player's hand (its size), the
deck's cards and order (its size), another player's face-down cards in the pile and smuggled
beside it (null), another player's Illusionist card not yet declared (null), and what the other
players were told about hands. `position_to_state` deals those at random, consistently with
what the seat knows (`RejectsState._resample_hidden`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER, BadInput
from cardcafe.engine.mechanics import next_seat
from cardcafe.engine.position import cards_field, check_supply, field, seat_field

from . import words
from .cards import AIDS, CROWN, CULT, ITEMS, RIGHT_WING, SMUGGLE, is_realm
from .chaos import LASTING
from .options import RejectsOptions
from .phases import (
    COSBY_GIVE,
    COSBY_TARGET,
    DRAWN,
    GROUP,
    ILLUSION_DECLARE,
    ILLUSION_HIDE,
    MAIN,
    REACT,
    START,
)
from .phases import SMUGGLE as SMUGGLE_PHASE
from .pile import NOBODY, PileEntry
from .state import RejectsState, state_class

if TYPE_CHECKING:
    from . import MonsterRejects

PHASES = (
    REACT,
    START,
    MAIN,
    DRAWN,
    GROUP,
    SMUGGLE_PHASE,
    COSBY_TARGET,
    COSBY_GIVE,
    ILLUSION_HIDE,
    ILLUSION_DECLARE,
    OVER,
)
WINNING_ENDS = ("last-card", "last-card-face-down")
KEYS = (
    "phase",
    "turn",
    "hands",
    "deck",
    "deck_from_graveyard",
    "graveyard",
    "pile",
    "beside",
    "smuggled",
    "last_player",
    "play_so_far",
    "item",
    "trip",
    "undead_only",
    "moved",
    "cosby_target",
    "illusion_card",
    "illusionist",
    "known",
    "turns",
    "quiet_turns",
    "first_draws",
    "winner",
    "end_reason",
)
PILE_KEYS = {"card", "value", "face_down_by", "really"}


# -- state -> position ----------------------------------------------------------------------
def state_to_position(s: RejectsState, seat: int | None) -> dict[str, Any]:
    truth = seat is None

    def sees(owner: int) -> bool:
        return truth or owner == seat

    pile = []
    for real, shown, value, owner in s.pile:
        down = owner != NOBODY
        pile.append(
            {
                "card": shown,
                "value": value,
                "face_down_by": owner if down else None,
                "really": real if down and sees(owner) else None,
            }
        )
    known = [
        {"knower": p, "holder": q, "cards": list(cards)}
        for (p, q), cards in sorted(s.known.items())
        if truth or p == seat
    ]
    return {
        "phase": s.phase,
        "turn": s.turn,
        "hands": [list(h) if sees(q) else len(h) for q, h in enumerate(s.hands)],
        "deck": list(s.deck) if truth else len(s.deck),
        "deck_from_graveyard": None if s.deck_origin is None else list(s.deck_origin),
        "graveyard": list(s.graveyard),
        "pile": pile,
        "beside": list(s.beside),
        "smuggled": [{"owner": o, "card": c if sees(o) else None} for o, c in s.smuggled],
        "last_player": s.last_player,
        "play_so_far": list(s.group),
        "item": s.item,
        "trip": s.trip,
        "undead_only": s.undead_only,
        "moved": s.moved,
        "cosby_target": s.cosby_target,
        "illusion_card": s.illusion_card if truth or seat == s.turn else None,
        "illusionist": s.illusionist,
        "known": known,
        "turns": s.turns,
        "quiet_turns": s.quiet,
        "first_draws": [list(r) for r in s.first_draws],
        "winner": s.winner,
        "end_reason": s.end_reason,
    }


# -- position -> state ----------------------------------------------------------------------
def position_to_state(
    game: MonsterRejects,
    players: int,
    options: RejectsOptions,
    body: dict[str, Any],
    deal: random.Random,
) -> RejectsState:
    unknown = sorted(set(body) - set(KEYS))
    if unknown:
        raise BadInput(f"the position has keys Monster Rejects does not know: {unknown}")
    cards, decks, limit = game.table(players, options)
    s = state_class(options).blank(game, players, options)
    s.cards, s.decks, s.turn_limit = cards, decks, limit
    in_game = sorted(s.all_cards)

    def seat(obj: dict[str, Any], name: str) -> int:
        found: int = seat_field(obj, name, players)
        return found

    def maybe_seat(obj: dict[str, Any], name: str) -> int | None:
        found: int | None = seat_field(obj, name, players, optional=True)
        return found

    def card_or_null(value: Any, label: str, known: list[str] = in_game) -> str | None:
        if value is not None and (not isinstance(value, str) or value not in known):
            raise BadInput(f"{label!r} holds {value!r}, which is not a card of this game")
        return value

    # The turn and the phase.
    phase = field(body, "phase", str)
    if phase not in PHASES:
        raise BadInput(f"'phase' is {phase!r}: the phases are {', '.join(PHASES)}")
    turn = seat(body, "turn")

    # Hands: a list of cards, or (hidden) how many.
    hands_in = field(body, "hands", list)
    if len(hands_in) != players:
        raise BadInput(f"'hands' must hold one entry per player ({players}), not {len(hands_in)}")
    hands: list[list[str] | int] = []
    for q, hand in enumerate(hands_in):
        hands.append(_cards_or_count(hand, f"hands[{q}]", in_game))
    deck_in = field(body, "deck", (list, int))
    deck = _cards_or_count(deck_in, "deck", in_game)
    shown = [q for q, h in enumerate(hands) if isinstance(h, list)]
    hidden_mode = isinstance(deck, int) or len(shown) < players
    viewer: int | None = None
    if hidden_mode:
        if len(shown) != 1:
            raise BadInput(
                "a seat's position shows exactly one hand (the seat's) and the others as sizes; "
                f"this one shows {len(shown)}"
            )
        viewer = shown[0]
        if not isinstance(deck, int):
            raise BadInput("a seat's position gives the deck as its size (a count)")

    def sees(owner: int) -> bool:
        return viewer is None or owner == viewer

    if "deck_from_graveyard" not in body:
        raise BadInput("the position has no 'deck_from_graveyard'")
    origin = None
    if body["deck_from_graveyard"] is not None:
        origin = tuple(sorted(cards_field(body, "deck_from_graveyard", in_game)))
    graveyard = cards_field(body, "graveyard", in_game)

    # The pile, bottom first, as `PileEntry` fields; `real` None: a hidden face-down card.
    pile: list[tuple[str | None, str, int, int]] = []
    for i, entry in enumerate(field(body, "pile", list)):
        label = f"pile[{i}]"
        if not isinstance(entry, dict) or set(entry) != PILE_KEYS:
            raise BadInput(f"{label!r} must be an object with the keys {sorted(PILE_KEYS)}")
        where = f"{label}."
        card = field(entry, "card", str, where)
        if not is_realm(card):
            raise BadInput(f"'{where}card' is {card!r}: only Realm cards lie in the pile")
        value = field(entry, "value", int, where)
        if not 1 <= value <= CROWN:
            raise BadInput(f"'{where}value' must be from 1 to {CROWN}, not {value}")
        owner = maybe_seat(entry, "face_down_by")
        really = card_or_null(entry["really"], f"{where}really")
        if owner is None:
            if really is not None:
                raise BadInput(f"'{where}really' is for face-down cards only: this one is face up")
            pile.append((card, card, value, NOBODY))
            continue
        if really is not None and not is_realm(really):
            raise BadInput(f"'{where}really' is {really!r}: a face-down card is a Realm card")
        if sees(owner) and really is None:
            raise BadInput(f"'{where}really' is missing: which card lies face down")
        if not sees(owner) and really is not None:
            raise BadInput(f"'{where}really' is another player's face-down card: leave it null")
        pile.append((really, card, value, owner))

    beside = cards_field(body, "beside", in_game)
    for card in beside:
        if card not in LASTING:
            raise BadInput(
                f"'beside' holds {card!r}: only {', '.join(LASTING)} lie beside the pile"
            )
    for card in (RIGHT_WING, CULT, AIDS):
        if beside.count(card) > 1:
            raise BadInput(f"'beside' holds {card!r} twice: its effect is on already")
    smuggled: list[tuple[int, str | None]] = []
    for i, entry in enumerate(field(body, "smuggled", list)):
        label = f"smuggled[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"owner", "card"}:
            raise BadInput(f"{label!r} must be an object with the keys card and owner")
        owner = seat(entry, "owner")
        card = card_or_null(entry["card"], f"{label}.card")
        if sees(owner) and card is None:
            raise BadInput(f"'{label}.card' is missing: which card was smuggled")
        if not sees(owner) and card is not None:
            raise BadInput(f"'{label}.card' is another player's smuggled card: leave it null")
        smuggled.append((owner, card))

    last_player = maybe_seat(body, "last_player")
    group = cards_field(body, "play_so_far", in_game)
    item = field(body, "item", (str, type(None)))
    if item is not None and (item not in ITEMS or not options.battle_pack):
        raise BadInput(f"'item' is {item!r}, which is not an item of this game")
    trip = field(body, "trip", bool)
    undead_only = field(body, "undead_only", bool)
    moved = field(body, "moved", bool)
    cosby_target = maybe_seat(body, "cosby_target")
    illusion_in = field(body, "illusion_card", (str, type(None)))
    illusion_card = card_or_null(illusion_in, "illusion_card")
    illusionist = maybe_seat(body, "illusionist")

    known: dict[tuple[int, int], tuple[str, ...]] = {}
    for i, entry in enumerate(field(body, "known", list)):
        label = f"known[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"knower", "holder", "cards"}:
            raise BadInput(f"{label!r} must be an object with the keys cards, holder and knower")
        knower, holder = seat(entry, "knower"), seat(entry, "holder")
        told = cards_field(entry, "cards", in_game, f"{label}.")
        if knower == holder:
            raise BadInput(f"{label!r}: a player is told of cards in another player's hand")
        if (knower, holder) in known:
            raise BadInput(f"{label!r}: player {knower} to player {holder} is given twice")
        if viewer is not None and knower != viewer:
            raise BadInput(f"{label!r}: a seat's position holds only what that seat was told")
        known[(knower, holder)] = tuple(told)

    turns = field(body, "turns", int)
    quiet = field(body, "quiet_turns", int)
    first_draws = []
    for i, row in enumerate(field(body, "first_draws", list)):
        if not isinstance(row, list) or len(row) != players:
            raise BadInput(f"'first_draws[{i}]' must be a list of one card (or null) per player")
        first_draws.append(tuple(card_or_null(c, f"first_draws[{i}]") for c in row))
    winner = maybe_seat(body, "winner")
    end_reason = field(body, "end_reason", (str, type(None)))

    # -- does it all fit together? -------------------------------------------------------
    over = phase == OVER
    if over != (end_reason is not None):
        raise BadInput("'end_reason' is given exactly when the phase is 'over'")
    if end_reason is not None and end_reason not in words.END_REASONS:
        reasons = ", ".join(words.END_REASONS)
        raise BadInput(f"'end_reason' is {end_reason!r}: the reasons are {reasons}")
    if (winner is not None) != (end_reason in WINNING_ENDS):
        raise BadInput("'winner' is given exactly when a player won by playing their last card")
    if not 0 <= turns <= limit or (not over and turns < 1):
        raise BadInput(f"'turns' must be from 1 to the turn limit {limit}, not {turns}")
    if not 0 <= quiet < (players + 1 if over else players):
        raise BadInput(f"'quiet_turns' must be from 0 to {players - 1}, not {quiet}")
    if not first_draws and players > 1:
        raise BadInput("'first_draws' must hold the draws for the first turn")
    if (last_player is None) != (not pile):
        raise BadInput(
            "'last_player' (who played the pile's top card) is given exactly when "
            "the pile holds cards"
        )
    if (illusionist is not None) != (phase == REACT):
        raise BadInput("'illusionist' is given exactly in the phase 'react'")
    if illusionist is not None:  # the phase 'react'
        *_, top_owner = pile[-1] if pile else (None,)
        if top_owner != illusionist:
            raise BadInput(
                "in the phase 'react' the pile's top card lies face down by the 'illusionist'"
            )
        if turn != next_seat(illusionist, players):
            raise BadInput("in the phase 'react' the turn is the illusionist's left neighbour's")
    pending = phase == ILLUSION_DECLARE
    if not pending and illusion_card is not None:
        raise BadInput("'illusion_card' is given only in the phase 'illusion-declare'")
    if pending and illusion_card is None and sees(turn):
        raise BadInput("in the phase 'illusion-declare' the 'illusion_card' is needed")
    if illusion_card is not None and not is_realm(illusion_card):
        raise BadInput(f"'illusion_card' is {illusion_card!r}: the Illusionist's is a Realm card")
    if (cosby_target is not None) != (phase == COSBY_GIVE):
        raise BadInput("'cosby_target' is given exactly in the phase 'cosby-give'")
    if cosby_target == turn:
        raise BadInput("'cosby_target' is another player than the one to move")
    # The turn's own state: what a play under way holds (kept as it was once the game is over).
    if (phase == GROUP and not group) or (group and phase not in (GROUP, OVER)):
        raise BadInput("'play_so_far' holds cards exactly in the phase 'group'")
    if group:
        top = pile[-len(group) :]
        if [real for real, *_ in top] != group or any(owner != NOBODY for *_, owner in top):
            raise BadInput("'play_so_far' must be the face-up cards on top of the pile")
        if last_player != turn:
            raise BadInput("during a play 'last_player' is the player to move")
    if trip and phase not in (MAIN, DRAWN, OVER):
        raise BadInput("'trip' is on only in the phases 'main' and 'drawn'")
    if item is not None and phase not in (MAIN, DRAWN, GROUP, OVER):
        raise BadInput("'item' is on only in the phases 'main', 'drawn' and 'group'")
    if undead_only and (phase not in (MAIN, GROUP, OVER) or AIDS not in beside):
        raise BadInput("'undead_only' is on only after AIDS was played, in 'main' or 'group'")
    if phase == START and pile and last_player == turn:
        raise BadInput("the pile dies at the start of its last player's turn")
    if beside.count(SMUGGLE) != len(smuggled) + (phase == SMUGGLE_PHASE):
        raise BadInput("'smuggled' holds one card for each Smuggle A Mexican beside the pile")
    sizes = [len(h) if isinstance(h, list) else h for h in hands]
    if not over:
        for q, size in enumerate(sizes):
            if size:
                continue
            may_be_empty = (q == turn and phase in (MAIN, COSBY_TARGET, ILLUSION_DECLARE)) or q in (
                illusionist,
                cosby_target,
            )
            if not may_be_empty:
                raise BadInput(f"player {q}'s hand is empty, but the game is not over")
    elif winner is not None and sizes[winner]:
        raise BadInput(f"the winner, player {winner}, still holds cards")

    # -- every card in one place -----------------------------------------------------------
    seen: list[str] = [*graveyard, *beside]
    for hand in hands:
        if isinstance(hand, list):
            seen += hand
    if isinstance(deck, list):
        seen += deck
    seen += [real for real, *_ in pile if real is not None]
    seen += [c for _, c in smuggled if c is not None]
    if illusion_card is not None:
        seen.append(illusion_card)
    check_supply(Counter(seen), s.all_cards)
    if origin is not None:
        check_supply(Counter(origin), s.all_cards, "card made into the deck")
        if isinstance(deck, list) and Counter(deck) - Counter(origin):
            raise BadInput("'deck' holds cards the graveyard it was made from did not")
    missing = s.all_cards - Counter(seen)
    places = sum(sizes[q] for q in range(players) if not isinstance(hands[q], list))
    places += deck if isinstance(deck, int) else 0
    places += sum(1 for real, *_ in pile if real is None)
    places += sum(1 for _, c in smuggled if c is None)
    places += 1 if pending and illusion_card is None else 0
    if sum(missing.values()) != places:
        total = sum(s.all_cards.values())
        raise BadInput(
            f"the position places {total - sum(missing.values()) + places} cards; "
            f"the game has {total}"
        )

    # -- build: hidden places get the missing cards, then a random deal ----------------------
    rest = sorted(missing.elements(), key=lambda c: (not is_realm(c), c))
    realm_places = sum(1 for real, *_ in pile if real is None) + (pending and illusion_card is None)
    if sum(1 for c in rest[:realm_places] if is_realm(c)) < realm_places:
        raise BadInput("fewer hidden Realm cards than face-down Realm cards")

    def take(n: int) -> list[str]:
        out = rest[:n]
        del rest[:n]
        return out

    s.pile = [
        PileEntry(real if real is not None else take(1)[0], shown, value, owner)
        for real, shown, value, owner in pile
    ]
    s.illusion_card = illusion_card if not pending or illusion_card else take(1)[0]
    s.hands = [list(h) if isinstance(h, list) else take(h) for h in hands]
    s.deck = list(deck) if isinstance(deck, list) else take(deck)
    s.smuggled = [(o, c if c is not None else take(1)[0]) for o, c in smuggled]
    s.graveyard = list(graveyard)
    s.deck_origin = origin
    s.beside = list(beside)
    s.reversed_order = RIGHT_WING in beside
    s.cult = CULT in beside
    s.contagious = AIDS in beside
    s.last_player = last_player
    s.known = known
    s.turns, s.quiet = turns, quiet
    s.winner, s.end_reason = winner, end_reason
    s.phase, s.turn = phase, turn
    s.is_over = phase == OVER
    s.trip, s.undead_only, s.item, s.group, s.moved = trip, undead_only, item, group, moved
    s.cosby_target = cosby_target
    s.illusionist = illusionist
    s.first_draws = tuple(first_draws)
    if viewer is not None:
        s._resample_hidden(viewer, deal)
    s.check_invariants()
    # (Only where the mover's hand is known: a hand dealt at random may not fit what the mover
    # has started, e.g. an AIDS play without an Undead card, as in any determinization.)
    if not over and sees(turn) and not s._legal_actions():
        raise BadInput(f"player {turn} has no move in the phase {phase!r}: this cannot happen")
    s.forget_legal_actions()
    return s


def _cards_or_count(value: Any, label: str, known: list[str]) -> list[str] | int:
    """A list of card ids, or (a hidden place) how many cards it holds."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise BadInput(f"{label!r} must be a list of cards or a count (0 or more), not {value}")
        return value
    if not isinstance(value, list):
        raise BadInput(f"{label!r} must be a list of cards or a count")
    for card in value:
        if not isinstance(card, str) or card not in known:
            raise BadInput(f"{label!r} holds {card!r}, which is not a card of this game")
    return list(value)
