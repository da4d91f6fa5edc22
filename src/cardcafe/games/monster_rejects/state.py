"""Monster Rejects: the state, the turn and the pile. Chaos cards are in chaos.py.

A turn is a sequence of small actions through these phases:
  react   - the Illusionist's declaration waits for this player: accept or call
  start   - beginning of the turn: one Chaos card allowed, or go straight to the Realm cards
  main    - play the first Realm card of a play (or an item first), or draw
  drawn   - after the draw: play a Realm card, or pass
  group   - a play is under way: add a card of the same value, or end the play
  smuggle / cosby-target / cosby-give / illusion-hide / illusion-declare - a Chaos card's choices
Seats are numbered clockwise; "your left" is the next seat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardcafe.engine import OVER, PhasedState
from cardcafe.engine.cards import best_by, next_seat

from . import chaos, words
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
    AIDS,
    CHAOS,
    CHAOS_CARDS,
    CROWN,
    CULT,
    ILLUSIONIST,
    ITEM_CARDS,
    ITEM_MODIFIER,
    REALM_OF,
    RIGHT_WING,
    TRIP,
    UNDEAD,
    VALUE_OF,
    CardSet,
    is_realm,
)
from .chance import draw_reshuffling, shuffle
from .follow import (
    STARTS,
    Effects,
    Flags,
    Top,
    adds,
    can_continue,
    can_start,
    effective_value,
    starts,
)
from .knowledge import add_known, add_public, forget, redeal
from .shared_events import DREW, OWN_DRAW, PASSED, PLAYED, pile_killed, played

HAND_SIZE = 8  # 003: "each player draws 8 cards from the deck"
REACT, START, MAIN, DRAWN, GROUP = "react", "start", "main", "drawn", "group"
SMUGGLE, COSBY_TARGET, COSBY_GIVE = "smuggle", "cosby-target", "cosby-give"
ILLUSION_HIDE, ILLUSION_DECLARE = "illusion-hide", "illusion-declare"
NOBODY = -1  # the owner of a face-up pile card
_play_realm = PLAY_REALM.__getitem__  # a Realm card's PlayRealm action


class RejectsState(PhasedState):
    def __init__(
        self,
        game,
        players: int,
        options,
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
        # The pile, bottom first: (real card, card shown, value now, face-down owner or NOBODY).
        self.pile: list[tuple[str, str, int, int]] = []
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
        self._begin_turn(self.turn)

    # -- setup ---------------------------------------------------------------------------
    def _choose_first_player(self) -> None:
        # 003: "Each player draws a card from the deck. Highest value goes first (Chaos cards
        # count as 0)." Ties (our rule): the tied players draw again until one is highest; every
        # card drawn is then shuffled back.
        drawn: list[str] = []
        rounds = []
        contenders = list(range(self.num_players))
        while len(contenders) > 1 and self.deck:
            cards = {seat: self.deck.pop() for seat in contenders if self.deck}
            drawn += cards.values()
            rounds.append(tuple(cards.get(s) for s in range(self.num_players)))
            self._log("first-draw", draws=list(rounds[-1]))
            best = max(VALUE_OF.get(c, 0) for c in cards.values())
            contenders = [s for s, c in cards.items() if VALUE_OF.get(c, 0) == best]
        self.turn = contenders[0]
        self.first_draws = tuple(rounds)
        self.deck += drawn
        shuffle(self.deck, self.rng)
        self._log("first-player", seat=self.turn)

    # -- the contract --------------------------------------------------------------------
    def _prompt(self, w) -> str:
        return words.prompt(self, w)

    def _describe(self, action, w) -> str:
        return words.describe(self, action, w)

    def _legal_actions(self) -> list:
        phase = self.phase
        if phase in (START, DRAWN, MAIN):
            return self._turn_actions(phase)
        if phase == GROUP:
            group = self.group
            may = adds(group[0], len(group), self.item, self.fx())
            return [*map(_play_realm, sorted(may.intersection(self.hands[self.turn]))), END_PLAY]
        return self._choice_actions(phase)

    def _choice_actions(self, phase: str) -> list:
        """The moves of the other phases: answering an Illusionist, a Chaos card's choices."""
        hand = self.hands[self.turn]
        if phase == REACT:
            return [ACCEPT, CALL]
        if phase == SMUGGLE:
            # 003: "You can smuggle any single card of your choosing."
            return [HIDE[c] for c in sorted(set(hand))]
        if phase == COSBY_TARGET:
            return [TARGET[q] for q in range(self.num_players) if q != self.turn and self.hands[q]]
        if phase == COSBY_GIVE:
            # 003: "the player can give back any card of their choosing."
            return [GIVE_BACK[c] for c in sorted(set(hand))]
        if phase == ILLUSION_HIDE:
            return [HIDE[c] for c in sorted(set(hand)) if is_realm(c)]
        if phase == ILLUSION_DECLARE:
            return [DECLARE[c] for c in chaos.declarable(self)]
        return self._turn_actions(phase)

    def _turn_actions(self, phase: str) -> list:
        """The moves of the phases start, main and drawn: a Chaos card (start only), the first
        Realm card of a play, an item, a draw or a pass."""
        hand = self.hands[self.turn]
        if self.item is None:  # `startable()`, the usual case written out (it is most of a turn)
            flags = (self.reversed_order, self.cult, self.contagious, self.trip, self.undead_only)
            pile = self.pile
            key = (pile[-1][1], pile[-1][2], flags) if pile else (None, 0, flags)
            may = STARTS.get(key)
            if may is None:
                may = starts(*key)
            first = sorted(may.intersection(hand))
        else:
            # An item is only played together with Realm cards: nothing else is offered.
            return [*map(_play_realm, self.startable())]
        if phase == START and not CHAOS_CARDS.isdisjoint(hand):
            actions = [
                PLAY_CHAOS[card]
                for card in sorted(CHAOS_CARDS.intersection(hand))
                if chaos.playable(self, card)
            ]
            actions += map(_play_realm, first)
        else:
            actions = [*map(_play_realm, first)]
        if self.options.battle_pack:
            for card in sorted(ITEM_CARDS.intersection(hand)):
                if self._item_playable(card):
                    actions.append(PLAY_ITEM[card])
        if phase == DRAWN:
            # 003: "If you still cannot play a Realm card after drawing, you must pass"
            actions.append(PASS)
            return actions
        if self.undead_only:
            return actions  # the AIDS player plays their Undead card: checked when AIDS was played
        if self.deck or self.graveyard:
            # 003: "If you are unable or choose not to play a Realm card, you must draw a card"
            actions.append(DRAW)
        elif not first:
            # 003: "If they can't go, they simply pass, without drawing a card."
            actions.append(PASS)
        return actions

    def why_illegal(self, action) -> str:
        w = self.words(self.turn)
        if isinstance(action, PlayChaos) and self.phase not in (START, REACT):
            return "a Chaos card can only be played at the beginning of your turn"
        if isinstance(action, PlayChaos | PlayRealm | PlayItem | Hide | GiveBack) and (
            action.card not in self.hands[self.turn]
        ):
            return f"you hold no {w.card(action.card)}"
        if isinstance(action, PlayRealm) and self.phase in (START, MAIN, DRAWN):
            top = f"the {w.card(self.pile[-1][1])}" if self.pile else "an empty pile"
            return f"the {w.card(action.card)} cannot follow {top}"
        if isinstance(action, Draw) and not self.can_draw():
            return "the deck and the graveyard are both empty: you cannot draw"
        waiting = self.phase in (START, MAIN, DRAWN) and (self.undead_only or self.item is not None)
        if isinstance(action, Pass | Draw) and waiting:
            only = f" ({words.realm_name(w, UNDEAD)} only)" if self.undead_only else ""
            return f"you must now play a Realm card{only}"
        if isinstance(action, Pass) and self.phase in (START, MAIN) and self.can_draw():
            # 003: "If you are unable or choose not to play a Realm card, you must draw a card"
            return "you must draw a card before you can pass"
        return super().why_illegal(action)

    def _apply(self, action) -> None:
        kind = type(action)  # the most frequent first
        if kind is Draw:
            self._draw()
        elif kind is PlayRealm:
            self._play_realm(action.card)
        elif kind is Pass:
            self._pass()
        elif kind is EndPlay:
            self._end_turn()
        elif kind is PlayChaos:
            self.moved = True
            chaos.play(self, action.card)
        elif kind is Accept or kind is Call:
            chaos.answer_illusion(self, kind is Call)
        elif kind is PlayItem:
            self._play_item(action.card)
        elif kind is Target:
            chaos.cosby_take(self, action.seat)
        elif kind is GiveBack:
            chaos.cosby_give(self, action.card)
        elif kind is Hide:
            chaos.hide(self, action.card)
        else:
            chaos.declare(self, action.card)

    @property
    def all_cards(self) -> Counter:
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
        pile = self.pile
        if pile:
            _, shown, value, _ = pile[-1]
            return starts(shown, value, flags)
        return starts(None, 0, flags)

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

    def _item_playable(self, item: str) -> bool:
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
        reals = [entry[0] for entry in pile]
        down = [entry for entry in pile if entry[3] != NOBODY]  # Illusionists' cards
        if taker is None:
            for real, _, _, owner in down:
                forget(self.known, owner, real)
        for owner, card in smuggled:
            forget(self.known, owner, card)
        if taker is None:
            self.graveyard += reals
            if reals:
                self.events.append(pile_killed(by, len(reals)))
            for real, shown, _, _ in down:
                if real != shown:
                    self._log("revealed", card=real)
        else:
            self.hands[taker] += reals
            faceup = [e[0] for e in pile if e[3] == NOBODY]
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

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        # `_reset_turn()`, written out: every turn passes here.
        self.trip = self.undead_only = self.moved = False
        self.item = None
        self.group = []
        if self.quiet >= self.num_players:
            # Our stalemate rule: a whole round in which nobody could move a card.
            self._end_game(None, "stalemate")
            return
        if self.turns >= self.turn_limit:
            self._end_game(None, "limit")
            return
        self.turns += 1
        if self.pile and self.last_player == seat:
            # 003: "If every player passes, the play pile is killed and discarded. The last
            # player who played a card to the play pile starts a new play pile."
            self.end_pile(None, None)
        self.phase = START

    def _end_turn(self) -> None:
        self.quiet = 0 if self.moved else self.quiet + 1
        following = (self.turn + 1) % self.num_players  # the next seat clockwise
        if self.illusionist is not None:
            self.turn, self.phase = following, REACT
            return
        self._begin_turn(following)

    def _play_item(self, item: str) -> None:
        # 003: "You can play only one item card per turn with any number of Realm cards."
        self.hands[self.turn].remove(item)
        forget(self.known, self.turn, item)
        self.item = item
        self.graveyard.append(item)
        if self.phase == START:
            self.phase = MAIN  # 003: Chaos cards "only at the beginning of your turn"
        self.moved = True
        self._log("play-item", self.turn, card=item)

    def _play_realm(self, card: str) -> None:
        seat, item, hand = self.turn, self.item, self.hands[self.turn]
        hand.remove(card)
        if self.known:
            forget(self.known, seat, card)
        if item is None:
            value = VALUE_OF[card]
            self.events.append(PLAYED[seat][card])
        else:
            value = effective_value(card, item)
            self.events.append(played(seat, card, value))
        self.pile.append((card, card, value, NOBODY))
        group = self.group
        group.append(card)
        self.last_player = seat
        self.moved = True
        # 003 FAQ: "Trip The Fuck Out only lasts for the single play."
        self.trip = False
        if not hand:
            # 003: "The first player to dispose of all cards in their hand wins the game."
            self._end_game(seat, "last-card")
            return
        self.phase = GROUP
        flags = (self.reversed_order, self.cult, self.contagious, False, self.undead_only)
        if adds(group[0], len(group), item, flags).isdisjoint(hand):
            self._end_turn()  # nothing could be added: the play ends by itself

    def _draw(self) -> None:
        seat = self.turn
        card = self.deck.pop() if self.deck else self.draw_cards(1)[0]
        self.hands[seat].append(card)
        self.moved = True
        events = self.events
        events.append(OWN_DRAW[seat][card])  # the drawer's line
        events.append(DREW[seat])  # everyone else's
        self.phase = DRAWN

    def draw_cards(self, count: int) -> list[str]:
        """Up to `count` cards from the deck; when it runs out, 003: "Re-shuffle all the
        discarded cards (graveyard pile) to make a new draw pile." """
        reshuffled = tuple(sorted(self.graveyard)) if len(self.deck) < count else None
        cards = draw_reshuffling(self.deck, self.graveyard, count, self)
        if reshuffled:
            self.deck_origin = reshuffled
            self._log("reshuffle")
        return cards

    def _pass(self) -> None:
        seat = self.turn
        self.events.append(PASSED[seat])
        if self.contagious:
            # 003: "If they cannot play an Undead Realm card, they must pick up the AIDS card
            # into their hand and the pile will no longer be contagious."
            chaos.catch_aids(self, seat)
        self._end_turn()

    def _end_game(self, winner: int | None, why: str) -> None:
        """`why`: an id of words.END_REASONS."""
        self.phase = OVER
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

    def breakdown(self):
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
        down = [i for i, e in enumerate(self.pile) if e[3] not in (NOBODY, player)]
        smug = [i for i, (o, _) in enumerate(self.smuggled) if o != player]
        pending = self.illusion_card is not None and self.turn != player
        faces = [[self.pile[i][0] for i in down], [self.illusion_card] if pending else []]
        smuggled = [self.smuggled[i][1] for i in smug]
        redeal(player, self.hands, self.deck, [smuggled], self.known, rng, self.deck_origin, faces)
        for i, card in zip(down, faces[0], strict=True):
            _, shown, value, owner = self.pile[i]
            self.pile[i] = (card, shown, value, owner)
        for i, card in zip(smug, smuggled, strict=True):
            self.smuggled[i] = (self.smuggled[i][0], card)
        if pending:
            self.illusion_card = faces[1][0]
        # What others know is theirs alone: a bot for `player` must not read it.
        self.known = {k: v for k, v in self.known.items() if k[0] == player}

    def check_invariants(self) -> None:
        everywhere = [*self.deck, *self.graveyard, *self.beside]
        for hand in self.hands:
            everywhere += hand
        everywhere += [e[0] for e in self.pile] + [c for _, c in self.smuggled]
        if self.illusion_card is not None:
            everywhere.append(self.illusion_card)
        seen = Counter(everywhere)
        assert seen == self.all_cards, "cards were created or lost"
        for _, shown, value, owner in self.pile:
            assert is_realm(shown) and 1 <= value <= CROWN
            assert owner == NOBODY or 0 <= owner < self.num_players
        if self.phase == OVER and self.winner is not None:
            assert not self.hands[self.winner], "the winner still holds cards"
        # A lasting effect is on exactly while its card lies beside the pile (it ends with it).
        beside = Counter(self.beside)
        assert self.reversed_order == (beside[RIGHT_WING] > 0), "Right Wing Mentality"
        assert self.cult == (beside[CULT] > 0), "Join The Cult"
        assert self.contagious == (beside[AIDS] > 0), "AIDS"
