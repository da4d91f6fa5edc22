"""The twelve powers (000 "Monsters à la Carte"): each a few small choices, each skipped when it
cannot apply (000 NOTE 4: "In this case, don't apply the power!")."""

from __future__ import annotations

from .actions import (
    ASK_FAMILIES,
    ASK_PLAYERS,
    PICK_CENTRES,
    PICK_FRONTS,
    PICK_REARS,
    PLACE_MUMMY,
    PickCentre,
    PickFront,
)
from .cards import FAMILY_OF
from .events import PUBLIC, SECRET
from .limits import MAX_DROPPINGS
from .pieces import FACE_UP, FRONT_CARD, TOKEN

GRUNGE_COFFEE = 2  # 000 Grunge: "you get 2 Coffee tokens ... they get 2 Coffee tokens"
MUMMY_DRAW = 2  # 000 Mummy: "Draw 2 Mummy tokens."

REAR, TAKE, OVER = "rear", "take", "over"  # the round's setup, the turn, the game's end
REX_REAR, REX_FRONT = "rex-rear", "rex-front"
PRISS_FRONT, PRISS_CENTRE = "priss-front", "priss-centre"
POOPY, SNOUT = "poopy", "snout"
GRUNGE_PLAYER, GRUNGE_FAMILY, GRUNGE_REVEAL = "grunge-player", "grunge-family", "grunge-reveal"
MUMMY_TOKEN, MUMMY_CARD = "mummy-token", "mummy-card"
DONE = "power-done"  # a passing mark: the power is over (or skipped), the turn ends


