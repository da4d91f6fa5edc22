"""The lobby over HTTP: games, creating tables, claiming and leaving seats, pages."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import create_engine, text

from cardcafe import games
from cardcafe.server import create_app

from .conftest import claim, create, hub, wait_until


def test_games_lists_every_registered_game_with_its_options(client):
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(listed) == {g.id for g in games.all()}
    diner = listed["monster-diner"]
    assert diner["players"] == [2, 6]
    assert set(diner["options"]) == {"guest_to"}  # `cards` (a file path) is not offered online
    guest_to = diner["options"]["guest_to"]
    assert guest_to["type"] == "choice" and guest_to["default"] == "mat"
    assert guest_to["choices"] == ["diner", "mat"]
    assert guest_to["label"] == games.get("monster-diner").option_texts()["guest_to"]["label"]


def test_options_come_with_their_bounds_and_items(client):
    """What a lobby needs to offer an option well: a number's bounds, a list's items to tick
    (Monster's Coffee's families: each by name and power) and how many."""
    listed = {g["id"]: g["options"] for g in client.get("/api/games").json()}
    assert (
        listed["coffee-break"]["stall_rounds"]["min"],
        listed["coffee-break"]["stall_rounds"]["max"],
    ) == (1, 50)
    assert (listed["coffee-break"]["target"]["min"], listed["coffee-break"]["target"]["max"]) == (
        1,
        None,
    )
    families = listed["monsters-coffee"]["families"]
    assert families["count"] == 5 and len(families["item_texts"]) == 12
    assert families["item_texts"]["rex"].startswith("Rex: ")


@pytest.mark.parametrize(
    ("options", "detail", "option"),
    [
        ({"stall_rounds": 100}, "Stuck table must be 1 to 50, not 100", "stall_rounds"),
        ({"target": 0}, "Target must be 1 or more, not 0", "target"),
    ],
)
def test_an_option_refused_is_told_by_its_label(client, options, detail, option):
    body = {"game": "coffee-break", "players": 2, "seats": ["random"] * 2, "options": options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json() == {"detail": detail, "option": option}


def test_seven_players_with_one_deck_are_told_the_deck_option(client):
    """Refused by the game's setup, not by the options alone: still told by its label."""
    body = {"game": "monster-rejects", "players": 7, "seats": ["random"] * 7}
    response = client.post("/api/tables", json={**body, "options": {"decks": 1}})
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Decks must be 2 with 7 players (one deck is for 2 to 5)",
        "option": "decks",
    }


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "chess", "players": 2, "seats": ["human", "human"]}, "unknown game"),
        ({"game": "monster-diner", "players": 9, "seats": ["human"] * 9}, "2 to 6 players"),
        ({"game": "monster-diner", "players": 2, "seats": ["human"]}, "one seat per player"),
        ({"game": "monster-diner", "players": 2, "seats": ["human", "genius"]}, "unknown bot"),
        ({"game": "monster-diner", "players": 2, "seats": ["human", "ismcts:deep"]}, "name=value"),
        (
            {"game": "monster-diner", "players": 2, "seats": ["random"] * 2, "options": {"x": 1}},
            "unknown option 'x'",
        ),
        (
            {"game": "monster-diner", "players": 2, "seats": ["random"] * 2, "colour": "red"},
            "colour",
        ),
        ({"game": "monster-diner", "players": "2", "seats": ["random"] * 2}, "players"),
        (
            {
                "game": "monster-diner",
                "players": 2,
                "seats": ["random"] * 2,
                "options": {"cards": "/etc/passwd"},
            },
            "reads a file on the server",
        ),
    ],
)
def test_bad_tables_are_refused_with_a_clear_reason(client, body, fragment):
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 422)
    assert fragment in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_a_normal_server_refuses_a_chosen_seed(db_url):
    from fastapi.testclient import TestClient

    with TestClient(create_app(db_url)) as c:
        body = {"game": "monster-diner", "players": 2, "seats": ["random"] * 2, "seed": 1}
        response = c.post("/api/tables", json=body)
        assert response.status_code == 400
        assert "seed" in response.json()["detail"]


