"""Sound statistics over a run's tidy tables (`seats.parquet`, `games.parquet`), from
maintained libraries: ratings fitted in one batch (Plackett-Luce, scipy), bots compared deal
by deal (paired t, scipy), balance effects from a logit adjusted for bot and seat with standard
errors clustered by deal (statsmodels) and a Holm correction for the many effects tested.

Everything here takes the DataFrames as `cardcafe.sim.tidy.read_run` returns them, so a notebook
reproduces a report from the Parquet files alone (examples/balance.ipynb).
"""

from __future__ import annotations

import itertools
import math
import warnings
from typing import Any

import numpy as np
import pandas as pd
from scipy import optimize
from scipy import stats as sps

ALPHA = 0.05
Z95 = float(sps.norm.ppf(1 - ALPHA / 2))
# Columns of the seat table that describe the game, not a balance statistic of the seat.
SEAT_KEYS = ("game", "deal", "deal_seed", "seat", "bot", "score", "rank", "win_share", "won")
GAME_KEYS = ("game", "deal", "deal_seed", "players", "length", "draw", "winners", "winning_bots")
RIDGE = 1e-4  # a very weak normal prior on log-strengths: finite even if one bot always wins


# -- ratings: Plackett-Luce over every game at once ----------------------------------------
def _choices(seats: pd.DataFrame, bots: list[str]):
    """Every choice of every game as arrays: per choice, how many seats of each bot were chosen
    (a finishing place; equal ranks together), how many of each were still left, and the deal.
    The last place of a game is no choice (it is what is left), so it adds nothing."""
    index = {b: i for i, b in enumerate(bots)}
    chosen, left, deals = [], [], []
    for _, rows in seats.groupby("game", sort=True):
        remaining = np.bincount([index[b] for b in rows.bot], minlength=len(bots))
        places = [grp.bot for _, grp in rows.groupby("rank", sort=True)]
        for group in places[:-1]:
            picked = np.bincount([index[b] for b in group], minlength=len(bots))
            chosen.append(picked)
            left.append(remaining.copy())
            deals.append(rows.deal.iloc[0])
            remaining = remaining - picked
    return np.array(chosen, float), np.array(left, float), np.array(deals)


def _pl_terms(theta: np.ndarray, chosen: np.ndarray, left: np.ndarray):
    """Per choice: log-likelihood and gradient rows, and the total Hessian. Tied seats are each
    chosen from the same set (Breslow's rule)."""
    d = chosen.sum(axis=1)
    w = left * np.exp(theta - theta.max())
    total = w.sum(axis=1)
    p = w / total[:, None]
    ll = chosen @ theta - d * (np.log(total) + theta.max())
    grad = chosen - d[:, None] * p
    hess = -(np.diag((d[:, None] * p).sum(axis=0)) - (p * d[:, None]).T @ p)
    return ll, grad, hess


def plackett_luce(seats: pd.DataFrame) -> pd.DataFrame:
    """Each bot's log-strength (centred: their mean is 0) fitted by maximum likelihood over all
    games at once, so the order of the games does not matter, with 95% intervals from a sandwich
    covariance clustered by deal (duplicate deals are not independent games). The strength
    ratio exp(a - b) is the odds that bot a finishes ahead of bot b, in a two-seat comparison."""
    bots = sorted(seats.bot.unique())
    k = len(bots)
    if k < 2:
        nan = [np.nan] * k
        return pd.DataFrame(
            {"bot": bots, "strength": [0.0] * k, "se": nan, "ci_low": nan, "ci_high": nan}
        )
    chosen, left, deals = _choices(seats, bots)

    def free(beta):  # bot 0 fixed at 0 while fitting
        return np.concatenate([[0.0], beta])

    def total(beta):
        theta = free(beta)
        ll, grad, hess = _pl_terms(theta, chosen, left)
        return (
            ll.sum() - RIDGE / 2 * theta @ theta,
            grad.sum(axis=0) - RIDGE * theta,
            hess - RIDGE * np.eye(k),
        )

    fit = optimize.minimize(
        lambda b: -total(b)[0],
        np.zeros(k - 1),
        jac=lambda b: -total(b)[1][1:],
        hess=lambda b: -total(b)[2][1:, 1:],
        method="trust-exact",
    )
    theta = free(fit.x)
    bread = np.linalg.inv(-total(fit.x)[2][1:, 1:])
    rows = _pl_terms(theta, chosen, left)[1][:, 1:]
    per_deal = pd.DataFrame(rows).groupby(deals).sum().to_numpy()
    clusters = len(per_deal)
    meat = per_deal.T @ per_deal * clusters / max(1, clusters - 1)  # small-sample factor
    cov_free = bread @ meat @ bread
    embed = np.vstack([np.zeros(k - 1), np.eye(k - 1)])  # theta = embed @ beta
    centre = np.eye(k) - 1.0 / k
    cov = centre @ embed @ cov_free @ embed.T @ centre.T
    centred = centre @ theta
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    out = pd.DataFrame(
        {
            "bot": bots,
            "strength": centred,
            "se": se,
            "ci_low": centred - Z95 * se,
            "ci_high": centred + Z95 * se,
        }
    )
    return out.sort_values("strength", ascending=False, ignore_index=True)


