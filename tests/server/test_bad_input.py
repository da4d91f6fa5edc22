"""Bad input on the socket: a clear error, the connection still usable, the state untouched."""

from __future__ import annotations

import json

import pytest

from .conftest import hub, human_table, move

BAD = [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('"move"', "must be a JSON object"),
    ("{}", "unknown message type None"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"type": "move", "version": 0}', "action: Field required"),
    ('{"type": "move", "version": "0", "action": {}}', "version: Input should be a valid integer"),
    ('{"type": "move", "version": true, "action": {}}', "version: Input should be a valid integer"),
    ('{"type": "move", "version": 0, "action": []}', "action: Input should be a valid dictionary"),
    (
        '{"type": "move", "version": 0, "action": {"type": "place", "target": 0}, "x": 1}',
        "x: Extra inputs are not permitted",
    ),
    ('{"type": "ping", "extra": null}', "extra: Extra inputs are not permitted"),
    ('{"type": "move", "version": 0, "action": {"type": "fly"}}', "unknown action type 'fly'"),
    (
        '{"type": "move", "version": 0, "action": {"type": "place", "target": 0, "card": 1}}',
        "unexpected card",
    ),
    ('{"type": "move", "version": 0, "action": {"type": "place"}}', "missing target"),
    (
        '{"type": "move", "version": 0, "action": {"type": "place", "target": "0"}}',
        "not an action of this game",
    ),
    ('{"type": "move", "version": 0, "action": {"type": "place", "target": 99}}', "not an action"),
    ('{"type": "move", "version": 0, "action": {"type": "place", "target": [0]}}', "not an action"),
    (json.dumps({"type": "ping", "pad": "x" * 9000}), "message too large"),
]


@pytest.mark.parametrize(("raw", "fragment"), BAD, ids=[b[1][:30] for b in BAD])
def test_bad_messages_get_a_clear_error_and_change_nothing(client, raw, fragment):
    table_id, tokens = human_table(client)
    table = hub(client).tables[table_id]
    mover = table.state.current_player
    before = table.state.clone()
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}") as ws:
        snap = ws.receive_json()
        ws.send_text(raw)
        error = ws.receive_json()
        assert error["type"] == "error" and fragment in error["message"], error
        assert error["version"] == 0
        assert table.state == before and table.version == 0
        # the connection is still usable: a good move goes through
        move(ws, 0, snap["legal"][0])
        assert ws.receive_json()["version"] == 1


def test_binary_frames_are_read_as_text_or_refused(client):
    table_id, tokens = human_table(client)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
        ws.send_bytes(b"\xff\xfe\x00")
        assert "not valid JSON" in ws.receive_json()["message"]
        ws.send_bytes(b"x" * 9000)
        assert "too large" in ws.receive_json()["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_http_bodies_are_validated_too(client):
    table_id, _tokens = human_table(client)
    bad_claim = client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "", "x": 1})
    assert bad_claim.status_code == 422
    assert "x: Extra inputs are not permitted" in bad_claim.json()["detail"]
    not_json = client.post(
        "/api/tables", content=b"{oops", headers={"content-type": "application/json"}
    )
    assert not_json.status_code == 422 and not_json.json()["detail"].startswith("bad request")


@pytest.mark.parametrize(
    "options, expected",
    [
        ("{guest", "options is not valid JSON: Expecting property name"),
        ("[1]", "options must be a JSON object"),
        ('{"no_such": 1}', "unknown option 'no_such' for monster-diner"),
    ],
)
def test_a_catalogue_with_bad_options_says_what_is_wrong(client, options, expected):
    answer = client.get("/api/games/monster-diner/catalogue", params={"options": options})
    assert answer.status_code == 400 and expected in answer.json()["detail"]
