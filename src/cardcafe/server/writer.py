"""Group commit: moves accepted on many tables at once are stored in one transaction.

A table awaits `MoveWriter.append(move)`, which returns only once the move is committed (or
raises if it could not be), so "stored before broadcast" holds; meanwhile the moves of other
tables that arrived during the previous commit ride along in the next one. On SQLite, where
every commit is serialized, this is what lets hundreds of tables play at once.

While the database is unavailable the batch is retried with backoff, never dropped: the
tables (and their bots) simply wait, and resume by themselves when it is back.
"""

from __future__ import annotations

import asyncio
import logging

from .outage import is_unavailable
from .store import MoveWrite, Store

log = logging.getLogger(__name__)
MAX_BATCH = 500
RETRY_FIRST = 0.05  # seconds before the first retry of a batch the database refused
RETRY_MAX = 2.0  # the longest wait between two retries


class MoveWriter:
    def __init__(self, store: Store):
        self.store = store
        self._pending: list[tuple[MoveWrite, asyncio.Future]] = []
        self._flushing = False

    async def append(self, move: MoveWrite) -> None:
        future = asyncio.get_running_loop().create_future()
        self._pending.append((move, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                try:
                    await self._store_until_back(batch)
                except Exception:
                    # One bad move must not sink the others: store them one by one.
                    for move, future in batch:
                        try:
                            await self._store_until_back([(move, future)])
                        except Exception as exc:
                            # A commit whose answer was lost (the connection dropped after
                            # it) comes back as a duplicate: the move is stored, so it stands.
                            _settle(future, None if await self._landed(move) else exc)
                        else:
                            _settle(future, None)
                    continue
                for _move, future in batch:
                    _settle(future, None)
        finally:
            self._flushing = False

    async def _landed(self, move: MoveWrite) -> bool:
        """Whether `move` is stored after all (False when even that cannot be known)."""
        try:
            return await asyncio.to_thread(self.store.has_move, move)
        except Exception:
            return False

    async def _store_until_back(self, batch: list[tuple[MoveWrite, asyncio.Future]]) -> None:
        """Store the batch, waiting out an unavailable database (doubling waits, at most
        RETRY_MAX); any other failure is raised at once."""
        delay = RETRY_FIRST
        attempt = 1
        while True:
            try:
                await asyncio.to_thread(self.store.append_moves, [m for m, _ in batch])
                if attempt > 1:
                    log.warning("database back: %d moves stored at attempt %d", len(batch), attempt)
                return
            except Exception as exc:
                if not is_unavailable(exc):
                    raise
                log.warning("database unavailable (%s); retrying in %.2f s", exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)
            attempt += 1


def _settle(future: asyncio.Future, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is None:
        future.set_result(None)
    else:
        future.set_exception(exc)
