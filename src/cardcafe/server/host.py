"""What a table needs of the hub that holds it, and nothing more (issue 19: the table used to
reach into the hub's attributes and delete itself from its dictionary)."""

from __future__ import annotations

from concurrent.futures import Executor
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .table import Table
    from .writer import MoveWriter


class TableHost(Protocol):
    """The hub, as its tables see it (`Hub` implements it)."""

    absent_seconds: float  # a player away this long may have their seat handed to a bot
    bot_delay: float  # seconds a bot waits before it moves, so people can follow
    finished_ttl: float  # seconds a finished table nobody watches stays in memory
    move_deadline: float  # seconds a bot's move (or a hint) may take before the stand-in
    bot_pool: Executor  # where bots think, off the event loop
    writer: MoveWriter  # stores moves (batched, retried)

    def forget(self, table: Table) -> None:
        """Drop `table` from memory (finished and unwatched: the database keeps it)."""
