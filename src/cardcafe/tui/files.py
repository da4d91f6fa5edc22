"""Loading a saved game: the records found in the save folders, and a folder tree."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Label, OptionList

from .session import describe_record


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
