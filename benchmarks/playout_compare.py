"""Random-playout speed of two source trees of cardcafe, side by side, rounds interleaved.

For a change that must not slow the engines (issue 20: events worded when shown, not when logged):

    .venv/bin/python benchmarks/playout_compare.py --before /tmp/baseline/src --after src

Each round runs every game once per side in a fresh process (alternating which side goes first)
for `--seconds`; the table gives the median actions per CPU-second over the rounds and the ratio
after/before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the src/ folder of the old tree")
    parser.add_argument("--after", required=True, help="the src/ folder of the new tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
