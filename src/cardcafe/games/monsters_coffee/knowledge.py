"""What each player may know: their view of the table, and determinizations for them.

Hidden (000): the cards dealt to others until the Front Lines are revealed, the face-down Rear
Lines ("At any time during the game, a player can look at their Monster cards in their own Rear
Line"), the cards "discarded" unseen at setup, and Mummy tokens ("Keep the other token, without
revealing it"; "they will obtain the Mummy token without revealing it"). What Rex and Grunge
reveal is known to all, and so is every "no" answered to Grunge.
"""

from __future__ import annotations

import random
from typing import Any

from cardcafe.engine.cards import resample_into_allowed

from .cards import family
from .chance import shuffle
from .pieces import FACE_DOWN, TOKEN, Token
from .powers import GRUNGE_REVEAL, OVER
from .words import FACE_DOWN_MUMMY, PHASES

GRUNGE_REDEALS = 200


class KnowledgeMixin:
    """Views and determinization of `MonstersCoffeeState`."""

    def _token_view(self, token: Token, seat: int | None) -> Any:
        # 000 Mummy: "At the end of the game, reveal your Mummy tokens." (to spectators too)
        if token.known_to(seat) or self.phase == OVER:
            coffee, bones = self.cards.mummy[token.value]
            return {"coffee": coffee, "bones": bones}
        return FACE_DOWN_MUMMY

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": PHASES[self.phase],
            "families": list(self.families),
            "cookies": list(self.cookies),
            "whipped_cream": list(self.cream),
            "supply": {**self.supply, "mummy": len(self.mummy_supply)},
            "centre": list(self.centre),
            "discarded": len(self.discard),
            "hands": [
                list(hand) if owner == seat else len(hand) for owner, hand in enumerate(self.hands)
            ],
            "front": [
                [
                    {
                        "card": s.card,
                        "droppings": s.droppings,
                        "snout_coffee": s.snout,
                        "mummy": None if s.mummy is None else self._token_view(s.mummy, seat),
                    }
                    for s in line
                ]
                for line in self.front
            ],
            "rear": [
                [
                    {
                        "card": r.card if r.revealed or owner == seat else None,
                        "revealed": r.revealed,
                    }
                    for r in line
                ]
                for owner, line in enumerate(self.rear)
            ],
            "mummy_tokens": [[self._token_view(t, seat) for t in held] for held in self.mummy_held],
            "drawn_mummy": [self._token_view(t, seat) for t in self.drawn],
            "rex_rear": self.rex_rear,
            "priss_slot": self.priss_slot,
            "asker": None if self.ask_target is None else self.turn,
            "ask_target": self.ask_target,
            "ask_family": self.ask_family,
            "not_in_rear": [sorted(lacks) for lacks in self.lacks],
        }

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        # Cards: others' hands, others' face-down Rear cards and the discarded cards are one pool
        # for `seat`, except that a Rear Line never holds a family its owner said "no" to.
        # This copy shares its discard, empty hands and Rear Lines with the truth
        # (`_clone_into`): every pile re-dealt below is a new list.
        others = [owner for owner in range(self.num_players) if owner != seat]
        hidden_rear = [
            (owner, [i for i, r in enumerate(self.rear[owner]) if not r.revealed])
            for owner in others
        ]
        if self.phase == GRUNGE_REVEAL or any(self.lacks):
            # (`seat`'s own "no" constrains nothing of theirs: the general re-deal, which deals
            # exactly as the one below when nothing constrains it.)
            self._redeal_constrained(seat, hidden_rear, rng)
        else:
            # `engine.cards.resample_into` over the same piles in the same order (discard, then
            # each other seat's hand and hidden Rear cards), with the same draws, inlined.
            hands, rear = self.hands, self.rear
            pool = list(self.discard)
            for owner, slots in hidden_rear:
                pool += hands[owner]
                line = rear[owner]
                pool += [line[i].card for i in slots]
            pool.sort()
            shuffle(pool, rng)
            at = len(self.discard)
            self.discard = pool[:at]
            hands = self.hands = list(hands)
            rear = self.rear = list(rear)
            for owner, slots in hidden_rear:
                size = len(hands[owner])
                hands[owner] = sorted(pool[at : at + size])
                at += size
                line = rear[owner] = list(rear[owner])
                for i in slots:
                    line[i] = FACE_DOWN[pool[at]]
                    at += 1
        self._resample_mummy(seat, rng)

    def _redeal_constrained(self, seat: int, hidden_rear: list, rng: random.Random) -> None:
        """The re-deal when players were told what a Rear Line lacks or holds (Grunge)."""
        self.discard = list(self.discard)
        self.hands = [list(hand) for hand in self.hands]
        piles: list[list[str]] = [self.discard]
        allowed: list = [None]
        for owner, slots in hidden_rear:
            piles.append(self.hands[owner])
            allowed.append(None)
            piles.append([self.rear[owner][i].card for i in slots])
            lacks = self.lacks[owner]
            allowed.append((lambda card, lacks=lacks: family(card) not in lacks) if lacks else None)
        # While Grunge's asked player chooses which card to reveal, all know they hide at least
        # one card of the family asked about: re-deal until that holds too (it does in the
        # truth, so it can; after enough tries a deal that misses it is still no leak).
        chooser = (
            self.ask_target if self.phase == GRUNGE_REVEAL and self.ask_target != seat else None
        )
        asked = (
            piles[2 + 2 * [o for o, _ in hidden_rear].index(chooser)]
            if chooser is not None
            else None
        )
        truth = [list(pile) for pile in piles] if asked is not None else []
        for attempt in range(GRUNGE_REDEALS):
            if attempt:
                for pile, original in zip(piles, truth, strict=True):
                    pile[:] = original
            resample_into_allowed(piles, allowed, rng)
            if asked is None or any(family(c) == self.ask_family for c in asked):
                break
        for hand in self.hands:
            hand.sort()
        rear = self.rear = list(self.rear)
        for (owner, slots), cards in zip(hidden_rear, piles[2::2], strict=True):
            line = rear[owner] = list(rear[owner])
            for i, card in zip(slots, cards, strict=True):
                line[i] = FACE_DOWN[card]

    def _resample_mummy(self, seat: int, rng: random.Random) -> None:
        """Every Mummy token whose face `seat` has not seen may be any of the unseen faces."""
        every = len(self.cards.mummy)
        if len(self.mummy_supply) == every:
            # All lie in the box, unseen (always so without the Mummy family): the re-deal below
            # shuffles every face once, in order, back into the box.
            faces = list(range(every))
            shuffle(faces, rng)
            self.mummy_supply = faces
            return
        # Nobody has seen the box's tokens; of the others, those `seat` has not seen.
        bit = 1 << seat
        drawn = [t for t in self.drawn if not t.knowers & bit]
        held = [t for line in self.mummy_held for t in line if not t.knowers & bit]
        placed = []
        elsewhere = len(self.mummy_supply) + len(self.drawn) + sum(map(len, self.mummy_held))
        if elsewhere < len(self.cards.mummy):  # else no token lies on a Front Line
            placed = [
                s.mummy
                for line in self.front
                for s in line
                if s.mummy is not None and not s.mummy.knowers & bit
            ]
        unseen = self.mummy_supply + [t.value for t in drawn + held + placed]
        if not unseen:
            return
        # Sorted first: the re-deal must not depend on where the faces truly are (a seeded bot
        # then chooses the same whatever the hidden truth; see engine.cards.canonical_pool).
        unseen.sort()
        shuffle(unseen, rng)
        # Dealt back in this order: the box, the drawn tokens, each seat's, the Front Lines'.
        at = len(self.mummy_supply)
        self.mummy_supply = unseen[:at]
        faces = iter(unseen[at:])

        def redraw(token: Token) -> Token:
            return token if token.knowers & bit else TOKEN[next(faces), token.knowers]

        if drawn:
            self.drawn = [redraw(t) for t in self.drawn]
        if held:
            self.mummy_held = [[redraw(t) for t in line] for line in self.mummy_held]
        if placed:
            for line in self.front:
                for i, s in enumerate(line):
                    if s.mummy is not None and not s.mummy.knowers & bit:
                        line[i] = s._replace(mummy=redraw(s.mummy))
