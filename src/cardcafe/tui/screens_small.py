"""The small screens around a game: the hot-seat cover, the rules page, a file-name prompt."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.events import Click, Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, Markdown, Static

from cardcafe.engine import Game


class CoverScreen(Screen[None]):
    """Hides the table between two humans' turns until the next player presses a key."""

    DEFAULT_CSS = """
    CoverScreen { align: center middle; }
    CoverScreen #cover { width: 60; height: auto; border: heavy $accent; padding: 1 2;
                         text-align: center; }
    """

    def __init__(self, player_name: str):
        super().__init__()
        self.player_name = player_name

    def compose(self) -> ComposeResult:
        yield Middle(
            Center(
                Static(
                    f"[b]{self.player_name}[/b], it is your turn.\n\n"
                    "Everyone else, look away.\n\n"
                    "Press any key (or click) to see your cards.",
                    id="cover",
                )
            )
        )

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.dismiss(None)


class RulesScreen(Screen[None]):
    """The game's rules page (`game.rules_text()`)."""

    BINDINGS: ClassVar = [
        Binding("escape,q,question_mark", "close", "Back to the game"),
    ]

    def __init__(self, game: Game):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(self.game.rules_text())
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class PathPrompt(ModalScreen[str | None]):
    """Ask for a file name (save and load); Escape cancels."""

    DEFAULT_CSS = """
    PathPrompt { align: center middle; }
    PathPrompt > Vertical { width: 70; height: auto; border: heavy $accent; padding: 1 2;
                            background: $surface; }
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
            yield Label("Enter to confirm, Escape to cancel", classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
