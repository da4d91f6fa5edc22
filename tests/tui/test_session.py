"""The table without a screen: undo's stopping rule, the end summary's words, the CLI."""

from __future__ import annotations

import pytest

from cardcafe import games
from cardcafe.engine import GameError
from cardcafe.tui.session import Session, Setup

DINER = games.get("monster-diner")


def test_undo_in_monster_diner_stops_at_the_last_card_drawn():
    # Find a game where player 1 must give an Unwelcome guest to a player with a diner.
    for seed in range(200):
        session = Session(Setup(DINER, 2, ["human", "human"], seed=seed))
        state = session.state
        while not state.is_over and not (state.phase == "give" and state.turn == 0):
            session.play(state.legal_actions()[0])
        if not state.is_over and any(state.diners[1].values()):
            break
    else:
        pytest.fail("no seed gives player 1 a guest")
    # The placement that filled the mat drew no card: it may be taken back. The one before it
    # drew the next card from the deck (or was the other player's): that is final.
    assert session.undo_steps() == 1
    session.play(state.legal_actions()[0])  # give the guest: its outcome is plain to see
    assert session.state.phase == "take"
    assert session.undo_steps() == 2
    session.undo()
    assert session.state.phase == "give"
    session.undo()
    assert session.state.phase == "place"
    with pytest.raises(GameError):
        session.undo()
