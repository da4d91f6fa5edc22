"""Monster Rejects: the state, the turn and the pile. The rules (each decision's legality,
refusal and effect) are the moves of rules.py; the Chaos cards' effects are in chaos.py; the
phases are named in phases.py. Seats are numbered clockwise; "your left" is the next seat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcafe.engine import OVER
from cardcafe.engine.mechanics import best_by, next_seat
from cardcafe.engine.rules import RuledState

from . import rules, words
from .cards import (
    AIDS,
    CHAOS,
    CROWN,
    CULT,
    ILLUSIONIST,
    ITEM_MODIFIER,
    REALM_OF,
    RIGHT_WING,
    TRIP,
    VALUE_OF,
    CardSet,
    is_realm,
)
from .chance import draw_reshuffling, shuffle
from .follow import (
    Effects,
    Flags,
    Top,
    adds,
    can_continue,
    can_start,
    effective_value,
    known_starts,
    starts,
    starts_on,
)
from .knowledge import add_known, add_public, forget, redeal
from .options import RejectsOptions
from .phases import REACT, START
from .pile import NOBODY, PileEntry
from .shared_events import pile_killed

if TYPE_CHECKING:
    from cardcafe.engine import Action, Game
    from cardcafe.engine.view import Breakdown
    from cardcafe.engine.words import Words

HAND_SIZE = 8  # 003: "each player draws 8 cards from the deck"


class RejectsState(RuledState[RejectsOptions]):
    """A game of Monster Rejects (a game with the Battle Pack is a `BattlePackState`)."""

    PHASES = rules.PHASES  # each phase's moves: the rules, in rules.py

    # Fields a random playout seldom touches, kept in slots: CPython 3.11 lays out at most 29
    # attributes in an instance's shared layout, and past that gives the instance a
    # dictionary of its own, where no method lookup on the state is specialized (with all 40
    # fields in the dictionary a random playout took 5% more instructions). The kernel copies
    # and compares them with the rest (`State.fields`); `test_rejects_speed` keeps the
    # attributes within 29.
    __slots__ = (
        "cards",
        "cosby_target",
        "deck_origin",
        "decks",
        "end_reason",
        "first_draws",
        "illusion_card",
        "illusionist",
        # `is_over` read as a field, not `PhasedState`'s property: a random playout asks it
        # before every decision, and a property costs a call from C each time. Set with the
        # phase `OVER` (`end_game`, positions).
        "is_over",
        "last_player",
        "turn_limit",
        "winner",
    )
    is_over: bool

    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        options: RejectsOptions,
        seed: int | None,
        cards: CardSet,
        decks: int,
        turn_limit: int,
    ):
        super().__init__(game, players, options, seed)
        self.cards = cards
        self.decks = decks
        self.turn_limit = turn_limit
        self.deck = cards.deck(decks, options.battle_pack)
        shuffle(self.deck, self.rng)
        self.graveyard: list[str] = []
        # The cards of a deck made from the graveyard (public: everyone saw them go in).
        self.deck_origin: tuple[str, ...] | None = None
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.pile: list[PileEntry] = []  # bottom first
        self.beside: list[str] = []  # Chaos cards in effect until the pile dies
        self.smuggled: list[tuple[int, str]] = []  # (owner, face-down card) beside the pile
        self.reversed_order = self.cult = self.contagious = False
        self.last_player: int | None = None  # who played the pile's top Realm card
        self.known: dict[tuple[int, int], tuple[str, ...]] = {}
        self.turns = 0
        self.quiet = 0  # turns in a row in which nobody moved a card
        self.winner: int | None = None
        self.end_reason: str | None = None  # an id of words.END_REASONS once over
        self.phase = START
        self.is_over = False
        self.turn = 0
        self._reset_turn()
        self.cosby_target: int | None = None
        self.illusion_card: str | None = None  # chosen, not yet declared
        self.illusionist: int | None = None  # whose declaration waits for an answer
        self.first_draws: tuple[tuple[str | None, ...], ...] = ()  # None: not drawing
        self._log("start", players=players, decks=decks, deck=len(self.deck))
        self._choose_first_player()
        # 003: "In clockwise order, each player draws 8 cards from the deck."
        for step in range(players):
            seat = next_seat(self.turn, players, step)
            self.hands[seat] = draw_reshuffling(self.deck, self.graveyard, HAND_SIZE, self)
        self.begin_turn(self.turn)

    # -- setup ---------------------------------------------------------------------------
    def _choose_first_player(self) -> None:
        # 003: "Each player draws a card from the deck. Highest value goes first (Chaos cards
        # count as 0)." Ties (our rule): the tied players draw again until one is highest; every
        # card drawn is then shuffled back.
        deck, worth = self.deck, VALUE_OF.get  # Chaos cards are not in VALUE_OF
        drawn: list[str] = []
        rounds = []
        contenders = list(range(self.num_players))
        while len(contenders) > 1 and deck:
            draws: list[str | None] = [None] * self.num_players
            worths = {}  # each card drawn this round by its seat: what it is worth
            for seat in contenders:
                if deck:
                    card = draws[seat] = deck.pop()
                    drawn.append(card)
                    worths[seat] = worth(card, 0)
            rounds.append(tuple(draws))
            self._log("first-draw", draws=draws)
            best = max(worths.values())
            contenders = [seat for seat, value in worths.items() if value == best]
        self.turn = contenders[0]
        self.first_draws = tuple(rounds)
        self.deck += drawn
        shuffle(self.deck, self.rng)
        self._log("first-player", seat=self.turn)

    # -- the contract --------------------------------------------------------------------
    def _prompt(self, w: Words) -> str:
        return words.prompt(self, w)

    def _describe(self, action: Action, w: Words) -> str:
        return words.describe(self, action, w)

    @property
    def all_cards(self) -> Counter[str]:
        """How many copies of each card the game holds: the table's, shared by every game at
        it (the state keeps no copy)."""
        return self.cards.supply(self.decks, self.options.battle_pack)

    # -- the pile ------------------------------------------------------------------------
    def top(self) -> Top | None:
        if not self.pile:
            return None
        _, shown, value, _ = self.pile[-1]
        return Top(REALM_OF[shown], value)

    def fx(self) -> Flags:
        """The effects in force, as a tuple in the order of `Effects`' fields."""
        return (self.reversed_order, self.cult, self.contagious, self.trip, self.undead_only)

    def effects(self) -> Effects:
        return Effects(*self.fx())

    def may_start(self, flags: Flags) -> frozenset[str]:
        """The Realm cards that may begin a play on the pile now without an item, whoever holds
        them, under the effects `flags` (`fx()`, or as they would be)."""
        # The flat table the moves read (follow.STARTS_ON): every start of a turn asks here for
        # AIDS and the Illusionist in hand.
        pile = self.pile
        key = (pile[-1] if pile else None, *flags)
        found = known_starts(key)
        return found if found is not None else starts_on(key)

    def startable(self, item: str | None = None) -> list[str]:
        """The Realm cards of the current hand that may begin a play now, sorted."""
        item = item or self.item
        hand = self.hands[self.turn]
        if item is None:
            flags = (self.reversed_order, self.cult, self.contagious, self.trip, self.undead_only)
            pile = self.pile
            if pile:
                _, shown, value, _ = pile[-1]
                return sorted(starts(shown, value, flags).intersection(hand))
            return sorted(starts(None, 0, flags).intersection(hand))
        top, fx = self.top(), self.effects()
        return [
            c
            for c in sorted(set(hand))
            if is_realm(c) and can_start(c, effective_value(c, item), top, fx)
        ]

    def addable(self) -> list[str]:
        """The Realm cards of the current hand that may join the play under way, sorted."""
        group = self.group
        may = adds(group[0], len(group), self.item, self.fx())
        return sorted(may.intersection(self.hands[self.turn]))

    def can_draw(self) -> bool:
        return bool(self.deck or self.graveyard)

    def item_playable(self, item: str) -> bool:
        """May the current player play the Battle Pack item `item` now: could a Realm card
        of theirs then begin a play with it (two, for the Human Centipede)?"""
        if item not in ITEM_MODIFIER:
            return False
        first = self.startable(item)
        if item != "human-centipede":
            return bool(first)
        fx, hand = self.effects(), self.hands[self.turn]
        return any(can_continue(c, f, 1, item, fx) for f in first for c in hand if is_realm(c))

    def end_pile(self, taker: int | None, by: str | None) -> None:
        """The pile dies: to the graveyard (`taker` None) or into `taker`'s hand, by the Chaos
        card `by` (None: everyone passed). Chaos effects lasting "until the play pile is killed"
        end with it."""
        # 003: "Once the Chaos card's task is complete, it is placed into the Graveyard".
        # The graveyard is face up (our decision), so face-down cards going there are shown.
        pile, smuggled = self.pile, self.smuggled
        # One pass over the pile, not two comprehensions (a call each): most piles die face
        # up, everyone having passed.
        reals: list[str] = []
        down: list[PileEntry] = []  # Illusionists' cards
        for entry in pile:
            reals.append(entry[0])  # `real` (by index: the cheapest read of a named tuple)
            if entry[3] != NOBODY:  # `owner`
                down.append(entry)
        if taker is None:
            for real, _, _, owner in down:
                forget(self.known, owner, real)
        for owner, card in smuggled:
            forget(self.known, owner, card)
        if taker is None:
            self.graveyard += reals
            if reals:
                self.events.tail.append(pile_killed(by, len(reals)))
            for real, shown, _, _ in down:
                if real != shown:
                    self._log("revealed", card=real)
        else:
            self.hands[taker] += reals
            faceup = [entry.real for entry in pile if entry.owner == NOBODY]
            add_public(self.known, self.num_players, taker, faceup)
            hidden = len(reals) - len(faceup)
            self._log("pile-taken", taker=taker, by=by, count=len(reals), hidden=hidden)
            for real, _, _, owner in down:
                # Who put it face down knows it too: it now lies in the taker's hand.
                add_known(self.known, owner, taker, [real])
                self._log("face-down-picked", None, frozenset({taker}), taker=taker, card=real)
        for owner, card in smuggled:
            self._log("smuggled-discarded", owner=owner, card=card)
            self.graveyard.append(card)
        if self.beside:
            self.graveyard += self.beside
        self.pile, self.beside, self.smuggled = [], [], []
        self.reversed_order = self.cult = self.contagious = False
        self.last_player = None

    # -- the turn ------------------------------------------------------------------------
    def _reset_turn(self) -> None:
        self.trip = False  # Trip The Fuck Out: for this one play
        self.undead_only = False  # AIDS: this player's play must be Undead
        self.item: str | None = None  # Battle Pack: the item for this play
        self.group: list[str] = []  # the Realm cards of this play so far
        self.moved = False

    def begin_turn(self, seat: int) -> None:
        """`seat`'s turn begins (or the game ends, by our stalemate rule or the turn limit)."""
        self.turn = seat
        # `_reset_turn()`, written out: every turn passes here.
        self.trip = self.undead_only = self.moved = False
        self.item = None
        self.group = []
        if self.quiet >= self.num_players:
            # Our stalemate rule: a whole round in which nobody could move a card.
            self.end_game(None, "stalemate")
            return
        if self.turns >= self.turn_limit:
            self.end_game(None, "limit")
            return
        self.turns += 1
        if self.pile and self.last_player == seat:
            # 003: "If every player passes, the play pile is killed and discarded. The last
            # player who played a card to the play pile starts a new play pile."
            self.end_pile(None, None)
        self.phase = START

    def end_turn(self) -> None:
        """The current player's turn ends: the next seat clockwise answers a waiting
        Illusionist, or begins its turn."""
        self.quiet = 0 if self.moved else self.quiet + 1
        following = (self.turn + 1) % self.num_players  # the next seat clockwise
        if self.illusionist is not None:
            self.turn, self.phase = following, REACT
            return
        self.begin_turn(following)

    def draw_cards(self, count: int) -> list[str]:
        """Up to `count` cards from the deck; when it runs out, 003: "Re-shuffle all the
        discarded cards (graveyard pile) to make a new draw pile." """
        reshuffled = tuple(sorted(self.graveyard)) if len(self.deck) < count else None
        cards = draw_reshuffling(self.deck, self.graveyard, count, self)
        if reshuffled:
            self.deck_origin = reshuffled
            self._log("reshuffle")
        return cards

    def end_game(self, winner: int | None, why: str) -> None:
        """The game ends, won by `winner` (None: the fewest cards win); `why`: an id of
        words.END_REASONS."""
        self.phase = OVER
        self.is_over = True
        self.winner = winner
        self.end_reason = why
        if winner is not None:
            card = ILLUSIONIST if why == "last-card-face-down" else None
            self._log("win", winner=winner, card=card)
        elif why == "limit":
            self._log("limit", limit=self.turn_limit, winners=self.winners())
        else:
            self._log("stalemate", winners=self.winners())

    # -- results -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        # Our decision: minus the cards left in hand (the winner has 0).
        return [-len(hand) for hand in self.hands]

    def winners(self) -> list[int]:
        if self.winner is not None:
            return [self.winner]
        return best_by([(s,) for s in self.scores()]) if self.is_over else []

    def breakdown(self) -> tuple[str, Breakdown] | None:
        if not self.is_over:
            return None
        return words.BREAKDOWN_TITLE, [
            words.breakdown(hand, seat == self.winner) for seat, hand in enumerate(self.hands)
        ]

    # -- what players see ----------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        pile = []
        for real, shown, value, owner in self.pile:
            entry = {"card": shown, "value": value, "face_down": owner != NOBODY}
            if owner != NOBODY and owner == player:
                entry["really"] = real
            pile.append(entry)
        return {
            "phase": words.PHASES[self.phase],
            "hand": sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "graveyard": list(self.graveyard),
            "pile": pile,
            "beside": list(self.beside),
            "smuggled": [
                {"owner": o, "card": c if o == player else None} for o, c in self.smuggled
            ],
            "in_force": self.in_force(),
            "item": self.item,
            "play_so_far": list(self.group),
            "last_player": self.last_player,
            "cosby_target": self.cosby_target,
            "illusion_card": self.illusion_card if player == self.turn else None,
            "illusionist": self.illusionist,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "first_draws": [list(r) for r in self.first_draws],
            "end_reason": words.END_REASONS[self.end_reason] if self.end_reason else None,
            # What may go on the pile next, from the rules' own tables (follow.py); the same
            # words for every seat (it speaks of a face-down card as declared).
            "next_play_text": words.next_play(self),
        }

    def in_force(self) -> list[str]:
        """The Chaos cards whose effect holds now, in the order of the Chaos cards."""
        on = {
            RIGHT_WING: self.reversed_order,
            TRIP: self.trip,
            CULT: self.cult,
            AIDS: self.contagious or self.undead_only,
        }
        return [card for card in CHAOS if on.get(card)]

    def _to_position(self, seat: int | None) -> dict[str, Any]:
        from .position import state_to_position  # position.py builds states: imports this

        return state_to_position(self, seat)

    def _clone_into(self, new: RejectsState) -> None:
        # The fields kept in slots, each written out (a loop of setattr and getattr made a
        # clone a third dearer).
        new.cards, new.decks, new.turn_limit = self.cards, self.decks, self.turn_limit
        new.deck_origin, new.first_draws = self.deck_origin, self.first_draws
        new.last_player, new.is_over = self.last_player, self.is_over
        new.winner, new.end_reason = self.winner, self.end_reason
        new.cosby_target, new.illusionist = self.cosby_target, self.illusionist
        new.illusion_card = self.illusion_card
        new.deck = self.deck[:]
        new.graveyard = self.graveyard[:]
        new.hands = [*map(list.copy, self.hands)]
        new.pile = self.pile[:]
        new.beside = self.beside[:]
        new.smuggled = self.smuggled[:]
        new.known = self.known.copy()
        new.group = self.group[:]

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Hidden from `player`: others' hands, the deck, face-down cards of others. A smuggled
        # card may be any card (003: "It can be any single Chaos Card or any single Realm
        # card"); an Illusionist's face-down card (in the pile, or chosen and not yet declared)
        # is a Realm card (003: "you place a Realm card facedown"), so only a hidden Realm card
        # may take its place: a Chaos card there could not be revealed (issue: KeyError).
        pile, smuggled = self.pile, self.smuggled
        down = [i for i, e in enumerate(pile) if e.owner not in (NOBODY, player)] if pile else []
        smug = [i for i, (o, _) in enumerate(smuggled) if o != player] if smuggled else []
        pending = self.illusion_card if self.turn != player else None  # chosen, not declared
        hands, deck, known, origin = self.hands, self.deck, self.known, self.deck_origin
        if not (down or smug or pending):
            redeal(player, hands, deck, [], known, rng, origin)  # the usual case: no card down
        else:
            faces = [[pile[i].real for i in down], [] if pending is None else [pending]]
            hidden = [smuggled[i][1] for i in smug]
            redeal(player, hands, deck, [hidden], known, rng, origin, faces)
            for i, card in zip(down, faces[0], strict=True):
                pile[i] = pile[i]._replace(real=card)
            for i, card in zip(smug, hidden, strict=True):
                smuggled[i] = (smuggled[i][0], card)
            if pending is not None:
                self.illusion_card = faces[1][0]
        # What others know is theirs alone: a bot for `player` must not read it.
        if known:
            self.known = {k: v for k, v in known.items() if k[0] == player}

    def check_invariants(self) -> None:
        everywhere = [*self.deck, *self.graveyard, *self.beside]
        for hand in self.hands:
            everywhere += hand
        everywhere += [e.real for e in self.pile] + [c for _, c in self.smuggled]
        if self.illusion_card is not None:
            everywhere.append(self.illusion_card)
        seen = Counter(everywhere)
        assert seen == self.all_cards, "cards were created or lost"
        for _, shown, value, owner in self.pile:
            assert is_realm(shown) and 1 <= value <= CROWN
            assert owner == NOBODY or 0 <= owner < self.num_players
        assert self.is_over == (self.phase == OVER), "the game's end and its phase disagree"
        if self.phase == OVER and self.winner is not None:
            assert not self.hands[self.winner], "the winner still holds cards"
        # A lasting effect is on exactly while its card lies beside the pile (it ends with it).
        beside = Counter(self.beside)
        assert self.reversed_order == (beside[RIGHT_WING] > 0), "Right Wing Mentality"
        assert self.cult == (beside[CULT] > 0), "Join The Cult"
        assert self.contagious == (beside[AIDS] > 0), "AIDS"


class BattlePackState(RejectsState):
    """A game with the Battle Pack: its turn also offers the items (rules.PlayItemCard)."""

    PHASES = rules.BATTLE_PACK_PHASES


def state_class(options: RejectsOptions) -> type[RejectsState]:
    """The state class of a game with `options`: the phase table follows the edition."""
    return BattlePackState if options.battle_pack else RejectsState