# -- paired comparisons: the same deal, different bots ---------------------------------------
def paired_by_deal(seats: pd.DataFrame) -> pd.DataFrame:
    """Every pair of bots compared deal by deal: in each deal, each bot's mean win share over
    the seats it held (with duplicate deals, every seat once), then the mean of the differences
    with a paired t interval and test (scipy), Holm-corrected over the pairs. The deal's luck
    cancels out of each difference, which is what makes duplicate deals worth playing."""
    share = seats.pivot_table(index="deal", columns="bot", values="win_share", aggfunc="mean")
    rows = []
    for a, b in itertools.combinations(sorted(share.columns), 2):
        both = share[[a, b]].dropna()
        diff = (both[a] - both[b]).to_numpy()
        n = len(diff)
        if n < 2:
            continue
        mean = float(diff.mean())
        sd = float(diff.std(ddof=1))
        if sd == 0:
            low = high = mean
            p = 0.0 if mean else 1.0
        else:
            test = sps.ttest_1samp(diff, 0.0)
            low, high = test.confidence_interval(1 - ALPHA)
            p = float(test.pvalue)
        rows.append(
            {"bot_a": a, "bot_b": b, "deals": n, "difference": mean, "ci_low": float(low),
             "ci_high": float(high), "p": p}
        )  # fmt: skip
    frame = pd.DataFrame(rows, columns=["bot_a", "bot_b", "deals", "difference", "ci_low",
                                        "ci_high", "p"])  # fmt: skip
    return _adjust(frame)


def _adjust(frame: pd.DataFrame) -> pd.DataFrame:
    from statsmodels.stats.multitest import multipletests

    frame = frame.copy()
    if frame.empty:
        frame["p_adjusted"], frame["significant"] = [], []
        return frame
    reject, adjusted, _, _ = multipletests(frame.p.to_numpy(), alpha=ALPHA, method="holm")
    frame["p_adjusted"], frame["significant"] = adjusted, reject
    return frame


# -- balance effects: a logit adjusted for bot and seat, clustered by deal ------------------
def _statistics(seats: pd.DataFrame) -> list[str]:
    """The seat table's balance statistics that vary (a constant says nothing)."""
    names = [c for c in seats.columns if c not in SEAT_KEYS]
    return [c for c in names if pd.api.types.is_numeric_dtype(seats[c]) and seats[c].nunique() > 1]


def _is_binary(values: pd.Series) -> bool:
    return set(values.dropna().unique()) <= {0, 1}  # True and False are 1 and 0


