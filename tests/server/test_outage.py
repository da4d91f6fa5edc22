"""D2: a database that goes away for a while freezes nothing and loses no move."""

from __future__ import annotations

import sqlite3
import time

from fastapi.testclient import TestClient
from sqlalchemy.engine import Connection

from cardcafe.server import create_app
from cardcafe.server.store import Store

from .conftest import create, hub, wait_until


class Outage:
    """Makes every commit fail with the driver's OperationalError while `down` is set (every
    commit ends in `Connection._commit_impl`: an ORM session's and a Core transaction's)."""

    def __init__(self, monkeypatch):
        self.down = False
        self.refused = 0
        real_commit = Connection._commit_impl

        def commit(connection: Connection) -> None:
            if self.down:
                self.refused += 1
                connection._rollback_impl()
                raise sqlite3.OperationalError("unable to open database file")
            real_commit(connection)

        monkeypatch.setattr(Connection, "_commit_impl", commit)


def test_bot_tables_finish_by_themselves_after_an_outage(db_url, monkeypatch):
    outage = Outage(monkeypatch)
    with TestClient(create_app(db_url, allow_seed=True, bot_delay=0.01)) as client:
        ids = [create(client, ["random", "heuristic", "random"], seed=s) for s in range(6)]
        server = hub(client)
        wait_until(lambda: all(server.tables[i].version >= 3 for i in ids))
        outage.down = True
        time.sleep(1.5)
        frozen = {i: server.tables[i].version for i in ids}
        time.sleep(0.3)
        # Nothing advanced while nothing could be stored (stored before shown, still).
        assert {i: server.tables[i].version for i in ids} == frozen
        assert outage.refused > 0
        outage.down = False
        wait_until(lambda: all(server.tables[i].status == "finished" for i in ids), timeout=60)
        live = {i: (server.tables[i].version, server.tables[i].rec.moves[:]) for i in ids}
    store = Store(db_url)
    try:
        for table_id, (version, moves) in live.items():
            stored = store.load(table_id)
            assert stored.status == "finished"
            assert len(stored.moves) == version  # no move lost, none twice
            assert stored.moves == moves
    finally:
        store.close()


def test_creating_a_table_while_the_database_is_down_is_a_503_json(db_url, monkeypatch):
    outage = Outage(monkeypatch)
    with TestClient(create_app(db_url)) as client:
        outage.down = True
        response = client.post(
            "/api/tables", json={"game": "monster-diner", "players": 2, "seats": ["human"] * 2}
        )
        assert response.status_code == 503
        assert "database is unavailable" in response.json()["detail"]
        outage.down = False
        response = client.post(
            "/api/tables", json={"game": "monster-diner", "players": 2, "seats": ["human"] * 2}
        )
        assert response.status_code == 200
        assert list(hub(client).tables) == [response.json()["id"]]  # the failed one left nothing


def test_postgresql_stopped_under_load_loses_no_move(postgres_cluster):
    with TestClient(create_app(postgres_cluster.url, allow_seed=True, bot_delay=0.01)) as client:
        ids = [create(client, ["random", "heuristic"], seed=s) for s in range(6)]
        server = hub(client)
        wait_until(lambda: all(server.tables[i].version >= 2 for i in ids))
        postgres_cluster.stop()
        assert any(server.tables[i].status == "playing" for i in ids)  # stopped mid-game
        time.sleep(3)
        response = client.post(
            "/api/tables", json={"game": "monster-diner", "players": 2, "seats": ["human"] * 2}
        )
        assert response.status_code == 503
        assert "database is unavailable" in response.json()["detail"]
        postgres_cluster.start()
        wait_until(lambda: all(server.tables[i].status == "finished" for i in ids), timeout=90)
        live = {i: server.tables[i].rec.moves[:] for i in ids}
    store = Store(postgres_cluster.url)
    try:
        for table_id, moves in live.items():
            stored = store.load(table_id)
            assert stored.status == "finished" and stored.moves == moves
    finally:
        store.close()
