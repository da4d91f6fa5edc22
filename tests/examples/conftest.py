"""The example game of docs/adding-a-game.md, registered the way a game under development is:
its package on the path and its module named in CARDCAFE_GAMES (no edit to cardcafe)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardcafe import games

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "high_tea"


@pytest.fixture
def high_tea(monkeypatch):
    """The High Tea game, registered for the test (and forgotten after it)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setenv(games.ENVIRONMENT_VARIABLE, "high_tea")
    games.reload()
    yield games.get("high-tea")
    sys.modules.pop("high_tea", None)
    monkeypatch.undo()
    games.reload()
