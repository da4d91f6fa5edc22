"""Issue 15: abusive input to the server is a clear 4xx JSON error or a socket error message,
never a 500, a crashed handler, or a bot that thinks forever."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from cardcafe.server import create_app
from cardcafe.server.seatbots import BotLimits

from .conftest import create, hub, human_table, move

DINER = {"game": "monster-diner", "players": 2, "seats": ["human", "human"]}


# -- D6: reserved option names -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["seed", "players", "self"])
def test_reserved_option_names_are_a_clear_400(client, name):
    response = client.post("/api/tables", json={**DINER, "options": {name: 1}})
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert f"{name!r} is not a game option" in detail and "\n" not in detail
    assert client.get("/api/tables").json() == []


# -- D7: NUL and other control characters in names ----------------------------------------------
@pytest.mark.parametrize("name", ["Ann\x00", "\x00", "A\nB", "\u200b", "   "])
def test_a_seat_name_with_a_control_character_is_refused(client, name):
    table_id = create(client, ["human", "human"])
    response = client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": name})
    assert response.status_code == 422, response.text
    assert response.json()["detail"].startswith("bad request: name:")
    assert hub(client).tables[table_id].seats[0].token_hash is None


@pytest.mark.parametrize(
    "body",
    [
        {**DINER, "game": "monster-diner\x00"},
        {**DINER, "seats": ["human", "ismcts\x00"]},
        {**DINER, "options": {"guest_to\x00": "mat"}},
    ],
)
def test_nul_characters_elsewhere_in_a_new_table_are_a_400(client, body):
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["detail"]


# -- D5: socket messages that would break the parser ------------------------------------------
HOSTILE = [
    ('{"type": "move", "version": ' + "9" * 5000 + ', "action": {}}', "5000 digits"),
    ('{"type": "ping", "x": ' + "[" * 3000 + "]" * 3000 + "}", "nests too deeply"),
    ("[" * 3000 + "]" * 3000, "nests too deeply"),
    ('{"type": "move", "version": 0, "action": ' + '{"a": ' * 100 + "1" + "}" * 101, "deeply"),
    ('{"type": "move", "version": NaN, "action": {}}', "NaN"),
    ('{"type": "move", "version": 1e999, "action": {}}', "out of range"),
]


@pytest.mark.parametrize(("raw", "fragment"), HOSTILE, ids=[h[1] for h in HOSTILE])
def test_hostile_socket_messages_get_an_error_and_change_nothing(client, raw, fragment):
    assert len(raw.encode()) < 8 * 1024
    table_id, tokens = human_table(client)
    table = hub(client).tables[table_id]
    mover = table.state.current_player
    before = table.state.clone()
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}") as ws:
        snap = ws.receive_json()
        for _ in range(3):  # again and again: the handler stays up
            ws.send_text(raw)
            error = ws.receive_json()
            assert error["type"] == "error" and fragment in error["message"], error
            assert "\n" not in error["message"]
        assert table.state == before and table.version == 0
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        move(ws, 0, snap["legal"][0])
        assert ws.receive_json()["version"] == 1


# -- D1: bot specs within the server's limits ----------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("ismcts:seconds=inf", "seconds must be a finite number"),
        ("ismcts:seconds=nan", "seconds must be a finite number"),
        ("ismcts:c=nan", "c must be a finite number"),
        ("ismcts:prior=inf", "prior must be a finite number"),
        ("ismcts:iterations=100000000", "iterations at most 5000"),
        ("ismcts:seconds=60", "seconds at most 5"),
        ("ismcts:depth=100000000", "depth at most"),
        ("ismcts:expand=100000000", "expand at most"),
    ],
)
def test_bot_specs_over_the_limits_are_refused(client, spec, fragment):
    body = {"game": "monster-diner", "players": 2, "seats": [spec, spec]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert fragment in response.json()["detail"], response.json()
    assert client.get("/api/tables").json() == []


def test_the_limits_are_the_servers_own(db_url):
    limits = BotLimits(iterations=50, seconds=0.5)
    with TestClient(create_app(db_url, bot_limits=limits)) as c:
        too_many = {
            "game": "monster-diner",
            "players": 2,
            "seats": ["human", "ismcts:iterations=51"],
        }
        response = c.post("/api/tables", json=too_many)
        assert response.status_code == 400
        assert "iterations at most 50" in response.json()["detail"]
        fine = {"game": "monster-diner", "players": 2, "seats": ["human", "ismcts:iterations=50"]}
        assert c.post("/api/tables", json=fine).status_code == 200


def test_a_stored_bot_over_the_limits_is_played_by_the_stand_in(db_url):
    spec = "ismcts:iterations=4000"
    with TestClient(create_app(db_url, allow_seed=True)) as c:
        table_id = create(c, ["human", spec])
    # the server restarts with lower limits: the stored bot may not think that long any more
    with TestClient(create_app(db_url, bot_limits=BotLimits(iterations=100))) as c:
        table = hub(c).tables[table_id]
        assert table.seats[1].kind == spec
        assert table.controller(1) == "heuristic"


def test_hints_use_a_bounded_budget():
    from cardcafe.server import seatbots

    seatbots.check_limits(seatbots.HINT_BOT, BotLimits())  # within the defaults
    assert "seconds" not in seatbots.HINT_BOT


# -- D10: Monster's Coffee's menu online ---------------------------------------------------------
def test_the_menu_of_monsters_coffee_can_be_chosen_online(client):
    options = {g["id"]: g["options"] for g in client.get("/api/games").json()}["monsters-coffee"]
    assert options["menu"]["type"] == "choice"
    assert options["menu"]["choices"][0] is None and "prissato" in options["menu"]["choices"]
    assert "cards" not in options
    body = {"game": "monsters-coffee", "players": 2, "seats": ["human", "human"]}
    response = client.post("/api/tables", json={**body, "options": {"menu": "prissato"}})
    assert response.status_code == 200, response.text
    table = hub(client).tables[response.json()["id"]]
    assert table.state.options.menu == "prissato"


def test_a_menu_the_game_does_not_have_is_refused_for_what_it_is(client):
    body = {"game": "monsters-coffee", "players": 2, "seats": ["human", "human"]}
    response = client.post("/api/tables", json={**body, "options": {"menu": "tea"}})
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "unknown menu 'tea'" in detail and "file" not in detail
    long = client.post("/api/tables", json={**body, "options": {"menu": "x" * 5000}})
    assert long.status_code == 400 and "the limit is 100" in long.json()["detail"]
    assert len(long.text) < 500


def test_a_card_file_is_still_refused_online_and_says_why(client):
    body = {"game": "monsters-coffee", "players": 2, "seats": ["human", "human"]}
    response = client.post("/api/tables", json={**body, "options": {"cards": "/dev/zero"}})
    assert response.status_code == 400
    assert "reads a file on the server" in response.json()["detail"]


def test_create_table_errors_are_single_json_lines(client):
    response = client.post(
        "/api/tables",
        content=json.dumps({**DINER, "options": {"seed": 1}}),
        headers={"content-type": "application/json"},
    )
    assert response.headers["content-type"] == "application/json"
    assert set(response.json()) == {"detail"}
