"""How to play: the game's player guide (Markdown, cards by their catalogue names), one key
away at the table and on the start screen; `r` switches to the full rules reference."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from cardcafe.engine import Game
from cardcafe.guides import NoGuide, guide_text
from cardcafe.guides.reference import for_players

NO_GUIDE = "No guide yet: see the rules reference"


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
        # One key, two names: the footer says where `r` goes from the page at hand.
        Binding("r", "reference('rules')", "Full rules"),
        Binding("r", "reference('guide')", "How to play"),
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reference" and parameters:
            return (parameters[0] == "guide") == self.reference
        return True

    def action_reference(self, _: str = "") -> None:
        """Between the guide and the full rules reference, each from its top (the other
        page's place read as the middle of a page)."""
        self.reference = not self.reference
        text = for_players(self.game.rules_text()) if self.reference else self.markdown
        self.query_one("#guide-text", Markdown).update(text)
        self.title = f"{self.game.title}: " + (
            "rules reference" if self.reference else "how to play"
        )
        self.query_one("#guide", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)
