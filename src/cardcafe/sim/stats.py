"""The numbers of a run: win shares with confidence intervals, seat advantage, ratings,
score and length distributions, and the game's balance statistics related to winning."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from scipy import stats as _scipy_stats

# The two-sided 95% normal quantile, from scipy rather than typed in.
Z95 = float(_scipy_stats.norm.ppf(0.975))


def t_quantile(df: int, level: float = 0.95) -> float:
    """Student's t quantile for a two-sided interval at `level` with `df` degrees of freedom
    (scipy's, exact at every df: 12.706 at 1, 4.303 at 2, 3.182 at 3)."""
    return float(_scipy_stats.t.ppf(0.5 + level / 2, df))


def wilson(share_sum: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (share_sum successes out of n). Draws count
    as fractions of a win, which the interval takes as they come."""
    if n == 0:
        return (0.0, 1.0)
    p = share_sum / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At p = 0 or 1 one end is exactly 0 or 1; say so rather than trust the rounding.
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval by Student's t (the quantile from scipy,
    exact for any number of degrees of freedom). For averages over independent units, e.g. one
    bot's share of each duplicate deal."""
    n = len(values)
    mean = sum(values) / n if n else 0.5
    if n < 2:
        return (mean, 0.0, 1.0)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    if sd == 0:
        # Every unit alike (a bot that won every deal): t gives a zero-width interval, which
        # says too much; Wilson's, over the units as trials, does not.
        return (mean, *wilson(mean * n, n))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return (mean, max(0.0, mean - half), min(1.0, mean + half))


def win_share(result: dict[str, Any], seat: int) -> float:
    """1 for a sole winner, 1/k for each of k tied winners, 0 otherwise."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def rate(shares: Iterable[float]) -> dict[str, float]:
    shares = list(shares)
    n = len(shares)
    total = sum(shares)
    low, high = wilson(total, n)
    return {"n": n, "win_rate": total / n if n else 0.0, "ci_low": low, "ci_high": high}


def per_bot(results: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Win rate of each bot over every seat it held (a bot in two seats counts twice)."""
    shares: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, spec in enumerate(r["seats"]):
            shares[spec].append(win_share(r, seat))
    return {spec: rate(s) for spec, s in shares.items()}


def per_seat(results: list[dict[str, Any]], players: int) -> list[dict[str, float]]:
    """Win rate of each seat in turn order (seat 1 moves first), whichever bot held it."""
    return [rate(win_share(r, seat) for r in results) for seat in range(players)]


def per_bot_seat(results: list[dict[str, Any]], players: int) -> dict[str, list[dict]]:
    """Win rate of each bot in each seat: where the seat advantage falls by bot."""
    shares: dict[str, list[list[float]]] = defaultdict(lambda: [[] for _ in range(players)])
    for r in results:
        for seat, spec in enumerate(r["seats"]):
            shares[spec][seat].append(win_share(r, seat))
    return {spec: [rate(s) for s in seats] for spec, seats in shares.items()}


def ranks(result: dict[str, Any]) -> list[int]:
    """Finishing places, 0 best: the winners first (the game's tie-breaks decided them), then
    the others by score, equal scores sharing a place."""
    winners = set(result["winners"])
    keys = [(seat in winners, score) for seat, score in enumerate(result["scores"])]
    return [sum(1 for other in keys if other > key) for key in keys]


def openskill_ratings(results: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Plackett-Luce ratings per bot, games taken in order of their number. A bot in several
    seats of one game is rated once per seat and keeps the mean of those updates."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {}
    for r in results:
        seats = r["seats"]
        for spec in seats:
            ratings.setdefault(spec, model.rating(name=spec))
        teams = [[model.rating(mu=ratings[s].mu, sigma=ratings[s].sigma)] for s in seats]
        rated = model.rate(teams, ranks=ranks(r))
        updates: dict[str, list] = defaultdict(list)
        for spec, team in zip(seats, rated, strict=True):
            updates[spec].append(team[0])
        for spec, new in updates.items():
            mu = sum(x.mu for x in new) / len(new)
            sigma = sum(x.sigma for x in new) / len(new)
            ratings[spec] = model.rating(mu=mu, sigma=sigma, name=spec)
    return {
        spec: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
        for spec, r in sorted(ratings.items(), key=lambda kv: -kv[1].mu)
    }


def describe(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    return {
        "n": n,
        "mean": mean,
        "sd": sd,
        "min": ordered[0],
        "median": ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2,
        "max": ordered[-1],
    }


def scores_by_bot(results: list[dict[str, Any]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for spec, score in zip(r["seats"], r["scores"], strict=True):
            out[spec].append(score)
    return dict(out)


def balance(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Each per-player statistic of the game (`Game.balance_stats`) against winning: its mean
    for winners and for the others and, for a statistic that is 0 or 1 (holding a card), the win
    rate of seats with it and without it. Table statistics: their distribution."""
    by_feature: dict[str, list[tuple[float, float]]] = defaultdict(list)
    table: dict[str, list[float]] = defaultdict(list)
    for r in results:
        stats = r.get("stats") or {}
        for seat, features in enumerate(stats.get("players", [])):
            share = win_share(r, seat)
            for name, value in features.items():
                if isinstance(value, (int, float)):  # bools too: holding a card
                    by_feature[name].append((float(value), share))
        for name, value in (stats.get("table") or {}).items():
            if isinstance(value, (int, float)):
                table[name].append(float(value))
    players: dict[str, Any] = {}
    for name, pairs in sorted(by_feature.items()):
        winners = [v for v, s in pairs if s > 0]
        others = [v for v, s in pairs if s == 0]
        entry: dict[str, Any] = {
            "mean": sum(v for v, _ in pairs) / len(pairs),
            "mean_winners": sum(winners) / len(winners) if winners else None,
            "mean_others": sum(others) / len(others) if others else None,
        }
        if all(v in (0.0, 1.0) for v, _ in pairs):
            entry["with"] = rate(s for v, s in pairs if v == 1.0)
            entry["without"] = rate(s for v, s in pairs if v == 0.0)
        players[name] = entry
    return {"players": players, "table": {k: describe(v) for k, v in sorted(table.items())}}


def summarize(config_json: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any]:
    players = config_json["players"]
    return {
        "config": config_json,
        "games_played": len(results),
        "even_share": 1.0 / players,
        "per_bot": per_bot(results),
        "per_seat": per_seat(results, players),
        "per_bot_seat": per_bot_seat(results, players),
        "openskill": openskill_ratings(results) if results else {},
        "scores": {spec: describe(v) for spec, v in scores_by_bot(results).items()},
        "length": describe([r["length"] for r in results]),
        "draws": sum(1 for r in results if len(r["winners"]) > 1),
        "balance": balance(results),
    }
