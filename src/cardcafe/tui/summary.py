"""The end of a game: scores, how each seat made them (the game's breakdown), winners, what
decided a tie, and what to do next."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from cardcafe.engine import Game

from .render import score_words
from .render.parts import Flow

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
        # (a passage with code in it speaks to programmers: field names, seats counted from 0)
        if not TIE.search(passage) or "`" in passage:
            continue
        score = 1 + sum(1 for word in WINNING if word.search(passage))
        if score > best_score:
            best, best_score = passage, score
    if best is None:
        return "the rules page does not state a tie rule"
    # (a table row's first cell names the rule: "Tie — "In the event of a tie..."")
    return re.sub(r"^[^—\"]{0,40}\bties?\b[^—\"]{0,40} — ", "", best, flags=re.IGNORECASE)


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
            how = "the winner is not decided by the score alone"
        lines.append(f"Tied on {score_words(game.id, best)}: {tied}; {how}.")
        lines.append(f"Tie rule: {tie_rule(game)}")
    return lines


# How much of the end screen folds to keep the winner, every total and the buttons in sight:
# nothing; the lines over the scores (the tie rule, the tally) on one row each ("…" where cut);
# each seat's breakdown on one row too; each seat's breakdown beside its total (a 6 to 10 seat
# table at 80x24).
FULL, HEAD, ONE_ROW, BESIDE = 0, 1, 2, 3
FOLDS = (FULL, HEAD, ONE_ROW, BESIDE)


def one_row(text: Text) -> Text:
    """`text` kept to one row, ending with "…" where the width cuts it."""
    text = text.copy()
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def standings(view: dict[str, Any], names: list[str], fold: int = FULL) -> Group:
    """The final scores, best first: each seat's total once, and how it was made (the game's
    breakdown, part by part): under the total across the whole width, wrapped (FULL) or on one
    row (ONE_ROW), or beside the total on its row (BESIDE), cut with "…" where it must."""
    scores, winners = view["scores"], set(view.get("winners") or ())
    parts = view.get("breakdown") or []
    order = sorted(range(len(names)), key=lambda seat: (seat not in winners, -scores[seat]))
    labels = {seat: Text(names[seat], style="bold" if seat in winners else "") for seat in order}
    for seat in winners:
        labels[seat].append("  ★ winner", style="bold green")
    totals = {seat: f"{scores[seat]:g}" for seat in order}
    name_width = max(len("Player"), *(label.cell_len for label in labels.values()))
    total_width = max(len("Total"), *(len(total) for total in totals.values()))
    beside = fold == BESIDE and bool(parts)

    def line(name: Text, total: Text, made: Text | None = None) -> Table:
        grid = Table.grid(padding=(0, 3))
        grid.add_column(width=name_width, no_wrap=True)
        grid.add_column(width=total_width, justify="right", no_wrap=True)
        if beside:
            grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            grid.add_row(name, total, made or Text(""))
        else:
            grid.add_row(name, total)
        return grid

    title = str(view.get("breakdown_title") or "Final scores")
    rows: list[Any] = [
        one_row(Text(title, style="bold")) if fold != FULL else Text(title, style="bold"),
        line(Text("Player", style="dim"), Text("Total", style="dim"), Text("How", style="dim")),
    ]
    for seat in order:
        made = how_text(parts[seat] if seat < len(parts) else []) if parts else None
        rows.append(line(labels[seat], Text(totals[seat], style="bold"), made))
        if made is not None and not beside:
            shown = Flow(made, indent=0) if fold == FULL else one_row(made)
            rows.append(Padding(shown, (0, 0, 0, 4)))
    return Group(*rows)


def how_text(parts: list[dict[str, Any]]) -> Text:
    """A seat's breakdown as one text, its parts joined with dots (spaces inside a part do
    not break)."""
    if not parts:
        return Text("nothing scored", style="dim")
    text = Text()
    for n, part in enumerate(parts):
        if n:
            text.append("\u00a0· ", style="dim")  # (the dot stays with the part before)
        points_ = part["points"]
        shown = f"{points_:+g}" if points_ else "0"
        # (non-breaking spaces: the line wraps between parts, never inside one)
        text.append(str(part["label"]).replace(" ", "\u00a0") + "\u00a0")
        text.append(shown, style="bold")
    return text


FOLDED_CUE = "Lines ending in … are cut: f shows them whole."
WHOLE_CUE = "Every line whole: ↑ ↓ scroll, f folds them again."

# Rows the end screen keeps for itself (header, buttons and their margin, footer) and for the
# summary's padding, around the summary.
SUMMARY_CHROME = 5
SUMMARY_PADDING = 4


class SummaryScreen(Screen[str]):
    """Dismissed with what the player chose: "replay", "again", "menu", "quit" or "board"."""

    DEFAULT_CSS = """
    SummaryScreen #summary { padding: 1 2 0 2; height: auto; }
    SummaryScreen #choices { height: 1; padding: 0 1; margin: 1 0 0 0; }
    SummaryScreen #choices Button { margin-right: 1; min-width: 0; width: auto; }
    """
    BINDINGS: ClassVar = [
        Binding("r", "choose('replay')", "Replay"),
        Binding("n", "choose('again')", "Play again"),
        Binding("m", "choose('menu')", "New setup"),
        Binding("escape,b", "choose('board')", "See the board"),
        Binding("q", "choose('quit')", "Quit"),
        # (off the footer, which fits 80 columns: the summary's last row says it when it folds)
        Binding("f", "whole", "Whole lines", show=False),
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
        self.whole = False  # every line whole (it scrolls), or folded to fit the terminal
        self.cut = False  # whether the body shown cut lines ("…") to fit
        # (set before the Header mounts: a title changed while it mounts can find it without
        # its HeaderTitle and fail)
        self.title = f"{game.title}: game over"

    def compose(self) -> ComposeResult:
        yield Header()
        # Who won first (a short terminal shows the top), then every seat's score and how it
        # was made, once; the buttons stay in sight below whatever scrolls, on one row that
        # fits 80 columns.
        with VerticalScroll():
            yield Static(self.body(*self.app.size), id="summary")
        with Horizontal(id="choices"):
            yield Button("Replay (r)", id="replay", compact=True)
            yield Button("Play again (n)", id="again", variant="primary", compact=True)
            yield Button("New setup (m)", id="menu", compact=True)
            yield Button("See the board (b)", id="board", compact=True)
            yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def body(self, width: int, height: int) -> Group:
        """What the summary says, folded as little as a `width` x `height` terminal allows:
        the winners, every total and the buttons in sight; the details fold first. Folded, a
        last row says how to see the lines it cut whole (`f`)."""
        self.cut = False
        if self.whole:
            return self.folded(FULL, WHOLE_CUE)
        room = height - SUMMARY_CHROME
        console = self.app.console
        options = console.options.update(width=max(10, width - SUMMARY_PADDING), height=None)
        for fold in FOLDS:
            body = self.folded(fold)
            rows = console.render_lines(body, options, pad=False)
            cut = fold != FULL and any("…" in "".join(s.text for s in row) for row in rows)
            if cut:
                body = self.folded(fold, FOLDED_CUE)
            self.cut = cut
            if len(rows) + cut <= room:
                break
        return body

    def folded(self, fold: int, cue: str | None = None) -> Group:
        lines = [Text(line, style="bold" if n == 0 else "") for n, line in enumerate(self.lines)]
        lines += [Text(line, style="bold") for line in self.tally]
        if fold != FULL:
            lines = [one_row(line) for line in lines]
        shown = [Text(cue, style="italic")] if cue else []
        scores = standings(self.view, self.names, FULL if fold == HEAD else fold)
        return Group(*lines, Text(""), scores, *shown)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#summary", Static).update(self.body(*event.size))

    def on_mount(self) -> None:
        # No button has the focus: an Enter pressed for the last move (or a bot's) would
        # start another game before this one's end was seen. The keys are on the buttons.
        self.query_one(VerticalScroll).focus()

    def action_whole(self) -> None:
        """Every line whole, scrolling (↑ ↓), or folded again to fit the terminal."""
        if not self.whole and not self.cut:
            self.notify("Nothing is cut: every line is whole already.")
            return
        self.whole = not self.whole
        self.query_one("#summary", Static).update(self.body(*self.app.size))
        self.query_one(VerticalScroll).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
