"""summary.json, report.md and the plots of a run directory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import plots
from .inference import analyse, findings
from .stats import scores_by_bot, summarize
from .tidy import read_run, write_parquet


def _pct(r: dict[str, float]) -> str:
    return f"{r['win_rate']:.1%} [{r['ci_low']:.1%}, {r['ci_high']:.1%}]"


def write_report(directory: Path, config_json: dict[str, Any], results: list[dict]) -> dict:
    """Write summary.json, seats.parquet, games.parquet, report.md and the PNG plots; return
    the summary."""
    summary = summarize(config_json, results)
    write_parquet(directory, config_json, results)
    if not results:
        (directory / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", "utf-8")
        (directory / "report.md").write_text("# Simulation report\n\nNo games finished.\n")
        return summary
    # The inference reads the Parquet files back, as a notebook would: the report is what the
    # tidy tables say, nothing more.
    analysis = analyse(*read_run(directory), game_id=config_json["game"])
    summary["inference"] = {name: _records(frame) for name, frame in analysis.items()}
    summary["findings"] = findings(**analysis, game_id=config_json["game"])
    (directory / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", "utf-8")
    images = {
        "win_rates.png": plots.win_rates(summary, directory / "win_rates.png"),
        "seats.png": plots.seats(summary, directory / "seats.png"),
        "ratings.png": plots.ratings(summary, directory / "ratings.png"),
        "scores.png": plots.scores(scores_by_bot(results), directory / "scores.png"),
        "lengths.png": plots.lengths([r["length"] for r in results], directory / "lengths.png"),
        "balance.png": plots.balance(summary, directory / "balance.png"),
        "strengths.png": plots.strengths(analysis["ratings"], directory / "strengths.png"),
        "forest.png": plots.forest(analysis["effects"], directory / "forest.png"),
    }
    text = render_markdown(summary, images) + render_inference(summary, analysis, images)
    (directory / "report.md").write_text(text, encoding="utf-8")
    return summary


def render_inference(summary: dict[str, Any], analysis: dict, images: dict) -> str:
    """The report's second half: what is significant in words, then the batch ratings, the
    paired comparisons and the balance effects with their forest plot."""
    ratings, pairs, effects = analysis["ratings"], analysis["pairs"], analysis["effects"]
    lines = ["", "## Findings", ""]
    lines += [f"- {line}" for line in summary["findings"]]
    lines += ["", "## Plackett-Luce ratings (one fit over all games)", ""]
    if len(ratings) > 1:
        lines += [
            "Log-strengths by maximum likelihood over every game at once (the order of the games "
            "does not matter; tied places by Breslow's rule), centred on 0, with 95% intervals "
            "from a sandwich covariance clustered by deal. exp(a − b) is the odds that a finishes "
            "ahead of b.",
            "",
            "| bot | log-strength | 95% CI |",
            "|---|---:|---|",
        ]
        for r in ratings.itertuples():
            lines.append(f"| `{r.bot}` | {r.strength:+.2f} | [{r.ci_low:+.2f}, {r.ci_high:+.2f}] |")
        if images.get("strengths.png"):
            lines += ["", "![Plackett-Luce ratings](strengths.png)"]
    else:
        lines.append("One bot only: there is nothing to rate.")
    lines += ["", "## Bots on the same deals (paired)", ""]
    if len(pairs):
        lines += [
            "For each pair of bots, the difference of their win shares in each deal (with "
            "duplicate deals, over every seating of the same cards), its mean and a paired t "
            "interval; p-values Holm-adjusted over the pairs.",
            "",
            "| bots | deals | difference [95% CI] | adjusted p | significant |",
            "|---|---:|---|---:|---|",
        ]
        for r in pairs.itertuples():
            lines.append(
                f"| `{r.bot_a}` − `{r.bot_b}` | {r.deals} | {r.difference:+.1%} "
                f"[{r.ci_low:+.1%}, {r.ci_high:+.1%}] | {r.p_adjusted:.3g} | "
                f"{'yes' if r.significant else 'no'} |"
            )
    else:
        lines.append("One bot only: there is no pair to compare.")
    lines += ["", "## Balance effects", ""]
    if len(effects):
        lines += [
            "Odds ratios of winning from logistic regressions adjusted for bot and seat, standard "
            "errors clustered by deal, p-values Holm-adjusted over every effect below (the "
            "intervals are 95% each, not adjusted: one may exclude 1 where the adjusted p is "
            "not significant). A seat "
            "effect compares with seat 1; a 0/1 statistic compares seats with it and without it; "
            "a count is per standard deviation; a card or family in play is its change to the "
            "first seat's odds. An amount such as points from a card says how wins are made, "
            "not what causes them: a seat that scores more from it wins more, by definition.",
            "",
            "| effect | kind | odds ratio [95% CI] | adjusted p | significant |",
            "|---|---|---|---:|---|",
        ]
        for r in effects.itertuples():
            lines.append(
                f"| {r.label} | {r.kind if r.kind == 'seat' else f'{r.kind} ({r.unit})'} | "
                f"{r.odds_ratio:.2f} "
                f"[{r.ci_low:.2f}, {r.ci_high:.2f}] | {r.p_adjusted:.3g} | "
                f"{'yes' if r.significant else 'no'} |"
            )
        if images.get("forest.png"):
            lines += ["", "![forest plot of the balance effects](forest.png)"]
    else:
        lines.append("No balance effect could be estimated (too few games, or no variation).")
    return "\n".join(lines) + "\n"


def render_markdown(summary: dict[str, Any], images: dict[str, Path | None]) -> str:
    c = summary["config"]
    even = summary["even_share"]
    lines = [
        f"# Simulation report: {c['game']}, {c['players']} players",
        "",
        f"{summary['games_played']} of {c['games']} games, seed {c['seed']}, "
        f"options {json.dumps(c['options'])}, seats (rotated one place each game) "
        f"{', '.join(c['seats'])}. Win rates count a k-way draw as 1/k of a win; intervals are "
        f"95% Wilson intervals; an even share is {even:.1%}. Draws: {summary['draws']}.",
        "",
        "## Win rate per bot",
        "",
        "| bot | seat-games | win rate [95% CI] | vs even share |",
        "|---|---:|---|---|",
    ]
    for spec, r in summary["per_bot"].items():
        lines.append(f"| `{spec}` | {r['n']} | {_pct(r)} | {_verdict(r, even)} |")
    lines += ["", "![win rate per bot](win_rates.png)", "", "## OpenSkill ratings", ""]
    lines += ["| bot | μ | σ | ordinal (μ − 3σ) |", "|---|---:|---:|---:|"]
    for spec, r in summary["openskill"].items():
        lines.append(f"| `{spec}` | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} |")
    lines += ["", "![ratings](ratings.png)", "", "## Seat order", ""]
    lines += [
        "Each interval is a 95% interval on its own, not adjusted for the seats compared at "
        "once (with several seats, one clears the even share by chance more often than 1 time "
        "in 20); the seat effects under Balance effects test each seat against seat 1 with "
        "the Holm correction.",
        "",
    ]
    lines += ["| seat | games | win rate [95% CI] | vs even share |", "|---|---:|---|---|"]
    for seat, r in enumerate(summary["per_seat"], start=1):
        name = f"{seat} (first)" if seat == 1 else str(seat)
        lines.append(f"| {name} | {r['n']} | {_pct(r)} | {_verdict(r, even)} |")
    lines += ["", "Per bot and seat:", ""]
    seats = len(summary["per_seat"])
    lines += ["| bot | " + " | ".join(f"seat {i + 1}" for i in range(seats)) + " |"]
    lines += ["|---|" + "---|" * seats]
    for spec, per in summary["per_bot_seat"].items():
        cells = [f"{r['win_rate']:.0%} (n={r['n']})" if r["n"] else "-" for r in per]
        lines.append(f"| `{spec}` | " + " | ".join(cells) + " |")
    lines += ["", "![seat order](seats.png)", "", "## Scores", ""]
    lines += ["| bot | mean | sd | min | median | max |", "|---|---:|---:|---:|---:|---:|"]
    for spec, d in summary["scores"].items():
        lines.append(
            f"| `{spec}` | {d['mean']:.1f} | {d['sd']:.1f} | {d['min']:g} | {d['median']:g} | "
            f"{d['max']:g} |"
        )
    d = summary["length"]
    lines += [
        "",
        "![scores](scores.png)",
        "",
        "## Game length",
        "",
        f"Actions per game: mean {d['mean']:.1f}, sd {d['sd']:.1f}, min {d['min']:g}, "
        f"median {d['median']:g}, max {d['max']:g}.",
        "",
        "![game length](lengths.png)",
        "",
        "## Balance statistics",
        "",
        "Per player (from the game's `balance_stats`): the mean for winners and for the others; "
        "for a 0/1 statistic, the win rate with it and without it.",
        "",
        "| statistic | mean | winners | others | win rate with | win rate without |",
        "|---|---:|---:|---:|---|---|",
    ]
    for name, e in summary["balance"]["players"].items():
        with_, without = e.get("with"), e.get("without")
        lines.append(
            f"| {name} | {e['mean']:.2f} | {_num(e['mean_winners'])} | {_num(e['mean_others'])} "
            f"| {_pct(with_) if with_ and with_['n'] else '-'} "
            f"| {_pct(without) if without and without['n'] else '-'} |"
        )
    # A table statistic that was 0 in every game (a family or coffee not in play) says nothing:
    # left out, so the ones that happened stay readable.
    table = {k: d for k, d in summary["balance"]["table"].items() if d["min"] or d["max"]}
    if table:
        lines += [
            "",
            "Per game (statistics that were 0 in every game left out; for a 0/1 statistic the "
            "mean is the share of games):",
            "",
            "| statistic | mean | min | max |",
            "|---|---:|---:|---:|",
        ]
        for name, d in table.items():
            lines.append(f"| {name} | {d['mean']:.2f} | {d['min']:g} | {d['max']:g} |")
    if images.get("balance.png"):
        lines += ["", "![balance](balance.png)"]
    return "\n".join(lines) + "\n"


def _records(frame) -> list[dict[str, Any]]:
    """A DataFrame as JSON-able rows: numpy numbers as Python ones, NaN (no estimate) as null."""
    return json.loads(frame.to_json(orient="records"))


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _verdict(r: dict[str, float], even: float) -> str:
    if r["ci_low"] > even:
        return "above (CI excludes it)"
    if r["ci_high"] < even:
        return "below (CI excludes it)"
    return "not distinguishable"
