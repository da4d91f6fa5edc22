"""The game table: the board as the seated human may see it, their moves, the log.

Everything drawn here comes from `view(viewer)` and `log(viewer)`, worded by the game's
presentation layer (its catalogue, move labels and log lines, with the table's seat names); the
true state is only touched to apply moves. Bots think in worker threads on private copies, and
their moves are shown one at a time at `pace` seconds each (0: instant). At a round end the
table pauses on the breakdown until a key is pressed (the engine does not wait: the table
simply starts no bot meanwhile).

The layout fits the terminal: below 110 columns or 32 rows the board sits above the moves
(compact: no log; the news since your last move under the status line, more of it in rows
the board leaves blank); above, the moves sit beside the board in a column as wide as the
longest move, and the log under the board, as wide as it. A board taller than its room says so.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardcafe.engine import Action, GameError
from cardcafe.engine.offers import Offer

from . import keys, repeats, seatbots
from .details import BreakdownScreen, CardsScreen, LogScreen, cards_named
from .render import folds, render
from .render.parts import Flow
from .screens_small import ConfirmScreen, CoverScreen, PathPrompt
from .session import Session
from .wraplog import WrappingLog

if TYPE_CHECKING:
    from .app import CardcafeApp

PACES = (0.0, 0.3, 0.7, 1.5)
COMPACT_WIDTH, COMPACT_HEIGHT = 110, 32
STATUS_ROWS, DETAILS_ROWS, MIN_MOVES = 2, 2, 5  # in the compact layout
MORE_NEWS = 6  # compact: at most this many more news lines, in rows the board leaves blank
WIDE_DETAILS_ROWS = 6  # the card details' rows in the wide layout
GUTTER = 2  # the moves' scrollbar, kept (stable) whether or not they scroll
BOARD_MIN_WIDTH = 56  # wide: the board's columns that the moves' column leaves it at least
BOARD_LEAST_WIDTH = 52  # ... or, to keep a move on one row, at the very least
NOTE_SECONDS = 3  # how long a move key's note stays (the next one replaces it sooner)
LOG_ROWS = 8  # wide: the log's rows under the board at least (its rule included)


def cut(line: Text, width: int) -> Text:
    """`line` on one row of `width` cells, ending with "…" when it had to be cut."""
    line = line.copy()
    line.truncate(width, overflow="ellipsis")
    return line


LOG_CUE = " g: log"  # where a news line cut short is read whole


def cut_news(line: Text, width: int) -> Text:
    """A news line on one row; one cut short says where to read it whole (`LOG_CUE`): at
    80x24 it ended in "…" with nothing saying that the log under `g` has it."""
    if line.cell_len <= width or width <= 2 * len(LOG_CUE):
        return cut(line, width)
    return cut(line, width - len(LOG_CUE)) + Text(LOG_CUE, style="italic")


def news_in(texts: list[str], rows: int) -> list[str]:
    """The news lines `texts` (in their order) told in `rows` rows: the latest lines in their
    order, as long as they hold the one most worth reading, the fullest (a completed order with
    its points, a called bluff, a round's end, rather than "draws 2 cards" or the new order
    shown last; the latest among equals); where they do not, that one first, then the latest.
    (The fullest always first had put "smuggles a card face down" above "plays Smuggle A
    Mexican".)"""
    if not texts or rows < 1:
        return []
    best = min(range(len(texts)), key=lambda n: (-len(texts[n]), -n))
    if best >= len(texts) - rows:
        return texts[-rows:]
    return [texts[best], *texts[len(texts) - rows + 1 :]]


def pace_name(pace: float) -> str:
    return "instant" if pace == 0 else f"{pace:g}s a move"


class TableScreen(Screen[None]):
    DEFAULT_CSS = """
    TableScreen #status { height: auto; padding: 0 1; background: $panel; color: $foreground; }
    TableScreen #main { height: 1fr; }
    TableScreen #left { width: 1fr; height: 1fr; }
    TableScreen #board-box { height: auto; padding: 0 1; }
    TableScreen #board-box.-scrolls { border-bottom: heavy $primary; }
    TableScreen #side { width: 48; height: 1fr; }
    TableScreen #prompt { height: auto; padding: 0 1; color: $cardcafe-prompt; text-style: bold; }
    TableScreen #actions { height: auto; border: none; padding: 0;
                           scrollbar-gutter: stable; }
    TableScreen #actions.-scrolls { border-bottom: heavy $primary; }
    TableScreen #details { height: auto; max-height: 6; padding: 0 1; color: $foreground;
                           background: $panel; }
    TableScreen #log { height: 1fr; min-height: 8; border-top: solid $primary;
                       padding: 0 0 0 1; }
    TableScreen.-compact #main { layout: vertical; }
    TableScreen.-compact #left { height: auto; }
    TableScreen.-compact #side { width: 100%; height: auto; }
    TableScreen.-compact #log { display: none; }
    TableScreen.-compact #status { height: 2; }
    TableScreen.-compact #board-box { scrollbar-size-vertical: 0; }
    TableScreen.-compact #details { height: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("u,backspace", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("c", "cards", "Cards"),
        Binding("g", "log", "Log"),
        Binding("question_mark", "guide", "How to play"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load", show=False),
        Binding("p", "pace", "Bot pace", show=False),
        # One key, two names: the footer says what Space will do (and fits at 80 columns).
        Binding("space", "toggle_replay('pause')", "Pause"),
        Binding("space", "toggle_replay('play')", "Play"),
        Binding("right", "step", "Step"),
        Binding("escape,b", "leave_replay", "Summary"),
        Binding("m", "menu", "New setup", show=False),  # (80 columns: in the palette)
        Binding("e", "summary", "Summary"),
        Binding("q", "quit", "Quit"),
    ]
    # What each screen mode offers: the footer shows only what works here.
    PLAY_ONLY = frozenset({"undo", "hint", "save", "load"})
    REPLAY_ONLY = frozenset({"toggle_replay", "step", "leave_replay", "menu"})

    def __init__(
        self,
        session: Session,
        pace: float,
        replay: list[Action] | None = None,
        origin: TableScreen | None = None,
    ):
        super().__init__()
        self.session = session
        self.pace = pace
        self.replay = replay  # watching a finished game: every move comes from this list
        self.origin = origin  # the finished table a replay shows again
        self.replay_paused = False
        self.generation = 0  # bumped when the game is replaced or rewound: stale bot moves drop
        self.viewer: int | None = None
        self.choices: list[Action] = []  # the moves listed (one per offer), in the game's order
        self.offers: list[Offer] = []  # what each stands for: copies of a card in hand are one
        self.move_keys: list[str | None] = []
        # Per seat, label -> key at that seat's last decision (hot-seat players each keep
        # theirs). Kept across a change of phase: Coffee Break's first lay moves from "laying or
        # exchanging" to "laying", and its other lays shifted a key ("2" laid the Chocolate,
        # then the Espresso shot). A list with nothing carried over starts again from 1.
        self.remembered_keys: dict[int | None, dict[str, str]] = {}
        # Whose log is shown, how many of its events, and the event its last line began at:
        # the events after it may go on that line (the same line again adds to its count).
        self.logged: tuple[int | None, int, int | None] = (None, -1, None)
        self.shown: tuple[dict[str, Any], list[str]] | None = None  # the view on the board
        self.hint_text = ""
        self.hint_sure = ""  # how sure the bot is: kept in sight when the hint is cut
        self.notice = ""  # what the table does by itself now (a lone move playing itself)
        self.hint_toast: Notification | None = None
        self.note_toast: Notification | None = None  # the note of a move key that plays nothing
        self.thinking = False
        self.no_auto = False  # just undone: a forced move waits for its key
        self.paused: set[int] = set()  # move counts whose round-end breakdown was shown
        # Per viewer (None: the public view), where their log stood at a human's last move:
        # the status' news is chosen from what came after.
        self.news_from: dict[int | None, int] = {}
        self.more_news = 0  # compact: rows under the status' news for more of it
        self.details_rows = 0  # compact: the card details' rows for the decision at hand
        self.details_want = 0  # ... as many as its moves name cards (two at most)
        self.fold = 0  # how much shorter the board is drawn to fit (`render.folds`)
        self.more_moves = False  # the moves are more than their rows (counted from their text)

    @property
    def cardcafe(self) -> CardcafeApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board-box"):
                    yield Static(id="board")
                yield WrappingLog(id="log")  # (wide: under the board, as wide as it)
            with Vertical(id="side"):
                yield Static(id="prompt")
                yield OptionList(id="actions")
                yield Static(id="details")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.session.game.title
        humans = self.session.humans
        watching = self.replay is not None and humans
        self.viewer = humans[0] if len(humans) == 1 or watching else None
        self.fit(self.app.size.width, self.app.size.height)
        # The cue rows follow the scrollbars: a layout that settles after `mark_scroll` ran
        # (a busy machine) left a board or a move list that scrolled without saying so.
        for scroller in (self.query_one("#board-box"), self.query_one("#actions")):
            self.watch(scroller, "show_vertical_scrollbar", self.scrollbars_changed, init=False)
        self.advance()

    def scrollbars_changed(self, _: bool) -> None:
        self.call_after_refresh(self.mark_scroll)

    # -- fitting the terminal ------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
        self.show_status()  # its lines are cut to the width, and so are the details'
        actions = self.query_one("#actions", OptionList)
        if self.choices and actions.highlighted is not None:
            self.show_details(self.choices[self.order[actions.highlighted]])

    def fit(self, width: int, height: int) -> None:
        compact = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        self.set_class(compact, "-compact")
        side = self.query_one("#side")
        if compact:
            side.styles.width = "100%"
        else:
            side.styles.width = self.side_width(width)
        self.call_after_refresh(self.share_rows)

    def side_width(self, width: int) -> int:
        """The wide layout's moves column: as wide as the longest move, leaving the board
        `BOARD_MIN_WIDTH` columns (the board's lines wrap between cards well; a move wrapped
        takes two rows: at 120x40 a cap at 45% wrapped nearly every Monster's Coffee take), and
        never narrower than 45% would be. A few columns more of the board's
        (`BOARD_LEAST_WIDTH`) go to moves they keep on one row ("... from Heuristic bot 3's
        Front Line (2 alike)" took a second row for its last word at 120x40)."""
        lengths = [len(self.option_text(i)) for i in range(len(self.choices))]
        room = max(width * 45 // 100, width - BOARD_MIN_WIDTH)
        most = max(room, width - BOARD_LEAST_WIDTH)
        kept = max((n + GUTTER for n in lengths if n + GUTTER <= most), default=0)
        return max(36, min(max(lengths, default=0) + 4, room), kept)

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def board_lines(self, width: int, fold: int | None = None) -> int:
        """How many rows the board takes at `width` columns (drawn as `fold` says; as it is
        drawn now by default)."""
        if not self.shown:
            return 0
        view, names = self.shown
        console = self.app.console
        options = console.options.update(width=max(10, width), height=None)
        board = render(view, names, self.session.catalogue, self.fold if fold is None else fold)
        return len(console.render_lines(board, options))

    def fold_board(self, width: int, rows: int, first: int | None = None) -> None:
        """Draw the board as little folded as fits `rows` (Monster Diner's six diners late in
        a game: the rivals' lines shorter, the viewer's own place whole), rather than let it
        scroll the viewer's place out of sight; as little folded as fits `first` rows if the
        most folded board does (compact: the rows that leave every move in sight)."""
        if not self.shown:
            return
        most = folds(self.shown[0])
        if first is not None and most and self.board_lines(width, most) <= first:
            rows = first
        fold = next((n for n in range(most) if self.board_lines(width, n) <= rows), most)
        if fold != self.fold:
            self.fold = fold
            view, names = self.shown
            board = render(view, names, self.session.catalogue, fold)
            self.query_one("#board", Static).update(board)

    def text_rows(self, text: str | Flow | None, width: int) -> int:
        if not text:
            return 0
        console = self.app.console
        shown = Text(text) if isinstance(text, str) else text
        return len(console.render_lines(shown, console.options.update(width=max(10, width))))

    def share_rows(self) -> None:
        """Compact: the board gets the rows it needs (its centre, your hand and the players
        come first), the moves the rest (at least five); what does not fit scrolls, and says so.
        Worked out from the texts, not from sizes on screen, so one refresh settles it."""
        if self not in self.app.screen_stack:
            return  # (a finished game's table closed before its layout settled)
        box = self.query_one("#board-box", VerticalScroll)
        actions = self.query_one("#actions", OptionList)
        status = self.query_one("#status", Static)
        details = self.query_one("#details", Static)
        width, height = self.app.size
        prompt = self.shown[0].get("prompt") if self.shown and self.choices else None
        if not self.compact:
            # The board takes the rows it needs, the log under it the rest (LOG_ROWS at
            # least: a board taller scrolls); the moves take their column but the details'.
            status.styles.height = details.styles.height = "auto"
            available = height - 1 - STATUS_ROWS  # (the footer; the status with a hint)
            box.styles.height = "auto"
            box.styles.max_height = max(3, available - LOG_ROWS)
            side = self.side_width(width)
            # (the board's padding and a scrollbar's room left out)
            self.fold_board(width - side - 4, available - LOG_ROWS)
            room = available - self.text_rows(prompt, side - 2) - WIDE_DETAILS_ROWS
            # (counted as in the compact layout: the list's own measure of its height ran a
            # few rows short of its wrapped moves, and it scrolled with rows to spare)
            moves = sum(
                self.text_rows(self.option_prompt(i), side - GUTTER)
                for i in range(len(self.choices))
            )
            room = max(MIN_MOVES, room)
            actions.styles.max_height = room
            actions.styles.height = max(1, min(moves, room))
            self.more_moves = moves > room
            box.remove_class("-scrolls")  # (put back by `mark_scroll` if they still scroll)
            actions.remove_class("-scrolls")
            self.call_after_refresh(self.mark_scroll)
            return
        fixed = 1 + STATUS_ROWS + self.text_rows(prompt, width - 2)
        was, self.details_rows = self.details_rows, self.details_want
        fixed += self.details_rows
        available = height - fixed
        # (a move too long for the width wraps: it takes two rows or more)
        moves = sum(
            self.text_rows(self.option_prompt(i), width - GUTTER) for i in range(len(self.choices))
        )
        # (the moves' cue row counted when they are more than the least they are given)
        # The board folds rather than push moves out of sight, as far as folding goes (the
        # rivals' second rows are for rows otherwise blank); then it takes the moves' rows.
        least = available - min(moves, MIN_MOVES) - (moves > MIN_MOVES)
        self.fold_board(width - 2, least, first=available - moves)
        need = self.board_lines(width - 2)
        # The card details give up their second row before the board scrolls: the players'
        # lines come first (Monster Rejects for ten at 80x24: the last row of seats, Heuristic
        # bots 5 and 10, was under the fold for the second card's effect).
        short = need + min(moves, MIN_MOVES) - available
        if short > 0 and self.details_rows > 1:
            given = min(short, self.details_rows - 1)
            self.details_rows -= given
            available += given
        if self.details_rows != was and self.choices and actions.highlighted is not None:
            self.show_details(self.choices[self.order[actions.highlighted]])
        more_news = 0
        if need + moves <= available:
            # Everything fits: rows the board would leave blank tell more of the news first
            # (at 80x24 one line could not say both that a card was taken from your hand and
            # what came after), then the board takes the rest.
            more_news = max(0, min(len(self.news()) - 1, MORE_NEWS, available - moves - need))
            board = available - moves - more_news
        else:
            shown = min(moves, max(MIN_MOVES, available - need - 1))
            board = available - shown - (1 if shown < moves else 0)  # (the moves' cue row)
        board = max(3, board)
        # Their cue rows are put back by `mark_scroll` if they still scroll.
        box.remove_class("-scrolls")
        actions.remove_class("-scrolls")
        box.styles.height = board
        box.styles.max_height = None  # (the wide layout's cap)
        details.styles.height = self.details_rows
        room = max(3, available - board - more_news)
        actions.styles.max_height = room
        # The list's rows as counted here, where a move's rows are read at the width it is
        # drawn (its scrollbar's gutter left out): its own height measured a move of 79 to 80
        # cells as one row, gave it one row too few, and the list scrolled by one.
        actions.styles.height = min(moves, room)
        self.more_moves = moves > room
        status.styles.height = STATUS_ROWS + more_news
        if more_news != self.more_news:
            self.more_news = more_news
            self.show_status()
        self.call_after_refresh(self.mark_scroll)

    def mark_scroll(self) -> None:
        """Say so when the board or the moves are more than their room (they scroll with the
        mouse wheel; the moves with the arrow keys too)."""
        if self not in self.app.screen_stack:
            return
        box = self.query_one("#board-box", VerticalScroll)
        actions = self.query_one("#actions", OptionList)
        # The cue row takes a row of its own: with it on, a board or a list one row short of
        # fitting would scroll because of the cue alone, and the cue would stay for good (seen
        # at 80x24: 3 moves of 4 shown, "more moves" under them, 2 blank rows above).
        scrolls = box.max_scroll_y > (1 if box.has_class("-scrolls") else 0)
        box.set_class(scrolls, "-scrolls")
        box.border_subtitle = "more below: scroll the board (mouse wheel)" if scrolls else ""
        # The moves' cue follows their rows as `share_rows` counted them: read from the list
        # while a new decision's moves still had the last one's height, it came on for a list
        # that fits, and then its own row kept it needed.
        more = self.more_moves
        actions.set_class(more, "-scrolls")
        actions.border_subtitle = "more moves: ↓ or the mouse wheel" if more else ""

    # -- the turn loop -------------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens next: a human is asked, a bot is started, or the game ends."""
        session = self.session
        state = session.state
        self.choices, self.offers = [], []
        self.hint_text = self.notice = self.hint_sure = ""
        self.forget_hint_toast()
        if state.is_over:
            self.forget_note()  # (the summary comes next: nothing stays over it)
            self.show()
            if self.replay is None:
                self.cardcafe.forget_autosave()
            self.cardcafe.game_over(self)
            return
        if self.pause_for_breakdown():
            return
        seat = state.current_player
        if self.replay is not None:
            self.show()
            if not self.replay_paused:
                self.later(partial(self.replay_step, self.generation), self.pace)
            return
        if session.is_human(seat):
            if self.viewer != seat and len(session.humans) > 1:
                # Hot-seat: nobody's secrets on screen (nor their hints) until the next
                # player is ready; the cover also tells them the turn has passed.
                self.viewer = None
                self.show()
                self.app.clear_notifications()
                name = session.words_names()[seat]
                self.app.push_screen(
                    CoverScreen(name, session.game.title), partial(self.uncover, seat)
                )
                return
            self.viewer = seat
            self.forget_note()  # ("Not your move" is untrue now)
            self.offers = session.offers()
            self.choices = [offer.action for offer in self.offers]
            self.show()
            self.query_one("#actions", OptionList).focus()
            self.maybe_play_forced()
            return
        if len(session.humans) > 1:
            self.viewer = None
        self.show()
        self.follow_note()
        self.later(partial(self.start_bot, self.generation), self.pace)

    def maybe_play_forced(self) -> None:
        """A single legal move plays itself after a short beat (the app's `forced_beat`
        setting, None to always wait), unless the player just took a move back."""
        beat = self.cardcafe.forced_beat
        if len(self.choices) != 1 or beat is None or self.no_auto:
            return
        self.notice = "Only one move: playing it…"
        self.show_status()
        generation, moves = self.generation, len(self.session.state.history)

        def play() -> None:
            still = self.current(generation) and len(self.session.state.history) == moves
            if still and self.app.screen is self and self.choices:
                self.action_pick(0)

        self.later(play, beat)

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
        if len(session.humans) > 1 and self.viewer is not None and self.replay is None:
            self.viewer = None  # hot-seat: the pause shows nobody's secrets
            self.app.clear_notifications()
        view = session.view(self.viewer)
        self.show()
        generation = self.generation
        self.app.push_screen(BreakdownScreen(view, self.names()), lambda _: self.resume(generation))
        return True

    def resume(self, generation: int) -> None:
        if self.current(generation):
            self.advance()

    def later(self, callback, delay: float) -> None:
        if delay:
            self.set_timer(delay, callback)
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
            why = error or "it chose a move that is not allowed"
            name = self.session.words_names()[seat]
            self.notify(f"{name} failed ({why}); it plays at random.")
            action = random.Random(len(self.session.state.history)).choice(legal)
        self.play(action)

    def play(self, action: Action) -> None:
        """Apply a move at the table, keep the autosave up to date, and go on."""
        if self.session.is_human(self.session.state.current_player):
            self.forget_note()  # ("No move on 3: your moves are on 1 and 2" is gone by)
        self.mark_news()
        self.session.play(action)
        if self.replay is None:
            self.cardcafe.autosave(self.session)
        self.advance()

    # -- replays -------------------------------------------------------------------------
    def replay_step(self, generation: int) -> None:
        if not self.current(generation) or self.session.state.is_over or self.replay_paused:
            return
        self.replay_next()

    def replay_next(self) -> None:
        self.generation += 1  # one step at a time: a pending timer is now stale
        self.mark_news()
        self.session.play(self.replay[len(self.session.state.history)])  # type: ignore[index]
        self.advance()

    def action_toggle_replay(self, _: str = "") -> None:
        self.replay_paused = not self.replay_paused
        self.refresh_bindings()
        self.notify("Replay paused: → steps, Space plays on" if self.replay_paused else "Playing")
        if not self.replay_paused:
            self.replay_next()
        else:
            self.show_status()

    def action_step(self) -> None:
        if not self.replay_paused:
            self.replay_paused = True
            self.refresh_bindings()
        if not self.session.state.is_over:
            self.replay_next()

    def action_leave_replay(self) -> None:
        self.cardcafe.leave_replay(self)

    def action_menu(self) -> None:
        self.cardcafe.start_session_menu()

    # -- the human's moves ---------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if not self.choices or not 0 <= index < len(self.order):
            return  # an Enter pressed twice: the list it chose from is gone
        if str(event.option.prompt) != self.option_text(self.order[index]):
            return  # ... or is another list now: the choice was for a decision gone by
        self.action_pick(self.order[index])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.choices and 0 <= event.option_index < len(self.order):
            self.show_details(self.choices[self.order[event.option_index]])

    def on_key(self, event: events.Key) -> None:
        """A move's key plays it (the keys are on the list beside each move); a move key with
        no move on it says so, rather than doing nothing (the keys stay put, so "1" may be gone
        while "2" and "3" are offered)."""
        char = event.character
        if char not in keys.MOVE_KEYS or self.replay is not None or self.session.state.is_over:
            return
        event.stop()
        if self.choices and char in self.move_keys:
            self.action_pick(self.move_keys.index(char))
        else:
            self.note(self.no_move_on(char))

    def note(self, text: str, seconds: float = NOTE_SECONDS) -> None:
        """One note at a time, gone by itself: a key pressed again and again while bots move
        stacked a note each, over the board and then over the end's summary."""
        self.forget_note()
        self.note_toast = Notification(text, severity="warning", timeout=seconds, markup=False)
        # (added at once, not posted as `notify` does: keys pressed fast were handled before
        # the note they replace had arrived, and it could not be taken off)
        self.app._notifications.add(self.note_toast)
        self.app._refresh_notifications()

    def follow_note(self) -> None:
        """A note that says whose move it is follows the turn while it shows, in the time it
        had left: it named the bot that was to move when the key was pressed, and went on
        naming it while the next bots moved."""
        toast = self.note_toast
        if toast is None or toast not in self.app._notifications or self.choices:
            return
        text = self.no_move_on("")
        if text != toast.message and toast.time_left > 0.2:
            self.note(text, toast.time_left)

    def forget_note(self) -> None:
        toast, self.note_toast = self.note_toast, None
        if toast is not None and toast in self.app._notifications:
            self.app._unnotify(toast)

    def no_move_on(self, key: str) -> str:
        """One line for a move key that plays nothing now: which keys do, or whose turn it is."""
        if not self.choices:
            seat = self.session.state.current_player
            if seat == self.viewer:
                return "Your moves are on their way: a moment."
            return f"Not your move: {self.session.seat_name(seat)} is to move."
        shown = [key for key in (self.move_keys[i] for i in self.order) if key]
        if len(shown) > 2 and shown == list(keys.MOVE_KEYS[: len(shown)]):
            listed = f"{shown[0]} to {shown[-1]}"  # (no gap: "1 to 6")
        elif len(shown) > 6:
            return f"No move on {key}: press the key beside a move."
        else:
            listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
        return f"No move on {key}: your moves are on {listed}."

    def action_pick(self, index: int) -> None:
        if not self.choices or not 0 <= index < len(self.choices):
            self.app.bell()
            return
        action = self.choices[index]
        self.no_auto = False
        try:
            self.play(action)
        except GameError as exc:
            self.notify(str(exc), severity="error")

    def action_undo(self) -> None:
        session = self.session
        if not session.undo_steps() or session.actors[-1] != self.viewer:
            self.notify(
                "Nothing to take back: the last move showed something new (a card, a random "
                "event) or was another player's.",
                severity="warning",
            )
            return
        self.generation += 1
        self.workers.cancel_group(self, "bots")
        self.thinking = False
        self.no_auto = True
        session.undo()
        self.cardcafe.autosave(session)
        self.advance()

    def action_hint(self) -> None:
        seat = self.session.state.current_player
        if not self.choices or seat != self.viewer:
            self.notify("A hint is for your own turn.", severity="warning")
            return
        self.hint_text, self.hint_sure = "thinking…", ""
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
        """In a worker thread: the search, on a private copy (worded on the screen's thread,
        which knows the moves' keys)."""
        try:
            found: seatbots.Hint | str = seatbots.hint(world, seat, rng, self.cardcafe.hint_budget)
        except Exception as exc:
            found = f"no hint this time ({exc})"
        self.app.call_from_thread(self.hint_found, asked, found)

    def hint_found(self, asked: tuple[int, int], found: seatbots.Hint | str) -> None:
        generation, moves = asked
        if not self.current(generation) or len(self.session.state.history) != moves:
            return  # the decision it was for is gone
        if self.app.screen is not self or not self.choices:
            return  # a cover or a pause is up: the hint is for nobody else's eyes
        if isinstance(found, str):
            text, self.hint_sure = found, ""
        else:
            move, self.hint_sure = found.words(self.keyed_label)
            text = f"{move} ({self.hint_sure})"
        self.hint_text = text
        self.forget_hint_toast()
        self.hint_toast = Notification(f"Hint: {text}", timeout=8, markup=False)
        self.app.post_message(Notify(self.hint_toast))
        self.show_status()

    def forget_hint_toast(self) -> None:
        """A hint's toast goes with its decision: it names a move that may be gone (a lone
        move that played itself, a move made since)."""
        toast, self.hint_toast = self.hint_toast, None
        if toast is not None and toast in self.app._notifications:
            self.app._unnotify(toast)  # (Textual's own way to drop one toast)

    def keyed_label(self, action: Action) -> str:
        """A move as the list shows it, less how many copies: its key (if it has one) and its
        words (copies of one card are one move)."""
        for index, offer in enumerate(self.offers[: len(self.choices)]):
            if action in offer.actions:  # (a copy of a card in hand: the move that plays it)
                key = self.move_keys[index] if index < len(self.move_keys) else None
                return f"{key}. {offer.words}" if key else offer.words
        return self.session.label(action)

    # -- files, pace, guide --------------------------------------------------------------
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
        from .files import LoadScreen  # (imported when first needed: launch time counts)

        self.app.push_screen(LoadScreen(self.cardcafe.record_dirs()), self.loaded)

    def loaded(self, path: str | None) -> None:
        if not path:
            return
        try:
            session = Session.load(path)
        except GameError as exc:
            self.notify(str(exc), severity="error")
            return
        self.replace_session(session)
        self.notify(f"Loaded: {session.game.title} at {session.moves_words}")

    def replace_session(self, session: Session) -> None:
        self.generation += 1
        self.workers.cancel_group(self, "bots")
        self.thinking = False
        self.session = session
        self.title = session.game.title
        humans = session.humans
        self.viewer = humans[0] if len(humans) == 1 else None
        self.logged = (None, -1, None)
        self.paused = set()
        self.news_from = {}
        self.cardcafe.autosave(session)
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

    def action_log(self) -> None:
        """Everything that happened so far, in the viewer's words (their own moves in bold)."""
        lines = [line for line, _ in self.log_lines(0)]
        self.app.push_screen(LogScreen(f"{self.session.game.title}: the game so far", lines))

    def action_guide(self) -> None:
        from .guide import GuideScreen

        self.app.push_screen(GuideScreen(self.session.game, self.session.catalogue))

    def action_quit(self) -> None:
        if self.replay is not None or self.session.state.is_over:
            question = "Quit cardcafe?"
            detail = ""
        else:
            question = "Leave this game and quit?"
            detail = "It is saved: choose Continue on the start screen to play on."
        self.app.push_screen(ConfirmScreen(question, detail), self.quit_confirmed)

    def quit_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.app.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what works here is offered (and shown in the footer)."""
        replaying = self.replay is not None
        if action in self.PLAY_ONLY:
            return not replaying and not self.session.state.is_over
        if action == "toggle_replay" and parameters:  # "pause" while it plays, else "play"
            return replaying and (parameters[0] == "play") == self.replay_paused
        if action in self.REPLAY_ONLY:
            return replaying
        if action == "summary":
            return self.session.state.is_over and not replaying
        if action == "pace":
            return bool(self.session.bots) or replaying
        return True

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
        return self.cardcafe.plain_text(render(view, names, self.session.catalogue, self.fold))

    @property
    def order(self) -> list[int]:
        """The moves' indices in the order the list shows them (by key)."""
        return keys.order(self.move_keys)

    def option_text(self, index: int) -> str:
        key = self.move_keys[index] if index < len(self.move_keys) else None
        label = self.offers[index].text
        return f"{key}. {label}" if key else f"   {label}"

    def option_prompt(self, index: int) -> Flow:
        """A move as the list shows it: a move too long for the width wraps under its label,
        not under its key (the keys stay a column to run an eye down)."""
        return Flow(Text(self.option_text(index)), indent=len("1. "))

    def show(self) -> None:
        view = self.session.view(self.viewer)
        names = self.names()
        self.shown = (view, names)
        self.query_one("#board", Static).update(
            render(view, names, self.session.catalogue, self.fold)
        )
        prompt = view.get("prompt") if self.choices else None
        self.query_one("#prompt", Static).update(prompt or "")
        self.query_one("#prompt").display = bool(prompt)
        # (keyed by the label without the copies' count: a move keeps its key as copies go; a
        # move that names nothing, "Finish laying and draw 2 cards", by its kind: its words
        # change with each card laid, and its key hopped)
        labels = [move_identity(offer) for offer in self.offers[: len(self.choices)]]
        if self.choices:
            before = self.remembered_keys.get(self.viewer, {})
            self.move_keys = keys.assign(labels, before)
            self.remembered_keys[self.viewer] = {
                label: key for label, key in zip(labels, self.move_keys, strict=True) if key
            }
        else:
            self.move_keys = []
        # Compact: rows for the card details as the move naming the most cards needs (none
        # when no move names a card: a Mummy's choice of token left two rows blank under the
        # moves while the board scrolled).
        named = (
            len(cards_named(self.session.label(a), self.session.catalogue)) for a in self.choices
        )
        self.details_want = self.details_rows = min(DETAILS_ROWS, max(named, default=0))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(Option(self.option_prompt(i)) for i in self.order)
        actions.display = bool(self.choices)
        if self.choices:
            actions.highlighted = 0
            # (no highlight event when it was 0 already: the details must not stay stale)
            self.show_details(self.choices[self.order[0]])
        self.query_one("#details").display = bool(self.choices)
        self.fit(self.app.size.width, self.app.size.height)
        self.show_status()
        self.show_log()

    def show_details(self, action: Action) -> None:
        """What the cards a move names do: the catalogue's text, under the moves. Compact, a
        card to a row; wide, wrapped on a few rows; cut with "…" where it does not fit (`c`
        has every card's whole text)."""
        label = self.session.label(action)
        rows = [
            Text.assemble((f"{name}: ", "bold"), effect)
            for name, effect in cards_named(label, self.session.catalogue)
        ]
        if self.compact:
            width = max(10, self.app.size.width - 2)  # (the details' padding)
            room = max(1, self.details_rows)  # (fewer when the board needs the rows)
            more = len(rows) > room
            rows = [cut(row, width) for row in rows[:room]]
        else:
            width = self.side_width(self.app.size.width) - 2
            wrapped = [line for row in rows for line in row.wrap(self.app.console, width)]
            more = len(wrapped) > WIDE_DETAILS_ROWS
            rows = wrapped[:WIDE_DETAILS_ROWS]
            for row in rows:
                row.rstrip()
        if more and rows and not rows[-1].plain.endswith("…"):  # text left out: say so
            last = rows[-1]
            rows[-1] = last + "…" if last.cell_len < width else cut(last, width - 1)
        self.query_one("#details", Static).update(Text("\n").join(rows))

    def show_status(self) -> None:
        """Whose turn and what to do first, then the game's name; under it the hint, or the
        news since the viewer last moved. A line that does not fit is cut with "…" (the
        whole log is a key away: `g`)."""
        session = self.session
        state = session.state
        seat = state.current_player
        if self.replay is not None:
            turn = "Replay paused (→ steps, Space plays on)" if self.replay_paused else "Replay"
        elif state.is_over:
            turn = "The game is over"
        elif self.choices:
            hot_seat = len(session.humans) > 1
            turn = f"{session.words_names()[seat]}, your turn" if hot_seat else "Your turn"
        elif seat == self.viewer:  # (a round's end shows before the viewer's next turn)
            turn = "Your turn next"
        else:
            name = session.seat_name(seat, self.viewer)
            turn = f"{name} is thinking…" if self.thinking else f"{name} to move"
        view_phase = "" if state.is_over else self.session.view(self.viewer).get("phase")
        parts = [turn]
        if view_phase:
            parts.append(str(view_phase))
        parts += [session.moves_words, session.game.title]
        width = max(10, self.app.size.width - 2)  # (the status' padding)
        # The parts that fit whole, the most useful first: a part cut ("Monster …") said
        # nothing the parts before it had not (the first is cut if it must be).
        head = parts[0]
        for part in parts[1:]:
            if len(head) + len(" · ") + len(part) > width:
                break
            head += " · " + part
        rows = [Text(head, style="bold")]
        if self.hint_text:
            rows.append(self.hint_row(width))
        elif self.notice:
            rows.append(Text(self.notice))
        if self.compact:
            news = self.news()
            # (the hint or the notice takes the headline's row; the rows after tell the rest)
            room = 1 + self.more_news - (1 if len(rows) > 1 else 0)
            if room > 0 and news:
                told = news_in(news, room)
                rows += [cut_news(Text(line), width) for line in told]
        status = Text("\n").join(cut(row, width) for row in rows)
        self.query_one("#status", Static).update(status)
        self.show_log()

    def hint_row(self, width: int) -> Text:
        """The hint on one row: a move too long for it is cut ("…") before how sure the bot
        is, which stays in sight (the toast has the whole hint)."""
        row = Text(f"Hint: {self.hint_text}")
        tail = f" ({self.hint_sure})"
        room = width - len("Hint: ") - len(tail)
        if row.cell_len <= width or not self.hint_sure or room < 12:
            return row
        move = Text(self.hint_text[: -len(tail)])
        return Text("Hint: ") + cut(move, room) + Text(tail)

    def mark_news(self) -> None:
        """Before a human's move: the news will be what it and everything after brought."""
        seat = self.session.state.current_player
        if self.session.is_human(seat):
            self.news_from[seat] = len(self.session.log(seat))
            self.news_from[None] = len(self.session.log(None))

    def news(self) -> list[str]:
        """The log lines since the viewer's last move (before the first one, since the deal),
        in the order they happened; `g` shows every line."""
        count = len(self.session.log(self.viewer))
        if not count:
            return []
        start = min(self.news_from.get(self.viewer, 0), count - 1)  # (an undo shortens it)
        # (a run said once; seats that did the same in a row, one line)
        return repeats.fold(self.session.log_text(self.viewer, start), self.session.words_names())

    def show_log(self) -> None:
        events_ = self.session.log(self.viewer)
        log = self.query_one("#log", WrappingLog)
        viewer, count, last = self.logged
        if viewer != self.viewer or count > len(events_) or count < 0:
            log.reset()
            count, last = 0, None
        if count == len(events_):
            return
        if last is not None:
            # The last line shown may go on (a run's count, a seat more that did the same):
            # it is told again from the event it began at.
            log.drop_last()
            count = last
        lines = self.log_lines(count)
        for line, _ in lines:
            log.add(line)
        last = count + sum(n for _, n in lines[:-1]) if lines else last
        self.logged = (self.viewer, len(events_), last)

    def log_lines(self, start: int) -> list[tuple[Text, int]]:
        """The viewer's log lines from event `start` on, their own moves in bold; a line
        repeated in a row is one line, with how many times, and seats that did the same in a
        row are one line (`repeats.told`); with each, how many events it tells."""
        entries = self.log_entries(start)
        told = repeats.told([text for text, _ in entries], self.session.words_names())
        lines, at = [], 0
        for text, n in told:
            lines.append((Text(text, style="bold" if entries[at][1] else ""), n))
            at += n
        return lines

    def log_entries(self, start: int) -> list[tuple[str, bool]]:
        """The viewer's log from event `start` on: each line's text, and whether it is their
        own move."""
        events_ = self.session.log(self.viewer)[start:]
        texts = self.session.log_text(self.viewer, start)
        return [
            (text, event.actor is not None and event.actor == self.viewer)
            for event, text in zip(events_, texts, strict=True)
        ]


def move_identity(offer: Offer) -> str:
    """What a move's key is remembered by: its words, or for a move that names no card nor
    seat (its action has no fields) its kind, whatever counts its words give."""
    fields = offer.action.to_json()
    return f"({fields['type']})" if len(fields) == 1 else offer.label
