"""The Textual app: the start screen, then tables, summaries and replays."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from textual.app import App
from textual.binding import Binding

from .session import Session
from .start import StartScreen
from .summary import SummaryScreen
from .table import TableScreen


class CardcafeApp(App[None]):
    TITLE = "cardcafe"
    BINDINGS: ClassVar = [Binding("t", "toggle_theme", "Light/dark", show=False)]

    def __init__(
        self,
        session: Session | None = None,
        pace: float = 0.7,
        start: dict[str, Any] | None = None,
        save_dir: Path | None = None,
        hint_budget: float = 1.0,
        replay_pace: float = 0.5,
    ):
        super().__init__()
        self.first_session = session
        self.pace = pace
        self.start_defaults = start or {}
        self.save_dir = save_dir or Path.cwd()
        self.hint_budget = hint_budget
        self.replay_pace = replay_pace  # a replay at instant pace would show nothing

    def action_toggle_theme(self) -> None:
        """Cards set their own colours; this switches the rest for light or dark terminals."""
        self.theme = "textual-light" if self.theme != "textual-light" else "textual-dark"

    def on_mount(self) -> None:
        self.push_screen(StartScreen(**self.start_defaults))
        if self.first_session is not None:
            self.start_session(self.first_session)

    def start_session(self, session: Session, replay: list | None = None) -> None:
        """Open a table for `session` above the start screen (replacing any other table)."""
        while isinstance(self.screen, (TableScreen, SummaryScreen)):
            self.pop_screen()
        pace = self.pace if replay is None else self.replay_pace
        self.push_screen(TableScreen(session, pace, replay))

    def game_over(self, table: TableScreen) -> None:
        view = table.session.view(table.viewer)
        names = table.names()
        self.push_screen(
            SummaryScreen(table.session.game, view, names), lambda choice: self.after(table, choice)
        )

    def after(self, table: TableScreen, choice: str | None) -> None:
        session = table.session
        if choice == "again":
            self.start_session(session.again())
        elif choice == "replay":
            fresh = Session(dataclasses.replace(session.setup, seed=session.seed))
            self.start_session(fresh, replay=list(session.state.history))
        elif choice == "menu":
            self.start_session_menu()
        elif choice == "quit":
            self.exit()

    def start_session_menu(self) -> None:
        while not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def default_save_path(self, session: Session) -> str:
        return str(self.save_dir / f"{session.game.id}-{session.seed}.json")

    def plain_text(self, renderable: RenderableType) -> str:
        """A renderable as plain text (tests check what the board showed)."""
        console = Console(width=120, record=True, color_system=None, file=_Null())
        console.print(renderable)
        return console.export_text().replace("\u00a0", " ")


class _Null:
    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        pass
