"""The game table: the board as the seated human may see it, their choices, the log.

Everything drawn here comes from `view(viewer)` and `log(viewer)`, worded by the game's
presentation layer (its catalogue, move labels and log lines, with the table's seat names); the
true state is only touched to apply moves. Bots think in worker threads on private copies, and
their moves are shown one at a time at `pace` seconds each (0: instant). At a round end the
table pauses on the breakdown until a key is pressed (the engine does not wait: the table
simply starts no bot meanwhile).
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cardcafe.engine import Action, GameError

from . import seatbots
from .details import BreakdownScreen, CardsScreen
from .render import render
from .screens_small import CoverScreen, PathPrompt, RulesScreen
from .session import Session

if TYPE_CHECKING:
    from .app import CardcafeApp

PACES = (0.0, 0.3, 0.7, 1.5)


def pace_name(pace: float) -> str:
    return "instant" if pace == 0 else f"{pace:g}s a move"


class TableScreen(Screen[None]):
    DEFAULT_CSS = """
    TableScreen #main { height: 1fr; }
    TableScreen #board-box { width: 1fr; }
    TableScreen #side { width: 40%; min-width: 34; max-width: 56; }
    TableScreen #status { height: auto; padding: 0 1; background: $boost; }
    TableScreen #scores { height: auto; padding: 0 1; }
    TableScreen #prompt { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    TableScreen #actions { height: auto; max-height: 14; }
    TableScreen #log { height: 1fr; border-top: solid $primary; scrollbar-gutter: stable; }
    """
    BINDINGS: ClassVar = [
        Binding("u,backspace", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load"),
        Binding("p", "pace", "Pace"),
        Binding("c", "cards", "Cards"),
        Binding("question_mark", "rules", "Rules"),
        Binding("e", "summary", "Summary"),
        Binding("q", "quit", "Quit"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, session: Session, pace: float, replay: list[Action] | None = None):
        super().__init__()
        self.session = session
        self.pace = pace
        self.replay = replay  # watching a finished game: every move comes from this list
        self.generation = 0  # bumped when the game is replaced or rewound: stale bot moves drop
        self.viewer: int | None = None
        self.choices: list[Action] = []
        self.logged: tuple[int | None, int] = (None, -1)
        self.shown: tuple[dict[str, Any], list[str]] | None = None  # the view on the board
        self.hint_text = ""
        self.thinking = False
        self.paused: set[int] = set()  # move counts whose round-end breakdown was shown

    @property
    def cardcafe(self) -> CardcafeApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="board-box"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="status")
                yield Static(id="scores")
                yield Static(id="prompt")
                yield OptionList(id="actions")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.session.game.title
        self.sub_title = "replay" if self.replay is not None else ""
        humans = self.session.humans
        watching = self.replay is not None and humans
        self.viewer = humans[0] if len(humans) == 1 or watching else None
        self.advance()

    # -- the turn loop -------------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens next: a human is asked, a bot is started, or the game ends."""
        session = self.session
        state = session.state
        self.choices = []
        self.hint_text = ""
        if state.is_over:
            self.show()
            self.cardcafe.game_over(self)
            return
        if self.pause_for_breakdown():
            return
        seat = state.current_player
        if self.replay is not None:
            self.show() if self.pace else self.show_status()
            self.later(partial(self.replay_step, self.generation))
            return
        if session.is_human(seat):
            if self.viewer != seat:
                if len(session.humans) > 1 and self.has_secrets(seat):
                    # Hot-seat: nobody's secrets on screen until the next player is ready.
                    self.viewer = None
                    self.show()
                    name = session.words_names()[seat]
                    self.app.push_screen(CoverScreen(name), partial(self.uncover, seat))
                    return
                self.viewer = seat
            self.choices = session.legal_actions()
            self.show()
            self.query_one("#actions", OptionList).focus()
            return
        if len(session.humans) > 1:
            self.viewer = None
        if self.pace:
            self.show()
        else:
            self.show_status()
        self.later(partial(self.start_bot, self.generation))

    def pause_for_breakdown(self) -> bool:
        """At a round end (the view has a breakdown, the game goes on), show it on a modal
        until a key is pressed; nothing moves meanwhile. Once per round end, and only at a
        table with a human (bots among themselves play on)."""
        session = self.session
        moves = len(session.state.history)
        if not session.humans or moves in self.paused:
            return False
        if "breakdown" not in session.view(None):  # the same in every seat's view
            return False
        self.paused.add(moves)
        if len(session.humans) > 1 and self.viewer is not None and self.has_secrets(self.viewer):
            self.viewer = None  # hot-seat: the pause shows nobody's secrets
        view = session.view(self.viewer)
        self.show()
        generation = self.generation
        self.app.push_screen(BreakdownScreen(view, self.names()), lambda _: self.resume(generation))
        return True

    def resume(self, generation: int) -> None:
        if self.current(generation):
            self.advance()

    def has_secrets(self, seat: int) -> bool:
        """Whether `seat` sees more than a spectator: then others must look away first."""
        mine, public = self.session.view(seat), self.session.view(None)
        return any(mine[k] != public.get(k) for k in mine if k not in ("seat", "prompt"))

    def later(self, callback) -> None:
        if self.pace:
            self.set_timer(self.pace, callback)
        else:
            self.call_later(callback)

    def uncover(self, seat: int, _: Any = None) -> None:
        if self.session.state.current_player == seat:
            self.viewer = seat
        self.advance()

    def current(self, generation: int) -> bool:
        """Whether a callback scheduled at `generation` still belongs to the game on screen."""
        return generation == self.generation and self in self.app.screen_stack

    def on_unmount(self) -> None:
        self.generation += 1  # whatever was in flight belongs to a table that is gone

    def start_bot(self, generation: int) -> None:
        if not self.current(generation) or self.session.state.is_over:
            return
        bot, world, seat, rng = self.session.bot_task()
        self.thinking = True
        self.show_status()
        self.run_worker(
            partial(self.think, generation, bot, world, seat, rng),
            thread=True,
            group="bots",
            exit_on_error=False,
        )

    def think(self, generation: int, bot, world, seat: int, rng: random.Random) -> None:
        """In a worker thread: the bot chooses on its private copy."""
        try:
            action, error = seatbots.choose(bot, world, seat, rng), None
        except Exception as exc:  # a broken bot must not freeze the table
            action, error = None, exc
        self.app.call_from_thread(self.bot_moved, generation, seat, action, error)

    def bot_moved(self, generation: int, seat: int, action, error) -> None:
        if not self.current(generation) or self.session.state.current_player != seat:
            return
        self.thinking = False
        legal = self.session.legal_actions()
        if action not in legal:
            why = error or f"{action} is not legal"
            name = self.session.words_names()[seat]
            self.notify(f"{name} failed ({why}); it plays at random.")
            action = random.Random(len(self.session.state.history)).choice(legal)
        self.session.play(action)
        self.advance()

    def replay_step(self, generation: int) -> None:
        if not self.current(generation) or self.session.state.is_over:
            return
        self.session.play(self.replay[len(self.session.state.history)])
        self.advance()

    # -- the human's moves ---------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option_index)

    def action_pick(self, index: int) -> None:
        if not self.choices or not 0 <= index < len(self.choices):
            self.app.bell()
            return
        action = self.choices[index]
        try:
            self.session.play(action)
        except GameError as exc:
            self.notify(str(exc), severity="error")
            return
        self.advance()

    def action_undo(self) -> None:
        session = self.session
        if self.replay is not None or not session.undo_steps() or session.actors[-1] != self.viewer:
            self.notify(
                "Nothing to take back: the last move showed something new (a card, a random "
                "event) or was another player's.",
                severity="warning",
            )
            return
        self.generation += 1
        self.workers.cancel_group(self, "bots")
        self.thinking = False
        session.undo()
        self.advance()

    def action_hint(self) -> None:
        seat = self.session.state.current_player
        if not self.choices or seat != self.viewer:
            self.notify("A hint is for your own turn.", severity="warning")
            return
        self.hint_text = "thinking…"
        self.show_status()
        world = self.session.state.clone()
        rng = random.Random(len(world.history) * 31 + seat)
        self.run_worker(
            partial(self.find_hint, (self.generation, len(world.history)), world, seat, rng),
            thread=True,
            group="hint",
            exit_on_error=False,
        )

    def find_hint(self, asked: tuple[int, int], world, seat: int, rng: random.Random) -> None:
        try:
            found = seatbots.hint(world, seat, rng, self.cardcafe.hint_budget)
            text = found.describe(world.describe(found.action, self.session.words_names()))
        except Exception as exc:
            text = f"no hint: {exc}"
        self.app.call_from_thread(self.hint_found, asked, text)

    def hint_found(self, asked: tuple[int, int], text: str) -> None:
        generation, moves = asked
        if not self.current(generation) or len(self.session.state.history) != moves:
            return  # the decision it was for is gone
        self.hint_text = text
        self.notify(f"Hint: {text}", timeout=8)
        self.show_status()

    # -- files, pace, rules --------------------------------------------------------------
    def action_save(self) -> None:
        default = self.cardcafe.default_save_path(self.session)
        self.app.push_screen(PathPrompt("Save the game record to:", default), self.saved)

    def saved(self, path: str | None) -> None:
        if not path:
            return
        try:
            written = self.session.save(path)
        except GameError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Saved to {written}")

    def action_load(self) -> None:
        default = self.cardcafe.default_save_path(self.session)
        self.app.push_screen(PathPrompt("Load a game record from:", default), self.loaded)

    def loaded(self, path: str | None) -> None:
        if not path:
            return
        try:
            session = Session.load(path, seats=list(self.session.setup.seats))
        except GameError as exc:
            self.notify(str(exc), severity="error")
            return
        self.replace_session(session)
        self.notify(f"Loaded {path}: move {len(session.state.history)}")

    def replace_session(self, session: Session) -> None:
        self.generation += 1
        self.workers.cancel_group(self, "bots")
        self.thinking = False
        self.session = session
        self.title = session.game.title
        humans = session.humans
        self.viewer = humans[0] if len(humans) == 1 else None
        self.logged = (None, -1)
        self.paused = set()
        self.advance()

    def action_pace(self) -> None:
        later = [p for p in PACES if p > self.pace]
        self.pace = later[0] if later else PACES[0]
        self.notify(f"Bots move at {pace_name(self.pace)}")
        self.show_status()

    def action_summary(self) -> None:
        if self.session.state.is_over:
            self.cardcafe.game_over(self)

    def action_cards(self) -> None:
        """The cards in sight and what each does (the catalogue's words)."""
        view = self.session.view(self.viewer)
        title = f"{self.session.game.title}: the cards"
        self.app.push_screen(CardsScreen(title, view, self.session.catalogue))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.game))

    def action_quit(self) -> None:
        self.app.exit()

    # -- drawing -------------------------------------------------------------------------
    def names(self) -> list[str]:
        return [
            self.session.seat_name(seat, self.viewer) for seat in range(self.session.setup.players)
        ]

    @property
    def board_text(self) -> str:
        """The board as plain text: what a test may check the screen showed."""
        if not self.shown:
            return ""
        view, names = self.shown
        return self.cardcafe.plain_text(render(view, names, self.session.catalogue))

    def show(self) -> None:
        view = self.session.view(self.viewer)
        names = self.names()
        self.shown = (view, names)
        self.query_one("#board", Static).update(render(view, names, self.session.catalogue))
        title = "Final scores" if view.get("is_over") else "Scores so far"
        scores = Text(f"{title}\n", style="bold")
        for seat, (name, score) in enumerate(zip(names, view["scores"], strict=True)):
            mover = seat == view.get("current_player")
            scores.append(f"{'▶' if mover else ' '} {name}: {score:g}\n", "bold" if mover else "")
        scores.rstrip()
        self.query_one("#scores", Static).update(scores)
        prompt = view.get("prompt") if self.choices else None
        self.query_one("#prompt", Static).update(prompt or "")
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        label = self.session.label
        actions.add_options(
            Option(f"{n}. {label(action)}" if n <= 9 else f"   {label(action)}")
            for n, action in enumerate(self.choices, start=1)
        )
        actions.display = bool(self.choices)
        self.show_status()
        self.show_log()

    def show_status(self) -> None:
        session = self.session
        state = session.state
        seat = state.current_player
        if state.is_over:
            turn = "the game is over"
        elif self.choices:
            hot_seat = len(session.humans) > 1
            turn = f"{session.words_names()[seat]}, your turn" if hot_seat else "your turn"
        else:
            name = session.seat_name(seat, self.viewer)
            turn = f"{name} is thinking…" if self.thinking else f"{name} to move"
        undo = session.undo_steps() if session.actors and session.actors[-1] == self.viewer else 0
        phase = "" if state.is_over else self.session.view(self.viewer).get("phase")
        lines = [
            f"Move {len(state.history)} · {turn}",
            *([phase] if phase else []),
            f"Bots: {pace_name(self.pace)} (p) · undo: {undo or 'none'} (u)",
        ]
        if self.hint_text:
            lines.append(f"Hint: {self.hint_text}")
        self.query_one("#status", Static).update("\n".join(lines))
        self.show_log()

    def show_log(self) -> None:
        events = self.session.log(self.viewer)
        log = self.query_one("#log", RichLog)
        viewer, count = self.logged
        if viewer != self.viewer or count > len(events) or count < 0:
            log.clear()
            count = 0
        texts = self.session.log_text(self.viewer, count)
        for event, text in zip(events[count:], texts, strict=True):
            mine = event.actor is not None and event.actor == self.viewer
            log.write(Text(text, style="bold" if mine else ""))
        self.logged = (self.viewer, len(events))
