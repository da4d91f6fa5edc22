"""THE LEAK TEST: nothing a seat receives depends on what that seat cannot see.

Random games of every registered game are played through server A. In lockstep, server B holds
the same table, but before it answers a seat (at every step: the mover and one other seat in
rotation), its state is replaced by `determinize(seat)` of A's state: a different truth that the
seat cannot tell apart from A's. Every message the seat gets from B (the snapshot on connecting,
which is what a reconnect gets, and the errors to refused moves) must be identical to what it
got from A. A spectator is
checked the same way against a determinization for any seat (it knows less than every seat).
At the end each seat's replay must hold exactly the views it was sent live. The same again with
server A's sockets taking snapshot deltas: what a seat rebuilds from them must be what B sends
whole (a delta cannot carry what the snapshot would not).
"""

from __future__ import annotations

import contextlib
import random

import pytest
from fastapi.testclient import TestClient

from cardcafe import games
from cardcafe.server import create_app

from .conftest import bare, hub, human_table, move
from .test_deltas import DeltaReader

CASES = [
    pytest.param(game, players, seed, id=f"{game.id}-{players}p-{seed}")
    for game in games.all()
    for players, seed in ((game.players.start, 11), (game.players.stop - 1, 12))
]


CHECKED = 150


def _same_for_seat(message_b: dict, message_a: dict, table_a: str, table_b: str) -> bool:
    if message_b.get("table") == table_b:
        message_b = {**message_b, "table": table_a}
    return message_b == message_a


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_every_message_is_the_same_whatever_the_hidden_cards(tmp_path, game, players, seed):
    play_and_compare(tmp_path, game, players, seed)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_deltas_tell_no_more_than_the_snapshots(tmp_path, game, players, seed):
    play_and_compare(tmp_path, game, players, seed, deltas=True)


def test_the_leak_test_catches_a_leak(tmp_path, monkeypatch):
    """A snapshot that lets one hidden bit through (the state's RNG) must fail the test."""
    from cardcafe.server.table import Table

    honest = Table.snapshot

    def leaky(self, seat):
        return {**honest(self, seat), "luck": self.state.rng.getstate()[1][:4]}

    monkeypatch.setattr(Table, "snapshot", leaky)
    with pytest.raises(AssertionError, match="can tell the hidden cards apart"):
        play_and_compare(tmp_path, games.get("monster-diner"), 2, 5)


