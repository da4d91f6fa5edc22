"""A corpus of Monster's Coffee games recorded before the engine-speed work (issue 17), wider than
the engine's (`tests/engine/corpus_games.py`, the Latte Newbie only): every option preset, so
every power, at every player count, and at every step what the search bots depend on too: a
seeded determinization for the player to move (its whole truth, random generator included) and
the heuristic's choice in it and in the truth.

`python -m tests.games.monsters_coffee.corpus` (from the repository root) writes `corpus.json.gz`
from the code checked out; `test_corpus.py` replays it with today's code and compares.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from cardcafe import games
from cardcafe.engine.record import Record

from ...engine.corpus_games import _canonical, fingerprint

CORPUS = Path(__file__).with_name("corpus.json.gz")
GAME = games.get("monsters-coffee")
SEEDS = (5, 6)


def search_digests(state, actions: list[Any], seed: int) -> list[str]:
    """Replay `actions`; per step, a digest of a seeded determinization for the player to move
    and of the heuristic's choices (in it and in the truth), the caller's rng shared by all."""
    rng = random.Random(seed)
    out = []
    for raw in actions:
        step = hashlib.sha256()
        seat = state.current_player
        sample = state.determinize(seat, rng)
        step.update(_canonical(sample.to_position()))
        step.update(_canonical([a.to_json() for a in sample.legal_actions()]))
        step.update(_canonical(GAME.heuristic_action(sample, rng).to_json()))
        step.update(_canonical(GAME.heuristic_action(state.clone(), rng).to_json()))
        out.append(step.hexdigest()[:16])
        state.apply(GAME.action_from_json(raw))
    return out


def games_to_record():
    """(options, players, seed): each preset at each player count, two seeds each."""
    for options in GAME.option_presets:
        for players in GAME.players:
            for seed in SEEDS:
                yield dict(options), players, seed


def build() -> None:
    entries = []
    for options, players, seed in games_to_record():
        state = GAME.new(players, seed, **options)
        pick = random.Random(seed * 100 + players)
        while not state.is_over:
            # Half random, half heuristic: the heuristic reaches the powers' rarer branches.
            if pick.random() < 0.5:
                state.apply(pick.choice(state.legal_actions()))
            else:
                state.apply(GAME.heuristic_action(state.clone(), pick))
        record = state.record()
        actions = list(record.actions)
        entries.append(
            {
                "record": record.to_json(),
                "screens": fingerprint(GAME.new(players, seed, **options), actions),
                "search": search_digests(GAME.new(players, seed, **options), actions, seed),
            }
        )
    with gzip.open(CORPUS, "wt", encoding="utf-8") as out:
        json.dump(entries, out)


def load() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return json.load(f)


def replayed(entry: dict[str, Any]) -> tuple[list[str], list[str]]:
    record = Record.from_json(entry["record"])
    options = record.options

    def fresh():
        return GAME.new(record.players, record.seed, **options)

    actions = list(record.actions)
    return fingerprint(fresh(), actions), search_digests(fresh(), actions, record.seed)


if __name__ == "__main__":
    build()
