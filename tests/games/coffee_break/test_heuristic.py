"""The Coffee Break heuristic policy: legal, racing for the orders it can finish, stronger
than random."""

import random

from cardcafe.games.coffee_break.actions import FinishLaying, Lay, LayJoker, PickForExchange

from .helpers import GAME, position


def test_it_finishes_the_most_valuable_order_it_can():
    # Hand finishes the Cappuccino (4 points) or the Espresso (2): it goes for the Cappuccino.
    state = position(
        hands=[["espresso", "espresso", "milk", "joker", "ice", "ice", "ice"], []],
        laid=[[("espresso", "espresso")], [], [], []],
    )
    rng = random.Random(0)
    played = []
    while state.current_player == 0:
        action = GAME.heuristic_action(state.determinize(0, rng), rng)
        played.append(action)
        state.apply(action)
    assert "cappuccino" in state.taken[0]
    assert played[-1] == FinishLaying()
    # The real cards go first; the joker stands in for the missing foam.
    assert LayJoker(3, "foam") in played and Lay(3, "espresso") in played


def test_it_exchanges_cards_no_order_wants():
    state = position(
        hands=[["caramel", "caramel", "chocolate", "whipped-cream", "ice", "ice", "espresso"], []]
    )
    rng = random.Random(1)
    action = GAME.heuristic_action(state, rng)
    assert isinstance(action, PickForExchange) and action.card != "espresso"


def test_it_beats_random_play():
    wins = 0
    for seed in range(30):
        state = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        bot = seed % 2  # the heuristic plays first and second in turn
        while not state.is_over:
            if state.current_player == bot:
                action = GAME.heuristic_action(state.determinize(bot, rng), rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        wins += state.winners() == [bot]
    assert wins >= 24
