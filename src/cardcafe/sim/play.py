"""Play one game of a run, start to end: the unit of work of every backend."""

from __future__ import annotations

from typing import Any

from cardcafe import games
from cardcafe.bots import Observation, make_bot

from .config import SimConfig, deal_seed, derive_seed, seating


def play_game(config: SimConfig, number: int) -> dict[str, Any]:
    """Game `number` of the run, as one line of results.jsonl. Depends only on its arguments."""
    game = games.get(config.game)
    seed = deal_seed(config, number)
    specs = seating(config, number)
    bots = [
        make_bot(spec, derive_seed(config.seed, number, seat)) for seat, spec in enumerate(specs)
    ]
    state = game.new(config.players, seed=seed, **config.options)
    while not state.is_over:
        player = state.current_player
        state.apply(bots[player].choose(Observation.of(state, player)))
    return {
        "game": number,
        "seed": seed,
        "seats": specs,
        "scores": state.scores(),
        "winners": state.winners(),
        "length": len(state.history),
        "stats": game.balance_stats(state),
    }


def play_game_task(task: tuple[SimConfig, int]) -> dict[str, Any]:
    return play_game(*task)
