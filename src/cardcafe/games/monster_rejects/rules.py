"""Monster Rejects' rules: one `Move` per decision, each with its legality, its reason for
refusal and its effect together (quotes: seed 003_59e5b48f57a6f035.txt, "003"); the phase tables
at the end say which moves each phase allows, in the base game and with the Battle Pack
(phases.py names the phases).

An action of a kind its phase does not allow is refused by the kernel with "not now: <prompt>"
(`engine/rules.py`); a move is only asked about actions of its own kind. The Chaos cards' effects
are in chaos.py; what the moves share (ending a turn, killing the pile) is the state's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardcafe.engine.rules import Move, Phases

from . import chaos
from .actions import (
    ACCEPT,
    CALL,
    DECLARE,
    DRAW,
    END_PLAY,
    GIVE_BACK,
    HIDE,
    PASS,
    PLAY_CHAOS,
    PLAY_ITEM,
    PLAY_REALM,
    TARGET,
    Accept,
    Call,
    Declare,
    Draw,
    EndPlay,
    GiveBack,
    Hide,
    Pass,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from .cards import (
    CENTIPEDE,
    CHAOS_CARDS,
    CULT,
    ITEM_CARDS,
    REALM_OF,
    UNDEAD,
    is_realm,
)
from .follow import adds_on, effective_value, known_adds, known_starts, starts_on
from .knowledge import forget
from .phases import (
    COSBY_GIVE,
    COSBY_TARGET,
    DRAWN,
    GROUP,
    ILLUSION_DECLARE,
    ILLUSION_HIDE,
    MAIN,
    REACT,
    SMUGGLE,
    START,
)
from .pile import FACE_UP, NOBODY, PileEntry
from .shared_events import DREW, OWN_DRAW, PASSED, PLAYED, played
from .words import realm_name, the

if TYPE_CHECKING:
    from cardcafe.engine.words import Words

    from .state import RejectsState

_play_realm = PLAY_REALM.__getitem__  # a Realm card's PlayRealm action
# The Chaos cards among a hand (bound once: see `follow.known_starts`).
_chaos_held = CHAOS_CARDS.intersection

# The PlayChaos actions of a set of Chaos cards held, sorted by card, each with the card's own
# condition (`chaos.OWN_OBSTACLE`): most turns begin with a Chaos card or two in hand.
_CHAOS_OFFERS: dict[frozenset[str], tuple[tuple[PlayChaos, chaos.OwnObstacle], ...]] = {}


def _plays(found: frozenset[str]) -> list[PlayRealm]:
    """The PlayRealm actions of the Realm cards `found` (not empty), sorted by card."""
    # Sorted afresh at each decision, not remembered per set of cards: the sets met are many
    # (12,405 in 3,000 two-player games), and a table of them kept growing, so the garbage
    # collector ran over it again and again (a tenth to a fifth of a random playout).
    cards = [*found]
    cards.sort()  # (`sorted` looks its list's method up by name at every call)
    return [*map(_play_realm, cards)]


# -- words shared by the refusals ----------------------------------------------------------
def _not_held(w: Words, card: str) -> str:
    return f"you do not hold {the(w, card)}"


def _must_play(s: RejectsState, w: Words) -> str:
    """The refusal of a draw or a pass while a Realm card must be played (an item is down, or
    the AIDS player's Undead card is due)."""
    only = f" ({realm_name(w, UNDEAD)} only)" if s.undead_only else ""
    return f"you must now play a Realm card{only}"


def _undead_due(s: RejectsState, card: str) -> bool:
    """Is `card` refused because only Undead cards may be played now? 003: "The AIDS Card must
    be played with only Undead Realm Cards" and, while contagious, "all players can only play
    Undead Realm Cards"."""
    return (s.undead_only or s.contagious) and REALM_OF[card] != UNDEAD


# -- the turn: start, main, drawn ----------------------------------------------------------
class PlayChaosCard(Move["RejectsState", PlayChaos]):
    """003: "At the beginning of a player's turn, that player can choose to play a Chaos card
    and follow its instructions." (FAQ: "You can only play one Chaos card, and only at the
    beginning of your turn": the phase table offers it in `start` alone.) When each card may
    be played: `chaos.obstacle`."""

    action_type = PlayChaos

    def legal(self, state: RejectsState) -> Sequence[PlayChaos]:
        hand = state.hands[state.turn]
        found = _chaos_held(hand)
        if not found:
            return ()
        offers = _CHAOS_OFFERS.get(found)
        if offers is None:  # at most 2**10 sets: one per set of Chaos cards held
            offers = _CHAOS_OFFERS[found] = tuple(
                (PLAY_CHAOS[card], chaos.OWN_OBSTACLE[card]) for card in sorted(found)
            )
        if len(hand) <= chaos.LAST_CARD_HAND:
            return [offer for offer, _ in offers if chaos.obstacle(state, offer.card) is None]
        # With more cards in hand only each card's own condition can stand in the way (the
        # rest of `chaos.obstacle`); a loop, as a comprehension is a function call.
        playable = []
        for offer, own_obstacle in offers:
            if own_obstacle(state, hand) is None:
                playable.append(offer)
        return playable

    def refuse(self, state: RejectsState, action: PlayChaos, w: Words) -> str:
        card = action.card
        if card not in state.hands[state.turn]:
            return _not_held(w, card)
        name = w.card(card)
        why = chaos.obstacle(state, card)
        if why == chaos.LAST_CARD:
            # 003: "Some Chaos cards that would require drawing a card from the pile cannot be
            # played at that time either."
            return f"{name} would leave you no card, and there would be nothing to draw after it"
        if why == chaos.IN_EFFECT:
            return f"{name} is already in effect"
        if why == chaos.NOTHING_UNDER:
            return f"{name} needs another card of yours to put under it"
        if why == chaos.NOBODY_HOLDS:
            return "no other player holds a card to take"
        if why == chaos.NOTHING_TO_DRAW:
            return f"the deck and the graveyard are both empty: {name} needs a card from them"
        if why == chaos.NO_UNDEAD:
            undead = realm_name(w, UNDEAD)
            return f"{name} is played with an {undead} card, and none of yours could follow"
        if why == chaos.NO_REALM:
            return f"{name} needs a Realm card of yours to put face down"
        return f"no Realm card could follow now, so there is nothing to declare with {name}"

    def apply(self, state: RejectsState, action: PlayChaos) -> None:
        state.moved = True
        chaos.play(state, action.card)


class PlayRealmCard(Move["RejectsState", PlayRealm]):
    """003: "You can either play Realm cards of matching value, or Realm cards of higher value
    from the same realm." The first card of a play (follow.py holds what may follow what, with
    the Chaos cards' effects and the Battle Pack items)."""

    action_type = PlayRealm

    def legal(self, state: RejectsState) -> Sequence[PlayRealm]:
        if state.item is not None:
            return [*map(_play_realm, state.startable())]
        # `state.startable()`, the usual case written out (it is most of a turn).
        pile = state.pile
        key = (
            pile[-1] if pile else None,
            state.reversed_order,
            state.cult,
            state.contagious,
            state.trip,
            state.undead_only,
        )
        may = known_starts(key)
        if may is None:
            may = starts_on(key)
        found = may.intersection(state.hands[state.turn])
        return _plays(found) if found else ()

    def refuse(self, state: RejectsState, action: PlayRealm, w: Words) -> str:
        card = action.card
        if card not in state.hands[state.turn]:
            return _not_held(w, card)
        if _undead_due(state, card):
            return f"only {realm_name(w, UNDEAD)} cards may be played now"
        top = the(w, state.pile[-1].shown) if state.pile else "an empty pile"
        if state.cult:
            # 003: "all players must play in consecutive order ignoring Realm types"
            return f"under {w.card(CULT)} only the next value may follow {top}"
        return f"{the(w, card)} cannot follow {top}"

    def apply(self, state: RejectsState, action: PlayRealm) -> None:
        # The card goes on the pile: the first card of a play, or (AddToPlay) one more.
        card = action.card
        seat, item, hand = state.turn, state.item, state.hands[state.turn]
        hand.remove(card)
        if state.known:
            forget(state.known, seat, card)
        if item is None:
            state.events.tail.append(PLAYED[seat][card])
            state.pile.append(FACE_UP[card])
        else:
            value = effective_value(card, item)
            state.events.tail.append(played(seat, card, value))
            state.pile.append(PileEntry(card, card, value, NOBODY))
        group = state.group
        group.append(card)
        state.last_player = seat
        state.moved = True
        # 003 FAQ: "Trip The Fuck Out only lasts for the single play."
        state.trip = False
        if not hand:
            # 003: "The first player to dispose of all cards in their hand wins the game."
            state.end_game(seat, "last-card")
            return
        state.phase = GROUP
        # Could another card join the play? (AddToPlay's legality, asked here: trip is over.)
        key = (
            group[0],
            len(group) == 1,
            item,
            state.reversed_order,
            state.cult,
            state.contagious,
            state.undead_only,
        )
        may = known_adds(key)
        if may is None:
            may = adds_on(key)
        if may.isdisjoint(hand):
            state.end_turn()  # nothing could be added: the play ends by itself


class PlayItemCard(Move["RejectsState", PlayItem]):
    """003 (FAQ): "You can play only one item card per turn with any number of Realm cards."
    (Battle Pack: only its phase table has this move.) Offered only while a Realm card could
    then be played with it."""

    action_type = PlayItem

    def legal(self, state: RejectsState) -> Sequence[PlayItem]:
        if state.item is not None:
            return ()
        hand = state.hands[state.turn]
        return [
            PLAY_ITEM[card]
            for card in sorted(ITEM_CARDS.intersection(hand))
            if state.item_playable(card)
        ]

    def refuse(self, state: RejectsState, action: PlayItem, w: Words) -> str:
        if action.card not in state.hands[state.turn]:
            return _not_held(w, action.card)
        if state.item is not None:
            return f"one item a turn: you are already playing {the(w, state.item)}"
        return f"none of your Realm cards could be played with {the(w, action.card)}"

    def apply(self, state: RejectsState, action: PlayItem) -> None:
        item, seat = action.card, state.turn
        state.hands[seat].remove(item)
        forget(state.known, seat, item)
        state.item = item
        state.graveyard.append(item)
        if state.phase == START:
            state.phase = MAIN  # 003: Chaos cards "only at the beginning of your turn"
        state.moved = True
        state._log("play-item", seat, card=item)


class DrawCard(Move["RejectsState", Draw]):
    """003: "If you are unable or choose not to play a Realm card, you must draw a card from
    the deck." Not once an item is down (it is played with Realm cards), nor by the AIDS player
    (their Undead card was checked when AIDS was played)."""

    action_type = Draw

    def legal(self, state: RejectsState) -> Sequence[Draw]:
        if state.item is None and not state.undead_only and (state.deck or state.graveyard):
            return (DRAW,)
        return ()

    def refuse(self, state: RejectsState, action: Draw, w: Words) -> str:
        if not state.can_draw():
            return "the deck and the graveyard are both empty: you cannot draw"
        return _must_play(state, w)

    def apply(self, state: RejectsState, action: Draw) -> None:
        seat = state.turn
        card = state.deck.pop() if state.deck else state.draw_cards(1)[0]
        state.hands[seat].append(card)
        state.moved = True
        events = state.events
        events.tail.append(OWN_DRAW[seat][card])  # the drawer's line
        events.tail.append(DREW[seat])  # everyone else's
        state.phase = DRAWN


class PassTurn(Move["RejectsState", Pass]):
    """003: "If you still cannot play a Realm card after drawing, you must pass and your turn
    ends." And with nothing to draw: "If they can't go, they simply pass, without drawing a
    card." """

    action_type = Pass

    def legal(self, state: RejectsState) -> Sequence[Pass]:
        if state.item is not None:
            return ()  # an item is played with Realm cards
        if state.phase == DRAWN:
            return (PASS,)
        if state.undead_only or state.deck or state.graveyard or state.startable():
            return ()  # play, or draw first
        return (PASS,)

    def refuse(self, state: RejectsState, action: Pass, w: Words) -> str:
        if state.item is not None or state.undead_only:
            return _must_play(state, w)
        if state.can_draw():
            # 003: "If you are unable or choose not to play a Realm card, you must draw a card"
            return "you must draw a card before you can pass"
        return "you can still play a Realm card: you pass only when you cannot"

    def apply(self, state: RejectsState, action: Pass) -> None:
        seat = state.turn
        state.events.tail.append(PASSED[seat])
        if state.contagious:
            # 003: "If they cannot play an Undead Realm card, they must pick up the AIDS card
            # into their hand and the pile will no longer be contagious."
            chaos.catch_aids(state, seat)
        state.end_turn()


# -- a play under way ----------------------------------------------------------------------
class AddToPlay(PlayRealmCard):
    """003: "You can play multiple cards at once if they are the same value"; with the Human
    Centipede, "you can only use 2 Realm cards from the same Realm" (follow.py). Its effect is
    `PlayRealmCard`'s: the card goes on the pile."""

    def legal(self, state: RejectsState) -> Sequence[PlayRealm]:
        # `state.addable()`, written out (every play passes here).
        group = state.group
        key = (
            group[0],
            len(group) == 1,
            state.item,
            state.reversed_order,
            state.cult,
            state.contagious,
            state.undead_only,
        )
        may = known_adds(key)
        if may is None:
            may = adds_on(key)
        found = may.intersection(state.hands[state.turn])
        return _plays(found) if found else ()

    def refuse(self, state: RejectsState, action: PlayRealm, w: Words) -> str:
        card = action.card
        if card not in state.hands[state.turn]:
            return _not_held(w, card)
        if _undead_due(state, card):
            return f"only {realm_name(w, UNDEAD)} cards may be played now"
        if state.item == CENTIPEDE:
            return f"with {the(w, CENTIPEDE)} a play is two cards of one realm, the second higher"
        first = state.group[0]
        return f"a play is of one value: {the(w, card)} cannot join {the(w, first)}"


class EndThePlay(Move["RejectsState", EndPlay]):
    """Stop adding cards: the turn ends (003: "You can play multiple cards at once": or one)."""

    action_type = EndPlay

    def legal(self, state: RejectsState) -> Sequence[EndPlay]:
        return (END_PLAY,)

    def refuse(self, state: RejectsState, action: EndPlay, w: Words) -> str:
        raise AssertionError("a play under way may always end")

    def apply(self, state: RejectsState, action: EndPlay) -> None:
        state.end_turn()


# -- answering an Illusionist --------------------------------------------------------------
class AnswerDeclaration(Move["RejectsState", Accept | Call]):
    """003: "The next player can let your declaration pass or decide to call "BULLSHIT" if they
    don't believe your declaration, and then reveal your face down card." One decision, both
    answers always open."""

    action_type = Accept
    also_decides = (Call,)

    def legal(self, state: RejectsState) -> Sequence[Accept | Call]:
        return (ACCEPT, CALL)

    def refuse(self, state: RejectsState, action: Accept | Call, w: Words) -> str:
        raise AssertionError("a declaration may always be accepted or called")

    def apply(self, state: RejectsState, action: Accept | Call) -> None:
        chaos.answer_illusion(state, called=type(action) is Call)


# -- a Chaos card's choices ----------------------------------------------------------------
class SmuggleCard(Move["RejectsState", Hide]):
    """003: "You can smuggle any single card of your choosing. It can be any single Chaos Card
    or any single Realm card." """

    action_type = Hide

    def legal(self, state: RejectsState) -> Sequence[Hide]:
        return [HIDE[card] for card in sorted(set(state.hands[state.turn]))]

    def refuse(self, state: RejectsState, action: Hide, w: Words) -> str:
        return _not_held(w, action.card)

    def apply(self, state: RejectsState, action: Hide) -> None:
        chaos.smuggle(state, action.card)


class TakeFrom(Move["RejectsState", Target]):
    """The Cosby: the player whose highest Realm card is taken (003: "Technically the Law Book
    states to give the highest value Realm card"): any other player holding cards."""

    action_type = Target

    def legal(self, state: RejectsState) -> Sequence[Target]:
        me, hands = state.turn, state.hands
        return [TARGET[q] for q in range(state.num_players) if q != me and hands[q]]

    def refuse(self, state: RejectsState, action: Target, w: Words) -> str:
        seat = action.seat
        if seat >= state.num_players:
            return f"this table has only {state.num_players} players"
        if seat == state.turn:
            return "you cannot take from yourself"
        return f"{w.Seat(seat)} holds no cards"

    def apply(self, state: RejectsState, action: Target) -> None:
        chaos.cosby_take(state, action.seat)


class GiveCardBack(Move["RejectsState", GiveBack]):
    """The Cosby: 003: "the player can give back any card of their choosing. It can be the same
    card they just received, a Chaos card, or any Realm card that they don't like." """

    action_type = GiveBack

    def legal(self, state: RejectsState) -> Sequence[GiveBack]:
        return [GIVE_BACK[card] for card in sorted(set(state.hands[state.turn]))]

    def refuse(self, state: RejectsState, action: GiveBack, w: Words) -> str:
        return _not_held(w, action.card)

    def apply(self, state: RejectsState, action: GiveBack) -> None:
        chaos.cosby_give(state, action.card)


class HideIllusion(Move["RejectsState", Hide]):
    """The Illusionist: 003: "When played you place a Realm card facedown"."""

    action_type = Hide

    def legal(self, state: RejectsState) -> Sequence[Hide]:
        return [HIDE[card] for card in sorted(set(state.hands[state.turn])) if is_realm(card)]

    def refuse(self, state: RejectsState, action: Hide, w: Words) -> str:
        if action.card not in state.hands[state.turn]:
            return _not_held(w, action.card)
        return "the card put face down must be a Realm card"

    def apply(self, state: RejectsState, action: Hide) -> None:
        chaos.hide_illusion(state, action.card)


class DeclareCard(Move["RejectsState", Declare]):
    """The Illusionist: 003: "declaring its value and realm type (or a made up value/realm
    type) out loud. Then your turn is over." A claim must be a card that could follow now (our
    decision: `chaos.declarable`)."""

    action_type = Declare

    def legal(self, state: RejectsState) -> Sequence[Declare]:
        return [DECLARE[card] for card in chaos.declarable(state)]

    def refuse(self, state: RejectsState, action: Declare, w: Words) -> str:
        top = the(w, state.pile[-1].shown) if state.pile else "an empty pile"
        return f"{the(w, action.card)} could not follow {top}: declare a card that could"

    def apply(self, state: RejectsState, action: Declare) -> None:
        chaos.declare(state, action.card)


# -- the phase tables ----------------------------------------------------------------------
def _phases(battle_pack: bool) -> Phases[RejectsState]:
    """The phase table of the base game, or with the Battle Pack's items (played in the turn:
    the base game has none, so its turn offers no item move)."""
    play, draw, pass_turn = PlayRealmCard(), DrawCard(), PassTurn()
    item = (PlayItemCard(),) if battle_pack else ()
    # In each phase, its moves' actions are listed in this order (seeded bots pick by index).
    return Phases(
        {
            REACT: (AnswerDeclaration(),),
            # 003 (FAQ): "You can only play one Chaos card, and only at the beginning of your
            # turn."
            START: (PlayChaosCard(), play, *item, draw, pass_turn),
            MAIN: (play, *item, draw, pass_turn),
            # 003 (FAQ): "If I can't go on my turn and I draw a card, can I play after I draw?
            # A: Yes, but it can only be a Realm card played."
            DRAWN: (play, *item, pass_turn),
            GROUP: (AddToPlay(), EndThePlay()),
            SMUGGLE: (SmuggleCard(),),
            COSBY_TARGET: (TakeFrom(),),
            COSBY_GIVE: (GiveCardBack(),),
            ILLUSION_HIDE: (HideIllusion(),),
            ILLUSION_DECLARE: (DeclareCard(),),
        }
    )


PHASES = _phases(battle_pack=False)
BATTLE_PACK_PHASES = _phases(battle_pack=True)