class PowersMixin:
    """Power transitions of `CoffeeState`."""

    # -- which choices each phase offers -------------------------------------------------
    def _movable(self, owner: int) -> list[PickFront]:
        # 000 Poopy: "This card cannot be moved, even with a special power."
        line, picks = self.front[owner], PICK_FRONTS[owner]
        if not self.pinned:
            return picks[: len(line)]
        return [picks[i] for i, s in enumerate(line) if not s.droppings]

    def _snout_targets(self) -> list[PickFront]:
        # NOTE 3: two *different* tokens may share a card, so not a second Coffee token.
        return [
            PICK_FRONTS[owner][i]
            for owner, line in enumerate(self.front)
            for i, slot in enumerate(line)
            if not slot.snout
        ]

    def _mummy_targets(self) -> list[PickFront]:
        return [
            PICK_FRONTS[owner][i]
            for owner, line in enumerate(self.front)
            for i, slot in enumerate(line)
            if slot.mummy is None
        ]

    def _priss_centre(self) -> list[PickCentre]:
        # 000 Priss: "Swap one card from your Front Line with another one from the centre."
        # Decision: not the Priss just played (the last centre card). Equal cards are one choice.
        seen, out = set(), []
        for i, card in enumerate(self.centre[:-1]):
            if card not in seen:
                seen.add(card)
                out.append(PICK_CENTRES[i])
        return out

    def _poopy_targets(self) -> list[PickFront]:
        out = []
        for owner, line in enumerate(self.front):
            if sum(s.droppings for s in line) < MAX_DROPPINGS:
                picks = PICK_FRONTS[owner]
                out += [picks[i] for i, slot in enumerate(line) if not slot.droppings]
        return out

    def _power_actions(self):
        phase = self.phase
        if phase == REX_REAR:
            return PICK_REARS[: len(self.rear[self.turn])]
        if phase in (REX_FRONT, PRISS_FRONT):
            return self._movable(self.turn)
        if phase == PRISS_CENTRE:
            return self._priss_centre()
        if phase == POOPY:
            return self._poopy_targets()
        if phase == SNOUT:
            return self._snout_targets()
        if phase == MUMMY_CARD:
            return self._mummy_targets()
        if phase == MUMMY_TOKEN:
            return list(PLACE_MUMMY)
        if phase == GRUNGE_PLAYER:
            return [ASK_PLAYERS[q] for q in range(self.num_players) if q != self.turn]
        if phase == GRUNGE_FAMILY:
            return [ASK_FAMILIES[f] for f in self.families]
        if phase == GRUNGE_REVEAL:
            return [PICK_REARS[i] for i in self._grunge_matches(hidden_only=True)]
        raise AssertionError(f"no actions for phase {phase}")

    def _power_why(self, action) -> str | None:
        """A reason in words for a refused power choice, when there is a specific one."""
        if not isinstance(action, PickFront) or action.owner >= self.num_players:
            return None
        line = self.front[action.owner]
        whose = self.words(self.current_player).seats(action.owner)
        if action.slot >= len(line):
            return f"{whose} Front Line has only {len(line)} cards"
        slot = line[action.slot]
        if self.phase in (REX_FRONT, PRISS_FRONT):
            if action.owner != self.turn:
                return "this power swaps a card of your own Front Line"
            if slot.droppings:
                return "that card carries a Droppings token: it cannot be moved"
        if self.phase == POOPY:
            if slot.droppings:
                return "that card carries a Droppings token already"
            return f"{whose} Front Line carries 3 Droppings tokens already"
        if self.phase == SNOUT and slot.snout:
            return "that card carries a Coffee token already"
        if self.phase == MUMMY_CARD and slot.mummy is not None:
            return "that card carries a Mummy token already"
        return None

    # -- starting a power ------------------------------------------------------------------
    def _start_power(self, card: str) -> None:
        fam = FAMILY_OF[card]
        if POWERS[fam](self) is False:
            self.events.append(PUBLIC["skipped", self.turn, fam])
        if self.phase == DONE:
            self._end_turn()

    def _set_phase(self, phase: str, actions) -> bool:
        """Enter a choosing phase if it offers a choice; False (power skipped) if not."""
        if not actions:
            self.phase = DONE
            return False
        self.phase = phase
        return True

    def _power_rex(self) -> bool:
        # 000 REX: "Swap one Monster card from your Rear Line with a Monster card from your
        # Front Line. Both cards are revealed."
        # (Front Lines hold 3 cards or more: one is movable unless Droppings pin them.)
        return self._set_phase(REX_REAR, not self.pinned or self._movable(self.turn))

    def _power_cakosaurus(self) -> bool:
        # 000 CAKOSAURUS: "Take 1 Cookie token."
        self.phase = DONE
        if not self.supply["cookie"]:
            return False  # NOTE 2: the supply ran out
        # (Clones share the supply and the Cookies: new ones.)
        supply = self.supply = dict(self.supply)
        supply["cookie"] -= 1
        cookies = self.cookies = list(self.cookies)
        cookies[self.turn] += 1
        self.events.append(PUBLIC["cookie", self.turn])
        return True

    def _power_skeeter(self) -> bool:
        # 000 SKEETER: "Take 1 Coffee token."
        self.phase = DONE
        self.coffee[self.turn] += 1  # (`_gain` of a gain)
        self.events.append(PUBLIC["skeeter", self.turn])
        return True

    def _power_snorkel(self) -> bool:
        # 000 Snorkel: "Take 1 Whipped Cream token."
        self.phase = DONE
        if not self.supply["whipped_cream"]:
            return False  # NOTE 2
        # (Clones share the supply and the Whipped Cream: new ones.)
        supply = self.supply = dict(self.supply)
        supply["whipped_cream"] -= 1
        cream = self.cream = list(self.cream)
        cream[self.turn] += 1
        self.events.append(PUBLIC["cream", self.turn])
        return True

    def _power_grunge(self) -> bool:
        # 000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster from a
        # specific family"
        return self._set_phase(GRUNGE_PLAYER, [True])

    def _power_poopy(self) -> bool:
        # 000 POOPY: "Put 1 Droppings token on a card from any Front Line."
        if not self.supply["droppings"]:
            return self._set_phase(POOPY, [])  # NOTE 2
        return self._set_phase(POOPY, self._poopy_targets())

    def _power_snout(self) -> bool:
        # 000 SNOUT: "Put 1 Coffee token on any card from any Front Line."
        return self._set_phase(SNOUT, self._snout_targets())

    def _no_power(self) -> bool:
        # 000 NOTE 1: "Some Monster families do not have special powers." Bliblop, Skyzo'clop,
        # Kandhiii: "This family does not trigger any power when they move."
        self.phase = DONE
        return True

    _power_bliblop = _power_skyzoclop = _power_kandhiii = _no_power

    def _power_priss(self) -> bool:
        # 000 PRISS: "Swap one card from your Front Line with another one from the centre."
        if not self._priss_centre():
            return self._set_phase(PRISS_FRONT, [])
        return self._set_phase(PRISS_FRONT, not self.pinned or self._movable(self.turn))

    def _power_mummy(self) -> bool:
        # 000 MUMMY: "Draw 2 Mummy tokens. Pick 1 of the 2, still face down, and place it on
        # any Monster card on any Front Line. Keep the other token, without revealing it."
        if len(self.mummy_supply) < MUMMY_DRAW or not self._mummy_targets():
            return self._set_phase(MUMMY_TOKEN, [])  # NOTE 2 / NOTE 4
        p = self.turn
        # From the top of the box (its end); the box's list is replaced, never changed (clones
        # share it).
        supply = self.mummy_supply
        self.drawn = [TOKEN[face, 0] for face in reversed(supply[-MUMMY_DRAW:])]
        self.mummy_supply = supply[:-MUMMY_DRAW]
        if not self.options.mummy_peek:
            # Decision (option): "Pick 1 of the 2, still face down" read as a blind pick.
            self.events.append(PUBLIC["mummy-draw", p])
            return self._set_phase(MUMMY_TOKEN, [True])
        self.drawn = [t.seen_by(p) for t in self.drawn]
        faces = tuple(self.cards.mummy[t.value] for t in self.drawn)
        self.events += SECRET["mummy-draw", p, faces]
        return self._set_phase(MUMMY_TOKEN, [True])

    # -- the choices -----------------------------------------------------------------------
    def _apply_power(self, action) -> None:
        phase = self.phase
        if phase == REX_REAR:
            self.rex_rear = action.slot
            self.phase = REX_FRONT
            return
        if phase == REX_FRONT:
            self._rex_swap(self.rex_rear, action.slot)
        elif phase == PRISS_FRONT:
            self.priss_slot = action.slot
            self.phase = PRISS_CENTRE
            return
        elif phase == PRISS_CENTRE:
            self._priss_swap(self.priss_slot, action.slot)
        elif phase == POOPY:
            self._put_droppings(action.owner, action.slot)
        elif phase == SNOUT:
            self._put_snout(action.owner, action.slot)
        elif phase == MUMMY_TOKEN:
            # 000: "Keep the other token, without revealing it." ... "its owner can look at it"
            kept = self.drawn[1 - action.which]  # (clones share the list: a new one)
            self.drawn = [self.drawn[action.which]]
            self._receive_mummy(self.turn, kept)
            self.phase = MUMMY_CARD
            return
        elif phase == MUMMY_CARD:
            self._put_mummy(action.owner, action.slot)
        elif phase == GRUNGE_PLAYER:
            self.ask_target = action.seat
            self.phase = GRUNGE_FAMILY
            return
        elif phase == GRUNGE_FAMILY:
            self.ask_family = action.family
            if self._grunge_answer():
                return  # the asked player chooses which card to reveal
        elif phase == GRUNGE_REVEAL:
            self._grunge_reveal(action.slot)
        self._end_turn()

    def _rex_swap(self, rear_slot: int, front_slot: int) -> None:
        p = self.turn
        leaving = self.front[p][front_slot]
        arriving = self.rear[p][rear_slot].card
        # 000 Snout note: "If a Monster card covered with a Coffee token is moved or revealed
        # through another power, the player whose power it was takes the token."
        self._collect_tokens(leaving, p)
        self.front[p][front_slot] = FRONT_CARD[arriving]
        rear = self.rear = list(self.rear)  # (clones share the Rear Lines: new ones)
        line = rear[p] = list(rear[p])
        line[rear_slot] = FACE_UP[leaving.card]
        self.rex_rear = None
        self.events.append(PUBLIC["rex", p, arriving, leaving.card])

    def _priss_swap(self, front_slot: int, centre_slot: int) -> None:
        p = self.turn
        leaving = self.front[p][front_slot]
        arriving = self.centre.pop(centre_slot)
        self._collect_tokens(leaving, p)
        self.front[p][front_slot] = FRONT_CARD[arriving]
        self.centre.append(leaving.card)
        self.priss_slot = None
        self.events.append(PUBLIC["priss", p, leaving.card, arriving])

    def _put_droppings(self, owner: int, slot: int) -> None:
        supply = self.supply = dict(self.supply)  # (clones share the supply: a new one)
        supply["droppings"] -= 1
        self.pinned += 1
        line = self.front[owner]
        line[slot] = line[slot]._replace(droppings=True)
        self.events.append(PUBLIC["droppings", self.turn, line[slot].card, owner])

    def _put_snout(self, owner: int, slot: int) -> None:
        line = self.front[owner]
        line[slot] = line[slot]._replace(snout=True)
        self.events.append(PUBLIC["snout", self.turn, line[slot].card, owner])

    def _put_mummy(self, owner: int, slot: int) -> None:
        token = self.drawn[-1]
        self.drawn = self.drawn[:-1]  # (clones share the list: a new one)
        line = self.front[owner]
        line[slot] = line[slot]._replace(mummy=token)
        self.events.append(PUBLIC["mummy-put", self.turn, line[slot].card, owner])

    def _grunge_matches(self, hidden_only: bool) -> list[int]:
        return [
            i
            for i, r in enumerate(self.rear[self.ask_target])
            if FAMILY_OF[r.card] == self.ask_family and not (hidden_only and r.revealed)
        ]

    def _grunge_answer(self) -> bool:
        """Answer the question; True when the asked player must choose which card to reveal."""
        p, q, fam = self.turn, self.ask_target, self.ask_family
        if not self._grunge_matches(hidden_only=False):
            # 000: "If they don't, they get 2 Coffee tokens."
            self._gain(q, GRUNGE_COFFEE)
            self._lack(q, fam)
            self.events.append(PUBLIC["grunge", p, q, fam, False, GRUNGE_COFFEE])
            self._clear_grunge()
            return False
        # 000: "If they do, they reveal it and you get 2 Coffee tokens."
        self._gain(p, GRUNGE_COFFEE)
        self.events.append(PUBLIC["grunge", p, q, fam, True, GRUNGE_COFFEE])
        hidden = self._grunge_matches(hidden_only=True)
        if not hidden:
            # Nothing new to show, and so all now know no face-down card of theirs is of that
            # family: remembered like a "no", for determinizations.
            self._lack(q, fam)
            self.events.append(PUBLIC["grunge-shown", q, fam])
            self._clear_grunge()
            return False
        if len(set(self.cards.cards_of(fam))) > 1:
            # The family's cards differ (Skyzo'clop values, Kandhiii symbols): the asked player
            # chooses which to reveal. The choice is offered whenever the family's cards can
            # differ, not only when theirs do, so the public phase tells nothing of what they hide.
            self.phase = GRUNGE_REVEAL
            return True
        # 000: "If a player has, in their Rear Line, more than one Monster from the desired
        # family, they reveal only one."
        self._grunge_reveal(hidden[0])
        return False

    def _lack(self, seat: int, fam: str) -> None:
        """All now know `seat`'s face-down Rear cards hold no `fam` (a new list: clones share
        the old one)."""
        lacks = list(self.lacks)
        lacks[seat] = lacks[seat] | {fam}
        self.lacks = lacks

    def _grunge_reveal(self, slot: int) -> None:
        q = self.ask_target
        rear = self.rear = list(self.rear)  # (clones share the Rear Lines: new ones)
        line = rear[q] = list(rear[q])
        card = line[slot].card
        line[slot] = FACE_UP[card]
        self.events.append(PUBLIC["reveal", q, card])
        self._clear_grunge()

    def _clear_grunge(self) -> None:
        self.ask_target = None
        self.ask_family = None


# family -> the method that starts its power (000 "Monsters and their Powers").
POWERS = {
    "rex": PowersMixin._power_rex,
    "cakosaurus": PowersMixin._power_cakosaurus,
    "skeeter": PowersMixin._power_skeeter,
    "snorkel": PowersMixin._power_snorkel,
    "grunge": PowersMixin._power_grunge,
    "poopy": PowersMixin._power_poopy,
    "snout": PowersMixin._power_snout,
    "bliblop": PowersMixin._no_power,
    "skyzoclop": PowersMixin._no_power,
    "kandhiii": PowersMixin._no_power,
    "priss": PowersMixin._power_priss,
    "mummy": PowersMixin._power_mummy,
}
