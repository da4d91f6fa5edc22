"""D3: one table flooding the server with hints cannot hold up the other tables' bots."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from cardcafe.server import create_app

from .conftest import claim, create, hub, wait_until

NORMAL = ["ismcts:iterations=15", "heuristic"]


def _play_bot_tables(client: TestClient, count: int, seed: int) -> float:
    """Seconds until `count` bot tables play a whole game each."""
    start = time.monotonic()
    ids = [create(client, NORMAL, seed=seed + n) for n in range(count)]
    server = hub(client)
    wait_until(lambda: all(server.tables[i].status == "finished" for i in ids), timeout=300)
    return time.monotonic() - start


def test_a_hint_flood_does_not_delay_other_tables_bots(db_url):
    with TestClient(create_app(db_url, allow_seed=True)) as client:
        quiet = _play_bot_tables(client, 3, seed=1)
        # The abuser: one seat, several sockets, hints as fast as it can send them.
        table_id = create(client, ["human", "human"], seed=9)
        token = claim(client, table_id, 0)
        claim(client, table_id, 1, "Bea")
        sockets = [client.websocket_connect(f"/ws/{table_id}?token={token}") for _ in range(4)]
        answers = []
        try:
            for ws in sockets:
                ws.__enter__()
                ws.receive_json()  # its snapshot
                for _ in range(25):
                    ws.send_json({"type": "hint", "version": 0})
            flooded = _play_bot_tables(client, 3, seed=1)
            for ws in sockets:
                answers += [ws.receive_json() for _ in range(25)]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    hints = [a for a in answers if a["type"] == "hint"]
    refused = [a["message"] for a in answers if a["type"] == "error"]
    # One every two seconds for the seat (however many sockets ask), not one per request.
    assert 1 <= len(hints) <= flooded / 2 + 2, (len(hints), flooded)
    assert refused and all("one hint every 2 seconds" in m for m in refused)
    # The same games under the flood take about as long as without it (a generous bound:
    # unbounded, the hundred queued searches cost the others many times the quiet run).
    assert flooded < 2 * quiet + 2, (quiet, flooded)


def test_a_bot_past_its_deadline_is_replaced_by_the_quick_stand_in(db_url, monkeypatch):
    from cardcafe.server import seatbots

    real_choose = seatbots.SeatBot.choose

    def slow_choose(self, state, seat, rng):
        if self.name == "ismcts":
            time.sleep(3.0)  # a search far slower than this server allows
        return real_choose(self, state, seat, rng)

    monkeypatch.setattr(seatbots.SeatBot, "choose", slow_choose)
    with TestClient(create_app(db_url, allow_seed=True)) as client:
        server = hub(client)
        server.move_deadline = 0.2
        table_id = create(client, ["ismcts:iterations=10"] * 2, seed=3)
        started = time.monotonic()
        wait_until(lambda: server.tables[table_id].version >= 1, timeout=30)
        # The move came at the deadline, not after the bot's 3 s of thinking (the table's
        # next search then waits for that thread: its share is one at a time).
        assert time.monotonic() - started < 1.5
