"""A bot's choices cannot depend on what its player cannot see (issue 6: "same information,
different hidden truth: same distribution of choices for a seeded bot")."""

from __future__ import annotations

import random

import pytest

from cardcafe import games
from cardcafe.bots import Observation, has_heuristic, make_bot
from cardcafe.engine import GameError

from .helpers import hidden_fields, midgame

GAMES = [pytest.param(g, id=g.id) for g in games.all()]


def specs_for(game):
    specs = ["random", "ismcts:iterations=25:rollout=random"]
    if has_heuristic(game):
        specs += ["heuristic", "ismcts:iterations=2:rollout=heuristic"]
    return specs


def other_truth(state, player):
    """A state `player` cannot tell from `state` whose hidden part differs from it."""
    for seed in range(20):
        candidate = state.determinize(player, random.Random(seed))
        if hidden_fields(candidate) != hidden_fields(state):
            return candidate
    raise AssertionError("no determinization differs from the truth: nothing is hidden?")


@pytest.mark.parametrize("game", GAMES)
def test_same_observation_different_truth_same_choices(game):
    if not game.has_hidden_information:
        pytest.skip(f"{game.id} hides nothing")
    players = (
        game.players.start + 1 if game.players.start + 1 in game.players else game.players.start
    )
    for moves in (3, 17):
        truth = midgame(game, players, seed=moves, moves=moves)
        player = truth.current_player
        twin = other_truth(truth, player)
        assert twin.view(player) == truth.view(player)
        for spec in specs_for(game):
            seen = [Observation.of(s, player) for s in (truth, twin)]
            assert seen[0].view == seen[1].view
            assert seen[0].legal_actions == seen[1].legal_actions
            # Two decisions in a row, each bot carrying its RNG from one to the next.
            bots = [make_bot(spec, seed=11) for _ in seen]
            for _ in range(2):
                choices = [bot.choose(obs) for bot, obs in zip(bots, seen, strict=True)]
                assert choices[0] == choices[1], f"{spec} chose by the hidden truth"


@pytest.mark.parametrize("game", GAMES)
def test_determinizations_of_equal_information_are_identical(game):
    """What the search bots see: the same samples from the same RNG, whatever the truth."""
    if not game.has_hidden_information:
        pytest.skip(f"{game.id} hides nothing")
    truth = midgame(game, game.players.start, seed=5, moves=6)
    player = truth.current_player
    twin = other_truth(truth, player)
    for seed in range(3):
        a = Observation.of(truth).determinize(random.Random(seed))
        b = Observation.of(twin).determinize(random.Random(seed))
        assert hidden_fields(a) == hidden_fields(b)


def test_observation_holds_no_true_state():
    game = games.get("monster-diner")
    state = midgame(game, 3, seed=2, moves=10)
    obs = Observation.of(state)
    public = {name for name in dir(obs) if not name.startswith("_")}
    assert public == {"game", "players", "player", "view", "legal_actions", "determinize", "of"}
    assert obs.players == 3  # the table size is public
    assert obs.view == state.view(state.current_player)
    sample = obs.determinize(random.Random(0))
    assert sample.seed is None and sample.history == []
    # The observation reads the state itself (no copy per decision): once the game has moved
    # on it refuses, rather than answer about a position the bot was not asked about.
    state.apply(state.legal_actions()[0])
    with pytest.raises(GameError, match="stale"):
        obs.determinize(random.Random(1))


def test_observation_only_for_the_player_to_move():
    state = games.get("monster-diner").new(3, seed=1)
    with pytest.raises(Exception, match="not the player to move"):
        Observation.of(state, (state.current_player + 1) % 3)
