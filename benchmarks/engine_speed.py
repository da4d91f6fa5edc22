"""Engine speed, side by side with peers: random playouts, clone() and determinize() per second.

Run with `make bench` (installs RLCard and OpenSpiel into the venv's bench extra). Each figure is
the best of a few timed rounds of about a second, so a busy machine hurts every engine alike.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from cardcafe import games


def rate(work: Callable[[], int], seconds: float, rounds: int = 3) -> float:
    """Best units/s over `rounds` rounds of `seconds` each; `work` returns units done."""
    best = 0.0
    for _ in range(rounds):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += work()
        best = max(best, done / elapsed)
    return best


class Measure:
    def __init__(self, name: str):
        self.name = name
        self.games = self.actions = self.clones = self.determinizes = None


def ours(game, players: int, seconds: float) -> Measure:
    m = Measure(f"cardcafe {game.id} ({players}p)")
    rng = random.Random(1)
    lengths = []

    def playout() -> int:
        state = game.new(players, seed=rng.getrandbits(32))
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        lengths.append(steps)
        return 1

    m.games = rate(playout, seconds)
    m.actions = m.games * sum(lengths) / len(lengths)
    middle = game.new(players, seed=3)
    for _ in range(sum(lengths) // len(lengths) // 2):
        middle.apply(rng.choice(middle.legal_actions()))
    m.clones = rate(lambda: [middle.clone() for _ in range(100)] and 100, seconds)
    seat = middle.current_player
    m.determinizes = rate(
        lambda: [middle.determinize(seat, rng) for _ in range(100)] and 100, seconds
    )
    return m


def rlcard_uno(seconds: float) -> Measure:
    import rlcard

    m = Measure("RLCard uno (2p)")
    env = rlcard.make("uno", config={"seed": 1})
    rng = random.Random(1)
    lengths = []

    def playout() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        lengths.append(steps)
        return 1

    m.games = rate(playout, seconds)
    m.actions = m.games * sum(lengths) / len(lengths)
    env.reset()
    m.clones = rate(lambda: [copy.deepcopy(env.game) for _ in range(10)] and 10, seconds)
    return m


def openspiel_crazy_eights(seconds: float) -> Measure:
    import pyspiel

    m = Measure("OpenSpiel crazy_eights (5p)")
    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(1)
    lengths = []

    def playout() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        lengths.append(steps)
        return 1

    m.games = rate(playout, seconds)
    m.actions = m.games * sum(lengths) / len(lengths)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    m.clones = rate(lambda: [state.clone() for _ in range(100)] and 100, seconds)
    try:
        state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler())
        m.determinizes = rate(
            lambda: (
                [
                    state.resample_from_infostate(
                        state.current_player(), pyspiel.UniformProbabilitySampler()
                    )
                    for _ in range(100)
                ]
                and 100
            ),
            seconds,
        )
    except Exception:  # many OpenSpiel games do not implement it
        m.determinizes = None
    return m


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed round")
    args = parser.parse_args()
    console = Console(width=130)
    peers: list[Measure] = []
    for peer in (rlcard_uno, openspiel_crazy_eights):
        try:
            peers.append(peer(args.seconds))
        except ImportError as exc:
            console.print(f"[yellow]peer skipped, not installed: {exc}[/]")
    rows = [
        ours(g, p, args.seconds)
        for g in games.all()
        for p in sorted({g.players.start, 4})
        if p in g.players
    ]
    uno = next((p.actions for p in peers if p.name.startswith("RLCard")), None)
    table = Table(title="Random playouts, clone() and determinize(): per second, best of 3")
    for column in ("engine", "games/s", "actions/s", "vs RLCard uno", "clone/s", "determinize/s"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    for m in rows + peers:
        ratio = f"{m.actions / uno:.2f}x" if uno else "-"
        table.add_row(
            m.name, fmt(m.games), fmt(m.actions), ratio, fmt(m.clones), fmt(m.determinizes)
        )
    console.print(table)


if __name__ == "__main__":
    main()
