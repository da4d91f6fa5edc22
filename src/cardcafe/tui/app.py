"""The Textual app: the start screen, then tables, summaries and replays.

The app keeps what lasts across games: the autosave of the game in progress (in the user data
folder, or `$CARDCAFE_DATA_DIR`), the tally of wins over the session, the theme.
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from textual.app import App
from textual.binding import Binding

from cardcafe.engine import GameError

from .session import Session
from .start import StartScreen
from .summary import SummaryScreen
from .table import TableScreen
from .themes import DARK, LIGHT, THEMES

DATA_DIR_ENV = "CARDCAFE_DATA_DIR"
AUTOSAVE = "autosave.json"


def data_dir() -> Path:
    """Where cardcafe keeps the autosave: `$CARDCAFE_DATA_DIR`, else the user data folder."""
    chosen = os.environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardcafe", appauthor=False))


class CardcafeApp(App[None]):
    TITLE = "cardcafe"
    BINDINGS: ClassVar = [
        Binding("t", "toggle_theme", "Light/dark", show=False),
        Binding("escape", "close_keys", "Close the keys panel", show=False),
    ]

    def __init__(
        self,
        session: Session | None = None,
        pace: float = 0.7,
        start: dict[str, Any] | None = None,
        save_dir: Path | None = None,
        hint_budget: float = 1.0,
        replay_pace: float = 0.5,
        forced_beat: float | None = 0.6,
        data: Path | None = None,
    ):
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = DARK.name
        self.first_session = session
        self.pace = pace
        self.start_defaults = start or {}
        self.save_dir = save_dir or Path.cwd()
        self.hint_budget = hint_budget
        self.replay_pace = replay_pace  # a replay at instant pace would show nothing
        self.forced_beat = forced_beat  # a single legal move plays itself after this; None: never
        self.data = data or data_dir()
        self.tally: Counter[str] = Counter()  # wins per seat name over this session
        self.games_played = 0
        self.counted: set[int] = set()

    def action_toggle_theme(self) -> None:
        """Cards set their own colours; this switches the rest for light or dark terminals."""
        self.theme = LIGHT.name if self.theme != LIGHT.name else DARK.name

    def action_close_keys(self) -> None:
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_keys":
            return bool(self.screen.query("HelpPanel"))
        return True

    def on_mount(self) -> None:
        # Straight to the table when the command line chose the game: the start screen is
        # only built when asked for (it is the slowest screen to style, and launch time counts).
        if self.first_session is not None:
            self.start_session(self.first_session)
        else:
            self.push_screen(StartScreen(**self.start_defaults))

    def start_session(self, session: Session, replay: list | None = None, origin=None) -> None:
        """Open a table for `session` above the start screen (replacing any other table)."""
        while isinstance(self.screen, (TableScreen, SummaryScreen)):
            self.pop_screen()
        pace = self.pace if replay is None else self.replay_pace
        if replay is None and not session.state.is_over:
            self.autosave(session)
        self.push_screen(TableScreen(session, pace, replay, origin))

    # -- the end of a game ---------------------------------------------------------------
    def game_over(self, table: TableScreen) -> None:
        view = table.session.view(table.viewer)
        names = table.names()
        if table.replay is None and id(table.session) not in self.counted:
            self.counted.add(id(table.session))  # a game counts once, however often shown
            self.games_played += 1
            # (in the names the table and this summary show: "Player 1 (you)", the bots')
            self.tally.update(names[w] for w in view.get("winners") or ())
        self.push_screen(
            SummaryScreen(table.session.game, view, names, self.tally_lines(names)),
            lambda choice: self.after(table, choice),
        )

    def tally_lines(self, names: list[str]) -> list[str]:
        """The wins of each seat over the games of this session, most first, every seat at
        the table (`names`) included, with 0 for none: from the second game on (after one game
        it only repeats the winners' line, and on a short terminal it pushes the breakdown's
        totals out of sight)."""
        if self.games_played < 2:
            return []
        seats = list(dict.fromkeys([*names, *self.tally]))  # (winners at earlier tables too)
        seats.sort(key=lambda name: -self.tally[name])
        wins = ", ".join(f"{name} won {self.tally[name]}" for name in seats)
        return [f"This session ({self.games_played} games): {wins}"]

    def after(self, table: TableScreen, choice: str | None) -> None:
        session = table.session
        if choice == "again":
            self.start_session(session.again())
        elif choice == "replay":
            fresh = Session(dataclasses.replace(session.setup, seed=session.seed))
            self.start_session(fresh, replay=list(session.state.history), origin=table)
        elif choice == "menu":
            self.start_session_menu()
        elif choice == "quit":
            self.exit()

    def leave_replay(self, replay: TableScreen) -> None:
        """From a replay back to the summary of the game it shows (its final board under it)."""
        if replay.origin is None:
            self.start_session_menu()
        else:
            self.start_session(replay.origin.session)

    def start_session_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()
        if isinstance(self.screen, StartScreen):
            self.screen.refresh_continue()
        else:
            self.push_screen(StartScreen(**self.start_defaults))

    # -- files ---------------------------------------------------------------------------
    def default_save_path(self, session: Session) -> str:
        return str(self.save_dir / f"{session.game.id}-{session.seed}.json")

    def record_dirs(self) -> list[Path]:
        """Where the load picker looks for saved games."""
        return [self.save_dir, self.data]

    @property
    def autosave_path(self) -> Path:
        return self.data / AUTOSAVE

    def autosave(self, session: Session) -> None:
        """Keep the game in progress (seats included) for Continue; quietly, as it goes."""
        try:
            session.save(self.autosave_path)
        except GameError as exc:
            self.notify(f"Autosave failed: {exc}", severity="warning")

    def forget_autosave(self) -> None:
        """A finished game is not continued."""
        self.autosave_path.unlink(missing_ok=True)

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