def play_and_compare(
    tmp_path, game, players: int, seed: int, open_a=None, deltas: bool = False
) -> None:
    """`open_a`: server A, as a context manager with TestClient's interface (default: a
    TestClient; test_cluster.py gives two processes, playing through the one not holding the
    table). `deltas`: A's sockets take snapshot deltas, and what each seat rebuilds from them
    is compared."""
    rng = random.Random(seed)
    sampler = random.Random(seed + 1)
    options = game.option_presets[seed % len(game.option_presets)]
    if open_a is None:
        open_a = TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", allow_seed=True))
    with (
        open_a as a,
        TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}", allow_seed=True)) as b,
    ):
        # B deals from another seed: its truth is replaced at every step anyway.
        id_a, tokens_a = human_table(a, players, game=game.id, seed=seed, options=options)
        id_b, tokens_b = human_table(b, players, game=game.id, seed=seed + 99, options=options)
        table_a, table_b = hub(a).tables[id_a], hub(b).tables[id_b]
        stack = contextlib.ExitStack()
        more = "&deltas=1" if deltas else ""
        sockets = [
            stack.enter_context(a.websocket_connect(f"/ws/{id_a}?token={t}{more}"))
            for t in tokens_a
        ]
        spectator = stack.enter_context(a.websocket_connect(f"/ws/{id_a}?{more}"))
        if deltas:  # every message as the page sees it: the deltas applied to what it holds
            sockets = [DeltaReader(ws) for ws in sockets]
            spectator = DeltaReader(spectator)
        seen = [[ws.receive_json()] for ws in sockets]
        watched = [spectator.receive_json()]
        hidden_differed = False
        with stack:
            while True:
                version = table_a.version
                truth = table_a.state
                mover = truth.current_player
                legal = seen[mover][-1]["legal"] if mover is not None else []
                # every step: the mover and one more seat in turn (every seat, over a game); a
                # long game is checked for its first CHECKED steps and its end, to stay quick
                checked = version < CHECKED or mover is None
                for seat in sorted({version % players, mover if mover is not None else 0}):
                    if not checked:
                        break
                    sample = truth.determinize(seat, sampler)
                    hidden_differed |= _differs(sample, truth)
                    table_b.state, table_b.version = sample, version
                    table_b.status = table_a.status
                    with b.websocket_connect(f"/ws/{id_b}?token={tokens_b[seat]}") as ws_b:
                        got = ws_b.receive_json()
                        assert _same_for_seat(got, seen[seat][-1], id_a, id_b), (
                            f"seat {seat} at version {version} can tell the hidden cards apart"
                        )
                        if mover is None:
                            continue
                        probe = _probe(game, truth, seat, mover, legal, rng)
                        ws_b.send_json({"type": "move", "version": version, "action": probe})
                        sockets[seat].send_json(
                            {"type": "move", "version": version, "action": probe}
                        )
                        error_a = sockets[seat].receive_json()
                        assert error_a["type"] == "error"
                        assert ws_b.receive_json() == error_a
                    if version % 7 == seat % 7:  # a reconnect to A gets what was broadcast
                        with a.websocket_connect(f"/ws/{id_a}?token={tokens_a[seat]}") as again:
                            assert again.receive_json() == seen[seat][-1]
                # the spectator knows less than any seat
                if not checked:
                    move(sockets[mover], version, rng.choice(legal))
                    for seat in range(players):
                        seen[seat].append(sockets[seat].receive_json())
                    watched.append(spectator.receive_json())
                    continue
                table_b.state = truth.determinize(version % players, sampler)
                with b.websocket_connect(f"/ws/{id_b}") as ws_b:
                    assert _same_for_seat(ws_b.receive_json(), watched[-1], id_a, id_b)
                if mover is None:
                    break
                move(sockets[mover], version, rng.choice(legal))
                for seat in range(players):
                    seen[seat].append(sockets[seat].receive_json())
                    assert seen[seat][-1]["version"] == version + 1
                watched.append(spectator.receive_json())
        if game.has_hidden_information:
            assert hidden_differed, "determinize never changed anything hidden: a vacuous test"

        # a seat's replay is exactly what it was sent, step by step; the public one, the spectator's
        for seat, token in [*enumerate(tokens_a), (None, None)]:
            replay = a.get(f"/api/tables/{id_a}/replay", params={"token": token} if token else {})
            steps = replay.json()["steps"]
            received = watched if seat is None else seen[seat]
            assert [s["view"] for s in steps] == [m["view"] for m in received]
            assert [e for s in steps for e in s["log"]] == received[-1]["log"]


def _probe(game, truth, seat, mover, legal, rng) -> dict:
    """A move the server must refuse: the mover's own legal move sent by another seat, or for
    the mover an action of the game that is not legal now."""
    if seat != mover:
        return bare(legal[0])
    allowed = {game.action_index(a) for a in truth.legal_actions()}
    others = [a for a in game.space.actions if game.action_index(a) not in allowed]
    return rng.choice(others).to_json()


def _differs(sample, truth) -> bool:
    """Whether the determinization re-dealt something (its hidden fields differ)."""
    mine = {k: v for k, v in sample.fields().items() if k not in _IGNORED}
    theirs = {k: v for k, v in truth.fields().items() if k not in _IGNORED}
    return mine != theirs


_IGNORED = {"rng", "seed", "history", "events", "_legal", "_view_memo", "game", "options", "cards"}
