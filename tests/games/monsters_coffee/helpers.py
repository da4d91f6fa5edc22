"""Build Monster's Coffee positions by hand for rule tests (seed 000_992b8e92303b7cf4.txt)."""

from __future__ import annotations

import copy
from collections import Counter

from cardcafe import games
from cardcafe.games.monsters_coffee.pieces import RearCard, Slot

GAME = games.get("monsters-coffee")
ALL_POWERS = ["rex", "grunge", "poopy", "snout", "priss"]
NEWBIE = ["rex", "cakosaurus", "skeeter", "snorkel", "bliblop"]
SCORERS = ["bliblop", "skyzoclop", "kandhiii", "mummy", "priss"]


def position(
    front,
    rear,
    centre=(),
    families=ALL_POWERS,
    turn=0,
    round=1,
    **options,
):
    """A round in progress: the Front Lines (card ids or `Slot`s), Rear Lines (card ids or
    `RearCard`s) and centre as given, player `turn` to take a card. Cards of the five families the
    position does not use are the discarded ones, so every card is still accounted for. Built
    with the public API: a new game's position with these keys changed (`GAME.from_position`)."""
    players = len(front)
    pos = GAME.new(players, seed=0, families=list(families), **options).to_position()
    front = [[slot_json(s) for s in line] for line in front]
    rear = [[rear_json(r) for r in line] for line in rear]
    used = Counter(centre)
    for line in front:
        used.update(s["card"] for s in line)
    for line in rear:
        used.update(r["card"] for r in line)
    deck = Counter(pos["hands"][0] + pos["discard"])
    for hand in pos["hands"][1:]:
        deck.update(hand)
    assert not used - deck, f"the position uses cards the game lacks: {used - deck}"
    del pos["coffee_by_source"]  # nothing earned before: all 0
    pos |= {
        "round": round,
        "phase": "take",
        "turn": turn,
        "first_player": 0,
        "hands": [[] for _ in range(players)],
        "front": front,
        "rear": rear,
        "centre": list(centre),
        "discard": sorted((deck - used).elements()),
    }
    return GAME.from_position(pos)


def edit(state, change=None, **keys):
    """The same state with position keys replaced (`keys`) or changed in place (`change`, a
    function of the position): `GAME.from_position` of the edited `state.to_position()`."""
    pos = copy.deepcopy(state.to_position())
    pos |= keys
    if change is not None:
        change(pos)
    return GAME.from_position(pos)


def slot_json(slot) -> dict:
    """A Front Line card as a position writes it."""
    if isinstance(slot, str):
        slot = Slot(slot)
    assert slot.mummy is None, "put Mummy tokens with edit()"
    return {"card": slot.card, "droppings": slot.droppings, "snout_coffee": slot.snout}


def rear_json(card) -> dict:
    if isinstance(card, str):
        card = RearCard(card)
    return {"card": card.card, "revealed": card.revealed}


def filler(line_size: int, card: str = "rex") -> list[str]:
    return [card] * line_size


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve"]


def texts(state, viewer=None):
    """The log as `viewer` reads it (None: a spectator), seats named Ann, Bob, Cleo..."""
    return state.log_text(viewer, NAMES[: state.num_players])


def last(state, kind=None):
    """The last event (of `kind`) in the full log."""
    return [e for e in state.events if kind is None or e.kind == kind][-1]
