"""A replay steps turn by turn, a turn being one player's moves in a row: at the deal it said
"(29 turns)" of a Monster Rejects game whose log held 33 moves (a draw, then a play, is one
turn), which a newcomer took for a mistake. It names both counts: "the deal (29 turns, 33
moves)"."""

from __future__ import annotations

from .boards import finished_table
from .harness import PHONE, http


def test_the_deal_of_a_replay_says_its_turns_and_its_moves(chromium, server):
    page, table = finished_table(chromium, server, "monster-rejects", 3, viewport=PHONE)
    try:
        replay = http("GET", f"{server}/api/tables/{table['id']}/replay")["steps"]
        moves = len(http("GET", f"{server}/api/tables/{table['id']}/record")["actions"])
        # The stops of the controls: the deal, then the last step of each turn (replay.js).
        last = len(replay) - 1
        stops = [
            i
            for i, step in enumerate(replay)
            if i in (0, last) or replay[i + 1]["turn"] != step["turn"]
        ]
        turns = len(stops) - 1
        assert turns < moves  # (the game where the counts differ, as the newcomer's did)
        page.goto(f"{server}/table/{table['id']}?replay=1")
        page.click("#replay-first")
        assert page.inner_text("#replay-pos") == f"the deal ({turns} turns, {moves} moves)"
        page.click("#replay-forward")
        assert page.inner_text("#replay-pos") == f"turn 1 of {turns}"
    finally:
        page.close()
