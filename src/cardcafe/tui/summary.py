"""The end of a game: scores, how each seat made them (the game's breakdown), winners, what
decided a tie, and what to do next."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from cardcafe.engine import Game
from cardcafe.engine.words import points

from .details import breakdown

TIE = re.compile(r"\b(ties?|tied|tie-breaks?)\b", re.IGNORECASE)
# Words of the line that settles the winner, as opposed to a tie for the first player or for
# one majority: the best-scoring line that speaks of a tie wins.
WINNING = (
    re.compile(r"\b(win|wins|winner|winners)\b", re.IGNORECASE),
    re.compile(r"\bvictory\b", re.IGNORECASE),
    re.compile(r"\bshar(e|ed|es)\b", re.IGNORECASE),
    re.compile(r"\b(end of the game|final)\b", re.IGNORECASE),
    re.compile(r"\bpoints?\b", re.IGNORECASE),
)


def passages(markdown: str) -> list[str]:
    """A rules page cut into what a tie rule can be: table rows (their text cells), and the
    sentences of paragraphs (lines joined up again)."""
    out: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        text = " ".join(paragraph).strip()
        paragraph.clear()
        out.extend(s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", text) if s)

    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            out.append(" — ".join(c for c in cells if c and not c.startswith("`")))
        elif not stripped or stripped.startswith("#"):
            flush()
        elif re.match(r"([-*+]|\d+[.)])\s", stripped):  # a list item starts a passage
            flush()
            paragraph.append(re.sub(r"^([-*+]|\d+[.)])\s+", "", stripped))
        else:
            paragraph.append(stripped)
    flush()
    return [re.sub(r"[*_#>]", "", p).strip() for p in out]


def tie_rule(game: Game) -> str:
    """The rulebook's tie rule, in words: a `tie_rule` attribute of the game if it has one,
    else the passage of its rules page that best speaks of a tie for the win."""
    rule = getattr(game, "tie_rule", None)
    if isinstance(rule, str) and rule:
        return rule
    best, best_score = None, 0
    for passage in passages(game.rules_text()):
        if not TIE.search(passage):
            continue
        score = 1 + sum(1 for word in WINNING if word.search(passage))
        if score > best_score:
            best, best_score = passage, score
    return best or "the rules page does not state a tie rule"


def outcome(view: dict[str, Any], names: list[str], game: Game) -> list[str]:
    """Who won, and only if the points were tied at the top, how the tie was settled (the
    rulebook's tie rule): a clear win needs no word on ties."""
    scores, winners = view["scores"], view["winners"]
    best = max(scores)
    leaders = [seat for seat, s in enumerate(scores) if s == best]
    who = ", ".join(names[w] for w in winners)
    lines = [f"Winner{'s' if len(winners) > 1 else ''}: {who}"]
    if len(leaders) > 1 or set(winners) != set(leaders):
        tied = ", ".join(names[s] for s in leaders)
        if set(winners) == set(leaders):
            how = "the tie stands: a shared victory"
        elif set(winners) < set(leaders):
            how = "the tie was broken"
        else:
            how = "the winner is not decided by points alone"
        lines.append(f"Tied on {points(best)}: {tied}; {how}.")
        lines.append(f"Tie rule: {tie_rule(game)}")
    return lines


class SummaryScreen(Screen[str]):
    """Dismissed with what the player chose: "replay", "again", "menu", "quit" or "board"."""

    DEFAULT_CSS = """
    SummaryScreen #summary { padding: 1 2; height: auto; }
    SummaryScreen Horizontal { height: auto; padding: 0 2; dock: bottom; }
    SummaryScreen Button { margin-right: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("r", "choose('replay')", "Replay"),
        Binding("n", "choose('again')", "Play again"),
        Binding("m", "choose('menu')", "New setup"),
        Binding("escape,b", "choose('board')", "See the board"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(
        self, game: Game, view: dict[str, Any], names: list[str], tally: list[str] | None = None
    ):
        super().__init__()
        self.tally = list(tally or [])
        self.game = game
        self.view = view
        self.names = names
        self.lines = outcome(view, names, game)

    def compose(self) -> ComposeResult:
        yield Header()
        table = Table(title=f"{self.game.title}: final scores", title_style="bold")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("")
        order = sorted(range(len(self.names)), key=lambda s: -self.view["scores"][s])
        for seat in order:
            won = seat in self.view["winners"]
            table.add_row(
                Text(self.names[seat], style="bold" if won else ""),
                f"{self.view['scores'][seat]:g}",
                Text("winner", style="bold green") if won else "",
            )
        parts = [table, Text("")]
        if self.view.get("breakdown"):
            title = self.view.get("breakdown_title") or "How the points were made"
            parts += [Text(str(title), style="bold"), breakdown(self.view, self.names), Text("")]
        # Who won first (a short terminal shows the top), then the scores and how they were
        # made; the buttons stay in sight below whatever scrolls.
        lines = [Text(line, style="bold" if n == 0 else "") for n, line in enumerate(self.lines)]
        lines += [Text(line, style="bold") for line in self.tally]
        with VerticalScroll():
            yield Static(Group(*lines, Text(""), *parts), id="summary")
        with Horizontal():
            yield Button("Replay (r)", id="replay")
            yield Button("Play again (n)", id="again", variant="primary")
            yield Button("New setup (m)", id="menu")
            yield Button("See the board (b)", id="board")
            yield Button("Quit (q)", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Game over"
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
