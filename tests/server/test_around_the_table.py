"""Life around a table (issue 12): creating every game with the lobby's defaults, invite-only
seats, names, the recovery link, presence, concede, handing an absent seat to a bot, a
timed-out move made whole, stale tables expiring, rematch, history and replays by turn."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from cardcafe import games
from cardcafe.server import create_app

from .conftest import claim, create, hub, move, wait_until


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    """A server whose open tables expire after 1 s and whose absent players may be
    replaced after 0.5 s."""
    app = create_app(db_url, allow_seed=True, open_ttl=1.0, absent_seconds=0.5)
    with TestClient(app) as c:
        yield c


def finish_by_conceding(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Every person concedes; the bots play the game to its end."""
    for seat, token in enumerate(tokens):
        if token:
            ok = client.post(f"/api/tables/{table_id}/seats/{seat}/concede", json={"token": token})
            assert ok.status_code == 200, ok.text
    table = hub(client).tables[table_id]
    wait_until(lambda: table.status == "finished", timeout=60)


# -- the lobby ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_every_game_is_created_with_exactly_the_defaults_the_lobby_advertises(client, game_id):
    advertised = {g["id"]: g for g in client.get("/api/games").json()}[game_id]
    options = {name: spec["default"] for name, spec in advertised["options"].items()}
    for name, spec in advertised["options"].items():
        assert spec["label"], f"{name} has no label"
        if "choices" in spec:  # the lobby's dropdown can show (and send back) the default
            assert spec["default"] in spec["choices"], name
    low = advertised["players"][0]
    response = client.post(
        "/api/tables",
        json={"game": game_id, "players": low, "options": options, "seats": ["random"] * low},
    )
    assert response.status_code == 200, response.text
    assert advertised["guide_url"] == f"/guide/{game_id}"


def test_monster_rejects_deals_the_family_names_unless_asked_for_the_rulebooks(client):
    spec = {g["id"]: g for g in client.get("/api/games").json()}["monster-rejects"]
    names = spec["options"]["names"]
    assert names["default"] == "family" and "original" in names["choices"]
    plain = create(client, ["random", "random"], game="monster-rejects")
    chosen = create(
        client, ["random", "random"], game="monster-rejects", options={"names": "original"}
    )
    assert hub(client).tables[plain].rec.options["names"] == "family"
    assert hub(client).tables[chosen].rec.options["names"] == "original"


def test_an_invite_only_seat_needs_its_link_and_a_public_seat_does_not(client):
    made = client.post(
        "/api/tables",
        json={
            "game": "monster-diner",
            "players": 3,
            "seats": ["human", "human", "random"],
            "invite_only": [1],
        },
    ).json()
    table_id = made["id"]
    public, invited = made["seats"][0], made["seats"][1]
    assert not public["invite_only"] and public["join_url"] == f"/table/{table_id}?seat=0"
    assert invited["invite_only"] and "&invite=" in invited["join_url"]
    invite = invited["join_url"].split("&invite=")[1]

    listed = client.get("/api/tables").json()[0]
    assert [s["invite_only"] for s in listed["seats"]] == [False, True, False]
    assert invite not in json.dumps(listed)  # the lobby never shows the invitation

    stranger = client.post(f"/api/tables/{table_id}/seats/1/claim", json={"name": "Eve"})
    assert stranger.status_code == 409 and "seat link" in stranger.json()["detail"]
    wrong = client.post(
        f"/api/tables/{table_id}/seats/1/claim", json={"name": "Eve", "invite": "guess"}
    )
    assert wrong.status_code == 409
    assert client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "Ann"}).is_success
    friend = client.post(
        f"/api/tables/{table_id}/seats/1/claim", json={"name": "Bob", "invite": invite}
    )
    assert friend.status_code == 200, friend.text
    assert hub(client).tables[table_id].status == "playing"


