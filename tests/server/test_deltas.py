"""Snapshot deltas (issue 16): a socket that asks for them (`?deltas=1`) gets its whole snapshot
on connecting and on request (`{"type": "resync"}`), then only what changed; applied to what it
holds, a delta must give exactly the snapshot it would have been sent whole, for every game,
seat and spectator, move after move. A delta carries nothing the seat's snapshot does not, and
each seat's snapshot, built once per change for all its sockets, goes to that seat only.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardcafe import games
from cardcafe.server.delta import PatchError, apply_patch, make_patch
from cardcafe.server.snapshots import Publisher, dumps
from cardcafe.server.table import Connection

from .conftest import hub, human_table, move

MOVES = 120  # moves played per game (the whole game when it is shorter)
JS_DELTA = Path(__file__).parents[2] / "src/cardcafe/web/static/js/snapshot-delta.js"


class DeltaReader:
    """A socket that takes deltas, seen as the page sees it: every message a whole snapshot
    (the client model: what it holds, with each delta applied)."""

    def __init__(self, ws):
        self.ws = ws
        self.held: dict[str, Any] | None = None
        self.deltas: list[dict[str, Any]] = []

    def send_json(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def receive_json(self) -> dict[str, Any]:
        message = self.ws.receive_json()
        if message["type"] == "delta":
            assert self.held is not None and message["base"] == self.held["version"]
            assert set(message) == {"type", "base", "version", "patch"}
            self.deltas.append(message)
            before = json.loads(json.dumps(self.held))
            self.held = apply_patch(self.held, message)
            assert self.held["version"] == message["version"]
            assert_only_from(message["patch"], before, self.held)
            return json.loads(json.dumps(self.held))
        if message["type"] == "snapshot":
            self.held = json.loads(json.dumps(message))
        return message


def assert_only_from(patch: list[dict[str, Any]], before: dict, after: dict) -> None:
    """Every value a patch carries is in the snapshot it makes, at the place it names; every
    place it removes was in the snapshot before: nothing else can reach the seat."""
    for op in patch:
        *parents, last = op["path"].split("/")[1:]
        target_after, target_before = after, before
        for token in parents:
            target_after = target_after[int(token) if isinstance(target_after, list) else token]
            target_before = target_before[int(token) if isinstance(target_before, list) else token]
        if op["op"] == "remove":
            assert last in target_before and last not in target_after
        elif last == "-":
            assert op["value"] in target_after
        else:
            key = int(last) if isinstance(target_after, list) else last
            assert target_after[key] == op["value"]


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_deltas_rebuild_every_snapshot_of_every_game(client, game):
    players = game.players.start
    table_id, tokens = human_table(client, players, game=game.id, seed=7)
    table = hub(client).tables[table_id]
    rng = random.Random(7)
    with contextlib.ExitStack() as stack:

        def connect(query: str):
            return stack.enter_context(client.websocket_connect(f"/ws/{table_id}{query}"))

        whole = [connect(f"?token={t}") for t in tokens] + [connect("")]
        deltas = [DeltaReader(connect(f"?token={t}&deltas=1")) for t in tokens]
        deltas.append(DeltaReader(connect("?deltas=1")))
        latest = [ws.receive_json() for ws in whole]
        assert [reader.receive_json() for reader in deltas] == latest
        for _ in range(MOVES):
            mover = table.state.current_player
            if mover is None or table.status != "playing":
                break
            move(whole[mover], latest[mover]["version"], rng.choice(latest[mover]["legal"]))
            latest = [ws.receive_json() for ws in whole]
            rebuilt = [reader.receive_json() for reader in deltas]
            for viewer, (full, made) in enumerate(zip(latest, rebuilt, strict=True)):
                assert made == full, f"viewer {viewer} at version {full['version']}"
                assert full["seat"] == (viewer if viewer < players else None)
    assert all(reader.deltas for reader in deltas), "no delta was ever sent: a vacuous test"
    sizes = [len(json.dumps(d)) for reader in deltas for d in reader.deltas]
    assert sum(sizes) / len(sizes) < len(json.dumps(latest[0])) / 2


def test_a_resync_sends_the_whole_snapshot_again(client):
    table_id, tokens = human_table(client)
    mover = hub(client).tables[table_id].state.current_player
    with (
        client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}&deltas=1") as ws0,
        client.websocket_connect(f"/ws/{table_id}?token={tokens[1 - mover]}&deltas=1") as ws1,
    ):
        first = ws0.receive_json()
        ws1.receive_json()
        move(ws0, 0, first["legal"][0])
        delta = ws0.receive_json()
        assert delta["type"] == "delta" and delta["base"] == 0 and delta["version"] == 1
        ws0.send_json({"type": "resync"})
        again = ws0.receive_json()
        assert again["type"] == "snapshot" and again["version"] == 1
        assert again == apply_patch(first, delta)
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}") as fresh:
            assert fresh.receive_json() == again


def test_a_socket_that_holds_another_revision_gets_the_whole_snapshot(client):
    table_id, _tokens = human_table(client)
    table = hub(client).tables[table_id]
    sent: list[str] = []
    on_time = Connection(0, sent.append, deltas=True)
    behind = Connection(0, sent.append, deltas=True)
    table.connections.update({on_time, behind})
    try:
        table.broadcast()
        assert on_time.holds == behind.holds == table.publisher.revision
        behind.holds -= 1  # as if it had missed a change
        mover = table.state.current_player
        table.state.apply(table.state.legal_actions()[0])
        table.version += 1
        table.broadcast()
        kinds = [json.loads(on_time.queue.get_nowait())["type"] for _ in range(2)]
        kinds += [json.loads(behind.queue.get_nowait())["type"] for _ in range(2)]
        assert kinds == ["snapshot", "delta", "snapshot", "snapshot"], mover
    finally:
        table.connections.difference_update({on_time, behind})


def test_each_seat_gets_its_own_snapshot_however_many_sockets_share_it(client):
    table_id, tokens = human_table(client, players=3)
    table = hub(client).tables[table_id]
    with contextlib.ExitStack() as stack:
        sockets = [
            (seat, stack.enter_context(client.websocket_connect(f"/ws/{table_id}{query}")))
            for seat, query in [
                (0, f"?token={tokens[0]}&deltas=1"),
                (1, f"?token={tokens[1]}"),
                (None, "?deltas=1"),
                (2, f"?token={tokens[2]}&deltas=1"),
                (0, f"?token={tokens[0]}"),
                (None, ""),
                (1, f"?token={tokens[1]}&deltas=1"),
                (2, f"?token={tokens[2]}"),
            ]
        ]
        readers = [(seat, DeltaReader(ws)) for seat, ws in sockets]
        rng = random.Random(3)
        for _ in range(30):
            got = [(seat, reader.receive_json()) for seat, reader in readers]
            for seat, snapshot in got:
                assert snapshot["seat"] == seat
                assert snapshot["view"] == table.state.view(seat, table.words_names())
                assert snapshot == fresh_snapshot(table, seat)
            mover = table.state.current_player
            if mover is None:
                break
            legal = next(s for seat, s in got if seat == mover)["legal"]
            move(next(r for seat, r in readers if seat == mover), table.version, rng.choice(legal))
    hands = {json.dumps(fresh_snapshot(table, seat)["view"]) for seat in (0, 1, 2, None)}
    assert len(hands) == 4, "the seats' views should differ: a vacuous test"


def fresh_snapshot(table, seat: int | None) -> dict[str, Any]:
    """The snapshot built from nothing cached: the whole log worded anew."""
    table._logs.clear()
    return json.loads(json.dumps(table.snapshot(seat)))


def test_the_publisher_builds_each_viewer_once_per_revision():
    built: list[int | None] = []

    def build(seat):
        built.append(seat)
        return {"type": "snapshot", "seat": seat, "version": len(built), "log": []}

    publisher = Publisher(build)
    first = [publisher.message(seat, True, None) for seat in (0, 1, 0, None, 1, None)]
    assert built == [0, 1, None]
    assert json.loads(first[0])["seat"] == 0 and json.loads(first[1])["seat"] == 1
    assert json.loads(first[3])["seat"] is None
    revision = publisher.revision
    publisher.advance()
    delta = json.loads(publisher.message(1, True, revision))
    assert delta["type"] == "delta" and built == [0, 1, None, 1]
    assert apply_patch(json.loads(first[1]), delta) == build_like(1, 4)
    assert json.loads(publisher.message(0, True, revision - 1))["type"] == "snapshot"


def build_like(seat, version):
    return {"type": "snapshot", "seat": seat, "version": version, "log": []}


def test_a_patch_grows_lists_replaces_changes_and_removes_what_went():
    old = {"a": 1, "log": [{"t": "x"}], "view": {"hand": ["c1"], "gone": 2, "a/b~": 1}}
    new = {"a": 1, "log": [{"t": "x"}, {"t": "y"}], "view": {"hand": ["c2"], "a/b~": 3, "n": 0}}
    patch = make_patch(old, new)
    assert {"op": "add", "path": "/log/-", "value": {"t": "y"}} in patch
    assert {"op": "replace", "path": "/view/a~1b~0", "value": 3} in patch
    assert {"op": "remove", "path": "/view/gone"} in patch
    assert apply_patch(json.loads(json.dumps(old)), patch) == new
    assert make_patch(new, new) == []
    with pytest.raises(PatchError):
        apply_patch({"a": 1}, [{"op": "replace", "path": "/b/c", "value": 1}])


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_rebuilds_the_snapshots_from_the_deltas_as_the_server_made_them(tmp_path):
    """The browser's snapshot-delta.js, run by node, on a real game's snapshots and deltas."""
    game = games.get("monster-diner")
    state = game.new(2, seed=5)
    rng = random.Random(5)
    snapshots = []
    for version in range(60):
        view, log = state.view(0), state.log_json(0)
        snapshots.append({"type": "snapshot", "version": version, "view": view, "log": log})
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    messages = [snapshots[0]] + [
        {"type": "delta", "base": a["version"], "version": b["version"], "patch": make_patch(a, b)}
        for a, b in itertools.pairwise(snapshots)
    ]
    messages.append({"type": "delta", "base": 999, "version": 1000, "patch": []})  # no fit
    messages.append({"type": "delta", "base": 1000, "version": 1001, "patch": []})  # held none
    (tmp_path / "case.json").write_text(json.dumps(messages))
    script = tmp_path / "run.mjs"
    script.write_text(
        f"import {{ SnapshotKeeper }} from {json.dumps(JS_DELTA.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "let asked = 0;\n"
        "const keeper = new SnapshotKeeper(() => asked++);\n"
        "const messages = JSON.parse(readFileSync(process.argv[2], 'utf8'));\n"
        "const out = messages.map((m) => keeper.receive(m));\n"
        "console.log(JSON.stringify({ out, asked }));\n"
    )
    run = subprocess.run(
        ["node", str(script), str(tmp_path / "case.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result = json.loads(run.stdout)
    assert result["out"][: len(snapshots)] == snapshots
    assert result["out"][len(snapshots) :] == [None, None]
    assert result["asked"] == 1  # asked once, not once per delta that came meanwhile


def test_a_socket_that_does_not_ask_for_deltas_properly_gets_whole_snapshots(client):
    table_id, tokens = human_table(client)
    mover = hub(client).tables[table_id].state.current_player
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[mover]}&deltas=maybe") as ws:
        first = ws.receive_json()
        move(ws, 0, first["legal"][0])
        after = ws.receive_json()
        assert after["type"] == "snapshot" and after["version"] == 1


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_messages_are_written_as_the_standard_library_would_read_them(client, game_id):
    """The server writes its messages with orjson (snapshots.dumps); read back, each is the
    document the standard library's `json` writes: seat numbers as keys become strings, names
    beyond ASCII stay themselves, every snapshot of a game in play, whole and as a delta."""
    table_id, _tokens = human_table(client, players=2, game=game_id)
    table = hub(client).tables[table_id]
    rng = random.Random(7)
    before = table.snapshot(1)
    for _ in range(12):
        table.state.apply(rng.choice(table.state.legal_actions()))
        table.version += 1
        now = table.snapshot(1)
        for message in (now, {"type": "delta", "patch": make_patch(before, now)}, {1: "Zoë"}):
            assert json.loads(dumps(message)) == json.loads(json.dumps(message))
        before = now
