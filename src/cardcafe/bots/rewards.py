"""What a finished game is worth to each seat, in [0, 1], for search bots to maximise."""

from __future__ import annotations

from cardcafe.engine import State

# Winning is what counts; the score share breaks the ties among the many lost (or won)
# rollouts, so the search still prefers losing by less when every line loses.
WIN_WEIGHT = 0.8


def reward_vector(state: State) -> list[float]:
    """Per seat: WIN_WEIGHT times its share of the win (1/k on a k-way draw) plus the rest times
    its score placed between the lowest (0) and the highest (1) score of the table. A game not
    over yet (a rollout cut short) is worth what the game's `evaluate` says."""
    if not state.is_over:
        return state.game.evaluate(state)
    scores = state.scores()
    winners = state.winners()
    low, high = min(scores), max(scores)
    out = []
    for seat, score in enumerate(scores):
        win = 1.0 / len(winners) if seat in winners else 0.0
        share = (score - low) / (high - low) if high > low else 0.5
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * share)
    return out
