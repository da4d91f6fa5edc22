"""The twelve powers (000 "Monsters à la Carte"): how each starts when its card reaches the
centre (`POWERS`, one function per family) and the choices it then asks for (one `Move` per
choice, with its legality, its reason for refusal and its effect). A power is skipped when it
cannot apply (000 NOTE 4: "In this case, don't apply the power!")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardcafe.engine.rules import Move

from .actions import (
    ASK_FAMILIES,
    ASK_PLAYERS,
    PICK_CENTRES,
    PICK_FRONTS,
    PICK_REARS,
    PLACE_MUMMY,
    AskFamily,
    AskPlayer,
    PickCentre,
    PickFront,
    PickRear,
    PlaceMummy,
)
from .cards import FAMILY_OF
from .events import PUBLIC, SECRET
from .limits import MAX_DROPPINGS
from .pieces import FACE_UP, FRONT_CARD, TOKEN

if TYPE_CHECKING:
    from cardcafe.engine.words import Words

    from .state import MonstersCoffeeState

GRUNGE_COFFEE = 2  # 000 Grunge: "you get 2 Coffee tokens ... they get 2 Coffee tokens"
MUMMY_DRAW = 2  # 000 Mummy: "Draw 2 Mummy tokens."

REAR, TAKE, OVER = "rear", "take", "over"  # the round's setup, the turn, the game's end
REX_REAR, REX_FRONT = "rex-rear", "rex-front"
PRISS_FRONT, PRISS_CENTRE = "priss-front", "priss-centre"
POOPY, SNOUT = "poopy", "snout"
GRUNGE_PLAYER, GRUNGE_FAMILY, GRUNGE_REVEAL = "grunge-player", "grunge-family", "grunge-reveal"
MUMMY_TOKEN, MUMMY_CARD = "mummy-token", "mummy-card"
DONE = "power-done"  # a passing mark: the power is over (or skipped), the turn ends


# -- which cards a power may choose ------------------------------------------------------
def movable(state: MonstersCoffeeState, owner: int) -> Sequence[PickFront]:
    """The cards of `owner`'s Front Line a power may move."""
    # 000 Poopy: "This card cannot be moved, even with a special power."
    line, picks = state.front[owner], PICK_FRONTS[owner]
    if not state.pinned:
        return picks[: len(line)]
    return [picks[i] for i, s in enumerate(line) if not s.droppings]


def snout_targets(state: MonstersCoffeeState) -> list[PickFront]:
    # NOTE 3: two *different* tokens may share a card, so not a second Coffee token.
    return [
        PICK_FRONTS[owner][i]
        for owner, line in enumerate(state.front)
        for i, slot in enumerate(line)
        if not slot.snout
    ]


def mummy_targets(state: MonstersCoffeeState) -> list[PickFront]:
    return [
        PICK_FRONTS[owner][i]
        for owner, line in enumerate(state.front)
        for i, slot in enumerate(line)
        if slot.mummy is None
    ]


def priss_centre(state: MonstersCoffeeState) -> list[PickCentre]:
    """The centre cards Priss may swap with, one per different card."""
    # 000 Priss: "Swap one card from your Front Line with another one from the centre."
    # Decision: not the Priss just played (the last centre card). Equal cards are one choice.
    seen: set[str] = set()
    out = []
    for i, card in enumerate(state.centre[:-1]):
        if card not in seen:
            seen.add(card)
            out.append(PICK_CENTRES[i])
    return out


def poopy_targets(state: MonstersCoffeeState) -> list[PickFront]:
    out: list[PickFront] = []
    for owner, line in enumerate(state.front):
        if sum(s.droppings for s in line) < MAX_DROPPINGS:
            picks = PICK_FRONTS[owner]
            out += [picks[i] for i, slot in enumerate(line) if not slot.droppings]
    return out


def grunge_matches(state: MonstersCoffeeState, hidden_only: bool) -> list[int]:
    """The slots of the asked player's Rear Line holding the family asked about."""
    assert state.ask_target is not None
    return [
        i
        for i, r in enumerate(state.rear[state.ask_target])
        if FAMILY_OF[r.card] == state.ask_family and not (hidden_only and r.revealed)
    ]


# -- starting a power ---------------------------------------------------------------------
def start_power(state: MonstersCoffeeState, card: str) -> None:
    """Use the power of `card`, just taken to the centre: its first choice, or its effect and
    the turn's end."""
    fam = FAMILY_OF[card]
    if POWERS[fam](state) is False:
        state.events.tail.append(PUBLIC["skipped", state.turn, fam])
    if state.phase == DONE:
        state.end_turn()