def test_a_player_without_a_name_gets_a_friendly_one_and_rows_say_whose_turn(client):
    table_id = create(client, ["human", "human"])
    first = client.post(f"/api/tables/{table_id}/seats/0/claim", json={}).json()
    second = client.post(f"/api/tables/{table_id}/seats/1/claim", json={"name": ""}).json()
    assert first["name"] and second["name"] and first["name"] != second["name"]
    assert "You" not in (first["name"], second["name"])
    row = client.get("/api/tables").json()[0]
    assert [s["name"] for s in row["seats"]] == [first["name"], second["name"]]
    turn = hub(client).tables[table_id].state.current_player
    assert row["turn"] == turn and row["turn_name"] == row["seats"][turn]["name"]


def test_the_recovery_link_opens_the_seat_anywhere(client):
    table_id = create(client, ["human", "random"])
    answer = client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "Ann"}).json()
    url = answer["recovery_url"]
    assert url.startswith(f"/table/{table_id}#token=")
    token = url.split("#token=")[1]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        assert ws.receive_json()["seat"] == 0


def test_the_listing_is_paged_open_tables_first(client):
    ids = [create(client, ["random", "random"]) for _ in range(2)]
    open_id = create(client, ["human", "random"])
    first = client.get("/api/tables", params={"limit": 2}).json()
    assert len(first) == 2 and first[0]["id"] == open_id
    rest = client.get("/api/tables", params={"limit": 2, "offset": 2}).json()
    listed = {t["id"] for t in first + rest}
    # bot games may finish (and leave the list) meanwhile; none is listed twice
    assert open_id in listed and len(first + rest) == len(listed) <= 3
    assert listed <= {open_id, *ids}
    assert client.get("/api/tables", params={"limit": 0}).status_code == 422


def test_an_open_table_nobody_sits_down_at_expires(quick):
    table_id = create(quick, ["human", "human"])
    claim(quick, table_id, 0)
    assert [t["id"] for t in quick.get("/api/tables").json()] == [table_id]
    wait_until(lambda: quick.get("/api/tables").json() == [], timeout=5)
    assert quick.get(f"/api/tables/{table_id}").json()["status"] == "expired"
    late = quick.post(f"/api/tables/{table_id}/seats/1/claim", json={"name": "Bob"})
    assert late.status_code == 409 and "expired" in late.json()["detail"]
    assert table_id not in hub(quick).tables or hub(quick).tables[table_id].status == "expired"
    assert hub(quick).store.load_unfinished() == []  # a restart does not bring it back


def test_only_open_tables_expire(client):
    playing = create(client, ["human", "human"])
    claim(client, playing, 0, "Ann")
    claim(client, playing, 1, "Bob")
    waiting = create(client, ["human", "human"])
    lobby = hub(client)
    lobby.open_ttl = 0.0  # everything is stale now: the sweep decides what expires
    assert client.portal.call(lobby.expire_stale) == [waiting]
    assert client.get(f"/api/tables/{playing}").json()["status"] == "playing"


