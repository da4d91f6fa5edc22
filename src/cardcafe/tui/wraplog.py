"""A log that wraps its lines to the width it has now, not the width it had when they came.

Textual's `RichLog` renders a line once, at the width of the moment: at the table the log's
column changes width with the longest move, so lines written when it was wider were cut off
(without an ellipsis) and lines written when it was narrower stayed wrapped short. This one
keeps its lines and wraps them all again when its width changes.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import RichLog


class WrappingLog(RichLog):
    """A `RichLog` of `Text` lines, wrapped again whenever the widget's width changes."""

    DEFAULT_CSS = """
    WrappingLog { scrollbar-gutter: stable; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=10)
        self.texts: list[Text] = []
        self.wrapped_at = 0  # the width the lines on screen were wrapped to
        self.shown_rows = 0  # the height it had

    def add(self, line: Text) -> None:
        """Append a line (wrapped to the width at hand)."""
        self.texts.append(line)
        self.put(line)

    def put(self, line: Text, scroll_end: bool | None = None) -> None:
        """Write a line wrapped to the width the log was last resized to, not to its region's
        width this instant: the table's columns change width and back within one refresh
        (a bot's turn between two of yours), and a line written meanwhile, wrapped to the
        passing width, was cut off when no resize came to wrap it again."""
        self.write(line, width=self.wrapped_at or None, scroll_end=scroll_end)

    def drop_last(self) -> None:
        """Take the last line off (it is about to come again, reworded)."""
        if self.texts:
            self.texts.pop()
            self.clear()
            for line in self.texts:
                self.put(line, scroll_end=False)

    def reset(self) -> None:
        """Forget every line."""
        self.texts.clear()
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        # (Textual calls RichLog's own handler after this one: it renders the lines that
        # came before the widget had a size.)
        width = self.scrollable_content_region.width
        if width == self.wrapped_at and event.size.height != self.shown_rows:
            # Taller or shorter (at the table it sits under a board whose height changes):
            # the latest lines stay in sight.
            self.scroll_end(animate=False, immediate=False, x_axis=False)
        self.shown_rows = event.size.height
        self.fit_width()

    def render_lines(self, crop: Region) -> list[Strip]:
        # The width it is drawn at is checked here too: at the table its column narrows and
        # widens again within a refresh, and a resize handled while it was passing through
        # another width left every line wrapped to that width, cut at the log's edge.
        if self._size_known and self.scrollable_content_region.width != self.wrapped_at:
            self.call_later(self.fit_width)
        return super().render_lines(crop)

    def fit_width(self) -> None:
        """Wrap every line again if the log is not as wide as when they were wrapped."""
        width = self.scrollable_content_region.width
        if width and width != self.wrapped_at:
            self.wrapped_at = width
            self.clear()
            for line in self.texts:
                self.write(line, scroll_end=False)
            # The latest lines in sight again (where it stood is lost with the old wrapping,
            # and a log that was still catching up to its end would stay short of it).
            self.scroll_end(animate=False, immediate=False, x_axis=False)
