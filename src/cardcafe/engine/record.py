"""Records: everything needed to replay a game exactly, as JSON (`Game.replay` replays one;
`Record.replay` does it through the registry)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .data import parse_json
from .errors import BadInput

if TYPE_CHECKING:
    from .game import Game
    from .state import State

FORMAT = 1

# How `Record.replay` finds the game of a record by its id. The kernel imports nothing above it
# (docs/architecture.md), so the registry (`cardcafe.games`) hands its lookup over when it is
# imported: every game package lives under it, so any game in use has done so.
_game_of: Callable[[str], Game[Any, Any]] | None = None


def find_games_with(lookup: Callable[[str], Game[Any, Any]]) -> None:
    """Let `Record.replay` find a game by its id with `lookup` (the registry's `get`)."""
    global _game_of
    _game_of = lookup


@dataclass(frozen=True)
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[dict[str, Any], ...] = ()
    # Where the game started when it was set up from a position (`Game.from_position`) rather
    # than dealt from `seed`.
    position: dict[str, Any] | None = None
    # Who sat where, when the program that played kept it: "human" or a bot spec per seat
    # (the terminal saves it, so a resumed game gets the same bots). Replaying ignores it.
    seats: tuple[str, ...] | None = None

    def to_json(self) -> str:
        out = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
        }
        if self.position is not None:
            out["position"] = self.position
        if self.seats is not None:
            out["seats"] = list(self.seats)
        return json.dumps(out)

    def replay(self, upto: int | None = None) -> State[Any]:
        """The state after the first `upto` actions (all by default), equal to the state the
        record was made from: issue 2's `Record.from_json(text).replay()`. It is
        `Game.replay` of the registered game with this record's id; a game the registry does
        not know replays with its own `game.replay(record)`."""
        if _game_of is None:
            raise BadInput(
                f"no game registry to find {self.game!r} in: import cardcafe.games, "
                "or replay with the game itself (game.replay(record))"
            )
        state: State[Any] = _game_of(self.game).replay(self, upto)
        return state

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        from .game import Game  # (game imports state, which imports this module)

        obj = parse_json(text, "a record")
        if not isinstance(obj, dict):
            raise BadInput("a record must be a JSON object")
        expected = {"format", "game", "players", "seed", "options", "actions"}
        if not expected <= set(obj) <= expected | {"position", "seats"}:
            raise BadInput(
                f"a record has the fields {sorted(expected)} (and maybe position and seats), "
                f"got {sorted(obj)}"
            )
        seats = obj.get("seats")
        if seats is not None and not (
            isinstance(seats, list)
            and len(seats) == obj["players"]
            and all(isinstance(s, str) and s.strip() for s in seats)
        ):
            raise BadInput("record field 'seats' must name who sat in each seat (a list of texts)")
        if obj.get("position") is not None and not isinstance(obj["position"], dict):
            raise BadInput("record field 'position' must be a position (an object)")
        if obj["format"] != FORMAT or isinstance(obj["format"], bool):
            raise BadInput(f"record format {obj['format']!r} is not supported (this is {FORMAT})")
        checks = (
            ("game", str),
            ("players", int),
            ("seed", int),
            ("options", dict),
            ("actions", list),
        )
        for name, kind in checks:
            if not isinstance(obj[name], kind) or isinstance(obj[name], bool):
                raise BadInput(f"record field {name!r} must be {kind.__name__}")
        if not all(isinstance(k, str) for k in obj["options"]):
            raise BadInput("record field 'options' must map option names to values")
        Game.check_option_names(obj["options"])
        return cls(
            obj["game"],
            obj["players"],
            obj["seed"],
            obj["options"],
            tuple(obj["actions"]),
            obj.get("position"),
            tuple(seats) if seats is not None else None,
        )
