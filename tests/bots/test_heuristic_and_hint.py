"""The heuristic bot plays the game's own policy on a determinization; hints for people."""

from __future__ import annotations

import pytest

from cardcafe import games
from cardcafe.bots import Observation, has_heuristic, hint, make_bot
from cardcafe.engine import BadInput

from .helpers import midgame

DINER = games.get("monster-diner")


@pytest.fixture
def recorded_heuristic(monkeypatch):
    """Give Monster Diner a stand-in policy that records the state it is shown."""
    shown = []

    def policy(self, state, rng):
        shown.append(state)
        return state.legal_actions()[-1]

    monkeypatch.setattr(type(DINER), "heuristic_action", policy)
    return shown


def test_heuristic_plays_the_games_policy_on_a_determinization(recorded_heuristic):
    state = midgame(DINER, 3, seed=1, moves=4)
    action = make_bot("heuristic", 1).choose(Observation.of(state))
    assert action == state.legal_actions()[-1]
    (shown,) = recorded_heuristic
    assert shown is not state and shown.seed is None and shown.history == []
    assert shown.view(state.current_player) == state.view(state.current_player)


def test_heuristic_policy_returning_an_illegal_action_is_reported(monkeypatch):
    from cardcafe.games.monster_diner.actions import GiveGuest

    monkeypatch.setattr(type(DINER), "heuristic_action", lambda self, s, rng: GiveGuest(5))
    state = DINER.new(3, seed=1)
    with pytest.raises(BadInput, match=r"heuristic chose .* not legal"):
        make_bot("heuristic").choose(Observation.of(state))


def test_game_without_heuristic_gives_a_clear_error(monkeypatch):
    from cardcafe.engine import Game

    monkeypatch.setattr(type(DINER), "heuristic_action", Game.heuristic_action)
    assert not has_heuristic(DINER)
    state = DINER.new(3, seed=1)
    for spec in ("heuristic", "ismcts:rollout=heuristic"):
        with pytest.raises(BadInput, match="monster-diner has no heuristic policy yet"):
            make_bot(spec).check_game(DINER)
        with pytest.raises(BadInput, match="no heuristic policy"):
            make_bot(spec).choose(Observation.of(state))
    # rollout=auto falls back to random rollouts
    auto = make_bot("ismcts:iterations=5:rollout=auto")
    assert auto.choose(Observation.of(state)) in state.legal_actions()


def test_ismcts_heuristic_rollouts_use_the_policy(recorded_heuristic):
    state = midgame(DINER, 4, seed=2, moves=3)
    make_bot("ismcts:iterations=3:rollout=heuristic").choose(Observation.of(state))
    assert recorded_heuristic, "the rollouts never asked the heuristic"


def test_hint_suggests_a_legal_action_with_its_visit_share():
    state = midgame(DINER, 3, seed=3, moves=7)
    got = hint(state, spec="ismcts:iterations=50:rollout=random", seed=1)
    assert got.action in state.legal_actions()
    assert 0 < got.confidence <= 1
    assert got.confidence == got.visits[got.action] / sum(got.visits.values())
    assert got.visits[got.action] == max(got.visits.values())
    assert hint(state, spec="ismcts:iterations=50:rollout=random", seed=1) == got


def test_hint_needs_a_search_bot():
    with pytest.raises(BadInput, match="hints come from a search bot"):
        hint(DINER.new(2, seed=1), spec="random")
