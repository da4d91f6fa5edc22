"""The Monster Diner heuristic policy: legal, keeps what scores for itself, beats random play."""

import random

from cardcafe.games.monster_diner.actions import GiveGuest, Place, TakeCard

from .helpers import GAME, position


def test_it_keeps_a_card_that_completes_its_own_set():
    # 001_7d28313ed1460a2d.txt:
    # "Every two cards of Ice Cream Man bring 5 points.": the second one goes on its mat.
    state = position(
        3, deck=["janitor"] * 5, held="ice-cream-man", diners=[["ice-cream-man"], [], []]
    )
    rng = random.Random(0)
    assert GAME.heuristic_action(state.determinize(0, rng), rng) == Place(0)


def test_it_spoils_a_rivals_bartenders_rather_than_its_own():
    # 001_7d28313ed1460a2d.txt:
    # "One or two Bartender cards bring 10 points, three — 0 points": a third Bartender
    # costs a rival 10 points, a fourth costs itself 2.
    diners = [["bartender"] * 3, ["bartender"] * 2, ["janitor"]]
    state = position(3, deck=["janitor"] * 5, held="bartender", diners=diners)
    rng = random.Random(0)
    assert GAME.heuristic_action(state.determinize(0, rng), rng) == Place(1)


def test_it_takes_the_card_worth_most():
    # 001_7d28313ed1460a2d.txt:
    # "move any card from that diner to his/her own": a Florist (6 points to it, and the
    # rival's odd Florist lost) rather than a Janitor (1 point).
    state = position(
        3,
        deck=["pizza-maker"] * 6,
        held="pizza-maker",
        mats=[["unwelcome-guest", "janitor"], [], []],
        diners=[[], ["janitor", "florist"], []],
    )
    state.apply(Place(0))
    rng = random.Random(0)
    state.apply(GiveGuest(1))
    assert GAME.heuristic_action(state.determinize(0, rng), rng) == TakeCard("florist")


def test_it_beats_random_play():
    wins = 0
    for seed in range(20):
        state = GAME.new(3, seed=seed)
        rng = random.Random(seed)
        bot = seed % 3  # the heuristic plays every seat in turn
        while not state.is_over:
            if state.current_player == bot:
                action = GAME.heuristic_action(state.determinize(bot, rng), rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        wins += state.winners() == [bot]
    assert wins >= 10  # random play wins about a third