# -- absent players -------------------------------------------------------------------------
def test_presence_shows_who_is_online(client):
    table_id = create(client, ["human", "human", "random"])
    tokens = [claim(client, table_id, 0, "Ann"), claim(client, table_id, 1, "Bob")]

    def presence():
        return [s["presence"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]

    assert presence() == ["offline", "offline", "bot"]
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ws:
        ws.receive_json()
        assert presence() == ["online", "offline", "bot"]
        with client.websocket_connect(f"/ws/{table_id}"):  # a spectator is nobody's presence
            assert presence() == ["online", "offline", "bot"]
    wait_until(lambda: presence() == ["offline", "offline", "bot"])


def test_a_player_can_concede_and_a_bot_finishes_for_them(client):
    table_id = create(client, ["human", "random"])
    token = claim(client, table_id, 0, "Ann")
    spectator = client.post(f"/api/tables/{table_id}/seats/0/concede", json={"token": "nope"})
    assert spectator.status_code == 409
    finish_by_conceding(client, table_id, [token])
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["name"] == "Ann (conceded)"
    assert summary["status"] == "finished"
    # Ann's log and replay name her seat as the others read it: a bot played it on, and its
    # moves and its win were not hers ("You win" was told to a player who had given up).
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        log = [e["text"] for e in ws.receive_json()["log"]]
    replay = client.get(f"/api/tables/{table_id}/replay", params={"token": token}).json()
    logs = {"live": log, "replay": [e["text"] for s in replay["steps"] for e in s["log"]]}
    for where, lines in logs.items():
        assert any("Ann (conceded)" in line for line in lines), where
        yours = [line for line in lines if re.search(r"\b(you|your)\b", line, re.I)]
        assert yours == [], (where, yours)


def test_an_absent_players_seat_can_be_handed_to_a_bot_and_taken_back(quick):
    table_id = create(quick, ["human", "human"], seed=3)
    tokens = [claim(quick, table_id, 0, "Ann"), claim(quick, table_id, 1, "Bob")]
    table = hub(quick).tables[table_id]
    with quick.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ann:
        ann.receive_json()
        early = quick.post(f"/api/tables/{table_id}/seats/1/bot", json={"token": tokens[0]})
        assert early.status_code == 409 and "away" in early.json()["detail"]
        assert quick.post(f"/api/tables/{table_id}/seats/1/bot", json={"token": "x"}).status_code
        time.sleep(0.6)
        seats = quick.get(f"/api/tables/{table_id}").json()["seats"]
        assert seats[1]["presence"] == "offline" and seats[1]["can_hand_to_bot"]
        assert not seats[0]["can_hand_to_bot"]  # Ann is here
        handed = quick.post(f"/api/tables/{table_id}/seats/1/bot", json={"token": tokens[0]})
        assert handed.status_code == 200, handed.text
        assert table.controller(1) != "human"
        assert quick.get(f"/api/tables/{table_id}").json()["seats"][1]["name"] == "Bob (bot)"
        # Bob comes back: he plays his seat again
        with quick.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as bob:
            bob.receive_json()
            assert table.controller(1) == "human"


# Issue 15, D9: "a lost claim response can be recovered (an idempotent claim with a
# client-chosen request id ...), and a seat no one can act for is handed to a bot after the
# absent-player delay".
def test_a_claim_whose_answer_was_lost_is_answered_again_the_same(client):
    table_id = create(client, ["human", "random"], seed=3)
    url = f"/api/tables/{table_id}/seats/0/claim"
    mine = {"name": "Ann", "request_id": "a" * 11 + "B" * 11}
    first = client.post(url, json=mine).json()
    assert hub(client).tables[table_id].status == "playing"  # the claim started the game
    again = client.post(url, json=mine)
    assert again.status_code == 200, again.text
    assert again.json() == first  # the same token, name and recovery link
    assert client.post(url, json={**mine, "request_id": "c" * 22}).status_code == 409
    assert client.post(url, json={"request_id": "short"}).status_code == 422
    with client.websocket_connect(f"/ws/{table_id}?token={first['token']}") as ws:
        assert ws.receive_json()["seat"] == 0


def test_a_seat_claimed_but_never_come_to_is_played_by_a_bot_when_nobody_else_can(quick):
    # Ann's claim is answered, but the answer never reaches her: nobody holds her token.
    table_id = create(quick, ["human", "random"], seed=3)
    token = claim(quick, table_id, 0, "Ann")
    table = hub(quick).tables[table_id]
    wait_until(lambda: table.controller(0) != "human")  # after absent_seconds (0.5 s)
    wait_until(lambda: table.status == "finished", timeout=60)
    # A player who came to the table holds their token: their seat waits for them.
    table_id = create(quick, ["human", "random"], seed=3)
    bob = claim(quick, table_id, 0, "Bob")
    with quick.websocket_connect(f"/ws/{table_id}?token={bob}") as ws:
        ws.receive_json()
    table = hub(quick).tables[table_id]
    time.sleep(0.6)  # past the delay
    assert quick.portal.call(hub(quick).stand_in_for_unseen) == []
    assert table.controller(0) == "human" and table.status == "playing"
    assert token  # (Ann's, which she never had)


def test_a_timed_out_move_of_two_steps_is_made_whole_and_the_table_says_so(client):
    # monster-diner, seed 0: the first player's move takes more than one decision
    table_id = create(client, ["human", "human"], seed=0, turn_seconds=0.3)
    tokens = [claim(client, table_id, 0, "Ann"), claim(client, table_id, 1, "Bob")]
    table = hub(client).tables[table_id]
    mover = table.state.current_player
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}") as ws:
        snap = ws.receive_json()
        while snap["view"]["current_player"] == mover:
            snap = ws.receive_json()
    steps = [m for m in table.rec.moves if m[0] == mover]
    assert len(steps) >= 2 and all(by_bot for _seat, _action, by_bot in steps)
    assert snap["notice"] == "Your time ran out: a bot made your whole move for you."
    other = 1 - mover
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[other]}") as ws:
        seen = ws.receive_json()
        assert seen["notice"].startswith(("Ann ran out", "Bob ran out"))
        move(ws, seen["version"], seen["legal"][0])
        assert ws.receive_json()["notice"] is None  # a person played: the line goes


