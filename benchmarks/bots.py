"""Bot benchmarks: ISMCTS iterations per second per game, and the strength ladder.

    python benchmarks/bots.py speed [--games monster-diner,...] [--players N]
    python benchmarks/bots.py ladder [--games ...] [--players N] [--matches K] [--search SPEC]
                                     [--rungs first,second] [--no-duplicate]
    python benchmarks/bots.py all    (both; what `make bench` runs)

The ladder plays, per game, head-to-head matches (the two bots alternate around the table,
the seating turning one place each match): heuristic against random, then ismcts against
heuristic; when a game has no heuristic yet, ismcts against random instead. A bot's share of a
match is the sum of its seats' win shares (a k-way draw counts 1/k), so an even share is its
seats over the players (1/2 at an even table).

Duplicate deals (the default): each deal is played once per seating, N games in a row at N
players, so both bots meet the same cards from every seat, and the 95% interval (Student's t) is
taken over deals, each deal's share the mean of its games: the luck of the deal, most of the
variance in these games, cancels out. `--no-duplicate` deals every game afresh and gives
Wilson's interval over games.
"""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.table import Table

from cardcafe import games
from cardcafe.bots import Observation, has_heuristic, make_bot
from cardcafe.sim import SimConfig, run_simulation
from cardcafe.sim.stats import mean_interval, wilson, win_share

console = Console(width=150)


def table_size(game, wanted: int | None) -> int:
    """`wanted`, or 4 players (2 against 2) where the game allows it, else its smallest."""
    if wanted is not None:
        return wanted
    return 4 if 4 in game.players else game.players.start


def positions(game, players: int, count: int, seed: int):
    """Decisions spread over a game: random play from the start, one position every few moves."""
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    out = []
    while len(out) < count:
        if state.is_over:
            state = game.new(players, seed=rng.getrandbits(32))
        if len(state.legal_actions()) > 1 and rng.random() < 0.2:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def search_speed(game, players: int, spec: str) -> tuple[float, float, int]:
    """Iterations per second and CPU ms per move of `spec` at its budget for this table."""
    spent = iterations = 0.0
    budget = make_bot(spec).settings(game, players)["iterations"]
    for number, state in enumerate(positions(game, players, 5, seed=1)):
        bot = make_bot(spec, number)
        # CPU time: on a shared machine the wall clock measures the neighbours too.
        start = time.process_time()
        found = bot.search(Observation.of(state))
        spent += time.process_time() - start
        iterations += sum(found.visits.values())
    return iterations / spent, 1000 * spent / 5, budget


# The search as each game sets it up (Game.search_defaults), and the bot's own defaults (plain
# ISMCTS: UCB1 at the root, random rollouts to the end, the heuristic as a prior).
PLAIN = "ismcts:root=ucb:rollout=random:depth=0:expand=1"


def speed(selected, players: int | None) -> None:
    table = Table(
        "game",
        "players",
        "spec",
        "settings from the game",
        "iterations/s",
        "iterations per move",
        "CPU ms per move",
        title="ISMCTS speed (CPU time; 5 positions of random play)",
    )
    for game in selected:
        n = table_size(game, players)
        own = game.search_defaults(n)
        for spec in ("ismcts", PLAIN) if own else ("ismcts",):
            if not has_heuristic(game) and "rollout=random" not in spec:
                spec = f"{spec}:rollout=random"
            rate, ms, budget = search_speed(game, n, spec)
            shown = ", ".join(f"{k}={v}" for k, v in own.items()) if spec == "ismcts" else "-"
            table.add_row(
                game.id, str(n), spec, shown or "none", f"{rate:,.0f}", str(budget), f"{ms:,.0f}"
            )
    console.print(table)


def match(game, players, a, b, matches, seed, workers, duplicate=True):
    if duplicate:
        matches = -(-matches // players) * players  # whole deals
    config = SimConfig.build(game.id, players, f"{a},{b}", matches, seed, duplicate=duplicate)
    start = time.perf_counter()
    results = run_simulation(config, workers=workers, console=console).results
    elapsed = time.perf_counter() - start
    seats_a = sum(1 for s in config.seats if s == a)
    shares = {}  # per deal (or per game): the share of the wins a's seats took
    for r in results:
        share = sum(win_share(r, seat) for seat, s in enumerate(r["seats"]) if s == a)
        shares.setdefault(r["seed"], []).append(share)
    if duplicate:
        # Each deal played from every seat is one sample: the luck of the deal cancels out.
        rate, low, high = mean_interval([sum(v) / len(v) for v in shares.values()])
    else:
        rate = sum(sum(v) for v in shares.values()) / len(results)
        low, high = wilson(rate * len(results), len(results))
    decisions = sum(r["length"] for r in results)
    return {
        "rate": rate,
        "low": low,
        "high": high,
        "even": seats_a / players,
        "n": len(results),
        "seconds": elapsed,
        "ms_per_action": 1000 * elapsed / decisions,
    }


def ladder(
    selected, players, matches, search, seed, workers, rungs=("first", "second"), duplicate=True
) -> None:
    table = Table(
        "game",
        "players",
        "bot",
        "against",
        "matches",
        "share of wins [95% CI]",
        "even",
        "verdict",
        "wall time",
        title=f"Strength ladder (seed {seed}{', duplicate deals' if duplicate else ''})",
    )
    for game in selected:
        n = table_size(game, players)
        if has_heuristic(game):
            pairs = [("heuristic", "random"), (search, "heuristic")]
            pairs = [p for p, rung in zip(pairs, ("first", "second"), strict=True) if rung in rungs]
        else:
            pairs = [(search, "random")]
        for a, b in pairs:
            m = match(game, n, a, b, matches, seed, workers, duplicate)
            verdict = (
                "stronger"
                if m["low"] > m["even"]
                else "weaker"
                if m["high"] < m["even"]
                else "not distinguishable"
            )
            table.add_row(
                game.id,
                str(n),
                a,
                b,
                str(m["n"]),
                f"{m['rate']:.1%} [{m['low']:.1%}, {m['high']:.1%}]",
                f"{m['even']:.0%}",
                verdict,
                f"{m['seconds']:.0f} s",
            )
        if not has_heuristic(game):
            table.add_row(game.id, str(n), "heuristic", "-", "-", "no heuristic yet", "", "", "")
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("speed", "ladder", "all"), nargs="?", default="all")
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--players", type=int, help="table size (default 4, else the minimum)")
    parser.add_argument("--matches", type=int, default=40, help="games per ladder match")
    parser.add_argument(
        "--search", default="ismcts", help="the search bot's spec (default: plain ismcts)"
    )
    parser.add_argument(
        "--rungs",
        default="first,second",
        choices=("first", "second", "first,second", "second,first"),
        help="first (heuristic v random), second (search v heuristic), or first,second",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--duplicate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="play each deal from every seat and take the interval over deals (default: on)",
    )
    parser.add_argument("--workers", type=int, help="processes (default: all cores)")
    args = parser.parse_args()
    selected = [games.get(g) for g in args.games.split(",")] if args.games else games.all()
    if args.what in ("speed", "all"):
        speed(selected, args.players)
    if args.what in ("ladder", "all"):
        ladder(
            selected,
            args.players,
            args.matches,
            args.search,
            args.seed,
            args.workers,
            tuple(args.rungs.split(",")),
            args.duplicate,
        )


if __name__ == "__main__":
    main()