def _enter(state: MonstersCoffeeState, phase: str, choices: object) -> bool:
    """Enter a choosing phase if it offers a choice (`choices` truthy); False (the power is
    skipped) if not."""
    if not choices:
        state.phase = DONE
        return False
    state.phase = phase
    return True


def rex(state: MonstersCoffeeState) -> bool:
    # 000 REX: "Swap one Monster card from your Rear Line with a Monster card from your
    # Front Line. Both cards are revealed."
    # (Front Lines hold 3 cards or more: one is movable unless Droppings pin them.)
    return _enter(state, REX_REAR, not state.pinned or movable(state, state.turn))


def cakosaurus(state: MonstersCoffeeState) -> bool:
    # 000 CAKOSAURUS: "Take 1 Cookie token."
    state.phase = DONE
    if not state.supply["cookie"]:
        return False  # NOTE 2: the supply ran out
    # (Clones share the supply and the Cookies: new ones.)
    supply = state.supply = dict(state.supply)
    supply["cookie"] -= 1
    cookies = state.cookies = list(state.cookies)
    cookies[state.turn] += 1
    state.events.tail.append(PUBLIC["cookie", state.turn])
    return True


def skeeter(state: MonstersCoffeeState) -> bool:
    # 000 SKEETER: "Take 1 Coffee token."
    state.phase = DONE
    state.coffee[state.turn] += 1  # (`gain` of a gain)
    state.events.tail.append(PUBLIC["skeeter", state.turn])
    return True


def snorkel(state: MonstersCoffeeState) -> bool:
    # 000 Snorkel: "Take 1 Whipped Cream token."
    state.phase = DONE
    if not state.supply["whipped_cream"]:
        return False  # NOTE 2
    # (Clones share the supply and the Whipped Cream: new ones.)
    supply = state.supply = dict(state.supply)
    supply["whipped_cream"] -= 1
    cream = state.cream = list(state.cream)
    cream[state.turn] += 1
    state.events.tail.append(PUBLIC["cream", state.turn])
    return True


def grunge(state: MonstersCoffeeState) -> bool:
    # 000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster from a
    # specific family"
    return _enter(state, GRUNGE_PLAYER, True)


def poopy(state: MonstersCoffeeState) -> bool:
    # 000 POOPY: "Put 1 Droppings token on a card from any Front Line."
    if not state.supply["droppings"]:
        return _enter(state, POOPY, False)  # NOTE 2
    return _enter(state, POOPY, poopy_targets(state))


def snout(state: MonstersCoffeeState) -> bool:
    # 000 SNOUT: "Put 1 Coffee token on any card from any Front Line."
    return _enter(state, SNOUT, snout_targets(state))


def no_power(state: MonstersCoffeeState) -> bool:
    # 000 NOTE 1: "Some Monster families do not have special powers." Bliblop, Skyzo'clop,
    # Kandhiii: "This family does not trigger any power when they move."
    state.phase = DONE
    return True


def priss(state: MonstersCoffeeState) -> bool:
    # 000 PRISS: "Swap one card from your Front Line with another one from the centre."
    if not priss_centre(state):
        return _enter(state, PRISS_FRONT, False)
    return _enter(state, PRISS_FRONT, not state.pinned or movable(state, state.turn))


def mummy(state: MonstersCoffeeState) -> bool:
    # 000 MUMMY: "Draw 2 Mummy tokens. Pick 1 of the 2, still face down, and place it on
    # any Monster card on any Front Line. Keep the other token, without revealing it."
    if len(state.mummy_supply) < MUMMY_DRAW or not mummy_targets(state):
        return _enter(state, MUMMY_TOKEN, False)  # NOTE 2 / NOTE 4
    p = state.turn
    # From the top of the box (its end); the box's list is replaced, never changed (clones
    # share it).
    supply = state.mummy_supply
    state.drawn = [TOKEN[face, 0] for face in reversed(supply[-MUMMY_DRAW:])]
    state.mummy_supply = supply[:-MUMMY_DRAW]
    if not state.options.mummy_peek:
        # Decision (option): "Pick 1 of the 2, still face down" read as a blind pick.
        state.events.tail.append(PUBLIC["mummy-draw", p])
        return _enter(state, MUMMY_TOKEN, True)
    state.drawn = [t.seen_by(p) for t in state.drawn]
    faces = tuple(state.cards.mummy[t.value] for t in state.drawn)
    state.events += SECRET["mummy-draw", p, faces]
    return _enter(state, MUMMY_TOKEN, True)


