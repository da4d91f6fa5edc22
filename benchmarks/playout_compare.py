"""Random-playout speed of two source trees of cardcafe, side by side, rounds interleaved.

For a change that must not slow the engines (issue 20: events worded when shown, not when logged):

    .venv/bin/python benchmarks/playout_compare.py --before /tmp/baseline/src --after src

Each round runs every game once per side in a fresh process (alternating which side goes first)
for `--seconds`; the table gives the median actions per CPU-second over the rounds and the ratio
after/before. On a busy machine, `--games N` counts the instructions of N playouts per side under
callgrind instead: exact and repeatable whatever else runs. `--interleaved` times both trees in
one process instead (each imported under a name of its own), in slices of `--slice` CPU seconds
taken in turn, and gives the median of the per-round ratios: this virtual machine's speed drifts
by tens of percent over seconds, and slices a twentieth of a second apart see the same machine
(a change of 2% reads as such, where fresh processes scatter by 8%).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

WORKER = r"""
import json, random, sys, time
from cardcafe import games
game, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
g = games.get(game)
rng = random.Random(1)
actions, start = 0, time.process_time()
while time.process_time() - start < seconds:
    state = g.new(players, seed=rng.getrandbits(32))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
print(json.dumps(actions / (time.process_time() - start)))
"""

# The same fixed work for an instruction count under callgrind (--games N): exact and
# repeatable whatever else the machine is doing.
COUNTED = r"""
import random, sys
from cardcafe import games
g, players, count = games.get(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(1)
for _ in range(count):
    state = g.new(players, seed=rng.getrandbits(32))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
"""

CASES = [
    ("monster-diner", 4),
    ("coffee-break", 3),
    ("monster-rejects", 4),
    ("monsters-coffee", 4),
]
# The interleaved comparison also plays two players: its games are short, so their deal counts.
INTERLEAVED_CASES = [*CASES, ("monster-rejects", 2), ("coffee-break", 2)]


def run(src: str, game: str, players: int, seconds: float) -> float:
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run(
        [sys.executable, "-c", WORKER, game, str(players), str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def instructions(src: str, game: str, players: int, count: int, work: str) -> int:
    """Instructions executed by `count` playouts (less those of starting Python, measured the
    same way with no playouts)."""
    env = {**os.environ, "PYTHONPATH": src}
    out = os.path.join(work, "callgrind.out")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
    subprocess.run(
        [*command, "-c", COUNTED, game, str(players), str(count)],
        env=env,
        check=True,
        capture_output=True,
    )
    with open(out, encoding="utf-8") as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the src/ folder of the old tree")
    parser.add_argument("--after", required=True, help="the src/ folder of the new tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--interleaved", action="store_true", help="both trees in one process")
    parser.add_argument("--slice", type=float, default=0.05, help="CPU seconds a side a round")
    parser.add_argument(
        "--games",
        type=int,
        default=0,
        help="instead of timing, count the instructions of this many playouts (callgrind)",
    )
    args = parser.parse_args()
    if args.games:
        count_instructions(args)
        return
    if args.interleaved:
        interleaved(args)
        return
    rates: dict[tuple[str, str], list[float]] = {}
    for round_ in range(args.rounds):
        sides = [("before", args.before), ("after", args.after)]
        if round_ % 2:
            sides.reverse()
        for game, players in CASES:
            for side, src in sides:
                rate = run(src, game, players, args.seconds)
                rates.setdefault((f"{game} {players}p", side), []).append(rate)
    print(
        f"| game | before (actions/s) | after (actions/s) | after/before | ({args.rounds} rounds)"
    )
    print("|---|---|---|---|")
    for game, players in CASES:
        name = f"{game} {players}p"
        before = statistics.median(rates[(name, "before")])
        after = statistics.median(rates[(name, "after")])
        print(f"| {name} | {before:,.0f} | {after:,.0f} | {after / before:.2f} |")


def count_instructions(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as work:
        print(f"Instructions for {args.games} random playouts (callgrind), in millions:")
        print("| game | before | after | after/before |")
        print("|---|---|---|---|")
        for game, players in CASES:
            counts = {}
            for side, src in (("before", args.before), ("after", args.after)):
                base = instructions(src, game, players, 0, work)
                counts[side] = instructions(src, game, players, args.games, work) - base
            ratio = counts["after"] / counts["before"]
            line = f"| {game} {players}p | {counts['before'] / 1e6:,.0f} | "
            print(line + f"{counts['after'] / 1e6:,.0f} | {ratio:.3f} |")


def renamed_copy(src: str, name: str, work: str) -> str:
    """A copy of `src`'s cardcafe package importable as `name` (its absolute imports of
    cardcafe renamed), in a folder of `work` to put on sys.path."""
    root = os.path.join(work, name)
    shutil.copytree(os.path.join(src, "cardcafe"), os.path.join(root, name))
    pattern = re.compile(r"\bcardcafe(?=[.\s])")
    for folder, _, files in os.walk(root):
        for file in files:
            if file.endswith(".py"):
                path = os.path.join(folder, file)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(pattern.sub(name, text))
    return root


def playouts(game: Any, players: int, seconds: float) -> float:
    """Random playouts of `game` for `seconds` of CPU time: actions per CPU second."""
    rng = random.Random(7)
    actions, start = 0, time.process_time()
    while True:
        state = game.new(players, seed=rng.getrandbits(32))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions / elapsed


def interleaved(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as work:
        sides: dict[str, Callable[[str], Any]] = {}
        for side, src in (("before", args.before), ("after", args.after)):
            name = f"cardcafe_{side}"
            sys.path.insert(0, renamed_copy(src, name, work))
            sides[side] = importlib.import_module(f"{name}.games").get
        rounds = args.rounds * 10  # slices, not processes: many more rounds in the same time
        print(f"Both trees in one process, {rounds} rounds of {args.slice} s a side:")
        print("| game | after/before (median) | quartiles |")
        print("|---|---|---|")
        for game, players in INTERLEAVED_CASES:
            before, after = sides["before"](game), sides["after"](game)
            for _ in range(4):  # warm-up: every side's first games fill its tables
                playouts(before, players, args.slice)
                playouts(after, players, args.slice)
            ratios = []
            for round_ in range(rounds):
                if round_ % 2:
                    old = playouts(before, players, args.slice)
                    new = playouts(after, players, args.slice)
                else:
                    new = playouts(after, players, args.slice)
                    old = playouts(before, players, args.slice)
                ratios.append(new / old)
            low, _, high = statistics.quantiles(ratios, n=4)
            median = statistics.median(ratios)
            print(f"| {game} {players}p | {median:.3f} | {low:.3f} to {high:.3f} |")


if __name__ == "__main__":
    main()
