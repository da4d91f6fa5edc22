"""The small screens around a game: the hot-seat cover, a yes/no question, a file name to
save to. (The guide and the load picker live in `guide.py` and `files.py`, imported when
first opened: Markdown and the directory tree are slow to import, and launch time counts.)"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.events import Click, Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static


class CoverScreen(Screen[None]):
    """Hides the table between two humans' turns until the next player presses a key. It is
    a whole screen, so nothing of the previous player (board, hand, hint) shows under it."""

    DEFAULT_CSS = """
    CoverScreen { align: center middle; }
    CoverScreen #cover { width: 60; max-width: 100%; height: auto; border: heavy $primary;
                         padding: 1 2; text-align: center; }
    """

    def __init__(self, player_name: str, game_title: str = ""):
        super().__init__()
        self.player_name = player_name
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        title = f"{self.game_title}\n\n" if self.game_title else ""
        yield Middle(
            Center(
                Static(
                    f"{title}[b]{self.player_name}[/b], it is your turn.\n\n"
                    "Everyone else, look away.\n\n"
                    "Press any key (or click) to see your cards.",
                    id="cover",
                )
            )
        )

    @property
    def text(self) -> str:
        return Text.from_markup(str(self.query_one("#cover", Static).content)).plain

    def on_key(self, event: Key) -> None:
        event.stop()
        self.close()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.close()

    def close(self) -> None:
        """Gone at the first key: keys already queued behind it (Enter twice on a busy
        machine) find it gone, and must not close the table under it."""
        if self.is_active:
            self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; max-width: 100%; height: auto; border: heavy $primary;
                               padding: 1 2; background: $surface; }
    ConfirmScreen Label { width: 100%; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; }
    ConfirmScreen Button { margin-right: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = ""):
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self.question}[/b]")
            if self.detail:
                yield Label(self.detail)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="primary")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PathPrompt(ModalScreen[str | None]):
    """Ask for a file name (to save to); Escape cancels."""

    DEFAULT_CSS = """
    PathPrompt { align: center middle; }
    PathPrompt > Vertical { width: 70; max-width: 100%; height: auto; border: heavy $primary;
                            padding: 1 2; background: $surface; }
    """
    BINDINGS: ClassVar = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: str):
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(value=self.default, id="path")
            yield Label("Enter to confirm, Escape to cancel")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
