"""The start screen: the game, the number of players, who sits where, the game's options."""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any, ClassVar, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select

from cardcafe import games
from cardcafe.engine import Game, GameError, OptionError

from . import seatbots
from .seatbots import default_bot
from .session import Session, Setup, default_seats, describe_record

SEAT_CHOICES = (seatbots.HUMAN, *seatbots.BOT_CHOICES)


def choice_text(value: Any, words: dict[str, Any]) -> str:
    """A choice as the game words it ("choices", keyed by the value's JSON), else the value
    in words."""
    meaning = (words.get("choices") or {}).get(json.dumps(value))
    if meaning:
        return str(meaning)
    return str(value).replace("_", " ").replace("-", " ") if value is not None else "usual rule"


def option_widget(field: dataclasses.Field, hint: Any, value: Any, words: dict[str, Any]) -> Widget:
    """A widget for one option: a choice for Literal, a checkbox for bool, else a text field
    (JSON values accepted: numbers, lists; empty means the usual rule)."""
    wid = f"opt-{field.name}"
    label = str(words.get("label") or field.name)
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        return Select(
            [(choice_text(c, words), c) for c in choices],
            value=value,
            allow_blank=False,
            id=wid,
            compact=True,
        )
    if hint is bool:
        return Checkbox(label, value=bool(value), id=wid, compact=True)
    worded = {json.loads(key): text for key, text in (words.get("choices") or {}).items()}
    if len(worded) > 1:
        # Text whose every value the game words (Monster's Coffee's Menu coffees): a choice by
        # name, where a text field took the coffee's id alone.
        shown = value if value in worded else next(iter(worded))
        return Select(
            [(text, choice) for choice, text in worded.items()],
            value=shown,
            allow_blank=False,
            id=wid,
            compact=True,
        )
    items = item_names(words)
    usual = field.default
    placeholder = (
        "empty: the usual rule"
        if usual is None or usual is dataclasses.MISSING
        else f"empty: {choice_text(usual, words)}"
    )
    if items:  # a list of named items, typed by name (`how_to_type` says how, under it)
        shown = "" if value is None else ", ".join(items.get(v, str(v)) for v in value)
        return Input(value=shown, placeholder=placeholder, id=wid, compact=True)
    shown = "" if value is None else json.dumps(value) if not isinstance(value, str) else value
    return Input(value=shown, placeholder=placeholder, id=wid, compact=True)


def item_names(words: dict[str, Any]) -> dict[str, str]:
    """A list option's items by name (`"items"` of its words, "Rex: Swap Rear and Front":
    the name is what comes before the colon)."""
    return {item: text.split(":")[0] for item, text in (words.get("items") or {}).items()}


def how_to_type(words: dict[str, Any]) -> str:
    """How a list of named items is typed, with an example, for the line under its field (a
    field's placeholder is cut at its width: it showed "or e.g. Rex" of five names)."""
    items = list(item_names(words).values())
    if not items:
        return ""
    count = words.get("count") or 2
    return f"Type {count} names with commas, e.g. {', '.join(items[:count])}."


def option_value(widget: Widget, hint: Any, name: str, words: dict[str, Any]) -> Any:
    """What `widget` holds for option `name`, as `Game.new` takes it; a list of named items
    typed by name (any case), or by id. OptionError for a name that is none of them."""
    if isinstance(widget, (Select, Checkbox)):
        return widget.value
    text = widget.value.strip()  # type: ignore[attr-defined]
    if not text:
        return None
    items = item_names(words)
    if items and not text.startswith("["):
        ids = {key.casefold(): item for item, named in items.items() for key in (item, named)}
        typed = [part.strip() for part in text.split(",") if part.strip()]
        unknown = [part for part in typed if part.casefold() not in ids]
        if unknown:
            known = ", ".join(items.values())
            raise OptionError(name, f"has no {unknown[0]!r}: choose among {known}")
        return [ids[part.casefold()] for part in typed]
    if hint is str or str in typing.get_args(hint):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


