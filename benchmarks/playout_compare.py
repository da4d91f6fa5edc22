"""Random-playout speed of two source trees of cardcafe, side by side, rounds interleaved.

For a change that must not slow the engines (issue 20: events worded when shown, not when logged):

    .venv/bin/python benchmarks/playout_compare.py --before /tmp/baseline/src --after src

Each round runs every game once per side in a fresh process (alternating which side goes first)
for `--seconds`; the table gives the median actions per CPU-second over the rounds and the ratio
after/before. On a busy machine, `--games N` counts the instructions of N playouts per side under
callgrind instead: exact and repeatable whatever else runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

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


if __name__ == "__main__":
    main()
