"""Group commit: many tables' moves in one transaction, each caller told its own outcome."""

from __future__ import annotations

import asyncio

import pytest

from cardcafe.server.store import MoveWrite, Store
from cardcafe.server.writer import MoveWriter


class Recorder:
    """A store that remembers its transactions and refuses move number 13."""

    def __init__(self) -> None:
        self.transactions: list[list[int]] = []

    def append_moves(self, moves: list[MoveWrite]) -> None:
        if any(m.number == 13 for m in moves):
            raise OSError("unlucky")
        self.transactions.append([m.number for m in moves])

    def append_move(self, move: MoveWrite) -> None:
        self.append_moves([move])


def test_concurrent_moves_share_commits_and_a_bad_one_fails_alone():
    store = Recorder()
    writer = MoveWriter(store)  # type: ignore[arg-type]

    async def main():
        moves = [MoveWrite(f"t{n}", n, 0, {"type": "x"}, False) for n in range(1, 31)]
        return await asyncio.gather(*(writer.append(m) for m in moves), return_exceptions=True)

    results = asyncio.run(main())
    failed = [n for n, r in enumerate(results, start=1) if isinstance(r, Exception)]
    assert failed == [13]
    stored = sorted(n for t in store.transactions for n in t)
    assert stored == [n for n in range(1, 31) if n != 13]
    assert len(store.transactions) < 30  # batched: fewer commits than moves


def test_a_move_number_cannot_be_stored_twice(tmp_path):
    from cardcafe.server.store import SeatRecord, TableRecord

    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    store.migrate()  # migrating an up-to-date database changes nothing
    seat = SeatRecord(0, "human", None, None, None, None)
    store.create_table(TableRecord("t", "monster-diner", 2, {}, 1, None, "playing", [seat], []))
    store.append_move(MoveWrite("t", 1, 0, {"type": "place", "target": 0}, False))
    with pytest.raises(Exception, match="UNIQUE"):
        store.append_move(MoveWrite("t", 1, 0, {"type": "place", "target": 1}, False))
    assert store.load("t").moves == [(0, {"type": "place", "target": 0}, False)]
    store.close()


def test_the_migrations_build_exactly_the_models_schema(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from cardcafe.server.models import Base

    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    store.close()
    assert diff == []


class Flaky:
    """A store that is unavailable for its first `down` commits, and whose one commit landed
    though its answer was lost (the retry then meets a duplicate)."""

    def __init__(self, down: int) -> None:
        self.down = down
        self.rows: dict[tuple[str, int], MoveWrite] = {}
        self.lost_answer = True

    def append_moves(self, moves: list[MoveWrite]) -> None:
        import sqlite3

        if self.down:
            self.down -= 1
            raise sqlite3.OperationalError("database is locked")
        if any((m.table_id, m.number) in self.rows for m in moves):
            raise sqlite3.IntegrityError("UNIQUE constraint failed")
        self.rows.update({(m.table_id, m.number): m for m in moves})
        if self.lost_answer:
            self.lost_answer = False
            raise sqlite3.OperationalError("server closed the connection unexpectedly")

    def has_move(self, move: MoveWrite) -> bool:
        return self.rows.get((move.table_id, move.number)) == move


def test_an_unavailable_store_is_retried_until_every_move_is_stored_once():
    store = Flaky(down=4)
    writer = MoveWriter(store)  # type: ignore[arg-type]

    async def main():
        moves = [MoveWrite(f"t{n}", n, 0, {"type": "x"}, False) for n in range(1, 11)]
        return await asyncio.gather(*(writer.append(m) for m in moves), return_exceptions=True)

    assert asyncio.run(main()) == [None] * 10
    assert sorted(n for _t, n in store.rows) == list(range(1, 11))
    assert store.down == 0
