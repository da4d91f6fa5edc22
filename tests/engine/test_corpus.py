"""Games recorded before the engine-speed work replay to exactly what every screen saw then.

The corpus (`corpus_games.py`, written at commit cf8f450) holds seeded random games of every game
at every player count; each step's legal moves in order, labels, prompt and views, and each game's
logs, scores and whole-truth position must be unchanged. Monster Rejects' games were recorded again
when its turn prompts changed on purpose (they say when no Realm card can follow, and why), after a
check that the digests of every step with the prompts left out were the same before and after.
"""

from __future__ import annotations

import json

import pytest

from cardcafe import games

from .corpus_games import load, replayed

ENTRIES = load()


def test_the_corpus_covers_every_game_and_player_count():
    records = [json.loads(entry["record"]) for _, entry in ENTRIES]
    seen = {(r["game"], r["players"]) for r in records}
    assert {(g.id, n) for g in games.all() for n in g.players} <= seen


@pytest.mark.parametrize(
    "entry", [e for _, e in ENTRIES], ids=[f"{name}-{i}" for i, (name, _) in enumerate(ENTRIES)]
)
def test_a_recorded_game_replays_to_what_every_screen_saw(entry):
    now = replayed(entry)
    before = entry["digests"]
    assert len(now) == len(before)
    first = next((i for i, (a, b) in enumerate(zip(now, before, strict=True)) if a != b), None)
    assert first is None, f"step {first} of {len(before)} differs from the recording"
