"""One game at the table, without any screen: seats, moves, undo, save and load.

The app drives a Session; tests can too. The Session holds the true state (someone must, to
apply moves), but it hands the screens only `view(seat)` and `log(seat)`.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardcafe import games
from cardcafe.bots import bot_title
from cardcafe.engine import Action, BadInput, Event, Game, GameError, Record, State
from cardcafe.engine.offers import Offer

from . import seatbots
from .reveal import reveals


@dataclass
class Setup:
    """What the start screen (or the command line) chose."""

    game: Game
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    # A position to start from (`Game.from_position`) instead of a deal; its seat's position
    # deals the rest from `seed`.
    position: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if len(self.seats) != self.players:
            raise BadInput(
                f"{self.players} players need {self.players} seats, got {len(self.seats)}: "
                + ",".join(self.seats)
            )
        self.seats = [seatbots.check_spec(s) for s in self.seats]


class Session:
    def __init__(self, setup: Setup, actions: tuple[dict[str, Any], ...] = ()):
        self.setup = setup
        self.game = setup.game
        self.seed = setup.seed if setup.seed is not None else secrets.randbits(63)
        self.state: State = self.start()
        self.bots = {
            seat: seatbots.make_seat_bot(spec, self.seed + 7919 * (seat + 1), self.game)
            for seat, spec in enumerate(setup.seats)
            if spec != seatbots.HUMAN
        }
        self.bot_rng = random.Random(self.seed ^ 0x5EA7)
        # Per applied action: who played it, and whether they may take it back.
        self.actors: list[int] = []
        self.undoable: list[bool] = []
        for number, obj in enumerate(actions, start=1):
            try:
                self.play(self.game.action_from_json(obj))
            except GameError as exc:
                raise BadInput(f"move {number} of the record cannot be replayed: {exc}") from exc

    # -- who sits where ------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.setup.seats) if spec == seatbots.HUMAN]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.setup.seats[seat] == seatbots.HUMAN

    def seat_name(self, seat: int, viewer: int | None = None) -> str:
        """The seat's name on the status line, the scores and the boards: "Player 2", or the
        bot's name ("Heuristic bot 3"); the viewer's own seat is marked "(you)"."""
        name = self.words_names()[seat]
        return f"{name} (you)" if seat == viewer else name

    # -- what a seat may know ------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat, self.words_names())

    def log(self, seat: int | None) -> list[Event]:
        return self.state.log(seat)

    def words_names(self) -> list[str]:
        """Every seat's name, as logs, move labels and prompts say it (the kernel says "you"
        for the viewer's own seat): "Player 2" for a human, the bot's kind and seat for a bot."""
        return [seat_name(spec, seat) for seat, spec in enumerate(self.setup.seats)]

    @property
    def catalogue(self) -> dict[str, Any]:
        """The game's catalogue under this table's options: card names, effects, colours."""
        return self.state.catalogue

    def log_text(self, seat: int | None, start: int = 0) -> list[str]:
        """`seat`'s log from its `start`-th line, worded for them."""
        return [e["text"] for e in self.state.log_json(seat, self.words_names(), start)]

    def label(self, action: Action) -> str:
        """A legal action's label for the seat to move."""
        return self.state.describe(action, self.words_names())

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def offers(self) -> list[Offer]:
        """The legal actions as the list offers them: copies of one card as one move."""
        return self.state.offers(self.words_names())

    # -- moves ---------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Apply `action` for the seat to move (IllegalMove leaves everything as it was)."""
        seat = self.state.current_player
        if seat is None:
            raise GameError("the game is over: no more moves")
        takeback = self.is_human(seat) and not reveals(self.state, action, seat)
        self.state.apply(action)
        self.actors.append(seat)
        self.undoable.append(takeback)

    def bot_task(self) -> tuple[Any, State, int, random.Random]:
        """What a worker needs to choose the bot's move: the bot, a private copy, its seat."""
        seat = self.state.current_player
        if seat is None or self.is_human(seat):
            raise GameError("no bot is to move")
        rng = random.Random(self.bot_rng.getrandbits(64))
        return self.bots[seat], self.state.clone(), seat, rng

    # -- undo ----------------------------------------------------------------------------
    def undo_steps(self) -> int:
        """How many of the last moves may be taken back: the trailing run of human moves
        that revealed nothing (see reveal.py)."""
        steps = 0
        for ok in reversed(self.undoable):
            if not ok:
                break
            steps += 1
        return steps

    def undo(self) -> int:
        """Take back one move; returns the seat that is to move again."""
        if not self.undo_steps():
            raise GameError("nothing to take back: the last move showed something new")
        self.rewind(len(self.state.history) - 1)
        return self.state.current_player  # type: ignore[return-value]

    def rewind(self, count: int) -> None:
        """Back to the state after the first `count` actions, by replaying the record."""
        self.state = self.game.replay(self.state.record(), count)
        del self.actors[count:]
        del self.undoable[count:]

    def start(self) -> State:
        """The game as it starts: dealt from the seed, or set up from the position."""
        setup = self.setup
        if setup.position is not None:
            return self.game.from_position(setup.position, seed=self.seed)
        return self.game.new(setup.players, seed=self.seed, **setup.options)

    # -- records -------------------------------------------------------------------------
    @property
    def moves_words(self) -> str:
        """Where the game stands, as the status line says it: "move 12", the move about to be
        made. A game set up from a position counts its moves from there, and says so: "move 1"
        was untrue of a game dealt halfway through."""
        number = f"move {len(self.state.history) + 1}"
        return f"{number} from the position" if self.setup.position is not None else number

    def record(self) -> Record:
        return self.state.record()

    def record_json(self) -> str:
        """The game record, plus who sat where (`seats`: "human" or each bot's spec), so a
        saved game resumes with the same bots. The engine's record has no such field yet: the
        table adds it, and takes it off again when loading (see `read_record`)."""
        obj = json.loads(self.record().to_json())
        obj[SEATS_KEY] = list(self.setup.seats)
        return json.dumps(obj)

    def save(self, path: str | Path) -> Path:
        path = Path(path).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.record_json() + "\n", encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot write {path}: {exc.strerror}") from exc
        return path

    @classmethod
    def load(cls, path: str | Path, seats: list[str] | None = None) -> Session:
        """A session from a record file; `seats` if given, else the seats the record kept,
        else one human and heuristic bots."""
        path = Path(path).expanduser()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot read {path}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise BadInput(f"{path} is not a game record (not text)") from exc
        record, kept = read_record(text)
        game = games.get(record.game)
        if seats is None or len(seats) != record.players:
            seats = kept if kept and len(kept) == record.players else None
        if seats is None:
            seats = default_seats(record.players, game)
        setup = Setup(
            game, record.players, list(seats), dict(record.options), record.seed, record.position
        )
        return cls(setup, record.actions)

    @classmethod
    def from_position(
        cls, game: Game, position: Any, seats: list[str] | None = None, seed: int | None = None
    ) -> Session:
        """A session starting from a position (one human and heuristic bots by default)."""
        if not isinstance(position, dict):
            raise BadInput("a position must be a JSON object")
        players = position.get("players")
        if not isinstance(players, int) or players not in game.players:
            game.from_position(position)  # says what is wrong with it
        if seats is None:
            seats = default_seats(players, game)
        options = position.get("options") if isinstance(position.get("options"), dict) else {}
        setup = Setup(game, players, list(seats), dict(options), seed, position)
        return cls(setup)

    def again(self) -> Session:
        """A new game with the same table and a new seed."""
        setup = self.setup
        return Session(Setup(setup.game, setup.players, list(setup.seats), dict(setup.options)))