# family -> its power, started when one of its cards reaches the centre (000 "Monsters and
# their Powers"). False: the power could not apply and was skipped.
POWERS: dict[str, Callable[[MonstersCoffeeState], bool]] = {
    "rex": rex,
    "cakosaurus": cakosaurus,
    "skeeter": skeeter,
    "snorkel": snorkel,
    "grunge": grunge,
    "poopy": poopy,
    "snout": snout,
    "bliblop": no_power,
    "skyzoclop": no_power,
    "kandhiii": no_power,
    "priss": priss,
    "mummy": mummy,
}


# -- why a chosen card is refused -----------------------------------------------------------
def _seat_missing(state: MonstersCoffeeState, seat: int) -> str | None:
    if seat >= state.num_players:
        return f"there are only {state.num_players} players at this table"
    return None


def _front_missing(state: MonstersCoffeeState, action: PickFront, w: Words) -> str | None:
    """Why `action` names no card of a Front Line at this table (None: it names one)."""
    missing = _seat_missing(state, action.owner)
    if missing is not None:
        return missing
    line = state.front[action.owner]
    if action.slot >= len(line):
        return f"{w.seats(action.owner)} Front Line has only {len(line)} cards"
    return None


def _refuse_own_front(state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
    """Rex and Priss: a card of your own Front Line that can move."""
    missing = _front_missing(state, action, w)
    if missing is not None:
        return missing
    if action.owner != state.turn:
        return "this power swaps a card of your own Front Line"
    return "that card carries a Droppings token: it cannot be moved"


# -- the choices, one move each -------------------------------------------------------------
class RexRear(Move["MonstersCoffeeState", PickRear]):
    """000 REX: "Swap one Monster card from your Rear Line with a Monster card from your Front
    Line." First the Rear Line card (any of the 3)."""

    action_type = PickRear

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickRear]:
        return PICK_REARS[: len(state.rear[state.turn])]

    def refuse(self, state: MonstersCoffeeState, action: PickRear, w: Words) -> str:
        return f"your Rear Line has only {len(state.rear[state.turn])} cards"

    def apply(self, state: MonstersCoffeeState, action: PickRear) -> None:
        state.rex_rear = action.slot
        state.phase = REX_FRONT


class RexFront(Move["MonstersCoffeeState", PickFront]):
    """000 REX: "... with a Monster card from your Front Line. Both cards are revealed." Poopy:
    a card with Droppings "cannot be moved, even with a special power." """

    action_type = PickFront

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickFront]:
        return movable(state, state.turn)

    def refuse(self, state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
        return _refuse_own_front(state, action, w)

    def apply(self, state: MonstersCoffeeState, action: PickFront) -> None:
        p = state.turn
        rear_slot = state.rex_rear
        assert rear_slot is not None
        leaving = state.front[p][action.slot]
        arriving = state.rear[p][rear_slot].card
        # 000 Snout note: "If a Monster card covered with a Coffee token is moved or revealed
        # through another power, the player whose power it was takes the token."
        state.collect_tokens(leaving, p)
        state.front[p][action.slot] = FRONT_CARD[arriving]
        rear = state.rear = list(state.rear)  # (clones share the Rear Lines: new ones)
        line = rear[p] = list(rear[p])
        line[rear_slot] = FACE_UP[leaving.card]
        state.rex_rear = None
        state.events.tail.append(PUBLIC["rex", p, arriving, leaving.card])
        state.end_turn()


class PrissFront(Move["MonstersCoffeeState", PickFront]):
    """000 PRISS: "Swap one card from your Front Line with another one from the centre." First
    the card of your Front Line (one that can move: Poopy's Droppings pin a card)."""

    action_type = PickFront

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickFront]:
        return movable(state, state.turn)

    def refuse(self, state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
        return _refuse_own_front(state, action, w)

    def apply(self, state: MonstersCoffeeState, action: PickFront) -> None:
        state.priss_slot = action.slot
        state.phase = PRISS_CENTRE


class PrissCentre(Move["MonstersCoffeeState", PickCentre]):
    """000 PRISS: "... with another one from the centre." Decision: not the Priss just played;
    equal cards are one choice (the first of them)."""

    action_type = PickCentre

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickCentre]:
        return priss_centre(state)

    def refuse(self, state: MonstersCoffeeState, action: PickCentre, w: Words) -> str:
        last = len(state.centre) - 1
        if action.slot > last:
            return f"the centre holds only {len(state.centre)} cards"
        if action.slot == last:
            return "that is the Priss you just played: swap with another card of the centre"
        card = state.centre[action.slot]
        return f"choose the first {w.card(card)} of the centre: the same card"

    def apply(self, state: MonstersCoffeeState, action: PickCentre) -> None:
        p = state.turn
        front_slot = state.priss_slot
        assert front_slot is not None
        leaving = state.front[p][front_slot]
        arriving = state.centre.pop(action.slot)
        state.collect_tokens(leaving, p)
        state.front[p][front_slot] = FRONT_CARD[arriving]
        state.centre.append(leaving.card)
        state.priss_slot = None
        state.events.tail.append(PUBLIC["priss", p, leaving.card, arriving])
        state.end_turn()