def _logit(y: pd.Series, design: pd.DataFrame, groups: pd.Series):
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import ConvergenceWarning, PerfectSeparationWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", PerfectSeparationWarning)
        warnings.simplefilter("ignore", ConvergenceWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        model = sm.Logit(y.astype(float), sm.add_constant(design.astype(float), has_constant="add"))
        return model.fit(disp=0, cov_type="cluster", cov_kwds={"groups": groups.to_numpy()})


def _base_design(seats: pd.DataFrame) -> pd.DataFrame:
    """Seat (seat 1 the reference) and bot (the first in order the reference) indicators."""
    parts = [pd.get_dummies(seats.seat.astype(int), prefix="seat", drop_first=True)]
    if seats.bot.nunique() > 1:
        parts.append(pd.get_dummies(seats.bot, prefix="bot", drop_first=True))
    return pd.concat(parts, axis=1)


def _effect(fit, column: str, kind: str, name: str, unit: str) -> dict[str, Any] | None:
    """One row of the effects table, or None when the fit gives no usable estimate: a standard
    error that is not a number, or an interval too wide for one (a statistic that only repeats
    the seat or the bot, or a few games with a separated outcome: what a few games cannot tell
    is said by its absence, as for a fit that fails)."""
    coef, se, p = float(fit.params[column]), float(fit.bse[column]), float(fit.pvalues[column])
    if not all(map(math.isfinite, (coef, se, p))):
        return None
    try:
        odds, low, high = (math.exp(coef + k * Z95 * se) for k in (0, -1, 1))
    except OverflowError:
        return None
    return {
        "effect": name,
        "kind": kind,
        "unit": unit,
        "odds_ratio": odds,
        "ci_low": low,
        "ci_high": high,
        "p": p,
    }


def balance_effects(seats: pd.DataFrame, games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Odds ratios of winning (a shared win counts as a win), each from a logit adjusted for bot
    and seat, standard errors clustered by deal, Holm-corrected over every effect:

    - seat: each seat against seat 1 (who moves first), in the model with bot and seat alone;
    - held: each per-seat 0/1 statistic (a card held), one model each: the odds with it against
      without it;
    - amount: each other per-seat statistic (points from a card type), one model each: the odds
      per standard deviation more of it;
    - in play: each 0/1 per-game statistic (a family or a card in the game), as its change to the
      first seat's odds (the interaction with seat 1): a card in play is the same for every seat,
      so it can only change balance by favouring a seat.
    """
    seats = seats.reset_index(drop=True)
    y, groups = seats.won, seats.deal
    base = _base_design(seats)
    rows = []
    if seats.seat.nunique() > 1:
        try:
            fit = _logit(y, base, groups)
        except Exception:  # separation (a bot that always wins) or too few games: no estimate
            fit = None
        for column in base.columns if fit is not None else []:
            if column.startswith("seat_"):
                name = f"seat {column.removeprefix('seat_')} (against seat 1)"
                rows.append(_effect(fit, column, "seat", name, "seat"))
    for stat in _statistics(seats):
        values = seats[stat].astype(float)
        binary = _is_binary(values)
        x = values if binary else (values - values.mean()) / values.std()
        try:
            fit = _logit(y, base.assign(_x=x), groups)
        except Exception:  # separation or a singular design: no estimate, said by its absence
            continue
        unit = "with it against without" if binary else "per standard deviation"
        rows.append(_effect(fit, "_x", "held" if binary else "amount", stat, unit))
    if games is not None and seats.seat.nunique() > 1:
        table = games.set_index("game")
        first = (seats.seat == 1).astype(float)
        for stat in [c for c in table.columns if c not in GAME_KEYS]:
            column = table[stat]
            if not pd.api.types.is_numeric_dtype(column) or not _is_binary(column):
                continue
            in_play = seats.game.map(column).astype(float)
            if in_play.nunique() < 2:
                continue
            design = base.assign(_in=in_play, _x=in_play * first)
            try:
                fit = _logit(y, design, groups)
            except Exception:
                continue
            rows.append(_effect(fit, "_x", "in play", stat, "first seat's odds, in play"))
    frame = pd.DataFrame(
        [row for row in rows if row is not None],
        columns=["effect", "kind", "unit", "odds_ratio", "ci_low", "ci_high", "p"],
    )
    return _adjust(frame)


# -- names a person reads --------------------------------------------------------------------
WORDS = {
    "held": "holding",
    "points": "points from",
    "orders": "orders of",
    "coffee": "coffee scoring:",
    "family": "the family",
    "menu": "the coffee",
}


def stat_label(stat: str, cards: dict[str, dict[str, Any]] | None = None) -> str:
    """A balance statistic's name as a person reads it: `held:aids` -> "holding AIDS", with the
    card's name from the game's catalogue (`points:florist` -> "points from Florist")."""
    prefix, sep, rest = stat.partition(":")
    if not sep:
        return stat
    cards = cards or {}
    last = rest.split(" ")[-1]  # "majority rex": the card is the last word
    for key, whole in ((rest, True), (f"order:{rest}", True), (last, False)):
        if key in cards:
            name = cards[key]["name"]
            rest = name if whole else rest[: -len(last)] + name
            break
    return f"{WORDS.get(prefix, prefix)} {rest}".strip()


def catalogue_cards(game_id: str | None) -> dict[str, dict[str, Any]]:
    """The game's catalogue cards (empty for no or an unknown game)."""
    if not game_id:
        return {}
    from cardcafe import games

    try:
        return games.get(game_id).catalogue()["cards"]
    except Exception:
        return {}


def labelled(effects: pd.DataFrame, game_id: str | None = None) -> pd.DataFrame:
    """`effects` with a `label` column: each effect as a person reads it."""
    cards = catalogue_cards(game_id)
    out = effects.copy()
    out["label"] = [
        e if k == "seat" else stat_label(e, cards)
        for e, k in zip(effects.effect, effects.kind, strict=True)
    ]
    return out


# -- in words --------------------------------------------------------------------------------
def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def findings(
    ratings: pd.DataFrame,
    pairs: pd.DataFrame,
    effects: pd.DataFrame,
    game_id: str | None = None,
) -> list[str]:
    """What is significant, in sentences (Holm-adjusted p below 0.05), and what is not. With
    `game_id`, statistics are named with the game's card names."""
    cards = catalogue_cards(game_id)
    lines = []
    if len(ratings) > 1:
        top, rest = ratings.iloc[0], ratings.iloc[1:]
        clear = rest[rest.ci_high < top.ci_low]
        if len(clear) == len(rest):
            lines.append(f"`{top.bot}` is the strongest bot: its interval clears every other's.")
    for r in pairs.itertuples():
        if r.significant:
            sign = 1 if r.difference > 0 else -1
            better, worse = (r.bot_a, r.bot_b) if sign > 0 else (r.bot_b, r.bot_a)
            low, high = sorted((sign * r.ci_low, sign * r.ci_high))
            lines.append(
                f"On the same deals, `{better}` takes {100 * sign * r.difference:.1f} percentage "
                f"points more of the wins than `{worse}` (95% CI {100 * low:.1f} to "
                f"{100 * high:.1f}, Holm-adjusted {_p(r.p_adjusted)})."
            )
    significant = effects[effects.significant] if not effects.empty else effects
    seats_tested = effects[effects.kind == "seat"] if not effects.empty else effects
    if len(seats_tested) and not seats_tested.significant.any():
        # Not "the data show no advantage": a test that finds nothing does not show nothing.
        lines.append(
            "No seat wins significantly more or less often than seat 1 (who moves first) after "
            "the Holm correction: these games do not show an advantage of the turn order, "
            "which is not the same as showing there is none."
        )
    for r in significant.itertuples():
        more = "more" if r.odds_ratio > 1 else "less"
        label = stat_label(r.effect, cards)
        what = {
            "seat": f"{r.effect.split(' (')[0].capitalize()} wins {more} often than seat 1",
            "held": f"A seat {label if label.startswith('holding') else 'with ' + label} wins "
            f"{more} often than one without",
            "amount": f"More {label} goes with winning {more} often (per standard deviation)",
            "in play": f"With {label} in play, the first seat wins {more} often",
        }[r.kind]
        lines.append(
            f"{what}: odds ratio {r.odds_ratio:.2f} (95% CI {r.ci_low:.2f} to {r.ci_high:.2f}, "
            f"Holm-adjusted {_p(r.p_adjusted)})."
        )
    tested = len(effects)
    quiet = tested - len(significant)
    if tested:
        lines.append(
            f"{quiet} of the {tested} balance effects tested are not significant after the "
            "Holm correction: the data do not show them to differ from no effect."
        )
    return lines or ["Nothing could be tested: too few games, bots or seats."]


def analyse(
    seats: pd.DataFrame, games: pd.DataFrame | None = None, game_id: str | None = None
) -> dict[str, pd.DataFrame]:
    """The ratings, the paired comparisons and the balance effects of a run (each effect with
    a `label` in the game's card names when `game_id` is given)."""
    ratings = plackett_luce(seats)
    pairs = paired_by_deal(seats)
    effects = labelled(balance_effects(seats, games), game_id)
    return {"ratings": ratings, "pairs": pairs, "effects": effects}
