"""D11: the OpenAPI document declares the errors the server really sends, shaped as sent
(checked here with FastAPI's own `app.openapi()` against chosen answers; schemathesis sends
generated ones in test_schemathesis.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from jsonschema import validate

from cardcafe.server import create_app
from cardcafe.server.limits import ServerLimits

from .conftest import claim, create

TABLES = "/api/tables"
CLAIM = "/api/tables/{table_id}/seats/{seat}/claim"


def _documented(doc: dict, path: str, method: str, status: int) -> dict:
    responses = doc["paths"][path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path} sends {status} undocumented"
    return responses[str(status)]["content"]["application/json"]["schema"]


def test_every_error_sent_is_documented_with_the_body_it_has(db_url):
    app = create_app(db_url, limits=ServerLimits(open_tables_per_client=2, body_bytes=4000))
    with TestClient(app) as client:
        doc = app.openapi()
        table_id = create(client, ["human", "human"])
        claim(client, table_id, 0)
        cases = [
            (TABLES, "post", client.post(TABLES, json={"game": "nope", "players": 2}), 422),
            (TABLES, "post", client.post(TABLES, json={**_body(), "game": "nope"}), 400),
            (TABLES, "post", client.post(TABLES, json=_body()), 200),
            (TABLES, "post", client.post(TABLES, json=_body()), 429),
            (TABLES, "post", client.post(TABLES, content=b"x" * 5000), 413),
            (TABLES, "get", client.get(TABLES, params={"limit": 0}), 422),
            ("/api/tables/{table_id}", "get", client.get("/api/tables/nope"), 404),
            (CLAIM, "post", client.post(f"/api/tables/{table_id}/seats/0/claim", json={}), 409),
            (CLAIM, "post", client.post(f"/api/tables/{table_id}/seats/x/claim", json={}), 422),
            (
                "/api/games/{game_id}/catalogue",
                "get",
                client.get("/api/games/nope/catalogue"),
                400,
            ),
        ]
        for path, method, response, status in cases:
            assert response.status_code == status, (path, response.text)
            if status == 200:
                continue
            validate(response.json(), _documented(doc, path, method, status))
            assert isinstance(response.json()["detail"], str)


def test_every_route_declares_its_errors():
    doc = create_app("sqlite:///:memory:").openapi()
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert "413" in codes, (method, path)
            if operation.get("parameters") or operation.get("requestBody"):
                assert {"400", "422"} <= codes, (method, path)
                schema = operation["responses"]["422"]["content"]["application/json"]["schema"]
                assert schema["properties"]["detail"]["type"] == "string"  # as sent, not a list
            if "{table_id}" in path:
                assert {"404", "503"} <= codes, (method, path)
            if method == "post" and "{table_id}" in path:
                assert "409" in codes, (method, path)
    assert "HTTPValidationError" not in str(doc)


def _body() -> dict:
    return {"game": "monster-diner", "players": 2, "seats": ["human", "human"]}


def test_a_page_past_any_database_integer_is_refused_not_a_server_error(client):
    # schemathesis: GET /api/history?offset=1621356685617686885185880064 answered 500
    # (SQLite's integers end at 2**63).
    for path in ("/api/history", "/api/tables"):
        response = client.get(path, params={"offset": 10**27})
        assert response.status_code == 422, (path, response.text)
        assert response.json()["detail"].startswith("bad request: query.offset: ")
        assert client.get(path, params={"offset": 10**9}).status_code == 200


def test_a_method_the_path_does_not_take_names_every_one_it_does(client):
    # schemathesis: OPTIONS /api/tables answered "Allow: GET" (the first route's), where the
    # path takes POST too.
    response = client.request("OPTIONS", "/api/tables")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, POST"
    assert response.json() == {"detail": "Method Not Allowed"}
    assert client.delete("/api/tables/nope").headers["allow"] == "GET"