class PoopyCard(Move["MonstersCoffeeState", PickFront]):
    """000 POOPY: "Put 1 Droppings token on a card from any Front Line. ... No player can have
    more than 3 Droppings tokens on their Front Line." """

    action_type = PickFront

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickFront]:
        return poopy_targets(state)

    def refuse(self, state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
        missing = _front_missing(state, action, w)
        if missing is not None:
            return missing
        if state.front[action.owner][action.slot].droppings:
            return "that card carries a Droppings token already"
        return f"{w.seats(action.owner)} Front Line carries 3 Droppings tokens already"

    def apply(self, state: MonstersCoffeeState, action: PickFront) -> None:
        owner, slot = action.owner, action.slot
        supply = state.supply = dict(state.supply)  # (clones share the supply: a new one)
        supply["droppings"] -= 1
        state.pinned += 1
        line = state.front[owner]
        line[slot] = line[slot]._replace(droppings=True)
        state.events.tail.append(PUBLIC["droppings", state.turn, line[slot].card, owner])
        state.end_turn()


class SnoutCard(Move["MonstersCoffeeState", PickFront]):
    """000 SNOUT: "Put 1 Coffee token on any card from any Front Line." (NOTE 3: two different
    tokens may share a card; two Coffee tokens may not.)"""

    action_type = PickFront

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickFront]:
        return snout_targets(state)

    def refuse(self, state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
        return _front_missing(state, action, w) or "that card carries a Coffee token already"

    def apply(self, state: MonstersCoffeeState, action: PickFront) -> None:
        owner, slot = action.owner, action.slot
        line = state.front[owner]
        line[slot] = line[slot]._replace(snout=True)
        state.events.tail.append(PUBLIC["snout", state.turn, line[slot].card, owner])
        state.end_turn()


class MummyToken(Move["MonstersCoffeeState", PlaceMummy]):
    """000 MUMMY: "Pick 1 of the 2, still face down, and place it ... Keep the other token,
    without revealing it." ... "(but its owner can look at it during the game)" """

    action_type = PlaceMummy

    def legal(self, state: MonstersCoffeeState) -> Sequence[PlaceMummy]:
        return PLACE_MUMMY

    def refuse(self, state: MonstersCoffeeState, action: PlaceMummy, w: Words) -> str:
        return f"you drew only {MUMMY_DRAW} Mummy tokens"

    def apply(self, state: MonstersCoffeeState, action: PlaceMummy) -> None:
        kept = state.drawn[1 - action.which]  # (clones share the list: a new one)
        state.drawn = [state.drawn[action.which]]
        state.receive_mummy(state.turn, kept)
        state.phase = MUMMY_CARD


class MummyCard(Move["MonstersCoffeeState", PickFront]):
    """000 MUMMY: "place it on any Monster card on any Front Line." (NOTE 3: one token of each
    kind on a card.)"""

    action_type = PickFront

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickFront]:
        return mummy_targets(state)

    def refuse(self, state: MonstersCoffeeState, action: PickFront, w: Words) -> str:
        return _front_missing(state, action, w) or "that card carries a Mummy token already"

    def apply(self, state: MonstersCoffeeState, action: PickFront) -> None:
        owner, slot = action.owner, action.slot
        token = state.drawn[-1]
        state.drawn = state.drawn[:-1]  # (clones share the list: a new one)
        line = state.front[owner]
        line[slot] = line[slot]._replace(mummy=token)
        state.events.tail.append(PUBLIC["mummy-put", state.turn, line[slot].card, owner])
        state.end_turn()


class GrungePlayer(Move["MonstersCoffeeState", AskPlayer]):
    """000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster ..." (one
    player: another than yourself)."""

    action_type = AskPlayer

    def legal(self, state: MonstersCoffeeState) -> Sequence[AskPlayer]:
        return [ASK_PLAYERS[q] for q in range(state.num_players) if q != state.turn]

    def refuse(self, state: MonstersCoffeeState, action: AskPlayer, w: Words) -> str:
        return _seat_missing(state, action.seat) or "ask another player, not yourself"

    def apply(self, state: MonstersCoffeeState, action: AskPlayer) -> None:
        state.ask_target = action.seat
        state.phase = GRUNGE_FAMILY


