"""The report's PNG plots (matplotlib, Agg: no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

DPI = 110


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def _rate_bars(ax, labels, rates, even: float, title: str) -> None:
    values = [r["win_rate"] for r in rates]
    # max(0, ...): at a rate of 0 or 1 the interval's end equals it up to rounding.
    low = [max(0.0, r["win_rate"] - r["ci_low"]) for r in rates]
    high = [max(0.0, r["ci_high"] - r["win_rate"]) for r in rates]
    positions = range(len(labels))
    ax.bar(positions, values, color="#4c72b0", yerr=[low, high], capsize=6, ecolor="#222222")
    ax.axhline(even, color="#c44e52", linestyle="--", label=f"even share ({even:.0%})")
    for x, r in zip(positions, rates, strict=True):
        ax.annotate(
            f"{r['win_rate']:.0%}\n(n={r['n']})",
            (x, r["ci_high"]),
            textcoords="offset points",
            xytext=(0, 4),
            ha="center",
            fontsize=9,
        )
    ax.set_xticks(list(positions), labels, rotation=15 if len(labels) > 6 else 0, ha="center")
    ax.set_ylim(0, min(1.0, max(r["ci_high"] for r in rates) + 0.18))
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_ylabel("win rate (draws shared), 95% CI")
    ax.set_title(title)
    ax.legend(loc="upper right")


def win_rates(summary: dict[str, Any], path: Path) -> Path:
    bots = summary["per_bot"]
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(bots) + 2), 4.2))
    _rate_bars(ax, list(bots), list(bots.values()), summary["even_share"], "Win rate per bot")
    return _save(fig, path)


def seats(summary: dict[str, Any], path: Path) -> Path:
    per_seat = summary["per_seat"]
    labels = [f"seat {i + 1}" + (" (first)" if i == 0 else "") for i in range(len(per_seat))]
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(labels) + 2), 4.2))
    _rate_bars(ax, labels, per_seat, summary["even_share"], "Win rate per seat (turn order)")
    return _save(fig, path)


def scores(score_lists: dict[str, list[float]], path: Path) -> Path:
    labels = list(score_lists)
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(labels) + 2), 4.2))
    ax.boxplot([score_lists[k] for k in labels], showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    ax.set_ylabel("final score")
    ax.set_title("Score distribution per bot (triangle: mean)")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def lengths(values: list[int], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(6, 4))
    low, high = min(values), max(values)
    # One bar per length when the spread is small, else 30 bars.
    bins = [x - 0.5 for x in range(low, high + 2)] if high - low < 30 else 30
    ax.hist(values, bins=bins, color="#55a868", edgecolor="white")
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return _save(fig, path)


def ratings(summary: dict[str, Any], path: Path) -> Path:
    rated = summary["openskill"]
    labels = list(rated)
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(labels) + 2), 4))
    mus = [rated[k]["mu"] for k in labels]
    sigmas = [rated[k]["sigma"] for k in labels]
    ax.errorbar(range(len(labels)), mus, yerr=sigmas, fmt="o", capsize=6, color="#8172b2")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylabel("rating μ ± σ")
    ax.set_title("OpenSkill (Plackett-Luce) ratings")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def balance(summary: dict[str, Any], path: Path) -> Path | None:
    """Per-player statistics: mean for winners against the others, side by side."""
    features = {
        k: v
        for k, v in summary["balance"]["players"].items()
        if v["mean_winners"] is not None and v["mean_others"] is not None
    }
    if not features:
        return None
    labels = list(features)
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(labels) + 2), 4.5))
    width = 0.4
    xs = range(len(labels))
    ax.bar(
        [x - width / 2 for x in xs],
        [features[k]["mean_winners"] for k in labels],
        width,
        label="winners",
        color="#4c72b0",
    )
    ax.bar(
        [x + width / 2 for x in xs],
        [features[k]["mean_others"] for k in labels],
        width,
        label="others",
        color="#dd8452",
    )
    ax.set_xticks(
        list(xs),
        labels,
        rotation=30 if len(labels) > 4 else 0,
        ha="right" if len(labels) > 4 else "center",
    )
    ax.set_xlim(-0.8, len(labels) - 0.2)
    ax.set_ylabel("mean per player")
    ax.set_title("Balance statistics: winners against the others")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)
