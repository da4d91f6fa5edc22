"""Monster's Coffee's balance statistics for the simulator (issue 6: "Monster's Coffee, how each
family and each Menu coffee changes outcomes").

Table: which of the twelve families were in play and which Menu coffee (if any), each 0 or 1.
Per player: the Coffee each family's majorities brought them over both rounds (read from the
round-end "majority" events, one per family at the centre), the end-of-game bonus (Cookie and
Mummy), the Cookie tokens they took (with the Cakosaurus in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FAMILIES, MENU_COFFEES, NEWBIE

if TYPE_CHECKING:
    from .state import MonstersCoffeeState


def menu_coffee(state: MonstersCoffeeState) -> str | None:
    """The Menu coffee this game was played with: the `menu` option, the Latte Newbie by default,
    or the coffee whose five families the players chose (None if no coffee has them)."""
    menu: str | None = state.options.menu
    if menu is not None:
        return menu
    if state.options.families is None:
        return NEWBIE
    chosen = set(state.families)
    return next((name for name, r in state.cards.menu if set(r.families) == chosen), None)


def majority_coffee(state: MonstersCoffeeState) -> list[dict[str, int]]:
    """For each seat, the Coffee each family in play brought it through majorities (negative for
    a losing Skyzo'clop majority), summed over the rounds played so far."""
    out = [dict.fromkeys(state.families, 0) for _ in range(state.num_players)]
    for event in state.events:
        if event.kind == "majority" and event.get("winner") is not None:
            out[event.get("winner")][event.get("family")] += event.get("coffee")
    return out


def balance_stats(state: MonstersCoffeeState) -> dict[str, Any]:
    players = []
    by_family = majority_coffee(state)
    for seat, score in enumerate(state.scores()):
        stats: dict[str, Any] = {"score": score}
        stats.update({f"coffee:majority {fam}": n for fam, n in by_family[seat].items()})
        stats["coffee:majorities"] = sum(by_family[seat].values())
        stats["coffee:end bonus"] = state.bonus[seat]  # Cookie and Mummy, at the game's end
        if "cakosaurus" in state.families:  # 000 CAKOSAURUS: "Take 1 Cookie token."
            stats["cookies"] = state.cookies[seat]
        players.append(stats)
    menu = menu_coffee(state)
    table: dict[str, Any] = {"length": len(state.history)}
    table.update({f"family:{fam}": int(fam in state.families) for fam in FAMILIES})
    table.update({f"menu:{name}": int(name == menu) for name in (NEWBIE, *MENU_COFFEES)})
    return {"players": players, "table": table}
