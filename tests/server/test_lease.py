"""Table ownership on PostgreSQL (lease.py): one owner at a time, a dead owner's tables are
taken over, and a process that lost a table can never store a move of it again."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from cardcafe.server.lease import LeaseLost, Leases
from cardcafe.server.store import MoveWrite, SeatRecord, Store, TableRecord

from .test_restart import fresh_database


def _table(table_id: str) -> TableRecord:
    seats = [
        SeatRecord(0, "random", None, None, None, None),
        SeatRecord(1, "random", None, None, None, None),
    ]
    return TableRecord(table_id, "monster-diner", 2, {}, 7, None, "playing", seats, [])


def _move(table_id: str, number: int) -> MoveWrite:
    return MoveWrite(table_id, number, number % 2, {"kind": "test", "n": number}, True)


@pytest.fixture
def two_processes(postgres_url):
    url = fresh_database(postgres_url)
    stores = [Store(url), Store(url)]
    stores[0].migrate()
    leases = []
    for name, store in zip(("a", "b"), stores, strict=True):
        store.leases = Leases(store, f"node-{name}", f"http://{name}")
        store.leases.beat([])
        leases.append(store.leases)
    try:
        yield stores, leases
    finally:
        for store in stores:
            store.close()


def _dies(store: Store, node: str) -> None:
    """The process stops beating: its heartbeat is older than the lease's life."""
    with store.engine.begin() as db:
        db.execute(
            text(
                "UPDATE cluster_nodes SET expires_at = now() - interval '1 second' WHERE id = :id"
            ),
            {"id": node},
        )


def test_one_owner_at_a_time_and_a_lost_table_is_never_written(two_processes):
    (store_a, store_b), (a, b) = two_processes
    store_a.create_table(_table("t1"))  # created here: leased here, in the same transaction
    assert b.where("t1") == ("node-a", "http://a")
    assert b.acquire("t1") is False  # its owner is alive
    assert b.acquire("no-such-table") is None
    assert b.orphans() == []

    store_a.append_moves([_move("t1", 1)])
    with pytest.raises(LeaseLost):  # not the owner: the move is not stored
        store_b.append_moves([_move("t1", 2)])
    assert len(store_a.load("t1").moves) == 1

    _dies(store_a, "node-a")
    assert b.where("t1") is None
    assert b.orphans() == ["t1"]
    assert b.acquire("t1") is True
    assert b.where("t1") == ("node-b", "http://b")

    # The old owner wakes up: it learns at its next beat that the table is gone, and
    # whatever it tries to store meanwhile is refused.
    with pytest.raises(LeaseLost):
        store_a.append_moves([_move("t1", 2)])
    assert a.beat(["t1"]) == set()
    assert a.acquire("t1") is False  # the new owner is alive
    # Its lobby row is the new owner's, whatever the old one still publishes.
    b.publish({"t1": '{"by": "b"}'})
    a.publish({"t1": '{"by": "a"}'})
    assert [row for row, _created in b.summaries()] == [{"by": "b"}]
    store_b.append_moves([_move("t1", 2)])
    assert [m[1]["n"] for m in store_b.load("t1").moves] == [1, 2]


def test_a_clean_stop_frees_the_tables_at_once(two_processes):
    (store_a, _store_b), (a, b) = two_processes
    store_a.create_table(_table("t2"))
    a.leave()
    assert b.orphans() == ["t2"]
    assert b.acquire("t2") is True


def test_after_an_outage_no_process_takes_tables_over_before_all_could_beat(postgres_url):
    """Every beat lapses alike while the database is down: the first process back must not
    take the others' tables for dead's, only those of a process still silent 4 s later."""
    import asyncio

    from cardcafe.server.cluster import BEAT
    from cardcafe.server.hub import Hub
    from cardcafe.server.lease import NODE_TTL

    url = fresh_database(postgres_url)

    async def scenario() -> None:
        owner = Hub(Store(url), cluster_address="http://owner")
        other = Hub(Store(url), cluster_address="http://other")
        await asyncio.to_thread(owner.store.migrate)
        owner.cluster.secret = other.cluster.secret = "s"
        await owner.cluster.beat()
        await other.cluster.beat()
        await asyncio.to_thread(owner.store.create_table, _table("t3"))
        _dies(owner.store, owner.cluster.node)  # its beat lapsed during the outage ...
        other.cluster._steady_since = None  # ... and so did the other's, which beats first
        await other.cluster.beat()
        await other.cluster.chores()
        assert "t3" not in other.tables  # not yet: the owner may be about to beat
        assert other.cluster.leases.where("t3") is None
        # The owner never comes back: once every live process has had the time to beat
        # again, its tables are taken over.
        other.cluster._steady_since -= NODE_TTL + BEAT
        await other.cluster.chores()
        assert "t3" in other.tables
        assert other.cluster.leases.where("t3") == (other.cluster.node, "http://other")
        for hub in (owner, other):
            await hub.stop()

    asyncio.run(scenario())
