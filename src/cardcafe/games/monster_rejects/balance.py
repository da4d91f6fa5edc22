"""Monster Rejects' balance statistics for the simulator (issue 6: "Monster Rejects, the effect of
holding each Chaos card on winning").

Who held which Chaos card is derived, not recorded: the game is replayed from its seed and
history (the state keeps no such record, and the rules need none), looking at every hand after
every action. A replay costs one game of plain moves, little next to the bots that chose them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcafe.engine.options import options_to_json

from .actions import PlayChaos
from .cards import CHAOS

if TYPE_CHECKING:
    from .state import RejectsState


def chaos_history(state: RejectsState) -> tuple[list[set[str]], list[int]]:
    """For each seat: the Chaos cards it held at some point, and how many it played."""
    if state.seed is None:
        raise ValueError("Monster Rejects balance statistics replay the game: it needs its seed")
    replay = state.game.new(state.num_players, seed=state.seed, **options_to_json(state.options))
    held: list[set[str]] = [set() for _ in range(state.num_players)]
    played = [0] * state.num_players

    def look() -> None:
        for seat, hand in enumerate(replay.hands):
            held[seat].update(card for card in hand if card in CHAOS)

    look()
    for action in state.history:
        if isinstance(action, PlayChaos):
            played[replay.current_player] += 1
        replay.apply(action)
        look()
    if replay.hands != state.hands:
        raise ValueError("the replay of this game does not reach its state: was it arranged?")
    return held, played


def balance_stats(state: RejectsState) -> dict[str, Any]:
    held, played = chaos_history(state)
    players = []
    for seat, score in enumerate(state.scores()):
        stats: dict[str, Any] = {"score": score, "chaos played": played[seat]}
        stats.update({f"held:{card}": int(card in held[seat]) for card in CHAOS})
        players.append(stats)
    return {"players": players, "table": {"length": len(state.history)}}
