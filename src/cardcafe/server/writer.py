"""Group commit: moves accepted on many tables at once are stored in one transaction.

A table awaits `MoveWriter.append(move)`, which returns only once the move is committed (or
raises if it could not be), so "stored before broadcast" holds; meanwhile the moves of other
tables that arrived during the previous commit ride along in the next one. On SQLite, where
every commit is serialized, this is what lets hundreds of tables play at once.
"""

from __future__ import annotations

import asyncio
import logging

from .store import MoveWrite, Store

log = logging.getLogger(__name__)
MAX_BATCH = 500


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
                    await asyncio.to_thread(self.store.append_moves, [m for m, _ in batch])
                except Exception:
                    # One bad move must not sink the others: store them one by one.
                    for move, future in batch:
                        try:
                            await asyncio.to_thread(self.store.append_move, move)
                        except Exception as exc:
                            _settle(future, exc)
                        else:
                            _settle(future, None)
                    continue
                for _move, future in batch:
                    _settle(future, None)
        finally:
            self._flushing = False


def _settle(future: asyncio.Future, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is None:
        future.set_result(None)
    else:
        future.set_exception(exc)
