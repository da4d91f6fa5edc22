"""The Chaos cards: when each may be played, and what it does (seed 003, the FAQ answers).

Functions of the state (state.py), called by the moves that play the cards and make their
choices (rules.py), kept here so the turn flow and the cards read separately.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardcafe.engine.mechanics import next_seat

from .cards import (
    AIDS,
    BOMBER,
    COSBY,
    CULT,
    DEUCE,
    HIROSHIMA,
    ILLUSIONIST,
    REALM_CARDS,
    REALM_OF,
    REALM_SET,
    REALMS,
    RIGHT_WING,
    SMUGGLE,
    TRIP,
    VALUE_OF,
    is_realm,
)
from .follow import rank
from .knowledge import add_known, add_public, forget
from .phases import COSBY_GIVE, COSBY_TARGET, ILLUSION_DECLARE, ILLUSION_HIDE, MAIN
from .phases import SMUGGLE as SMUGGLING
from .pile import FACE_UP, PileEntry
from .shared_events import chaos_played

if TYPE_CHECKING:
    from .state import RejectsState

# Chaos cards that stay beside the pile until it dies; the rest go to the graveyard at once.
# 003: "Other Chaos cards can last until the play pile is killed."
LASTING = (RIGHT_WING, CULT, AIDS, SMUGGLE)

# Does a hand hold no Realm card? (Bound once: see `follow.known_starts`.)
_no_realm_in = REALM_SET.isdisjoint


# Why a Chaos card cannot be played now (`obstacle`); the move playing it words each for the
# player (rules.py).
LAST_CARD = "last-card"  # it would be the last card, with nothing to draw after it
IN_EFFECT = "in-effect"  # its lasting effect already holds
NOTHING_UNDER = "nothing-under"  # Smuggle A Mexican: no other card to put under it
NOBODY_HOLDS = "nobody-holds"  # The Cosby: no other player holds a card
NOTHING_TO_DRAW = "nothing-to-draw"  # the deck and the graveyard are both empty
NO_UNDEAD = "no-undead"  # AIDS: no Undead card that could follow
NO_REALM = "no-realm"  # the Illusionist: no Realm card to put face down
NO_CLAIM = "no-claim"  # the Illusionist: no Realm card could follow, so nothing to declare


# The largest hand a Chaos card can empty: Smuggle A Mexican takes a second card with it. With
# more cards in hand, only each card's own condition (`OWN_OBSTACLE`) can stand in the way.
LAST_CARD_HAND = 2


def obstacle(s: RejectsState, card: str) -> str | None:
    """Why the current player may not play the Chaos card `card` now (phase start, card in
    hand), as one of the ids above; None: they may."""
    hand = s.hands[s.turn]
    if len(hand) <= (LAST_CARD_HAND if card == SMUGGLE else 1) and not _can_draw_after(s, card):
        # It would leave the hand empty, and 003: "If a Chaos card is your last card, you will
        # still have to draw a card from the deck"; with nothing to draw once the card has done
        # its work, 003: "Some Chaos cards that would require drawing a card from the pile
        # cannot be played at that time either." (Else a player could sit on an empty hand
        # without having won.)
        return LAST_CARD
    return OWN_OBSTACLE[card](s, hand)


# Each Chaos card's own condition, given the state and the player's hand. Issue 14: every Chaos
# card may be played on a new, empty pile, 003: "You now start a new pile (and turn) by either
# playing a Chaos card first, then a Realm card"; its effect then does what it can (Hiroshima
# and Suicide Bomber have no pile to kill, Trip The Fuck Out and Drop A Deuce no card to beat
# or to change).
def _no_obstacle(s: RejectsState, hand: list[str]) -> str | None:
    return None


def _obstacle_to_smuggle(s: RejectsState, hand: list[str]) -> str | None:
    return None if len(hand) >= 2 else NOTHING_UNDER  # a card to put under it


def _obstacle_to_right_wing(s: RejectsState, hand: list[str]) -> str | None:
    return IN_EFFECT if s.reversed_order else None  # in effect, it would do nothing


def _obstacle_to_cosby(s: RejectsState, hand: list[str]) -> str | None:
    # Another player holds a card: the cards held are more than the player's own.
    return None if sum(map(len, s.hands)) > len(hand) else NOBODY_HOLDS


def _obstacle_to_drawing(s: RejectsState, hand: list[str]) -> str | None:
    # 003: "Some Chaos cards that would require drawing a card from the pile cannot be played
    # at that time either."
    return None if s.can_draw() else NOTHING_TO_DRAW


def _obstacle_to_deuce(s: RejectsState, hand: list[str]) -> str | None:
    # Drop A Deuce draws in its "next-draws" effect only (cards.toml).
    return None if s.cards.deuce_effect == "top-becomes" else _obstacle_to_drawing(s, hand)


def _obstacle_to_cult(s: RejectsState, hand: list[str]) -> str | None:
    return IN_EFFECT if s.cult else None


def _obstacle_to_aids(s: RejectsState, hand: list[str]) -> str | None:
    # 003: "The AIDS Card must be played with only Undead Realm Cards": so only by a player
    # holding an Undead card that may follow once the pile is contagious.
    if s.contagious:
        return IN_EFFECT
    undead = s.may_start((s.reversed_order, s.cult, True, False, True))
    return NO_UNDEAD if undead.isdisjoint(hand) else None


def _obstacle_to_illusionist(s: RejectsState, hand: list[str]) -> str | None:
    # It needs a Realm card to put face down and something it may claim to be.
    if _no_realm_in(hand):
        return NO_REALM
    return None if s.may_start(s.fx()) else NO_CLAIM


OwnObstacle = Callable[["RejectsState", list[str]], "str | None"]
OWN_OBSTACLE: dict[str, OwnObstacle] = {
    HIROSHIMA: _no_obstacle,
    TRIP: _no_obstacle,
    SMUGGLE: _obstacle_to_smuggle,
    RIGHT_WING: _obstacle_to_right_wing,
    COSBY: _obstacle_to_cosby,
    BOMBER: _obstacle_to_drawing,  # it draws the counting card
    DEUCE: _obstacle_to_deuce,
    CULT: _obstacle_to_cult,
    AIDS: _obstacle_to_aids,
    ILLUSIONIST: _obstacle_to_illusionist,
}


def _can_draw_after(s: RejectsState, card: str) -> bool:
    """Can the player draw once `card` has done its work? Hiroshima kills the pile into the
    graveyard (issue 14: 003 "Re-shuffle all the discarded cards (graveyard pile) to make a new
    draw pile"), which is then there to draw from (the pile, with the Chaos cards and any
    smuggled card beside it). The Chaos card itself does not count (our decision): drawing
    back the card just played would let a player play it every turn."""
    if s.can_draw():
        return True
    return card == HIROSHIMA and bool(s.pile or s.beside or s.smuggled)


def play(s: RejectsState, card: str) -> None:
    """The current player plays the Chaos card `card` and it does its work."""
    seat = s.turn
    # 003: "At the beginning of a player's turn, that player can choose to play a Chaos card
    # and follow its instructions."
    s.hands[seat].remove(card)
    forget(s.known, seat, card)
    s.events.tail.append(chaos_played(seat, card))
    s.phase = MAIN
    if card in LASTING:
        s.beside.append(card)
    if card == HIROSHIMA:
        # 003: "Hiroshima (killing the play pile and starting a new pile)"
        s.graveyard.append(card)
        s.end_pile(None, card)
    elif card == TRIP:
        # 003: "you can play the Trip The Fuck Out Chaos Card first, then play one of your other
        # Realm cards that are higher than a value of 6" (any realm, equal or higher).
        s.graveyard.append(card)
        s.trip = True
    elif card == SMUGGLE:
        s.phase = SMUGGLING
    elif card == RIGHT_WING:
        # 003: "1 will become the highest value, and Crown card (King/Queen) will be lowest,
        # until the play pile is killed."
        s.reversed_order = True
    elif card == COSBY:
        s.graveyard.append(card)
        s.phase = COSBY_TARGET
    elif card == BOMBER:
        _bomb(s)
        s.graveyard.append(card)
    elif card == DEUCE:
        s.graveyard.append(card)
        _deuce(s)
    elif card == CULT:
        # 003: "Once played, all players must play in consecutive order ignoring Realm types."
        s.cult = True
    elif card == AIDS:
        # 003: "Once played, the play pile becomes contagious".
        s.contagious = True
        s.undead_only = True
    else:
        s.graveyard.append(card)
        s.phase = ILLUSION_HIDE


def _bomb(s: RejectsState) -> None:
    # 003: "that player will draw a card from the deck and count its value in clockwise order,
    # starting with the player to their left. The last player that is counted must pick up the
    # entire play pile."
    seat, aside, count = s.turn, [], None
    while count is None:
        drawn = s.draw_cards(1)
        if not drawn:
            count = 0  # nothing left to draw but Chaos cards: counted as 0 (our decision)
            break
        card = drawn[0]
        aside.append(card)  # the counting card goes to the graveyard afterwards (our decision)
        if is_realm(card):
            count = VALUE_OF[card]  # 003: "A Crown card can be counted as value 13."
        elif s.options.bomber_chaos == "zero":
            # 003: "if the player draws a Chaos card instead of a Realm Card, they can count it
            # as 0, forcing themself to pick up the play pile."
            count = 0
        else:
            # 003: "Simply discard and draw another card."
            s._log("bomber-redraw", card=card)
    s.graveyard += aside
    target = next_seat(seat, s.num_players, count)
    s._log("bomber-count", card=aside[-1] if aside else None, count=count, target=target)
    s.end_pile(target, BOMBER)
    # 003: "The player which played the Chaos Card can now continue their turn starting a new
    # play pile with a Realm Card."


def _deuce(s: RejectsState) -> None:
    # ASSUMED effect (the FAQ never gives it), set in cards.toml. 003: "playing a Drop A Deuce
    # ... will not void the Right Wing Mentality card": neither effect touches the order.
    amount = s.cards.deuce_value
    if s.cards.deuce_effect == "top-becomes":
        if not s.pile:
            return  # a new pile: no top card to change (issue 14: it does what it can)
        s.pile[-1] = s.pile[-1]._replace(value=amount)
        s._log("deuce-top", value=amount)
        return
    target = next_seat(s.turn, s.num_players)
    cards = s.draw_cards(amount)
    s.hands[target] += cards
    s._log_secret(
        "deuce-draw",
        frozenset({target}),
        {"target": target, "cards": list(cards)},
        {"target": target, "count": len(cards)},
    )


def cosby_take(s: RejectsState, victim: int) -> None:
    seat = s.turn
    realms = [c for c in s.hands[victim] if is_realm(c)]
    if not realms:
        s._log("cosby-nothing", victim=victim)
        s.phase = MAIN
        return
    # 003: "we suggest playing what is currently in play ... so if "Right Wing Mentality" is in
    # play, 1 would be the card to ask for" (option cosby_takes="printed": always the Crown).
    # Equal values: the first realm in the fixed realm order (our decision).
    current = s.reversed_order and s.options.cosby_takes == "current"
    best = max(realms, key=lambda c: (rank(VALUE_OF[c], current), -REALMS.index(REALM_OF[c])))
    s.hands[victim].remove(best)
    forget(s.known, victim, best)
    s.hands[seat].append(best)
    add_public(s.known, s.num_players, seat, [best])
    s._log("cosby-take", seat, card=best, victim=victim)
    s.cosby_target = victim
    s.phase = COSBY_GIVE


def cosby_give(s: RejectsState, card: str) -> None:
    seat, victim = s.turn, s.cosby_target
    assert victim is not None, "The Cosby took from nobody"
    s.hands[seat].remove(card)
    s.hands[victim].append(card)
    add_known(s.known, seat, victim, [card])
    mine = list(s.known.get((victim, seat), ()))
    if card in mine:  # the victim sees that card leave the taker's hand
        mine.remove(card)
        s.known[(victim, seat)] = tuple(mine)
    s._log_secret(
        "cosby-give",
        frozenset({seat, victim}),
        {"card": card, "victim": victim},
        {"victim": victim},
        seat,
    )
    s.cosby_target = None
    s.phase = MAIN


def smuggle(s: RejectsState, card: str) -> None:
    """Smuggle A Mexican: the current player puts `card` face down under it."""
    seat = s.turn
    s.hands[seat].remove(card)
    # 003: "placing one card of your choice under the Chaos Card, then placing them next to
    # the play pile ... Once played, you continue your turn by playing a Realm card".
    s.smuggled.append((seat, card))
    s._log_secret("smuggle", frozenset({seat}), {"card": card}, {}, seat)
    s.phase = MAIN


def hide_illusion(s: RejectsState, card: str) -> None:
    """The Illusionist: the current player chooses the Realm card `card` to put face down."""
    seat = s.turn
    s.hands[seat].remove(card)
    # 003: "When played you place a Realm card facedown declaring its value and realm type"
    s.illusion_card = card
    s._log("hide", seat, frozenset({seat}), card=card)
    s.phase = ILLUSION_DECLARE


def declarable(s: RejectsState) -> list[str]:
    """What the Illusionist may claim: any Realm card that could follow now (our decision:
    the claim must be a legal play, else it would be a lie nobody could accept)."""
    claims = s.may_start(s.fx())
    return [c for c in REALM_CARDS if c in claims]


def declare(s: RejectsState, claim: str) -> None:
    seat, card = s.turn, s.illusion_card
    assert card is not None, "no card was put face down"
    s.pile.append(PileEntry(card, claim, VALUE_OF[claim], seat))
    s.illusion_card = None
    s.illusionist = seat
    s.last_player = seat
    s.moved = True
    s._log("declare", seat, card=claim)
    # 003: "Then your turn is over."
    s.end_turn()


def answer_illusion(s: RejectsState, called: bool) -> None:
    owner, reactor = s.illusionist, s.turn
    assert owner is not None, "no declaration waits for an answer"
    s.illusionist = None
    real, shown, _, _ = s.pile[-1]
    if not called:
        s._log("accept", reactor)
    else:
        # 003: "If they are correct in revealing your dirty lies, you must pick up all the cards
        # in the play pile. If you were truthful and they were wrong by calling bullshit, then
        # that player must pick up the play pile."
        s.pile[-1] = FACE_UP[real]  # turned over: face up at its printed value
        forget(s.known, owner, real)
        lie = real != shown
        s._log("call", reactor, card=real, claim=shown)
        s.end_pile(owner if lie else reactor, ILLUSIONIST)
    if not s.hands[owner]:
        # A face-down card that stands (accepted, or proved true) was the owner's last Realm
        # card played: 003: "You can only win by playing your final card as a Realm card."
        s.end_game(owner, "last-card-face-down")
        return
    s.begin_turn(reactor)


def catch_aids(s: RejectsState, seat: int) -> None:
    s.beside.remove(AIDS)
    s.hands[seat].append(AIDS)
    add_public(s.known, s.num_players, seat, [AIDS])
    s.contagious = False
    s._log("catch-aids", seat=seat)
