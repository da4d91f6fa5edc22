"""Monster's Coffee games recorded before the engine-speed work replay to exactly what every
screen and every search bot saw then (see `corpus.py`): with every preset's powers in play.

Recorded again when the end's Mummy tokens came to say what their Bones did ("1 Bone, odd: -3"),
after a check that every game's steps but its last (the end's views and logs) and every search
digest were the same before and after."""

from __future__ import annotations

import json

import pytest

from .corpus import GAME, load, replayed

ENTRIES = load()


def first_difference(now: list[str], before: list[str]) -> int | None:
    assert len(now) == len(before), "the game is not as long as it was"
    return next((i for i, (a, b) in enumerate(zip(now, before, strict=True)) if a != b), None)


def test_the_corpus_covers_every_preset_and_player_count():
    records = [json.loads(e["record"]) for e in ENTRIES]
    presets = {json.dumps(r["options"], sort_keys=True) for r in records}
    assert len(presets) == len(GAME.option_presets)
    assert {r["players"] for r in records} == set(GAME.players)


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"game-{i}" for i in range(len(ENTRIES))])
def test_a_recorded_game_replays_to_what_screens_and_bots_saw(entry):
    screens, search = replayed(entry)
    step = first_difference(screens, entry["screens"])
    assert step is None, f"step {step}: the screens differ from the recording"
    step = first_difference(search, entry["search"])
    assert step is None, f"step {step}: a determinization or a heuristic choice differs"
