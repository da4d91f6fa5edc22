"""Every game as an OpenSpiel Python game: random play through pyspiel's API, tensors and
strings from the seat's view only, OpenSpiel's ISMCTS bot, its evaluation tool and MCCFR."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs open-spiel (pip install open_spiel)")

import cardcafe.openspiel as cardcafe_openspiel  # noqa: E402
from cardcafe import games  # noqa: E402

NAMES = cardcafe_openspiel.register()


def test_every_game_is_registered_by_its_short_name():
    assert [f"python_cardcafe_{g.id.replace('-', '_')}" for g in games.all()] == NAMES
    assert "python_cardcafe_monster_diner" in pyspiel.registered_names()
    assert cardcafe_openspiel.register() == NAMES  # a second time is harmless


def play_randomly(state, rng):
    """Chance by its probabilities, players uniformly; checks every seat's tensors on the way."""
    game = state.get_game()
    info_shape = game.information_state_tensor_shape()
    obs_shape = game.observation_tensor_shape()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        assert len(state.information_state_tensor(player)) == info_shape[0]
        assert len(state.observation_tensor(player)) == obs_shape[0]
        legal = state.legal_actions()
        assert legal and all(0 <= a < game.num_distinct_actions() for a in legal)
        state.apply_action(int(rng.choice(legal)))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_random_games_through_pyspiels_api(name):
    game = pyspiel.load_game(name)
    game_id = name.removeprefix("python_cardcafe_").replace("_", "-")
    assert game.num_players() == games.get(game_id).players.start
    end = play_randomly(game.new_initial_state(), np.random.default_rng(1))
    returns = end.returns()
    assert sum(returns) == pytest.approx(1.0) and max(returns) > 0
    assert end.history()[0] < 1000  # the deal: the opening chance outcome


def test_players_and_options_are_parameters():
    game = pyspiel.load_game("python_cardcafe_monster_diner",
                             {"players": 4, "options": '{"guest_to": "diner"}'})  # fmt: skip
    assert game.num_players() == 4
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_cardcafe_coffee_break", {"players": 9})


def test_a_seat_sees_its_view_only():
    game = pyspiel.load_game("python_cardcafe_monster_rejects", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.default_rng(5)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    other = (seat + 1) % 3
    differs = False
    for _ in range(4):
        sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        differs |= sample.engine.view(other)["hand"] != state.engine.view(other)["hand"]
    assert differs  # the samples re-deal what the seat cannot see: the test is not vacuous


def test_openspiels_ismcts_bot_plays_a_few_moves():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_cardcafe_coffee_break", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 6, random_state=rng)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiels_evaluation_and_mccfr_run_on_a_small_variant():
    from open_spiel.python.algorithms import evaluate_bots, outcome_sampling_mccfr

    game = pyspiel.load_game("python_cardcafe_coffee_break", {"players": 2, "deals": 2})
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sum(returns) == pytest.approx(1.0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    solver.iteration()
    assert len(solver._infostates) > 10  # information states were visited and stored
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probs = policy.action_probabilities(state)
    assert set(probs) <= set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1.0)


def test_games_and_states_pickle_and_serialize_as_openspiels_own_do(tmp_path):
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    game = pyspiel.load_game("python_cardcafe_monsters_coffee", {"players": 3, "deals": 50})
    state = game.new_initial_state()
    state.apply_action(7)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.information_state_tensor(2) == state.information_state_tensor(2)
    # A fresh process (a multiprocessing worker) unpickles without calling register() first.
    (tmp_path / "pickled").write_bytes(pickle.dumps((game, state)))
    src = str(Path(cardcafe_openspiel.__file__).parents[1])
    script = (
        "import pickle, sys; game, state = pickle.loads(open(sys.argv[1], 'rb').read()); "
        "print(game.num_players(), state.history())"
    )
    command = [sys.executable, "-c", script, str(tmp_path / "pickled")]
    env = {"PYTHONPATH": src}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(maxsplit=1) == ["3", f"{state.history()}\n"]


def test_a_bad_parameter_or_deal_is_one_clear_error():
    from cardcafe.engine import BadInput

    name = "python_cardcafe_monster_diner"
    with pytest.raises(BadInput, match="options must be a JSON object string"):
        pyspiel.load_game(name, {"options": '{"guest_to": diner}'})
    with pytest.raises(BadInput, match="options must be a JSON object string like"):
        pyspiel.load_game(name, {"options": '["diner"]'})
    state = pyspiel.load_game(name, {"deals": 10}).new_initial_state()
    assert state.action_to_string(0, 3) == "deal 3"  # any player's words for the chance node
    with pytest.raises(BadInput, match="the deal must be 0 to 9"):
        state.apply_action(10)
    assert state.is_chance_node()  # refused: nothing dealt
