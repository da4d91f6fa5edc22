"""D4: what one client, and the server, may hold at once; over a limit, a clear 429/413."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardcafe.server import create_app
from cardcafe.server.limits import ServerLimits

from .conftest import hub

BODY = {"game": "monster-diner", "players": 2, "seats": ["human", "human"]}


def _client(db_url: str, **limits) -> TestClient:
    return TestClient(create_app(db_url, limits=ServerLimits(**limits)))


def test_one_address_may_have_only_so_many_unfinished_tables(db_url):
    with _client(db_url, open_tables_per_client=3) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=BODY).status_code == 200
        refused = client.post("/api/tables", json=BODY)
        assert refused.status_code == 429
        assert "3 unfinished tables" in refused.json()["detail"]
        assert len(hub(client).tables) == 3  # nothing was created


def test_the_server_has_a_limit_on_unfinished_tables(db_url):
    with _client(db_url, open_tables=2) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=BODY).status_code == 200
        hub(client).creators.clear()  # whoever made them: the server-wide limit still holds
        refused = client.post("/api/tables", json=BODY)
        assert refused.status_code == 429
        assert "try again later" in refused.json()["detail"]


def test_a_large_body_is_refused_413_without_being_read_or_echoed(db_url):
    with _client(db_url, body_bytes=1000) as client:
        huge = {**BODY, "options": {"x": "y" * 5000}}
        response = client.post("/api/tables", json=huge)
        assert response.status_code == 413
        assert response.json() == {"detail": "request body too large: the limit is 1000 bytes"}
        assert "yyyy" not in response.text
        # A streamed body with no Content-Length is counted as it arrives.
        chunks = (b"y" * 400 for _ in range(5))
        streamed = client.post("/api/tables", content=chunks)
        assert streamed.status_code == 413
        assert client.post("/api/tables", json=BODY).status_code == 200  # the rest still works


def _refused_socket(client: TestClient, table_id: str) -> dict:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4429
    return error


def test_sockets_per_table_and_per_client_are_limited(db_url):
    with _client(db_url, sockets_per_table=2, sockets_per_client=3) as client:
        first = client.post("/api/tables", json=BODY).json()["id"]
        second = client.post("/api/tables", json=BODY).json()["id"]
        with (
            client.websocket_connect(f"/ws/{first}") as a,
            client.websocket_connect(f"/ws/{first}") as b,
        ):
            a.receive_json(), b.receive_json()
            error = _refused_socket(client, first)
            assert error["type"] == "error" and "this table is full" in error["message"]
            with client.websocket_connect(f"/ws/{second}") as c:
                c.receive_json()
                error = _refused_socket(client, second)
                assert "too many connections from your address" in error["message"]
        # Closed sockets are counted out again.
        with client.websocket_connect(f"/ws/{second}") as again:
            assert again.receive_json()["type"] == "snapshot"
        assert hub(client).sockets_by_client == {}
