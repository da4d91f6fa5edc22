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
    """Per-player statistics, one panel per sort: amounts (mean for winners against the others;
    the score is left out: scores.png shows it, and its scale would flatten the rest) and 0/1
    statistics such as holding a card (win rate with it against without it, 95% CI)."""
    players = summary["balance"]["players"]
    amounts = {
        k: (v["mean_winners"], v["mean_others"])
        for k, v in players.items()
        if "with" not in v
        and k != "score"
        and v["mean_winners"] is not None
        and v["mean_others"] is not None
    }
    binary = {
        k: (v["with"], v["without"])
        for k, v in players.items()
        if "with" in v and v["with"]["n"] and v["without"]["n"]
    }
    panels = [p for p in (amounts, binary) if p]
    if not panels:
        return None
    widest = max(len(p) for p in panels)
    fig, rows = plt.subplots(
        len(panels), 1, figsize=(max(6, 0.9 * widest + 2), 4.5 * len(panels)), squeeze=False
    )
    axes = [row[0] for row in rows]
    if amounts:
        _pairs(axes[0], amounts, ("winners", "others"))
        axes[0].set_ylabel("mean per player")
        axes[0].set_title("Balance statistics: winners against the others")
    if binary:
        ax = axes[-1]
        _pairs(ax, binary, ("with it", "without it"))
        ax.axhline(summary["even_share"], color="#c44e52", linestyle="--", label="even share")
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.set_ylabel("win rate (draws shared), 95% CI")
        ax.set_title("0/1 statistics: win rate with it against without it")
        top = max(r["ci_high"] for pair in binary.values() for r in pair)
        ax.set_ylim(0, min(1.0, top * 1.25 + 0.02))  # room for the legend above the bars
        ax.legend(loc="upper center", ncol=3)
    return _save(fig, path)


def _pairs(ax, features: dict[str, tuple[Any, Any]], legends: tuple[str, str]) -> None:
    """Two bars per feature, side by side; a rate (a dict with its CI) gets an error bar."""
    labels = list(features)
    xs = range(len(labels))
    width = 0.4
    for side, (legend, color) in enumerate(zip(legends, ("#4c72b0", "#dd8452"), strict=True)):
        values = [features[k][side] for k in labels]
        heights = [v["win_rate"] if isinstance(v, dict) else v for v in values]
        errors = None
        if all(isinstance(v, dict) for v in values):
            errors = [
                [max(0.0, v["win_rate"] - v["ci_low"]) for v in values],
                [max(0.0, v["ci_high"] - v["win_rate"]) for v in values],
            ]
        offset = -width / 2 if side == 0 else width / 2
        ax.bar(
            [x + offset for x in xs],
            heights,
            width,
            yerr=errors,
            capsize=3 if errors else 0,
            ecolor="#222222",
            label=legend,
            color=color,
        )
    ax.set_xticks(
        list(xs),
        labels,
        rotation=30 if len(labels) > 4 else 0,
        ha="right" if len(labels) > 4 else "center",
    )
    pad = max(0, 3 - len(labels)) / 2  # one or two features: bars no wider than for three
    ax.set_xlim(-0.8 - pad, len(labels) - 0.2 + pad)
    ax.legend(ncol=2)
    ax.grid(axis="y", alpha=0.3)


def forest(effects, path: Path) -> Path | None:
    """The balance effects as a forest plot: each odds ratio with its 95% interval on a log
    scale, a line at 1 (no effect), the significant ones (after Holm) in colour."""
    if effects is None or len(effects) == 0:
        return None
    rows = effects.iloc[::-1]  # the first effect at the top
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.32 * len(rows) + 1.2)))
    ys = range(len(rows))
    for y, r in zip(ys, rows.itertuples(), strict=True):
        colour = "#c44e52" if r.significant else "#4c72b0"
        ax.plot([r.ci_low, r.ci_high], [y, y], color=colour, linewidth=1.6)
        ax.plot([r.odds_ratio], [y], "o", color=colour, markersize=5)
    ax.axvline(1.0, color="#555555", linestyle="--", linewidth=1)
    ax.set_xscale("log")
    names = rows.label if "label" in rows else rows.effect  # card names, where known
    labels = [e if k == "seat" else f"{e} ({k})" for e, k in zip(names, rows.kind, strict=True)]
    ax.set_yticks(list(ys), labels)
    plain = matplotlib.ticker.FuncFormatter(lambda x, _: f"{x:g}")
    ax.xaxis.set_major_formatter(plain)
    ax.xaxis.set_minor_formatter(plain)
    ax.tick_params(axis="x", which="minor", labelsize=7)
    ax.set_xlabel("odds ratio of winning, 95% CI (log scale; red: significant after Holm)")
    ax.set_title("Balance effects (logit adjusted for bot and seat, clustered by deal)")
    ax.grid(axis="x", alpha=0.3, which="both")
    return _save(fig, path)


def strengths(ratings, path: Path) -> Path | None:
    """Plackett-Luce log-strengths with their 95% intervals."""
    if ratings is None or len(ratings) < 2:
        return None
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(ratings) + 2), 4))
    xs = range(len(ratings))
    err = [ratings.strength - ratings.ci_low, ratings.ci_high - ratings.strength]
    ax.errorbar(xs, ratings.strength, yerr=err, fmt="o", capsize=6, color="#8172b2")
    ax.axhline(0, color="#555555", linestyle="--", linewidth=1)
    ax.set_xticks(list(xs), list(ratings.bot))
    ax.set_xlim(-0.6, len(ratings) - 0.4)
    ax.set_ylabel("log-strength (mean 0), 95% CI")
    ax.set_title("Plackett-Luce ratings, fitted over all games at once")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)
