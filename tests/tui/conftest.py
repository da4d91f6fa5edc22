"""Helpers for driving the app with Textual's pilot."""

from __future__ import annotations

from cardcafe.tui.table import TableScreen


async def wait_for(pilot, condition, what: str, steps: int = 20000) -> None:
    """Let the app run (workers included) until `condition()` holds."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


def human_to_move(app) -> bool:
    screen = app.screen
    return isinstance(screen, TableScreen) and bool(screen.choices)
