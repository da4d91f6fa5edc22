"""Balance statistics: the generic fallback, and Monster Diner's points by card type."""

from __future__ import annotations

import random

import pytest

from cardcafe import games
from cardcafe.engine import Game


def finished(game_id: str, players: int, seed: int):
    game = games.get(game_id)
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in games.all()])
def test_every_game_gives_numbers_per_seat_and_per_table(game):
    _, state = finished(game.id, game.players.start, seed=4)
    stats = game.balance_stats(state)
    assert len(stats["players"]) == state.num_players
    for seat in stats["players"]:
        assert all(isinstance(v, (int, float)) for v in seat.values())
    assert all(isinstance(v, (int, float)) for v in stats["table"].values())


def test_generic_fallback_is_scores_and_length():
    game, state = finished("monster-diner", 3, seed=1)
    assert Game.balance_stats(game, state) == {
        "players": [{"score": s} for s in state.scores()],
        "table": {"length": len(state.history)},
    }


@pytest.mark.parametrize("seed", range(8))
def test_monster_diner_points_by_type_add_up_to_the_score(seed):
    game, state = finished("monster-diner", 2 + seed % 5, seed)
    for seat in game.balance_stats(state)["players"]:
        parts = sum(v for k, v in seat.items() if k.startswith("points:"))
        assert parts == seat["score"]
