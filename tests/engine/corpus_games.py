"""A corpus of recorded games and what every screen saw along them, to prove that a change meant
to be invisible (engine speed, kernel shape) changed nothing a player, a record or a seeded bot can
see.

`python -m tests.engine.corpus_games [GAME ...]` (from the repository root) writes
`tests/engine/corpus/` from the code checked out (only the games named, if any);
`test_corpus.py` replays each record with today's code and compares.
What is compared, at every step: the legal moves in order (a seeded random bot picks by position)
with their labels, the prompt, every seat's and a spectator's view; at the end: every seat's and a
spectator's log, the scores, the winners and the whole-truth position (random generator included).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from cardcafe import games
from cardcafe.engine import State
from cardcafe.engine.record import Record

CORPUS_DIR = Path(__file__).parent / "corpus"

# (game id, options) played at every player count the game allows.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("coffee-break", {}),
    ("coffee-break", {"direction": "left", "doubling": "more-than", "target_rule": "exceed"}),
    ("monster-diner", {}),
    ("monster-rejects", {}),
    ("monsters-coffee", {}),
]
SEEDS = (11, 12)


def _canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode()


def fingerprint(state: State, actions: list[Any]) -> list[str]:
    """Replay `actions` (JSON) on `state`; one digest per step and one for the end."""
    seats: list[int | None] = [None, *range(state.num_players)]
    digests = []
    for raw in [*actions, None]:
        step = hashlib.sha256()
        legal = state.legal_actions()
        step.update(_canonical([a.to_json() for a in legal]))
        if legal:
            step.update(_canonical([state.describe(a) for a in legal]))
        step.update(_canonical(state.prompt))
        for seat in seats:
            step.update(_canonical(state.view(seat)))
        if raw is None:
            for seat in seats:
                step.update(_canonical(state.log_json(seat)))
            step.update(_canonical([state.scores(), state.winners() if state.is_over else None]))
            step.update(_canonical(state.to_position()))
        digests.append(step.hexdigest()[:16])
        if raw is not None:
            state.apply(state.game.action_from_json(raw))
    return digests


def build(only: set[str] | None = None) -> None:
    """Write the corpus files: every game's, or only those of the game ids in `only` (a change
    meant to be seen, such as new words, re-records its game alone)."""
    CORPUS_DIR.mkdir(exist_ok=True)
    for number, (game_id, options) in enumerate(VARIANTS):
        if only is not None and game_id not in only:
            continue
        game = games.get(game_id)
        entries = []
        for players in game.players:
            for seed in SEEDS:
                state = game.new(players, seed, **options)
                pick = random.Random(seed * 1000 + players)
                while not state.is_over:
                    state.apply(pick.choice(state.legal_actions()))
                record = state.record()
                replay = game.new(players, seed, **options)
                entries.append(
                    {
                        "record": record.to_json(),
                        "digests": fingerprint(replay, list(record.actions)),
                    }
                )
        name = f"{number}-{game_id}"
        with gzip.open(CORPUS_DIR / f"{name}.json.gz", "wt", encoding="utf-8") as out:
            json.dump({"game": game_id, "options": options, "games": entries}, out)
        print(f"{name}: {len(entries)} games", file=sys.stderr)


def load() -> list[tuple[str, dict[str, Any]]]:
    """(file name, entry) for every recorded game of the corpus."""
    out = []
    for path in sorted(CORPUS_DIR.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            data = json.load(f)
        out += [(path.name, entry) for entry in data["games"]]
    return out


def replayed(entry: dict[str, Any]) -> list[str]:
    record = Record.from_json(entry["record"])
    game = games.get(record.game)
    state = game.new(record.players, record.seed, **record.options)
    return fingerprint(state, list(record.actions))


if __name__ == "__main__":
    build(set(sys.argv[1:]) or None)