def describe_record(path: Path) -> str | None:
    """One line about a saved game ("Monster Diner, 3 players, 14 moves", "... 14 moves from a
    position" when it was set up from one), None if the file is not a game record."""
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        game = games.get(obj["game"])
        moves = len(obj["actions"])
        since = " from a position" if obj.get("position") is not None else ""
        said = f"{moves} move" if moves == 1 else f"{moves} moves"
        return f"{game.title}, {obj['players']} players, {said}{since}"
    except (OSError, ValueError, KeyError, TypeError, LookupError, GameError):
        return None


SEATS_KEY = "seats"


def read_record(text: str) -> tuple[Record, list[str] | None]:
    """A record file's record and the seats it kept (None if it kept none)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        obj = None
    seats = None
    if isinstance(obj, dict) and SEATS_KEY in obj:
        kept = obj.pop(SEATS_KEY)
        if isinstance(kept, list) and all(isinstance(s, str) and s.strip() for s in kept):
            seats = [s.strip() for s in kept]
        text = json.dumps(obj)
    return Record.from_json(text), seats


def seat_name(spec: str, seat: int) -> str:
    """A seat's name in words: "Player 2" for a human, "Heuristic bot 2" for a bot (the seat
    number keeps two bots of one kind apart and matches the start screen's seat list)."""
    if spec == seatbots.HUMAN:
        return f"Player {seat + 1}"
    return f"{bot_title(spec)} {seat + 1}"


def default_seats(players: int, game: Game) -> list[str]:
    return [seatbots.HUMAN] + [seatbots.default_bot(game)] * (players - 1)