# -- after the game -------------------------------------------------------------------------
def test_rematch_keeps_the_seats_and_deals_again(client):
    table_id = create(client, ["human", "human", "random"])
    tokens = [claim(client, table_id, 0, "Ann"), claim(client, table_id, 1, "Bob")]
    early = client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
    assert early.status_code == 409
    finish_by_conceding(client, table_id, tokens)
    assert client.post(f"/api/tables/{table_id}/rematch", json={"token": "x"}).status_code == 409
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as old:
        assert old.receive_json()["rematch"] is None
        answer = client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
        assert answer.status_code == 200, answer.text
        new_id = answer.json()["id"]
        assert old.receive_json()["rematch"] == new_id  # Bob is told where to go
    again = client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[1]}).json()
    assert again["id"] == new_id and again["seat"] == 1
    new = client.get(f"/api/tables/{new_id}").json()
    assert new["status"] == "playing"
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bob", "Random bot"]
    assert hub(client).tables[new_id].rec.seed != hub(client).tables[table_id].rec.seed
    for seat, token in enumerate(tokens):  # the same links open the same seats
        with client.websocket_connect(f"/ws/{new_id}?token={token}") as ws:
            assert ws.receive_json()["seat"] == seat


def test_history_lists_finished_games_newest_first_by_game_and_player(client):
    finished = []
    for game, name in [("monster-diner", "Ann"), ("coffee-break", "Bob"), ("monster-diner", "Bob")]:
        table_id = create(client, ["human", "random"], game=game)
        finish_by_conceding(client, table_id, [claim(client, table_id, 0, name)])
        finished.append(table_id)
        time.sleep(0.01)  # distinct finishing times
    create(client, ["human", "random"])  # an open table is not history
    everything = client.get("/api/history").json()
    assert everything["total"] == 3
    assert [g["id"] for g in everything["games"]] == finished[::-1]
    first = everything["games"][0]
    assert set(first) == {
        "id",
        "game",
        "title",
        "finished_at",
        "names",
        "scores",
        "score_words",
        "winners",
        "replay_url",
        "record_url",
    }
    assert first["names"] == ["Bob (conceded)", "Random bot"] and len(first["scores"]) == 2
    # Each score in the game's unit, for a page that shows the numbers alone.
    assert first["score_words"] == [
        f"{score} point{'' if score == 1 else 's'}" for score in first["scores"]
    ]
    bobs = client.get("/api/history", params={"player": "bob"}).json()
    assert [g["id"] for g in bobs["games"]] == finished[:0:-1]
    diner = client.get("/api/history", params={"game": "monster-diner"}).json()
    assert [g["id"] for g in diner["games"]] == [finished[2], finished[0]]
    both = client.get("/api/history", params={"game": "monster-diner", "player": "ann"}).json()
    assert [g["id"] for g in both["games"]] == [finished[0]]
    paged = client.get("/api/history", params={"limit": 1, "offset": 1}).json()
    assert paged["total"] == 3 and [g["id"] for g in paged["games"]] == [finished[1]]
    assert client.get(first["replay_url"]).status_code == 200
    assert client.get(first["record_url"]).status_code == 200