class StartScreen(Screen[None]):
    DEFAULT_CSS = """
    StartScreen VerticalScroll { padding: 1 2; }
    StartScreen Label.head { text-style: bold; margin-top: 1; }
    StartScreen #seats, StartScreen #options { height: auto; }
    StartScreen .row { height: auto; margin-top: 1; }
    StartScreen #seats .row { margin-top: 0; }
    StartScreen .row Label.head { margin-top: 0; }
    StartScreen .row Label { width: 24; padding: 0 1 0 0; }
    StartScreen .row Select, StartScreen .row Input { width: 1fr; max-width: 100; }
    StartScreen .row Select:focus > SelectCurrent, StartScreen .row Input:focus {
        background: $primary 40%;
    }
    StartScreen Label.help { width: 1fr; padding: 0 0 0 24; }
    StartScreen #pitch { width: 1fr; padding: 0 0 0 24; color: $text-muted; }
    StartScreen #continue { margin-top: 1; }
    StartScreen #buttons { height: auto; margin-top: 1; }
    StartScreen Button { margin-right: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("ctrl+s", "start", "Start"),
        Binding("question_mark", "rules", "How to play"),
        Binding("ctrl+l", "load", "Load a record"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        game_id: str | None = None,
        players: int | None = None,
        seats: list[str] | None = None,
        options: dict[str, Any] | None = None,
    ):
        super().__init__()
        known = [g.id for g in games.all()]
        self.game_id = game_id if game_id in known else known[0]
        game = games.get(self.game_id)
        self.players = players if players in game.players else game.players.start
        self.seats = list(seats) if seats else default_seats(self.players, game)
        self.options = dict(options or {})

    @property
    def game(self) -> Game:
        return games.get(self.game_id)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Button("Continue", id="continue", variant="success")
            yield Label("", id="continue-what")
            # A label and its field on one row, the help under them (a bordered field took
            # three rows, and a long choice wrapped it to five: the form ran off the screen).
            game = Select(
                [(g.title, g.id) for g in games.all()],
                value=self.game_id,
                allow_blank=False,
                id="game",
                compact=True,
            )
            yield Horizontal(Label("Game", classes="head"), game, classes="row")
            # What a player does in it: a newcomer picks by more than a name.
            yield Label(self.game.pitch, id="pitch", classes="note")
            players = Select(
                self.player_choices(),
                value=self.players,
                allow_blank=False,
                id="players",
                compact=True,
            )
            yield Horizontal(Label("Players", classes="head"), players, classes="row")
            yield Label("Seats", classes="head")
            if not seatbots.real_bots_available():
                yield Label(
                    "The bots package is not installed yet: bots play random legal moves "
                    "(heuristic seats use the game's own policy where it has one).",
                    classes="note",
                )
            yield Vertical(*self.seat_rows(), id="seats")
            yield Label("Options", classes="head")
            yield Vertical(*self.option_rows(), id="options")
            with Horizontal(id="buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary")
                yield Button("How to play (?)", id="rules")
                yield Button("Load a record (ctrl+l)", id="load")
                yield Button("Quit", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "cardcafe"
        self.sub_title = "new game"
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Offer to continue the autosaved game, if there is one that still loads."""
        path = self.app.autosave_path  # type: ignore[attr-defined]
        what = describe_record(path) if path.is_file() else None
        button = self.query_one("#continue", Button)
        button.display = bool(what)
        self.query_one("#continue-what", Label).update(
            f"the game in progress: {what}" if what else ""
        )
        self.query_one("#continue-what").display = bool(what)
        if what:
            button.focus()
        else:
            self.query_one("#game", Select).focus()

    # -- the form ------------------------------------------------------------------------
    def player_choices(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in self.game.players]

    def seat_rows(self) -> list[Widget]:
        rows = []
        for seat in range(self.players):
            spec = self.seats[seat] if seat < len(self.seats) else default_bot(self.game)
            choices = list(SEAT_CHOICES) + ([spec] if spec not in SEAT_CHOICES else [])
            select = Select(
                [(seatbots.seat_words(c), c) for c in choices],
                value=spec,
                allow_blank=False,
                id=f"seat-{seat}",
                compact=True,
            )
            rows.append(Horizontal(Label(f"Player {seat + 1}"), select, classes="row"))
        return rows

    def option_rows(self) -> list[Widget]:
        cls = self.game.Options
        hints = typing.get_type_hints(cls)
        texts = self.game.option_texts()
        rows: list[Widget] = []
        for field in dataclasses.fields(cls):
            value = self.options.get(field.name, field.default)
            words = texts.get(field.name) or {}
            widget = option_widget(field, hints[field.name], value, words)
            label = str(words.get("label") or field.name.replace("_", " ").capitalize())
            rows.append(Horizontal(Label(label), widget, classes="row"))
            told = " ".join(filter(None, [str(words.get("help") or ""), how_to_type(words)]))
            if told:
                rows.append(Label(told, classes="help"))
        if not rows:
            rows.append(Label("This game has no options."))
        return rows

    def read_seats(self) -> list[str]:
        return [str(self.query_one(f"#seat-{s}", Select).value) for s in range(self.players)]

    def read_options(self) -> dict[str, Any]:
        cls = self.game.Options
        hints = typing.get_type_hints(cls)
        texts = self.game.option_texts()
        chosen = {}
        for field in dataclasses.fields(cls):
            widget = self.query_one(f"#opt-{field.name}")
            value = option_value(widget, hints[field.name], field.name, texts[field.name])
            if value is not None and value != field.default:
                chosen[field.name] = value
        return chosen

    @on(Select.Changed, "#game")
    async def game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id or event.value is Select.NULL:
            return
        self.seats = self.read_seats()  # who sits where stays when the game changes
        self.game_id = str(event.value)
        self.options = {}
        game = self.game
        self.query_one("#pitch", Label).update(game.pitch)
        if self.players not in game.players:
            self.players = game.players.start
        players = self.query_one("#players", Select)
        with self.prevent(Select.Changed):
            players.set_options(self.player_choices())
            players.value = self.players
        await self.rebuild()

    @on(Select.Changed, "#players")
    async def players_changed(self, event: Select.Changed) -> None:
        if event.value == self.players or event.value is Select.NULL:
            return
        try:
            options = self.read_options()  # keep what was chosen while the seats change
        except OptionError as exc:  # a name no family has: said now, the count kept
            self.refuse(exc)
            with self.prevent(Select.Changed):
                event.select.value = self.players
            return
        self.seats = self.read_seats()
        self.options = options
        self.players = int(event.value)  # type: ignore[arg-type]
        await self.rebuild()

    async def rebuild(self) -> None:
        bot = default_bot(self.game)
        # A heuristic seat in a game without a heuristic policy becomes that game's default bot.
        kept = [s if s != "heuristic" or bot == "heuristic" else bot for s in self.seats]
        self.seats = (kept + [bot] * self.players)[: self.players]
        for box, rows in (("#seats", self.seat_rows()), ("#options", self.option_rows())):
            container = self.query_one(box)
            await container.remove_children()
            await container.mount_all(rows)

    # -- the buttons ---------------------------------------------------------------------
    def on_button_pressed(self, event: Button.Pressed) -> None:
        {
            "start": self.action_start,
            "continue": self.action_continue,
            "rules": self.action_rules,
            "load": self.action_load,
            "quit": self.app.exit,
        }[event.button.id or "quit"]()

    def action_start(self) -> None:
        try:
            setup = Setup(self.game, self.players, self.read_seats(), self.read_options())
            session = Session(setup)
        except OptionError as exc:
            self.refuse(exc)
            return
        except GameError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.app.start_session(session)  # type: ignore[attr-defined]

    def refuse(self, exc: OptionError) -> None:
        """An option the game refuses, told by its label, with its field in focus."""
        self.notify(self.game.option_error_words(exc), severity="error", timeout=8)
        self.query_one(f"#opt-{exc.option}").focus()

    def action_continue(self) -> None:
        self.loaded(str(self.app.autosave_path))  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        from .guide import GuideScreen  # (imported when first needed: launch time counts)

        self.app.push_screen(GuideScreen(self.game))

    def action_load(self) -> None:
        from .files import LoadScreen

        self.app.push_screen(LoadScreen(self.app.record_dirs()), self.loaded)  # type: ignore[attr-defined]

    def loaded(self, path: str | None) -> None:
        if not path:
            return
        try:
            session = Session.load(path)
        except GameError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.app.start_session(session)  # type: ignore[attr-defined]
