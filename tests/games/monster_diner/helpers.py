"""Build Monster Diner positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter

from cardcafe import games

GAME = games.get("monster-diner")


def position(players=3, deck=(), held="janitor", mats=None, diners=None, turn=0, **options):
    """A state whose deck (top card last), drawn card, mats and diners are as given."""
    state = GAME.new(players, seed=0, **options)
    removed_and_rest = state.deck + state.removed + [state.held]
    state.deck = list(deck)
    state.held = held
    state.mats = [list(m) for m in (mats or [[] for _ in range(players)])]
    state.diners = [Counter(d) for d in (diners or [[] for _ in range(players)])]
    state.turn = turn
    # Keep the card count whole: what the position does not use is out of the game.
    used = Counter(state.deck) + Counter([held])
    for pile in state.mats:
        used.update(pile)
    for diner in state.diners:
        used.update(diner)
    rest = Counter(removed_and_rest) - used
    state.removed = list(rest.elements())[: len(state.removed)]
    state._legal = None
    return state