def test_create_lists_the_table_and_links_for_each_human_seat(client):
    response = client.post(
        "/api/tables",
        json={
            "game": "monster-diner",
            "players": 3,
            "seats": ["human", "ismcts:iterations=5", "human"],
        },
    ).json()
    table_id = response["id"]
    assert [s["join_url"] for s in response["seats"]] == [
        f"/table/{table_id}?seat=0",
        None,
        f"/table/{table_id}?seat=2",
    ]
    assert response["spectate_url"] == f"/table/{table_id}"
    (listed,) = client.get("/api/tables").json()
    assert listed["id"] == table_id and listed["status"] == "open"
    assert [s["taken"] for s in listed["seats"]] == [False, True, False]


def test_claim_gives_a_long_token_and_stores_only_its_hash(client, db_url):
    table_id = create(client, ["human", "human"])
    token = claim(client, table_id, 0)
    assert len(token) >= 43  # 32 random bytes, url-safe base64
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(
            text("select token_hash from seats where table_id=:t and seat=0"), {"t": table_id}
        ).scalar_one()
        dump = "\n".join(str(row) for row in conn.execute(text("select * from seats")))
    engine.dispose()
    assert stored == hashlib.sha256(token.encode()).hexdigest()
    assert token not in dump


def test_a_seat_can_be_claimed_once_and_a_bot_seat_never(client):
    table_id = create(client, ["human", "human", "random"])
    claim(client, table_id, 0)
    again = client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "Bob"})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    bot = client.post(f"/api/tables/{table_id}/seats/2/claim", json={"name": "Bob"})
    assert bot.status_code == 409 and "bot" in bot.json()["detail"]
    missing = client.post(f"/api/tables/{table_id}/seats/7/claim", json={"name": "Bob"})
    assert missing.status_code == 404
    nowhere = client.post("/api/tables/nope/seats/0/claim", json={"name": "Bob"})
    assert nowhere.status_code == 404


def test_the_table_starts_when_every_human_seat_is_claimed(client):
    table_id = create(client, ["human", "human"])
    claim(client, table_id, 0)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "open"
    claim(client, table_id, 1)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    late = client.post(f"/api/tables/{table_id}/seats/1/claim", json={"name": "Cy"})
    assert late.status_code == 409


def test_leaving_before_the_start_frees_the_seat(client):
    table_id = create(client, ["human", "human"])
    token = claim(client, table_id, 0)
    wrong = client.post(f"/api/tables/{table_id}/seats/0/leave", json={"token": "x" * 43})
    assert wrong.status_code == 409
    assert client.post(f"/api/tables/{table_id}/seats/0/leave", json={"token": token}).json() == {
        "ok": True
    }
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["taken"] is False
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        assert "no seat" in ws.receive_json()["message"]
    claim(client, table_id, 0, "Bea")  # free again


def test_leaving_after_the_start_hands_the_seat_to_a_bot_that_finishes(client):
    table_id = create(client, ["human", "random"])
    token = claim(client, table_id, 0)
    assert (
        client.post(f"/api/tables/{table_id}/seats/0/leave", json={"token": token}).status_code
        == 200
    )
    table = hub(client).tables[table_id]
    wait_until(lambda: table.status == "finished", timeout=20)
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["name"] == "Ann (bot)"


def test_pages_render_and_static_files_are_served(client):
    table_id = create(client, ["human", "random"])
    assert client.get("/").status_code == 200
    page = client.get(f"/table/{table_id}")
    assert page.status_code == 200 and "<html" in page.text
    assert client.get("/table/nope").status_code == 404
    rules = client.get("/rules/monster-diner")
    assert rules.status_code == 200 and "Monster Diner" in rules.text
    # The way on, as the guide has it: the rules page had only the logo to leave by.
    assert 'href="/">Lobby</a>' in rules.text
    assert 'href="/guide/monster-diner">How to play</a>' in rules.text
    assert client.get("/rules/chess").status_code == 400
    assert client.get("/static/img/favicon.svg").status_code == 200


def test_a_missing_template_falls_back_to_a_plain_page(client, monkeypatch):
    from cardcafe.server import pages

    monkeypatch.setattr(pages, "_env", pages.jinja2.Environment(loader=pages.jinja2.DictLoader({})))
    page = client.get("/rules/monster-diner")
    assert page.status_code == 200 and "<h1>Monster Diner</h1>" in page.text
