"""What would the bot play here? The analysis behind `cardcafe analyse` (issue 14)."""

from __future__ import annotations

from typing import Any

from cardcafe.engine import BadInput, Game

from .ismcts import IsmctsBot
from .observation import Observation
from .registry import make_bot


def analyse_position(
    game: Game, position: Any, seat: int | None, spec: str, seed: int = 0
) -> dict[str, Any]:
    """The legal moves of the position, the bot's choice and (for a search bot) its visits.

    `seat` is 1-based as tables show players (None: the player to move, who must be the
    position's own seat when it is a seat's position). The bot is given that seat's observation
    only: what the position leaves out, and what the seat cannot see, it never reads.
    """
    state = game.from_position(position, seed=seed)
    if state.is_over:
        raise BadInput("the game in this position is over: there is no move to analyse")
    mover = state.current_player
    names = state.words(None).names
    if seat is not None:
        if not 1 <= seat <= state.num_players:
            raise BadInput(f"--seat must be from 1 to {state.num_players}, not {seat}")
        if seat - 1 != mover:
            raise BadInput(f"it is {names[mover]}'s decision here, not {names[seat - 1]}'s")
    own = position.get("seat") if isinstance(position, dict) else None
    if own is not None and own != mover:
        raise BadInput(
            f"this is {names[own]}'s position, but it is {names[mover]}'s decision: "
            "only the truth or the mover's own position can be analysed"
        )
    bot = make_bot(spec, seed)
    observation = Observation.of(state, mover)
    legal = list(observation.legal_actions)
    visits: dict[Any, int] | None = None
    if isinstance(bot, IsmctsBot) and len(legal) > 1:
        found = bot.search(observation)
        choice, visits = found.action, found.visits
    else:
        choice = bot.choose(observation)
    total = sum(visits.values()) if visits else 0
    moves = [
        {
            "action": action.to_json(),
            "label": state.describe(action),
            "visits": visits.get(action, 0) if visits is not None else None,
            "share": visits.get(action, 0) / total if visits and total else None,
            "chosen": action == choice,
        }
        for action in legal
    ]
    if visits is not None:
        moves.sort(key=lambda m: -m["visits"])
    chosen = next(m for m in moves if m["chosen"])
    return {
        "title": game.title,
        "seat": mover + 1,
        "who": f"{names[mover]} to move",
        "prompt": state.prompt,
        "bot": spec,
        "moves": moves,
        "choice": {"action": chosen["action"], "label": chosen["label"]},
        "confidence": chosen["share"] if visits is not None else (1.0 if len(legal) == 1 else None),
    }
