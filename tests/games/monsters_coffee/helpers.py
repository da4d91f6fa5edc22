"""Build Monster's Coffee positions by hand for rule tests (seed 000_992b8e92303b7cf4.txt)."""

from __future__ import annotations

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
    position does not use are the discarded ones, so every card is still accounted for."""
    players = len(front)
    state = GAME.new(players, seed=0, families=list(families), **options)
    state.hands = [[] for _ in range(players)]
    state.front = [[s if isinstance(s, Slot) else Slot(s) for s in line] for line in front]
    state.rear = [[r if isinstance(r, RearCard) else RearCard(r) for r in line] for line in rear]
    state.centre = list(centre)
    used = Counter(state.centre)
    for line in state.front:
        used.update(s.card for s in line)
    for line in state.rear:
        used.update(r.card for r in line)
    deck = Counter(state.cards.deck(state.families))
    assert not used - deck, f"the position uses cards the game lacks: {used - deck}"
    state.discard = list((deck - used).elements())
    state.supply["droppings"] -= sum(s.droppings for line in state.front for s in line)
    state.round = round
    state.phase = "take"
    state.turn = turn
    state.first_player = 0
    state._legal = None
    state.check_invariants()
    return state


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
