"""The search bot's root policies (UCB1, sequential halving on paired samples), rollouts cut
short and valued by the game's evaluation, delayed expansion, and per-game settings."""

from __future__ import annotations

import random

import pytest

import cardcafe.bots.ismcts as ismcts_module
from cardcafe import games
from cardcafe.bots import Observation, make_bot
from cardcafe.bots.ismcts import _Search
from cardcafe.games.coffee_break.actions import Lay

from ..games.coffee_break.helpers import position
from .helpers import midgame

COFFEE_BREAK = games.get("coffee-break")
DINER = games.get("monster-diner")
REJECTS = games.get("monster-rejects")


def winning_position():
    """Player 1 has 18 points; laying their Hot water completes the Americano: 20, the target.
    No order wants their other cards: every other move is an exchange, which ends the turn."""
    return position(
        hands=[
            ["water", "caramel", "caramel", "chocolate", "ice", "ice", "whipped-cream"],
            ["milk"] * 7,
        ],
        slots=("espresso", "americano", "cafe-latte", "cappuccino"),
        laid=[[], [("espresso", "espresso")], [], []],
        taken=[["cappuccino", "iced-cappuccino", "espresso-con-panna"], []],
    )


@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_both_root_policies_find_the_winning_move(root):
    state = winning_position()
    observation = Observation.of(state)
    assert len(observation.legal_actions) == 6
    spec = f"ismcts:iterations=200:prior=0:rollout=random:root={root}"
    assert make_bot(spec, 4).choose(observation) == Lay(1, "water")


def test_halving_is_reproducible_and_keeps_to_its_budget():
    state = midgame(COFFEE_BREAK, 2, seed=11, moves=3)
    observation = Observation.of(state)
    spec = "ismcts:iterations=120:root=halving:rollout=random"
    first = make_bot(spec, 3).search(observation)
    assert first == make_bot(spec, 3).search(observation)
    assert first.action in observation.legal_actions
    assert len(observation.legal_actions) * 3 <= sum(first.visits.values()) <= 120
    # The survivor of the last halving has the most visits (shared with its last rival at most).
    assert first.visits[first.action] == max(first.visits.values())


def test_halving_compares_the_moves_on_shared_samples():
    state = midgame(COFFEE_BREAK, 2, seed=11, moves=3)
    truth = Observation.of(state)
    samples = []

    def sample(rng):
        samples.append(1)
        return truth.determinize(rng)

    observation = Observation(
        truth.game, truth.players, truth.player, truth.legal_actions, sample, dict
    )
    found = make_bot("ismcts:iterations=120:root=halving:prior=0", 3).search(observation)
    iterations = sum(found.visits.values())
    # One determinization per round, every arm still in the running played in it.
    assert 2 * len(samples) <= iterations, (len(samples), iterations)
    samples.clear()
    found = make_bot("ismcts:iterations=120:root=ucb:prior=0", 3).search(observation)
    assert len(samples) == sum(found.visits.values())  # the plain search: one per iteration


def test_rollouts_cut_short_are_valued_by_the_games_evaluation(monkeypatch):
    finished = []
    real = ismcts_module.reward_vector

    def spy(state):
        finished.append(state.is_over)
        return real(state)

    monkeypatch.setattr(ismcts_module, "reward_vector", spy)
    observation = Observation.of(midgame(COFFEE_BREAK, 2, seed=5, moves=2))
    make_bot("ismcts:iterations=40:root=ucb:depth=2", 1).search(observation)
    assert finished and not any(finished)  # two moves from the start never end the game
    finished.clear()
    make_bot("ismcts:iterations=40:root=ucb:depth=0", 1).search(observation)
    assert finished and all(finished)


def test_the_fallback_evaluation_is_the_score_margin_in_units_of_the_games_scale():
    state = position(taken=[["espresso"], []])  # 2 points to 0; Coffee Break's scale is 10
    assert COFFEE_BREAK.evaluate(state) == pytest.approx([0.6, 0.4])
    state = position(taken=[["cafe-latte", "iced-cafe-latte"], ["espresso"]])  # 12 to 2
    assert COFFEE_BREAK.evaluate(state) == pytest.approx([1.0, 0.0])
    assert COFFEE_BREAK.evaluate(position()) == [0.5, 0.5]


def test_the_tree_grows_below_a_node_only_after_expand_visits():
    state = midgame(DINER, 4, seed=2, moves=10)
    bot = make_bot("ismcts:iterations=300:root=ucb:rollout=random:expand=10", 1)
    search = _Search(bot, Observation.of(state))
    search.run()
    children = list(search.root.children.values())
    assert all(not child.children for child in children if child.visits <= 10)
    assert any(child.children for child in children)


def test_a_game_sets_its_defaults_and_a_spec_overrides_them():
    plain = make_bot("ismcts")
    assert plain.settings(COFFEE_BREAK, 2)["root"] == "halving"
    assert plain.settings(COFFEE_BREAK, 2)["rollout"] == "heuristic"
    assert plain.settings(DINER, 4)["root"] == "ucb"  # no defaults of its own: the bot's
    named = make_bot("ismcts:root=ucb:depth=0")
    assert named.settings(COFFEE_BREAK, 2)["root"] == "ucb"
    assert named.settings(COFFEE_BREAK, 2)["depth"] == 0
    # The budget can follow the table: Monster Rejects' rollouts cost more at more players.
    assert plain.settings(REJECTS, 2)["iterations"] > plain.settings(REJECTS, 4)["iterations"]
    assert make_bot("ismcts:iterations=50").settings(REJECTS, 2)["iterations"] == 50


def test_the_search_uses_the_settings_for_its_table():
    state = midgame(REJECTS, 4, seed=3, moves=8)
    found = make_bot("ismcts", 1).search(Observation.of(state))
    assert sum(found.visits.values()) == REJECTS.search_defaults(4)["iterations"]


def test_in_halving_the_prior_is_a_handicap_the_other_moves_must_overcome():
    # With random rollouts the heuristic's move is rarely the best-looking one after a few
    # samples; a heavy prior keeps it unless the others are clearly better.
    agree = {0.0: 0, 5.0: 0}
    for seed in range(8):
        state = midgame(COFFEE_BREAK, 2, seed=seed, moves=3)
        observation = Observation.of(state)
        favourite = COFFEE_BREAK.heuristic_action(state.clone(), random.Random(0))
        for prior in agree:
            spec = f"ismcts:iterations=60:root=halving:rollout=random:depth=0:prior={prior}"
            agree[prior] += make_bot(spec, seed).choose(observation) == favourite
    assert agree[5.0] >= 7 and agree[5.0] > agree[0.0] + 2, agree
