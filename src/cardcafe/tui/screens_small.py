"""The small screens around a game: the hot-seat cover, the how-to-play guide, a yes/no
question, a file name to save to and a file picker to load from."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical, VerticalScroll
from textual.events import Click, Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DirectoryTree, Footer, Input, Label, Markdown, Static

from cardcafe.engine import Game
from cardcafe.guides import NoGuide, guide_text

NO_GUIDE = "No guide yet: see the rules reference"


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
        self.dismiss(None)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.dismiss(None)


def guide_markdown(game: Game, catalogue: Mapping[str, Any]) -> str:
    """The player guide with card names from the catalogue, or the line that says there is
    none yet."""
    names = {key: str(entry.get("name", key)) for key, entry in catalogue.get("cards", {}).items()}
    try:
        return guide_text(game.id, names)
    except NoGuide:
        return NO_GUIDE


class GuideScreen(Screen[None]):
    """How to play the game: the player guide (`r` shows the full rules reference)."""

    BINDINGS: ClassVar = [
        Binding("escape,q,question_mark", "close", "Back"),
        Binding("r", "reference", "Full rules"),
    ]

    def __init__(self, game: Game, catalogue: Mapping[str, Any] | None = None):
        super().__init__()
        self.game = game
        self.markdown = guide_markdown(game, catalogue or game.catalogue())
        self.reference = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="guide"):
            yield Markdown(self.markdown, id="guide-text")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"How to play {self.game.title}"
        self.query_one("#guide").focus()

    def action_reference(self) -> None:
        """Between the guide and the full rules reference."""
        self.reference = not self.reference
        text = self.game.rules_text() if self.reference else self.markdown
        self.query_one("#guide-text", Markdown).update(text)
        self.title = f"{self.game.title}: " + (
            "rules reference" if self.reference else "how to play"
        )

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; max-width: 100%; height: auto; border: heavy $primary;
                               padding: 1 2; background: $surface; }
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


def describe_record(path: Path) -> str | None:
    """One line about a saved game ("Monster Diner, 3 players, 14 moves"), None if the file
    is not a game record."""
    from cardcafe import games

    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        game = games.get(obj["game"])
        return f"{game.title}, {obj['players']} players, {len(obj['actions'])} moves"
    except (OSError, ValueError, KeyError, TypeError, LookupError, Exception):
        return None


class RecordTree(DirectoryTree):
    """Folders and JSON files only: the game records one might load."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            p for p in paths if not p.name.startswith(".") and (p.is_dir() or p.suffix == ".json")
        ]


class LoadScreen(ModalScreen[str | None]):
    """Pick a saved game: the records found in the save folders, or any file in the tree."""

    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen > Vertical { width: 90%; max-width: 110; height: 90%; border: heavy $primary;
                            padding: 0 1; background: $surface; }
    LoadScreen #found { height: auto; max-height: 40%; }
    LoadScreen RecordTree { height: 1fr; }
    """
    BINDINGS: ClassVar = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, folders: list[Path]):
        super().__init__()
        self.folders = [f for f in folders if f.is_dir()]
        self.found: list[Path] = []
        for folder in self.folders:
            for path in sorted(folder.glob("*.json"), key=lambda p: -p.stat().st_mtime)[:12]:
                if describe_record(path):
                    self.found.append(path)

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList

        with Vertical():
            yield Label("[b]Load a saved game[/b]  (Enter opens, Escape cancels)")
            if self.found:
                yield OptionList(
                    *(f"{describe_record(p)}  ·  {p.name}" for p in self.found), id="found"
                )
            else:
                yield Label("No saved games in the save folder yet.")
            yield Label("Or pick a file:")
            yield RecordTree(self.folders[0] if self.folders else Path.cwd())

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.dismiss(str(self.found[event.option_index]))

    def on_directory_tree_file_selected(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.dismiss(str(event.path))

    def action_cancel(self) -> None:
        self.dismiss(None)
