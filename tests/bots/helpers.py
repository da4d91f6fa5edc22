"""Shared by the bot tests: a seeded game part-way through."""

from __future__ import annotations

import random

from cardcafe.engine import Game, State


def midgame(game: Game, players: int, seed: int, moves: int) -> State:
    """A game after `moves` random actions (fewer if it ends first: then one action back)."""
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    for _ in range(moves):
        after = state.clone()
        after.apply(rng.choice(after.legal_actions()))
        if after.is_over:
            break
        state = after
    return state


def hidden_fields(state: State) -> dict:
    """The game's own fields (what a determinization may change), for comparing states."""
    skip = {"rng", "seed", "history", "events", "_legal", "_view_memo"}
    return {k: v for k, v in state.fields().items() if k not in skip}