def test_replay_steps_say_which_turn_they_belong_to(client):
    table_id = create(client, ["random", "random"], seed=0)
    table = hub(client).tables[table_id]
    wait_until(lambda: table.status == "finished", timeout=30)
    steps = client.get(f"/api/tables/{table_id}/replay").json()["steps"]
    assert [s["version"] for s in steps] == list(range(len(steps)))
    movers = [seat for seat, _action, _bot in table.rec.moves]
    expected, turn = [0], 0
    for i, seat in enumerate(movers):
        turn += i == 0 or seat != movers[i - 1]
        expected.append(turn)
    assert [s["turn"] for s in steps] == expected
    assert expected[-1] < len(movers)  # some turns took more than one step


# -- chat -----------------------------------------------------------------------------------
def test_players_chat_watchers_read_and_newcomers_get_the_recent_lines(client):
    table_id = create(client, ["human", "human"])
    tokens = [claim(client, table_id, 0, "Ann"), claim(client, table_id, 1, "Bob")]
    with (
        client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as ann,
        client.websocket_connect(f"/ws/{table_id}") as watcher,
    ):
        ann.receive_json()
        watcher.receive_json()
        ann.send_json({"type": "chat", "text": "  good\nluck  "})
        for ws in (ann, watcher):
            line = ws.receive_json()
            assert line["type"] == "chat" and line["text"] == "good luck"
            assert line["seat"] == 0 and line["name"] == "Ann"
        ann.send_json({"type": "chat", "text": "again"})  # within a second: refused
        assert "slow down" in ann.receive_json()["message"]
        watcher.send_json({"type": "chat", "text": "hi"})
        assert "only the players" in watcher.receive_json()["message"]
        ann.send_json({"type": "chat", "text": "x" * 301})
        assert ann.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as bob:
        assert bob.receive_json()["type"] == "snapshot"
        assert bob.receive_json()["text"] == "good luck"  # what was said before he came


# -- nothing hidden in the new payloads -----------------------------------------------------
def test_summaries_and_history_hold_only_public_information(client):
    table_id = create(client, ["human", "random"], seed=8675309123)
    token = claim(client, table_id, 0, "Ann")
    summary = client.get(f"/api/tables/{table_id}").json()
    assert set(summary) == {
        "id",
        "game",
        "title",
        "players",
        "seats",
        "status",
        "turn",
        "turn_name",
        "version",
        "turn_seconds",
        "absent_seconds",
        "rematch",
    }
    assert {key for seat in summary["seats"] for key in seat} == {
        "seat",
        "kind",
        "taken",
        "name",
        "invite_only",
        "presence",
        "away_seconds",
        "can_hand_to_bot",
    }
    assert token not in json.dumps(summary)
    assert client.get("/api/history").json()["games"] == []  # nothing before the end
    finish_by_conceding(client, table_id, [token])
    table = hub(client).tables[table_id]
    public = table.state.view(None, table.words_names())
    (item,) = client.get("/api/history").json()["games"]
    assert item["scores"] == public["scores"] and item["winners"] == public["winners"]
    assert token not in json.dumps(item) and str(table.rec.seed) not in json.dumps(item)
