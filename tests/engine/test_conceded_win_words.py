"""A seat whose player conceded, a bot playing it on, that wins: every game's log ends with the
win as the table's banner says it, "Bot (for Ann, who conceded) wins" (`Words.won`, the one place
the games word a win), not "Ann (conceded) wins" under a banner that named the bot."""

from __future__ import annotations

import random

import pytest

from cardcafe import games
from cardcafe.engine.words import CONCEDED, default_names


@pytest.mark.parametrize("game_id", sorted(g.id for g in games.all()))
def test_the_log_words_a_conceded_seat_s_win_as_the_bot_s(game_id):
    game = games.get(game_id)
    players = min(game.players)
    state = game.new(players, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    (winner, *_) = state.winners()
    names = default_names(players)
    names[winner] = f"Ann{CONCEDED}"
    for viewer in (None, *(s for s in range(players) if s != winner)):
        lines = state.log_text(viewer, names)
        assert not [line for line in lines if "(conceded) win" in line], (viewer, lines[-3:])
        assert [line for line in lines if "Bot (for Ann, who conceded) win" in line], lines[-3:]
