"""What one move costs the server (issue 16): no copy of the state per move, each viewer's
snapshot built once per change however many sockets show it, and no card data parsed again
for a new table."""

from __future__ import annotations

import contextlib
import tomllib

from cardcafe import games
from cardcafe.engine import State
from cardcafe.server.table import Table

from .conftest import create, hub, human_table, move, wait_until


def test_a_move_between_people_copies_no_state(client, monkeypatch):
    table_id, tokens = human_table(client)
    table = hub(client).tables[table_id]
    copies = []
    real_clone = State.clone

    def counted(self):
        copies.append(1)
        return real_clone(self)

    monkeypatch.setattr(State, "clone", counted)
    with (
        client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as ws1,
    ):
        snaps = [ws0.receive_json(), ws1.receive_json()]
        for _ in range(6):
            mover = table.state.current_player
            move((ws0, ws1)[mover], snaps[mover]["version"], snaps[mover]["legal"][0])
            snaps = [ws0.receive_json(), ws1.receive_json()]
        assert snaps[0]["version"] == 6
    assert copies == []


def test_each_viewer_is_built_once_per_change_for_all_its_sockets(client, monkeypatch):
    table_id, tokens = human_table(client)
    table = hub(client).tables[table_id]
    built: list[int | None] = []
    real_snapshot = Table.snapshot

    def counted(self, seat):
        built.append(seat)
        return real_snapshot(self, seat)

    monkeypatch.setattr(Table, "snapshot", counted)
    queries = [f"?token={tokens[0]}", f"?token={tokens[0]}&deltas=1", f"?token={tokens[1]}"]
    queries += ["", "?deltas=1", ""]
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/{table_id}{q}")) for q in queries
        ]
        first = [ws.receive_json() for ws in sockets]
        built.clear()
        mover = table.state.current_player
        ws = sockets[0] if mover == 0 else sockets[2]
        move(ws, 0, first[0 if mover == 0 else 2]["legal"][0])
        for ws in sockets:
            assert ws.receive_json()["version"] == 1
    assert sorted(built, key=str) == [0, 1, None]


def test_new_tables_parse_no_card_data_again(client, monkeypatch):
    for game in games.all():  # every game's data read once already
        create(client, ["random"] * game.players.start, game=game.id)
    parsed = []
    real_loads = tomllib.loads

    def counted(*args, **kwargs):
        parsed.append(1)
        return real_loads(*args, **kwargs)

    monkeypatch.setattr(tomllib, "loads", counted)
    for game in games.all():
        for _ in range(3):
            create(client, ["random"] * game.players.start, game=game.id)
    assert parsed == []


def test_while_a_move_is_stored_a_returning_player_gets_the_snapshot_from_before_it(client):
    """The move is played on the state before it is stored: a socket opened meanwhile gets
    the last snapshot sent (not the new state under the old version), at once, even while the
    database keeps the move waiting; then the move's snapshot like everyone."""
    import asyncio
    import threading

    table_id, tokens = human_table(client)
    table = hub(client).tables[table_id]
    writer = hub(client).writer
    real_append = writer.append
    release = threading.Event()

    async def slow_append(move_write):
        while not release.is_set():  # the database is away
            await asyncio.sleep(0.01)
        await real_append(move_write)

    writer.append = slow_append
    mover = table.state.current_player
    other = 1 - mover
    try:
        with (
            client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}") as ws_mover,
            client.websocket_connect(f"/ws/{table_id}?token={tokens[other]}") as ws_other,
        ):
            first = ws_mover.receive_json()
            before = ws_other.receive_json()
            move(ws_mover, 0, first["legal"][0])
            wait_until(lambda: table._storing)
            with client.websocket_connect(f"/ws/{table_id}?token={tokens[other]}") as again:
                assert again.receive_json() == before  # version 0, as sent
                release.set()
                assert again.receive_json()["version"] == 1
            assert ws_other.receive_json()["version"] == 1
            assert ws_mover.receive_json()["version"] == 1
    finally:
        release.set()
        writer.append = real_append