class GrungeFamily(Move["MonstersCoffeeState", AskFamily]):
    """000 GRUNGE: "... from a specific family, e.g. "Do you have a Rex in your Rear Line?". If
    they do, they reveal it and you get 2 Coffee tokens. If they don't, they get 2 Coffee
    tokens." (A family of this game's five.)"""

    action_type = AskFamily

    def legal(self, state: MonstersCoffeeState) -> Sequence[AskFamily]:
        return [ASK_FAMILIES[f] for f in state.families]

    def refuse(self, state: MonstersCoffeeState, action: AskFamily, w: Words) -> str:
        return "ask about one of the five families in this game"

    def apply(self, state: MonstersCoffeeState, action: AskFamily) -> None:
        state.ask_family = action.family
        if not grunge_answer(state):
            state.end_turn()
        # else the asked player chooses which card to reveal


class GrungeReveal(Move["MonstersCoffeeState", PickRear]):
    """000 GRUNGE: "If they do, they reveal it" ... "If a player has, in their Rear Line, more
    than one Monster from the desired family, they reveal only one." The asked player chooses
    which face-down one, when the family's cards differ."""

    action_type = PickRear

    def legal(self, state: MonstersCoffeeState) -> Sequence[PickRear]:
        return [PICK_REARS[i] for i in grunge_matches(state, hidden_only=True)]

    def refuse(self, state: MonstersCoffeeState, action: PickRear, w: Words) -> str:
        assert state.ask_target is not None and state.ask_family is not None
        line = state.rear[state.ask_target]
        if action.slot >= len(line):
            return f"your Rear Line has only {len(line)} cards"
        card = state.rear[state.ask_target][action.slot]
        if FAMILY_OF[card.card] != state.ask_family:
            return f"that card is not {w.a(state.ask_family)}"
        return "that card is face up already: reveal a face-down one"

    def apply(self, state: MonstersCoffeeState, action: PickRear) -> None:
        grunge_reveal(state, action.slot)
        state.end_turn()


# -- Grunge's answer --------------------------------------------------------------------------
def grunge_answer(state: MonstersCoffeeState) -> bool:
    """Answer the question; True when the asked player must choose which card to reveal."""
    p, q, fam = state.turn, state.ask_target, state.ask_family
    assert q is not None and fam is not None
    if not grunge_matches(state, hidden_only=False):
        # 000: "If they don't, they get 2 Coffee tokens."
        state.gain(q, GRUNGE_COFFEE)
        _lack(state, q, fam)
        state.events.tail.append(PUBLIC["grunge", p, q, fam, False, GRUNGE_COFFEE])
        _clear_grunge(state)
        return False
    # 000: "If they do, they reveal it and you get 2 Coffee tokens."
    state.gain(p, GRUNGE_COFFEE)
    state.events.tail.append(PUBLIC["grunge", p, q, fam, True, GRUNGE_COFFEE])
    hidden = grunge_matches(state, hidden_only=True)
    if not hidden:
        # Nothing new to show, and so all now know no face-down card of theirs is of that
        # family: remembered like a "no", for determinizations.
        _lack(state, q, fam)
        state.events.tail.append(PUBLIC["grunge-shown", q, fam])
        _clear_grunge(state)
        return False
    if len(set(state.cards.cards_of(fam))) > 1:
        # The family's cards differ (Skyzo'clop values, Kandhiii symbols): the asked player
        # chooses which to reveal. The choice is offered whenever the family's cards can
        # differ, not only when theirs do, so the public phase tells nothing of what they hide.
        state.phase = GRUNGE_REVEAL
        return True
    # 000: "If a player has, in their Rear Line, more than one Monster from the desired
    # family, they reveal only one."
    grunge_reveal(state, hidden[0])
    return False


def _lack(state: MonstersCoffeeState, seat: int, fam: str) -> None:
    """All now know `seat`'s face-down Rear cards hold no `fam` (a new list: clones share the
    old one)."""
    lacks = list(state.lacks)
    lacks[seat] = lacks[seat] | {fam}
    state.lacks = lacks


def grunge_reveal(state: MonstersCoffeeState, slot: int) -> None:
    """The asked player reveals card `slot` of their Rear Line."""
    q = state.ask_target
    assert q is not None
    rear = state.rear = list(state.rear)  # (clones share the Rear Lines: new ones)
    line = rear[q] = list(rear[q])
    card = line[slot].card
    line[slot] = FACE_UP[card]
    state.events.tail.append(PUBLIC["reveal", q, card])
    _clear_grunge(state)


def _clear_grunge(state: MonstersCoffeeState) -> None:
    state.ask_target = None
    state.ask_family = None
