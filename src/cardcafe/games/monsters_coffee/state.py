"""Monster's Coffee: the state, the rounds and the turn, and the phase table. The turn's two
decisions (the Rear Line, the card to take) are moves here; the powers and their choices live in
powers.py, what each player may see (views, determinization) in knowledge.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardcafe.engine import Action, Event
from cardcafe.engine.mechanics import next_seat
from cardcafe.engine.offers import Copy
from cardcafe.engine.rules import Move, Phases, RuledState
from cardcafe.engine.view import Breakdown

from . import knowledge, words
from .actions import CHOOSE_REAR, TAKES, ChooseRear, Take
from .cards import SHARED, CardSet, share
from .chance import shuffle
from .events import DRAWN, HIDDEN, ONLY, PUBLIC, ROUND_STARTS, SECRET, TAKEN, event
from .limits import LINE_MIN, MAX_DROPPINGS, REAR_SIZE, ROUNDS
from .options import MonstersCoffeeOptions
from .pieces import FACE_DOWN, FACE_UP, FRONT_CARD, TOKEN, Interned, RearCard, Slot, Token
from .powers import (
    GRUNGE_FAMILY,
    GRUNGE_PLAYER,
    GRUNGE_REVEAL,
    MUMMY_CARD,
    MUMMY_TOKEN,
    OVER,
    POOPY,
    PRISS_CENTRE,
    PRISS_FRONT,
    REAR,
    REX_FRONT,
    REX_REAR,
    SNOUT,
    TAKE,
    GrungeFamily,
    GrungePlayer,
    GrungeReveal,
    MummyCard,
    MummyToken,
    PoopyCard,
    PrissCentre,
    PrissFront,
    RexFront,
    RexRear,
    SnoutCard,
    start_power,
)
from .scoring import cookie_bonus, family_counts, final_winners, majorities, mummy_value

if TYPE_CHECKING:
    from cardcafe.engine import Game
    from cardcafe.engine.words import Words

__all__ = ["OVER", "REAR", "TAKE", "MonstersCoffeeState", "hand_size"]


# The sizes of the Front Lines -> every take they offer when no card carries Droppings.
TAKES_BY_SIZES: Interned[tuple[int, ...], tuple[Take, ...]] = Interned(
    lambda sizes: tuple(
        TAKES[owner][i] for owner, size in enumerate(sizes) if size > LINE_MIN for i in range(size)
    )
)
# A hand's size -> the Rear Line choices it offers. (Legal-move lists are read, never changed:
# the kernel hands out copies, so one tuple serves every state.)
REAR_CHOICES: Interned[int, tuple[ChooseRear, ...]] = Interned(
    lambda size: tuple(CHOOSE_REAR[:size])
)


def hand_size(players: int) -> int:
    # 000: "Each player draws 10 Monster cards (12 when there are only 2 players)."
    return 12 if players == 2 else 10


class MonstersCoffeeState(RuledState[MonstersCoffeeOptions]):
    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        options: MonstersCoffeeOptions,
        seed: int | None,
        cards: CardSet,
        families: tuple[str, ...],
    ):
        super().__init__(game, players, options, seed)
        self.cards = cards
        self.families: tuple[str, ...] = families
        self.round = 0
        self.phase = REAR
        self.turn = 0
        self.chooser = 0
        self.first_player = 0
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.front: list[list[Slot]] = [[] for _ in range(players)]
        self.rear: list[list[RearCard]] = [[] for _ in range(players)]
        self.centre: list[str] = []
        self.discard: list[str] = []
        self.coffee = [0] * players
        self.cookies = [0] * players
        self.cream = [0] * players
        # 000 NOTE 2: "as tokens are limited in numbers, you won't have enough"
        self.supply = dict(cards.box)
        self.pinned = 0  # Droppings tokens on the Front Lines (0: no card needs a look)
        # 000 Mummy: "put Mummy tokens, face down, next to Mummy's cup."
        # The box's tokens are face down and nobody has seen them: each is its face (an index of
        # `cards.mummy`), a Token once drawn.
        faces = list(range(len(cards.mummy)))
        shuffle(faces, self.rng)
        self.mummy_supply: list[int] = faces
        self.mummy_held: list[list[Token]] = [[] for _ in range(players)]
        self.drawn: list[Token] = []  # Mummy tokens drawn and not yet placed or kept
        self.rex_rear: int | None = None
        self.priss_slot: int | None = None
        self.ask_target: int | None = None
        self.ask_family: str | None = None
        # Families a player's face-down Rear cards are known not to hold: a "no" to Grunge, or a
        # "yes" that had only face-up cards to show (public, true for the hidden slots).
        self.lacks: list[frozenset[str]] = [frozenset()] * players
        self.round_start = [0] * players
        # Set once, at the game's end; until then one list of zeros serves all three.
        self.round_two = self.cream_at_end = self.bonus = [0] * players
        # (`bonus`: Cookie and Mummy Coffee at the end of the game.)
        # Coffee by source before the position a game was set up from (position.py; the
        # breakdown adds the events after it); None for a game dealt from the start.
        self.tally_base: dict[str, Any] | None = None
        self.events.tail.append(
            Event("start", None, None, {"players": players, "families": list(families)})
        )
        self._start_round()

    # The card data: shared by every game dealt from it, so kept out of the state (its size,
    # its copies), which holds its number in `cards.shared`.
    @property
    def cards(self) -> CardSet:
        return SHARED[self.card_set]

    @cards.setter
    def cards(self, cards: CardSet) -> None:
        self.card_set = share(cards)

    # A pickled state (another process has other numbers) carries its card data itself.
    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "card_set": self.cards}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self.cards = fields["card_set"]

    # -- the contract --------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == REAR:
            return self.chooser
        if self.phase == GRUNGE_REVEAL:
            return self.ask_target
        return self.turn

    # Whether the game is over (the phase is OVER): a plain attribute, set where the game ends
    # (`_end_game`, `position.from_position`), since every move asks.
    is_over: bool = False

    def _prompt(self, w: Words) -> str:
        return words.prompt(self, w)

    def _describe(self, action: Action, w: Words) -> str:
        return words.describe(self, action, w)

    def _copy_of(self, action: Action, w: Words) -> Copy | None:
        return words.copy_of(self, action, w)

    def _to_position(self, seat: int | None) -> dict[str, Any]:
        from .position import to_position

        return to_position(self, seat)

    def breakdown(self) -> tuple[str, Breakdown] | None:
        return words.breakdown(self)

    def _view(self, player: int | None) -> dict[str, Any]:
        return knowledge.view(self, player)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        knowledge.resample_hidden(self, player, rng)

    # -- rounds ---------------------------------------------------------------------------
    def _start_round(self) -> None:
        # 000: "At the start of each round, set up the game as explained in the Setup section."
        self.round += 1
        n = self.num_players
        # 000: "Shuffle the Monster cards and place them in a pile ... Each player draws 10
        # Monster cards (12 when there are only 2 players). The remaining Monster cards are
        # discarded and won't be needed for the game."
        deck = self.cards.deck(self.families)
        shuffle(deck, self.rng)
        size = hand_size(n)
        self.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(n)]
        self.discard = deck[n * size :]
        self.front = [[] for _ in range(n)]
        self.rear = [[] for _ in range(n)]
        self.centre = []
        self.lacks = [frozenset()] * n
        self.round_start = list(self.coffee)
        # 000: "The First Player is the one who has the fewer Coffee tokens. In the event of a
        # tie, the First Player is the one who saw a Star Wars movie recently." Decision: a tie
        # is settled by lot (see the rules page).
        fewest = min(self.coffee)
        tied = [seat for seat in range(n) if self.coffee[seat] == fewest]
        self.first_player = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        append = self.events.tail.append
        append(ROUND_STARTS[self.round, self.first_player, size, len(self.discard)])
        for seat, hand in enumerate(self.hands):
            # A deal, not a move: no actor (a player's screen shows the moves a seat made, and
            # "Last move: Heuristic bot draws 12 cards" read as the bot's move).
            append(event("deal", None, ONLY[seat], {"seat": seat, "cards": list(hand)}))
            append(DRAWN[seat, size])
        self.phase = REAR
        self.chooser = self.first_player

    def collect_tokens(self, slot: Slot, mover: int) -> None:
        """The tokens of a Front Line card that leaves it go to the player who moved it."""
        if slot.snout:
            # 000 Snout: "When a player moves this Monster card (even through a special power),
            # they will take the Coffee token."
            self.gain(mover, 1)
            self.events.tail.append(PUBLIC["snout-coffee", mover, slot.card])
        if slot.mummy is not None:
            # 000 Mummy: "When a player chooses that Monster card, they will obtain the Mummy
            # token without revealing it (but its owner can look at it during the game)."
            self.receive_mummy(mover, slot.mummy)

    def receive_mummy(self, seat: int, token: Token) -> None:
        token = token.seen_by(seat)
        held = self.mummy_held = list(self.mummy_held)  # (shared with clones: new lists)
        held[seat] = [*held[seat], token]
        self.events += SECRET["mummy-get", seat, self.cards.mummy[token.value]]

    def gain(self, seat: int, amount: int) -> None:
        """Coffee won (or lost, when negative). Decision: without `negative_coffee`, you cannot
        give back Coffee tokens you do not have."""
        if amount >= 0:  # (Coffee is never below 0 without `negative_coffee`)
            self.coffee[seat] += amount
            return
        total = self.coffee[seat] + amount
        self.coffee[seat] = total if self.options.negative_coffee else max(0, total)

    def end_turn(self) -> None:
        # 000: "A round ends as soon as every player has only 3 Monster cards left in their
        # Front Line."
        for line in self.front:
            if len(line) != LINE_MIN:
                # 000: "Then, it's the turn of the player on their left."
                self.turn = (self.turn + 1) % self.num_players
                self.phase = TAKE
                return
        self._end_round()

    def _end_round(self) -> None:
        n = self.num_players
        events = self.events
        # 000: "Each player reveals the Monster cards from their Rear Lines"
        append = events.tail.append
        revealed: list[list[str]] = []
        rear = self.rear = list(self.rear)  # (clones share the Rear Lines: new ones)
        for seat in range(n):
            cards = [r.card for r in rear[seat]]
            rear[seat] = [FACE_UP[c] for c in cards]
            append(event("rear-line", seat, None, {"cards": cards}))
            revealed.append(cards)
        held: list[dict[str, int]] = []
        front = self.front
        for seat, line in enumerate(front):
            cards = [s.card for s in line]
            if self.pinned or any(s.snout or s.mummy is not None for s in line):
                for slot in line:
                    if slot.snout:
                        # 000 Snout: "If said token is still at the player's Front Line at the
                        # end of the round, that player takes the Coffee token."
                        self.gain(seat, 1)
                        append(PUBLIC["snout-end", seat, slot.card])
                    if slot.mummy is not None:
                        # Decision: like Snout's token, the line's owner takes it.
                        self.receive_mummy(seat, slot.mummy)
                # The tokens leave the line (the next round deals new lines).
                front[seat] = [FRONT_CARD[c] for c in cards]
            held.append(family_counts(cards, revealed[seat]))
        # Public (the Rear Lines are revealed): each family's majority holder and its worth (the
        # simulator's Coffee by family, balance.py, and the breakdown read these events).
        won = [0] * n
        for fam, winner, gain, counts in majorities(self.centre, held, self.cream):
            data = {"family": fam, "winner": winner, "coffee": gain, "counts": counts}
            append(event("majority", winner, None, data))
            if winner is not None:
                won[winner] += gain
        coffee = self.coffee
        for seat, amount in enumerate(won):
            if amount >= 0:
                coffee[seat] += amount  # (`gain` of a gain)
            else:
                self.gain(seat, amount)
        data = {"round": self.round, "round_coffee": won, "coffee": list(self.coffee)}
        append(event("round-end", None, None, data))
        if self.round == ROUNDS:
            # 000 Cakosaurus: "the player with the most Whipped Cream tokens at the end of the
            # second round"
            self.cream_at_end = list(self.cream)
        # 000: "The Whipped Cream tokens are discarded at the end of a round." Poopy: "The
        # Droppings tokens are discarded at the end of the round." (back to the box's supply)
        supply = self.supply = dict(self.supply)  # (clones share the supply: a new one)
        supply["whipped_cream"] += sum(self.cream)
        self.cream = [0] * n
        supply["droppings"] = self.cards.supply_of("droppings")
        self.pinned = 0
        if self.round < ROUNDS:
            # 000: "Once all of the Coffee tokens have been distributed, a new round begins."
            self._start_round()
        else:
            self._end_game()

    def _end_game(self) -> None:
        # 000: "The game ends after the second round."
        n = self.num_players
        # 000: "the player who won the most Coffee tokens during the second round wins (Cookie
        # tokens and Mummy tokens not included)"
        self.round_two = [self.coffee[p] - self.round_start[p] for p in range(n)]
        cookies = cookie_bonus(self.cookies, self.cream_at_end)
        everyone = (1 << n) - 1
        self.bonus = bonus = [0] * n  # a new list: the old one is shared (see __init__)
        # 000 Mummy: "At the end of the game, reveal your Mummy tokens." (New lists: clones
        # share the old ones.)
        self.mummy_held = [[TOKEN[t.value, everyone] for t in held] for held in self.mummy_held]
        faces_of = self.cards.mummy
        coffee, append = self.coffee, self.events.tail.append
        for seat in range(n):
            faces = [faces_of[t.value] for t in self.mummy_held[seat]]
            mummy = mummy_value(faces)
            before = coffee[seat]
            self.gain(seat, cookies[seat])
            self.gain(seat, mummy)
            bonus[seat] = coffee[seat] - before
            data = {
                "cookie": cookies[seat],
                "cookies": self.cookies[seat],
                "faces": [list(face) for face in faces],
                "mummy": mummy,
                "total": coffee[seat],
            }
            append(event("final", seat, None, data))
        self.phase = OVER
        self.is_over = True
        append(event("over", None, None, {"winners": self.winners(), "coffee": list(coffee)}))

    # -- results -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return list(self.coffee)

    def winners(self) -> list[int]:
        return final_winners(self.coffee, self.round_two) if self.is_over else []

    # Every field of the game's own, by how a clone treats it: a new field goes in one of these
    # groups (a test checks that every field is in exactly one, and that `_clone_into` copies
    # exactly the copied ones), so none can be forgotten.
    # Changed in place at every turn: copied.
    COPIED = ("front", "centre", "coffee")
    # Changed in place only while Rear Lines are chosen (outside that, the hands are empty and
    # a power that changes a Rear Line makes new lists): copied in that phase only.
    COPIED_WHILE_CHOOSING = ("hands", "rear")
    # Replaced whenever they change, never changed in place: shared. The discard (dealt once a
    # round; a determinization re-deals it into a new list), the token supply, Cookies and
    # Whipped Cream, the Mummy supply, drawn and held tokens, what players lack, the lists set
    # at round and game ends, and the Coffee before a position.
    SHARED = (
        "discard",
        "supply",
        "cookies",
        "cream",
        "mummy_supply",
        "drawn",
        "mummy_held",
        "lacks",
        "round_start",
        "round_two",
        "cream_at_end",
        "bonus",
        "tally_base",
    )
    # Immutable values (numbers, names, tuples): nothing to copy.
    VALUES = (
        "card_set",
        "families",
        "round",
        "phase",
        "turn",
        "chooser",
        "first_player",
        "pinned",
        "rex_rear",
        "priss_slot",
        "ask_target",
        "ask_family",
        "is_over",
    )

    def _clone_into(self, new: MonstersCoffeeState) -> None:
        # COPIED and COPIED_WHILE_CHOOSING, written out (a clone is a search bot's every step).
        if self.phase == REAR:
            new.hands = [list(h) for h in self.hands]
            new.rear = [list(line) for line in self.rear]
        new.front = [list(line) for line in self.front]
        new.centre = list(self.centre)
        new.coffee = list(self.coffee)

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + self.centre + self.discard
        cards += [s.card for line in self.front for s in line]
        cards += [r.card for line in self.rear for r in line]
        assert sorted(cards) == sorted(self.cards.deck(self.families)), "cards created or lost"
        for token in ("cookie", "whipped_cream"):
            held = self.cookies if token == "cookie" else self.cream
            assert min(held) >= 0 and self.supply[token] >= 0
            assert sum(held) + self.supply[token] == self.cards.supply_of(token), token
        drops = [sum(s.droppings for s in line) for line in self.front]
        assert max(drops) <= MAX_DROPPINGS, "more than 3 Droppings on a Front Line"
        assert sum(drops) + self.supply["droppings"] == self.cards.supply_of("droppings")
        assert sum(drops) == self.pinned, "Droppings miscounted"
        tokens = self.drawn + [t for h in self.mummy_held for t in h]
        tokens += [s.mummy for line in self.front for s in line if s.mummy is not None]
        faces = self.mummy_supply + [t.value for t in tokens]
        assert sorted(faces) == list(range(len(self.cards.mummy))), "Mummy tokens lost"
        if self.phase not in (REAR, OVER):
            assert all(len(r) == REAR_SIZE for r in self.rear), "a Rear Line is not 3 cards"
            assert all(len(f) >= LINE_MIN for f in self.front), "a Front Line below 3 cards"
        if not self.options.negative_coffee:
            assert min(self.coffee) >= 0


# -- the turn's rules, one move per decision (the powers' are in powers.py) -------------------
class ChooseRearLine(Move[MonstersCoffeeState, ChooseRear]):
    """000: "a. Each player chooses 3 Monster cards that they put, face down, in front of them.
    This will be their Rear Line." Choices are secret, so choosing one player after the other
    is the same as choosing at once."""

    action_type = ChooseRear

    def legal(self, state: MonstersCoffeeState) -> Sequence[ChooseRear]:
        return REAR_CHOICES[len(state.hands[state.chooser])]

    def refuse(self, state: MonstersCoffeeState, action: ChooseRear, w: Words) -> str:
        return f"your hand holds only {len(state.hands[state.chooser])} cards"

    def apply(self, state: MonstersCoffeeState, action: ChooseRear) -> None:
        p = state.chooser
        card = state.hands[p].pop(action.slot)
        rear = state.rear[p]
        rear.append(FACE_DOWN[card])
        secret, redacted = HIDDEN[p][card]
        append = state.events.tail.append
        append(secret)
        append(redacted)
        if len(rear) < REAR_SIZE:
            return
        state.chooser = next_seat(p, state.num_players)
        if state.chooser != state.first_player:
            return
        # 000: "b. Then, simultaneously, the players reveal their remaining Monster cards and put
        # them, face up in front of them, above their Rear Line. These form the Front Line."
        hands, front = state.hands, state.front
        for seat in range(state.num_players):
            hand = hands[seat]
            front[seat] = [FRONT_CARD[c] for c in hand]
            append(event("front", seat, None, {"cards": hand}))  # the hand's list, left as is
            hands[seat] = []
        # 000: "Each player takes their turn, starting with the First Player."
        state.turn = state.first_player
        state.phase = TAKE


class TakeMonster(Move[MonstersCoffeeState, Take]):
    """000: "They choose a Monster card in a Front Line where there are more than 3 Monster
    cards. It can be their own Front Line, or any other player's. They place that Monster card
    at the centre of the table. They use the power of that Monster card." Poopy: "This card
    cannot be moved, even with a special power." """

    action_type = Take

    def legal(self, state: MonstersCoffeeState) -> Sequence[Take]:
        if not state.pinned:
            return TAKES_BY_SIZES[tuple(map(len, state.front))]
        out: list[Take] = []
        for owner, line in enumerate(state.front):
            if len(line) > LINE_MIN:
                takes = TAKES[owner]
                out += [takes[i] for i, slot in enumerate(line) if not slot.droppings]
        return out

    def refuse(self, state: MonstersCoffeeState, action: Take, w: Words) -> str:
        if action.owner >= state.num_players:
            return f"there are only {state.num_players} players at this table"
        line = state.front[action.owner]
        whose = w.seats(action.owner)
        if len(line) <= LINE_MIN:
            return (
                f"{whose} Front Line has only {len(line)} cards: "
                "take from a Front Line with more than 3"
            )
        if action.slot >= len(line):
            return f"{whose} Front Line has only {len(line)} cards"
        return "that card carries a Droppings token: it cannot be moved"

    def apply(self, state: MonstersCoffeeState, action: Take) -> None:
        p = state.turn
        taken = state.front[action.owner].pop(action.slot)
        card = taken.card
        state.centre.append(card)
        state.events.tail.append(TAKEN[p][action.owner][card])
        if taken.snout or taken.mummy is not None:
            state.collect_tokens(taken, p)
        start_power(state, card)


# The phase table: each decision's phase and the move deciding it (000 "How to play"; the
# powers' choices, 000 "Monsters and their Powers").
MonstersCoffeeState.PHASES = Phases(
    {
        REAR: (ChooseRearLine(),),
        TAKE: (TakeMonster(),),
        REX_REAR: (RexRear(),),
        REX_FRONT: (RexFront(),),
        PRISS_FRONT: (PrissFront(),),
        PRISS_CENTRE: (PrissCentre(),),
        POOPY: (PoopyCard(),),
        SNOUT: (SnoutCard(),),
        MUMMY_TOKEN: (MummyToken(),),
        MUMMY_CARD: (MummyCard(),),
        GRUNGE_PLAYER: (GrungePlayer(),),
        GRUNGE_FAMILY: (GrungeFamily(),),
        GRUNGE_REVEAL: (GrungeReveal(),),
    }
)
