"""Train sb3-contrib's MaskablePPO in one seat of a game against the heuristic bot, and write
its learning curve (the win rate of the greedy policy against the same opponents, measured on
fresh games every few thousand steps).

    pip install 'cardcafe[rl]' sb3-contrib
    python examples/train_maskable_ppo.py --game coffee-break --steps 200000 --out runs/ppo

Writes OUT/learning_curve.csv (steps, win_rate, ci_low, ci_high, episodes) and
OUT/learning_curve.png, and the model as OUT/model.zip. The learner's seat is drawn each
episode, so it learns every seat; the even share of a 2-player game is 50%.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np


class ObservationOnly(gym.ObservationWrapper):
    """The structured vector alone (MlpPolicy); the legal actions still come from
    `action_masks()`, which MaskablePPO asks the env for."""

    def __init__(self, env: gym.Env):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


def make_env(game: str, players: int, opponents: str) -> gym.Env:
    import cardcafe.rl  # noqa: F401  (registers the ids)
    from cardcafe.rl import GYM_IDS

    return ObservationOnly(
        gym.make(GYM_IDS[game], players=players, opponents=opponents, seat="random").unwrapped
    )


def win_rate(model, env: gym.Env, episodes: int, seed: int) -> tuple[float, float, float]:
    """The greedy policy's share of wins over `episodes` fresh games, with a Wilson 95% CI."""
    from statsmodels.stats.proportion import proportion_confint

    total = 0.0
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        total += max(reward, 0.0)
    low, high = proportion_confint(total, episodes, method="wilson")
    return total / episodes, float(low), float(high)


def plot(rows: list[dict], path: Path, even: float, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["steps"] for r in rows]
    rate = [r["win_rate"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, rate, marker="o", color="#4c72b0", label="MaskablePPO (greedy)")
    ax.fill_between(steps, [r["ci_low"] for r in rows], [r["ci_high"] for r in rows],
                    color="#4c72b0", alpha=0.2, label="95% CI")  # fmt: skip
    ax.axhline(even, color="#c44e52", linestyle="--", label=f"even share ({even:.0%})")
    ax.set_xlabel("training steps")
    ax.set_ylabel("win rate against the opponents")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def chart_title(game: str, players: int, opponents: str) -> str:
    """ "MaskablePPO at Coffee Break, 2 players, against the Heuristic bot": the game's and the
    bot's names, not their ids."""
    from cardcafe import games
    from cardcafe.bots import bot_title

    against = bot_title(opponents)
    return f"MaskablePPO at {games.get(game).title}, {players} players, against the {against}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="coffee-break")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--every", type=int, default=10_000, help="steps between evaluations")
    parser.add_argument("--episodes", type=int, default=200, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/maskable_ppo"))
    args = parser.parse_args(argv)
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        print("this example needs sb3-contrib: pip install sb3-contrib", file=sys.stderr)
        return 2

    args.out.mkdir(parents=True, exist_ok=True)
    train_env = make_env(args.game, args.players, args.opponents)
    eval_env = make_env(args.game, args.players, args.opponents)
    model = MaskablePPO("MlpPolicy", train_env, seed=args.seed, verbose=0)
    rows = []
    for done in range(0, args.steps + 1, args.every):
        if done:
            model.learn(args.every, reset_num_timesteps=False)
        rate, low, high = win_rate(model, eval_env, args.episodes, seed=10**6 + done)
        rows.append({"steps": done, "win_rate": rate, "ci_low": low, "ci_high": high,
                     "episodes": args.episodes})  # fmt: skip
        print(f"{done:>8} steps: win rate {rate:.1%} [{low:.1%}, {high:.1%}]", flush=True)
    with (args.out / "learning_curve.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    title = chart_title(args.game, args.players, args.opponents)
    plot(rows, args.out / "learning_curve.png", 1.0 / args.players, title)
    model.save(args.out / "model.zip")
    print(f"Learning curve: {args.out / 'learning_curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
