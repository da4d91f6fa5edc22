"""High Tea, the example game, runs through everything a built-in game does: the conformance
suite whole, the bots, records. (The terminal and the web table: test_high_tea_screens.py.)"""

from __future__ import annotations

import random

import pytest

from cardcafe import games
from cardcafe.bots import Observation, make_bot
from cardcafe.engine import IllegalMove
from tests.conformance import test_conformance, test_positions, test_presentation


def cases(game):
    return [(players, options) for players in game.players for options in game.option_presets]


def test_the_conformance_suite_passes_whole(high_tea):
    assert high_tea in games.all()
    for players, options in cases(high_tea):
        test_conformance.test_bulk_random_playouts_end_and_conserve(high_tea, players, options)
        test_conformance.test_every_step_keeps_the_contract(high_tea, players, options)
        test_positions.test_positions_round_trip_continue_and_keep_secrets(
            high_tea, players, options
        )
        test_presentation.test_players_read_the_game_not_its_data(high_tea, players, options)
    test_conformance.test_game_identity_and_setup_errors(high_tea)
    test_conformance.test_same_seed_same_game_and_different_seeds_differ(high_tea)
    test_positions.test_a_position_of_another_game_or_format_is_refused(high_tea)


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=40"])
def test_every_bot_plays_it_to_the_end(high_tea, spec):
    state = high_tea.new(3, seed=4)
    bots = [make_bot(spec, seed) for seed in range(3)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(Observation.of(state.clone(), seat)))
    assert state.winners() and sum(state.scores()) > 0
    assert games.replay(state.record()) == state


def test_refusals_say_what_the_rules_say(high_tea):
    from high_tea.actions import DRAW, REST, SERVES

    state = high_tea.new(2, seed=1)
    # rules.md: "either draw the top cake of the deck and then serve one cake ... or rest"
    with pytest.raises(IllegalMove, match=r"^not now: Draw a cake, or rest\?$"):
        state.apply(SERVES["gateau"])
    state.apply(DRAW)
    with pytest.raises(IllegalMove, match=r"^not now: Which cake do you serve\?$"):
        state.apply(REST)
    missing = next(cake for cake in SERVES if cake not in state.hands[0])
    name = state.catalogue["cards"][missing]["name"]
    with pytest.raises(IllegalMove, match=f"^you have no {name} in your hand$"):
        state.apply(SERVES[missing])
    # rules.md, "Decisions where the rules are silent": "An empty deck: you can only rest"
    state.apply(state.legal_actions()[0])
    state.deck.clear()
    state.forget_legal_actions()
    assert state.legal_actions() == [REST]
    with pytest.raises(IllegalMove, match=r"^the deck is empty: you can only rest$"):
        state.apply(DRAW)


def test_an_unloadable_plugin_is_one_clear_line(monkeypatch):
    monkeypatch.setenv(games.ENVIRONMENT_VARIABLE, "no_such_module_here")
    games.reload()
    try:
        with pytest.raises(Exception, match="CARDCAFE_GAMES module no_such_module_here") as caught:
            games.all()
        assert "\n" not in str(caught.value)
    finally:
        monkeypatch.undo()
        games.reload()


def test_a_random_game_scores_only_at_the_end(high_tea):
    state = high_tea.new(4, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        assert state.scores() == [0.0] * 4  # hands are secret until the end (rules.md)
        state.apply(rng.choice(state.legal_actions()))
    title, parts = state.breakdown()
    assert title == "Final scores"
    assert [sum(p["points"] for p in seat) for seat in parts] == state.scores()


def test_a_new_game_has_its_gymnasium_id(high_tea):
    # PettingZoo and OpenSpiel took any registered game, but gym.make knew the four ids only.
    import gymnasium as gym
    from gymnasium.envs.registration import registry

    from cardcafe import rl

    assert rl.gym_id("monsters-coffee") == "cardcafe/MonstersCoffee-v0"  # the four, unchanged
    try:
        assert rl.register_gym_ids()["high-tea"] == "cardcafe/HighTea-v0"
        made = gym.make("cardcafe/HighTea-v0", players=2, opponents="heuristic")
        obs, _ = made.reset(seed=1)
        assert obs["action_mask"].any() and made.unwrapped.game.id == "high-tea"
    finally:
        registry.pop("cardcafe/HighTea-v0", None)  # the game is forgotten after the test
