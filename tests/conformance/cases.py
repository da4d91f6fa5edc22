"""Every registered game at every allowed player count and option preset: what the
conformance files all play."""

from __future__ import annotations

import pytest

from cardcafe import games

CASES = [
    pytest.param(game, players, options, id=f"{game.id}-{players}p-{index}")
    for game in games.all()
    for players in game.players
    for index, options in enumerate(game.option_presets)
]
