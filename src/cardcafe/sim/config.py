"""What a simulation run is: the game, the table, the seats, how many games, the seed."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from cardcafe import games
from cardcafe.bots import make_bot
from cardcafe.bots.registry import parse_spec
from cardcafe.engine import BadInput


@dataclass(frozen=True)
class SimConfig:
    game: str
    players: int
    seats: tuple[str, ...]  # one bot spec per seat, before rotation
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    # Duplicate deals: each deal is played once per seating (N games in a row at N players),
    # so every bot meets the same luck from every seat (as in duplicate bridge).
    duplicate: bool = False

    @classmethod
    def build(
        cls,
        game: str,
        players: int,
        seats: str | list[str] | None,
        games_: int,
        seed: int,
        options: dict[str, Any] | None = None,
        duplicate: bool = False,
        even_seats: bool = False,
    ) -> SimConfig:
        """A checked config: the game, the player count, the options and every bot exist and
        fit together, so a run fails at once and not in a worker. `even_seats`: refuse a seat
        list that would not give every spec the same number of seats (as `simulate` does)."""
        the_game = games.get(game)
        options = dict(options or {})
        the_game.new(players, seed=0, **options)  # checks the count and the options
        if not isinstance(games_, int) or games_ < 1:
            raise BadInput(f"the number of games must be at least 1, not {games_!r}")
        specs = expand_seats(seats, players, even=even_seats)
        for spec in dict.fromkeys(specs):
            make_bot(spec, 0).check_game(the_game)
        return cls(game, players, tuple(specs), games_, seed, options, duplicate)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["seats"] = list(self.seats)
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SimConfig:
        return cls(
            obj["game"],
            obj["players"],
            tuple(obj["seats"]),
            obj["games"],
            obj["seed"],
            obj.get("options", {}),
            obj.get("duplicate", False),
        )

    def same_run(self, other: SimConfig) -> bool:
        """Whether `other` plays the same games (it may ask for more or fewer of them)."""
        mine, theirs = self.to_json(), other.to_json()
        mine.pop("games")
        theirs.pop("games")
        return mine == theirs


def expand_seats(seats: str | list[str] | None, players: int, *, even: bool = False) -> list[str]:
    """One bot spec per seat. `seats` is a comma-separated list (or a list) of one spec per
    seat; a shorter list repeats from its start (`ismcts,random` at 4 players: ismcts, random,
    ismcts, random; one spec fills every seat). With `even` (the `simulate` command) it repeats
    only when its length divides the table, so every spec gets the same number of seats; any
    other length is refused with a message saying so (`ismcts,heuristic,random` at 4 players
    would give ismcts two seats). None at all means every seat is `random`."""
    if seats is None or seats == "" or seats == []:
        specs = ["random"]
    elif isinstance(seats, str):
        specs = [s.strip() for s in seats.split(",")]
    else:
        specs = [str(s).strip() for s in seats]
    if any(not s for s in specs):
        raise BadInput(f"empty bot name in the seat list {seats!r}")
    for spec in dict.fromkeys(specs):
        parse_spec(spec)  # an unknown bot is named as such before the list's length
    if len(specs) > players:
        raise BadInput(
            f"{len(specs)} seats given for a {players}-player game: give one bot spec per seat "
            f"({players}), or a shorter list whose length divides {players}"
        )
    if even and players % len(specs):
        raise BadInput(
            f"{len(specs)} seats given for a {players}-player game: a shorter list repeats to "
            f"fill the table only when its length divides {players} (else "
            f"{specs[0]!r} would get more seats than the others); give one bot spec per seat"
        )
    return [specs[i % len(specs)] for i in range(players)]


def seating(config: SimConfig, number: int) -> list[str]:
    """The bots of game `number` in seat order: the list turns one place each game, so every bot
    sits in every seat (and goes first) equally often over any N consecutive games."""
    n = config.players
    return [config.seats[(seat + number) % n] for seat in range(n)]


def deal_seed(config: SimConfig, number: int) -> int:
    """The seed of game `number`'s deal: its own, or with duplicate deals the one its group of N
    consecutive games shares (the seating turns through all N places within the group)."""
    return derive_seed(config.seed, number // config.players if config.duplicate else number)


def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit seed from the run seed and a path (game number, seat): independent of how the
    games are spread over workers, and stable across Python processes (string seeding of
    `random.Random` hashes with SHA-512, not Python's salted hash)."""
    return random.Random(":".join(str(p) for p in (seed, *path))).getrandbits(63)
