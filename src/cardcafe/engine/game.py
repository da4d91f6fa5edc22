"""A game: its identity, its options, its fixed action space, and how to start it."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from . import position
from .actions import Action, ActionSpace
from .errors import BadInput, GameError, OptionError
from .events import Event
from .options import parse_options
from .record import Record
from .state import State
from .view import CommonView
from .words import Words, counted

EventText = Callable[[Words, Event], str]
StateT = TypeVar("StateT", bound=State[Any])
OptionsT = TypeVar("OptionsT")


class Game(ABC, Generic[StateT, OptionsT]):
    """A game: one module-level instance per game, generic over its state class and its options
    dataclass. Subclasses set the class attributes and implement the abstract methods."""

    id: ClassVar[str]  # the game's id in records, commands and addresses ("monster-diner")
    title: ClassVar[str]  # its name as players know it
    # What a player does in it, in one line, for a lobby's or a list's newcomer ("Race the
    # other baristas to ..."): the conformance suite asks every game for one.
    pitch: ClassVar[str] = ""
    players: ClassVar[range]  # the player counts the rulebook allows
    Options: ClassVar[type[Any]]  # the options dataclass (`engine/options.py`): OptionsT
    rules_file: ClassVar[str]  # the name of its page in cardcafe/rules/, or an absolute path
    # Its player guide (Markdown): None for cardcafe/guides/<id>.md, else an absolute path.
    guide_file: ClassVar[str | None] = None
    # Option sets worth exercising (the conformance suite plays each of them).
    option_presets: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    # Whether the rules hide anything from some player (then determinize must re-sample it).
    has_hidden_information: ClassVar[bool] = True
    # A score margin that clearly separates two players (see `evaluate`).
    score_scale: ClassVar[float] = 10.0
    # What a score counts, one and many: every screen words a score in it (`score_words`, and
    # the table page's "wins by 4 Coffee" from the catalogue's "score_unit"), so the end of a
    # game does not say points where the cards and the history say Coffee.
    score_unit: ClassVar[tuple[str, str]] = ("point", "points")
    # The shape of this game's views (a TypedDict extending CommonView; conformance-checked).
    View: ClassVar[type] = CommonView
    # How each kind of event reads: kind -> (words, event) -> one sentence.
    event_texts: ClassVar[Mapping[str, EventText]] = {}

    @abstractmethod
    def max_actions(self, players: int) -> int:
        """A bound on the length of any game: the conformance suite holds games to it."""

    @abstractmethod
    def _all_actions(self) -> list[Action]:
        """Every action the game can ever offer, once each, in a fixed order (the action space:
        indices and masks follow it)."""

    @abstractmethod
    def _setup(self, players: int, options: OptionsT, seed: int | None) -> StateT:
        """A new game dealt from `seed` (None: any) for `players` (already checked) under parsed
        `options`."""

    def heuristic_action(self, state: StateT, rng: random.Random) -> Action:
        """How a good player of this game would move for `state.current_player`.

        `state` is a determinization for that player (bots never see the truth), so the policy
        may read any field, but whatever that player cannot know is random in it. Cheap: search
        bots use it as their rollout policy.
        """
        raise NotImplementedError(f"{self.id} has no heuristic policy")

    def search_defaults(self, players: int) -> dict[str, Any]:
        """Search-bot parameters that suit this game at this table better than the bot's own
        defaults (e.g. `{"rollout": "heuristic", "depth": 12}`); a bot spec that names a
        parameter wins. None by default."""
        return {}

    def evaluate(self, state: StateT) -> list[float]:
        """Each seat's prospects in an unfinished game, in [0, 1] (0.5: level), for search bots
        that stop their rollouts short of the end (`ismcts:depth=N`).

        The fallback reads the scores: a seat's margin over its best rival, in units of
        `score_scale`, mapped into [0, 1]. Games whose scores say little mid-game override it.
        """
        scores = state.scores()
        out = []
        for seat, score in enumerate(scores):
            rival = max(s for other, s in enumerate(scores) if other != seat)
            margin = max(-1.0, min(1.0, (score - rival) / self.score_scale))
            out.append(0.5 + 0.5 * margin)
        return out

    def score_words(self, score: float) -> str:
        """A score as players say it, in the game's unit: "3 points" here; a game that counts
        in something else says so ("14 Coffee"). Every screen that shows a score alone (the
        terminal's totals, the history of finished games) words it here."""
        return counted(score, *self.score_unit)

    def balance_stats(self, state: StateT) -> dict[str, Any]:
        """Numbers about a finished game that answer its players' balance questions.

        The simulator stores them per game (`results.jsonl`, "stats") and its report relates
        them to winning. Shape: `{"players": [{name: number, ...} per seat], "table": {name:
        number, ...}}`. A per-player number is something about that seat's game (points from
        one card type, holding a card: 1 or 0); a table number is about the whole game (a card
        in play: 1 or 0). The generic fallback gives each seat's score and the game's length;
        games override it to say more (keep the fallback's keys by calling super()).
        """
        return {
            "players": [{"score": score} for score in state.scores()],
            "table": {"length": len(state.history)},
        }

    @abstractmethod
    def _catalogue(self, options: OptionsT) -> dict[str, Any]:
        """Everything a screen needs to show this game in players' words, under `options`:
        `{"cards": {card_id: {"name", "text", ...}}, "terms": {id: {"name", "text"}}, ...}`.

        "cards" holds every card id a view or an action can show, with its display name and its
        effect or use in a player's words (short, faithful to the rulebook, no code names);
        "terms" every other id a view holds as a string (realms, tokens, families). A card may
        also give "article" ("a"/"an"/""), "plural", "hue" (0-360), "icon", "value", "short".
        "scoring" is one line that says what the running scores count and how the game is won
        (screens show it beside the scores). Games add other sections freely (glossary, phases,
        colours)."""

    def catalogue(self, **options: Any) -> dict[str, Any]:
        """`_catalogue` under these options (as `new` takes them): JSON-able, cached."""
        return self.catalogue_for(parse_options(self.Options, self.id, options))

    @functools.lru_cache(maxsize=32)  # noqa: B019 (games are module-level singletons)
    def catalogue_for(self, options: Any) -> dict[str, Any]:
        """The catalogue for parsed options (a state's): built once per distinct options."""
        catalogue = self._catalogue(options)
        catalogue.setdefault("terms", {})
        catalogue.setdefault("title", self.title)
        catalogue.setdefault("score_unit", list(self.score_unit))
        return catalogue

    @abstractmethod
    def _option_texts(self) -> dict[str, dict[str, Any]]:
        """How each of `Options`' fields reads to a player, for lobbies and start screens:
        `{name: {"label": "Doubling", "help": "one line: what it changes", "choices":
        {value_as_json_text: "what this choice means"}}}` ("choices" for choice options only;
        keys are `json.dumps(value)`, so `"true"`, `"null"`, `"\"at-least\""`). A list option
        may add `"items": {item: "what it is"}` (what the list may hold) and `"count": n` (how
        many it must hold), so a lobby can offer it as boxes to tick."""

    def option_texts(self) -> dict[str, dict[str, Any]]:
        """`_option_texts`, with every option present: one a game has not worded yet reads as
        its name in words, with no help line (the conformance suite fails on it)."""
        texts = self._option_texts()
        return {
            f.name: texts.get(f.name) or {"label": f.name.replace("_", " ").capitalize()}
            for f in dataclasses.fields(self.Options)
        }

    def option_error_words(self, error: OptionError) -> str:
        """`error` as a player reads it, the option named by its label, as the lobby and the
        start screen show it: "Stuck table must be 1 to 50, not 100"."""
        label = self.option_texts().get(error.option, {}).get("label") or error.option
        return f"{label} {error.why}"

    def event_text(self, event: Event, w: Words) -> str:
        """`event` in one sentence for `w.viewer`, by this game's `event_texts`."""
        try:
            text = self.event_texts[event.kind]
        except KeyError:
            raise KeyError(f"{self.id} has no words for events of kind {event.kind!r}") from None
        return text(w, event)

    def _from_position(
        self, players: int, options: OptionsT, body: dict[str, Any], deal: random.Random
    ) -> StateT:
        """A state built from the game's part of a position (`State._to_position`); what it
        leaves out (a hidden hand, the deck's order) is dealt with `deal`. Raises BadInput
        naming what is wrong for a position that cannot happen (more copies of a card than
        the card data holds, a card in two places, a phase that does not exist)."""
        raise BadInput(f"{self.title} has no positions")

    def from_position(self, obj: Any, seed: int | None = None) -> StateT:
        """The state a position describes, ready to play on (`engine/position.py`).

        A truth position (with "rng") continues exactly as the state it came from; a seat's
        position deals what that seat could not see at random, from the position's "seed" or
        `seed`. Nothing is half-built: any inconsistency is a BadInput naming it."""
        if not isinstance(obj, dict):
            raise BadInput("a position must be a JSON object")
        version = obj.get("format")
        if version != position.FORMAT or isinstance(version, bool):
            raise BadInput(f"position format {version!r} is not supported (this is 1)")
        if obj.get("game") != self.id:
            raise BadInput(f"this position is of {obj.get('game')!r}, not {self.id}")
        players = position.field(obj, "players", int)
        if players not in self.players:
            low, high = self.players.start, self.players.stop - 1
            raise BadInput(f"{self.title} is for {low} to {high} players, not {players}")
        options = parse_options(self.Options, self.id, position.field(obj, "options", dict))
        start = dict(obj)
        if "rng" in obj:  # the truth: nothing to deal, and chance goes on as it would have
            rng = position.rng_from_json(obj["rng"])
        else:
            given = obj.get("seed", seed)
            if given is None:
                given = secrets.randbits(63)
            elif not isinstance(given, int) or isinstance(given, bool):
                raise BadInput(f"a position's seed must be an integer, not {given!r}")
            start["seed"] = given  # so the game's record deals the same again
            rng = random.Random(given)
        body = {k: v for k, v in obj.items() if k not in position.ENVELOPE}
        if "seat" in obj:
            position.seat_field(obj, "seat", players)
        try:
            state = self._from_position(players, options, body, rng)
            state.check_invariants()
        except BadInput:
            raise
        except AssertionError as exc:
            raise BadInput(f"this position cannot happen: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadInput(f"this position is malformed: {exc!r}") from None
        state.rng = rng
        state.seed = None
        state.start = json.loads(json.dumps(start))  # its own copy: the caller's may change
        state.forget_legal_actions()
        return state

    def score_json(self, obj: Any) -> dict[str, Any]:
        """The table-side scoring calculator (`cardcafe score`): JSON in, JSON out."""
        raise BadInput(f"{self.id} has no scoring calculator")

    # -- the contract ----------------------------------------------------------------------
    # Names `new` takes for itself: an option of that name cannot be passed through it.
    RESERVED_OPTION_NAMES: ClassVar[tuple[str, ...]] = ("players", "seed", "self")

    @classmethod
    def check_option_names(cls, options: Mapping[str, Any]) -> None:
        """BadInput if `options` (from a user, a record, a request) holds a name that `new`
        takes for itself. Call it before `game.new(players, seed=..., **options)`: Python
        refuses a repeated keyword (a TypeError) before `new` even runs."""
        for name in cls.RESERVED_OPTION_NAMES:
            if name in options:
                aside = ": the players and the seed are given apart from the options"
                raise BadInput(f"{name!r} is not a game option" + ("" if name == "self" else aside))

    def new(self, players: int | None = None, seed: int | None = None, /, **options: Any) -> StateT:
        """A new game for `players` dealt from `seed` (None: any), with `options` by name (those
        not given take their defaults). BadInput names what is wrong with any argument."""
        # `players=` and `seed=` arrive among the options (both are positional-only, so that an
        # option named players, seed or self can only ever land in `options`, to be refused).
        # Each is taken from there when not given by position: `new(players=4, seed=7)`, the
        # contract's own call (issue 2, README); given twice, the second is refused.
        if "players" in options and players is None:
            players = options.pop("players")
        if "seed" in options and seed is None:
            seed = options.pop("seed")
        self.check_option_names(options)
        if players is None:
            raise BadInput("the number of players must be given")
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadInput(f"the number of players must be an integer, not {players!r}")
        if players not in self.players:
            low, high = self.players.start, self.players.stop - 1
            raise BadInput(f"{self.title} is for {low} to {high} players, not {players}")
        chosen = parse_options(self.Options, self.id, options)
        try:
            return self._setup(players, chosen, seed)
        except OptionError as exc:  # an option this many players cannot have (decks=1 with 7)
            raise exc.of(self.id) from None

    def replay(self, record: Record, upto: int | None = None) -> StateT:
        """The state after the first `upto` actions of `record` (all of them by default).
        BadInput if the record is of another game or a move of it cannot be played."""
        *_, last = self.states(record, upto)  # (one state, advanced in place)
        return last

    def states(self, record: Record, upto: int | None = None) -> Iterator[StateT]:
        """Each state along `record`: the start, then the state after each action (up to
        `upto` actions). One state object, advanced in place: clone what you keep."""
        if record.game != self.id:
            raise BadInput(f"this record is of {record.game!r}, not {self.id}")
        if record.position is not None:
            state = self.from_position(record.position)
        else:
            state = self.new(record.players, record.seed, **record.options)
        yield state
        for number, obj in enumerate(record.actions[:upto], start=1):
            try:
                state.apply(self.action_from_json(obj))
            except GameError as exc:
                raise BadInput(f"move {number} of the record cannot be replayed: {exc}") from exc
            yield state

    @functools.cached_property
    def space(self) -> ActionSpace:
        """Every action of the game in its fixed order, indexed (`_all_actions`, built once)."""
        return ActionSpace(self._all_actions())

    @property
    def num_actions(self) -> int:
        """How many actions the game has in all (the length of every action mask)."""
        return len(self.space)

    def action_index(self, action: Action) -> int:
        """`action`'s fixed index in the action space (BadInput for a foreign action)."""
        try:
            return self.space.index[action]
        except (KeyError, TypeError):
            raise BadInput(f"{action!r} is not an action of {self.title}") from None

    def action_from_index(self, index: int) -> Action:
        """The action at `index` of the action space (BadInput out of range)."""
        if not isinstance(index, int) or not 0 <= index < self.num_actions:
            raise BadInput(f"action index must be in 0..{self.num_actions - 1}, not {index!r}")
        return self.space.actions[index]

    def action_from_json(self, obj: Any) -> Action:
        """The action an `Action.to_json` object names (BadInput naming what is wrong)."""
        return self.space.from_json(obj)

    @property
    def rules_path(self) -> Path:
        """The game's rules reference page (Markdown)."""
        return Path(__file__).resolve().parent.parent / "rules" / self.rules_file

    @property
    def guide_path(self) -> Path:
        """The game's player guide (Markdown, `cardcafe.guides` reads it)."""
        if self.guide_file:
            return Path(self.guide_file)
        return Path(__file__).resolve().parent.parent / "guides" / f"{self.id}.md"

    def rules_text(self) -> str:
        """The rules reference page's text."""
        return self.rules_path.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"<game {self.id}>"
