"""One site of many server processes on one PostgreSQL: this process's part in it.

Each live table is owned by exactly one process (its lease, `lease.py`): that process holds
the table in memory, applies its moves one at a time, runs its bots and its turn clock, and
keeps every socket open on it (so presence, chat and the hint limits stay exact). Any other
process relays what it receives for the table to the owner (`relay.py`), except that a
player's socket brings the table along when nobody is connected to it at its owner
(`hand_over`): a table goes where its players are, and its moves are not relayed. Every
second this process beats (its tables stay its own) and lets go of any table another process
took over; then, beside the beat, it publishes its tables' lobby rows (one lobby for the
site) and takes over the unfinished tables whose owner died, so a killed process's games go
on within `NODE_TTL` + 1 seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .lease import NODE_TTL, Leases
from .table import OPEN, PLAYING, Table

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger(__name__)

BEAT = 1.0  # seconds between two heartbeats (and takeovers, and lobby publications)
REPUBLISH = 5.0  # a lobby row that only ages (a player's time away) is refreshed this often


class Elsewhere(Exception):
    """The table is owned by another process right now (the request should be relayed)."""


class Cluster:
    def __init__(self, hub: Hub, address: str):
        """`address`: the base URL (http://HOST:PORT) the other processes reach this one at."""
        self.hub = hub
        self.node = secrets.token_hex(8)
        self.address = address
        self.leases = Leases(hub.store, self.node, address)
        hub.store.leases = self.leases  # every write of a table is fenced by its lease
        self.secret = ""  # the site's relay secret, read at start
        self._published: dict[str, tuple[tuple, float]] = {}  # id -> (_lobby_key, when)
        self._loading: dict[str, asyncio.Future] = {}
        self._nodes: dict[str, str] = {}  # address -> the node last found there
        # Since when this process's beats have all gone through (monotonic); None while they
        # fail. After an outage every process's beat has lapsed alike: none takes another's
        # tables before all have had the time to beat again.
        self._steady_since: float | None = time.monotonic() - NODE_TTL - BEAT
        self._task: asyncio.Task | None = None
        self._beat_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="beat")
        # Whether a table goes to the process its player's socket reaches (`hand_over`), or
        # stays with its owner and that socket is relayed (tests of the relay turn it off).
        self.follows_players = True

    # -- life -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Read the relay secret and take over the tables nobody owns, before serving."""
        self.secret = await asyncio.to_thread(self.leases.secret)
        await self.beat()
        await self.chores()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Hand every table back at once (the others need not wait for the lease to lapse)."""
        if self._task is not None:
            self._task.cancel()
        try:
            await asyncio.to_thread(self.leases.leave)
        except Exception:  # the database is gone: the leases lapse by themselves
            log.warning("could not hand the tables back; they lapse in a few seconds")
        self._beat_thread.shutdown(wait=False)

    async def _run(self) -> None:
        chores: asyncio.Task | None = None
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self.beat()
            except Exception as exc:  # the database is down: the next beat tries again
                self._steady_since = None
                log.warning("cluster heartbeat failed: %s", exc)
                continue
            # Publishing and takeovers (a replay each) never hold up the next beat.
            if chores is None or chores.done():
                chores = asyncio.get_running_loop().create_task(self._chores_logged())

    async def beat(self) -> None:
        """Renew this process's heartbeat (on a thread of its own, so a busy process still
        beats on time) and let go of any table another process took over."""
        held = dict(self.hub.tables)
        loop = asyncio.get_running_loop()
        owned = await loop.run_in_executor(self._beat_thread, self.leases.beat, list(held))
        for table_id, table in held.items():
            # Only the table as it was held when the beat asked: one handed away meanwhile
            # is gone already, and one handed back meanwhile is this process's again.
            if table_id not in owned and self.hub.tables.get(table_id) is table:
                log.warning("table %s was taken over by another process; letting go", table_id)
                self.hub.drop(table_id)
        if self._steady_since is None:
            self._steady_since = time.monotonic()

    async def chores(self) -> None:
        """Publish the lobby rows that changed; take over the tables no live process owns."""
        await self.publish()
        if not self.steady():
            return
        for table_id in await asyncio.to_thread(self.leases.orphans):
            try:
                await self.take(table_id)
            except Exception:
                log.exception("taking over table %s failed", table_id)

    async def _chores_logged(self) -> None:
        try:
            await self.chores()
        except Exception as exc:
            log.warning("publishing the lobby or taking tables over failed: %s", exc)

    def steady(self) -> bool:
        """Whether this process may take tables over: its beats have gone through for long
        enough that every live process has beaten since (not just after an outage)."""
        since = self._steady_since
        return since is not None and time.monotonic() - since >= NODE_TTL + BEAT

    # -- ownership --------------------------------------------------------------------------
    async def take(self, table_id: str) -> Table | None:
        """The table, held here: already, or taken over now if no live process owns it
        (rebuilt from its stored moves, its bots and clock resumed). None if there is no
        such table; Elsewhere if another live process owns it."""
        table = self.hub.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self._loading:
            return await asyncio.shield(self._loading[table_id])
        future = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a waiter that gave up must not warn about it
            raise
        else:
            future.set_result(table)
            return table
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> Table | None:
        got = await asyncio.to_thread(self.leases.acquire, table_id, self.steady())
        if got is None:
            return None
        if not got:
            raise Elsewhere(table_id)
        rec = await asyncio.to_thread(self.hub.store.load, table_id)
        if rec is None:
            return None
        table = await self.hub.restore(rec)
        if table is not None:
            log.info("table %s is now played on this process", table_id)
        return table

    async def hand_over(self, table_id: str, node: str, token: str | None) -> dict[str, Any] | None:
        """Give a table held here to the live process `node`, which a player's socket for it
        (`token`) has just reached, if the table may go (`Table.may_hand_over`: nobody is
        connected to it here but through another process, no move under way): a table goes
        where its players are, so their moves are not relayed. What it held in memory goes
        along (`Table.carry`); None: it stays here. Its relayed sockets close, and their
        clients reconnect to the new owner. Never waits for the table: the asker relays."""
        table = self.hub.tables.get(table_id)
        if not self.follows_players or table is None or not table.may_hand_over(token):
            return None
        async with table.lock:  # free (checked just above): every move accepted is stored
            try:
                handed = await asyncio.to_thread(self.leases.hand_to, table_id, node)
            except Exception as exc:  # the database is down: the table stays, relayed
                log.warning("could not hand table %s over: %s", table_id, exc)
                return None
            if not handed:
                return None
            carried = {**table.carry(), "creator": self.hub.creators.get(table_id)}
            self.hub.drop(table_id)
        log.info("table %s handed to process %s, where its player is", table_id, node)
        return carried

    async def adopt(
        self, table_id: str, carried: dict[str, Any] | None, answered_at: float
    ) -> Table | None:
        """Hold here a table whose lease may have been handed to this process (`carried`:
        what its last owner held in memory, None if its answer never came; `answered_at`:
        when the answer came, monotonic): loaded, or found already loaded for another
        request, and what was carried taken up. None if the table is not this process's
        after all."""
        try:
            table = await self.take(table_id)
        except Elsewhere:
            return None
        if table is not None and carried is not None:
            # The turn went on while the answer travelled and the table loaded: the clock
            # counts that time too. From the answer, not the question: the owner read its
            # clock as it answered, after writing the lease over (under load, a second and
            # more after it was asked: that time must not be counted twice).
            elapsed = carried["turn_elapsed"] + time.monotonic() - answered_at
            table.resume({**carried, "turn_elapsed": elapsed})
            if carried.get("creator"):
                self.hub.creators[table_id] = carried["creator"]
        return table

    async def locate(self, table_id: str) -> str | None:
        """Where to serve a request for `table_id`: None for here (this process owns it, or
        has just taken it over, or there is no such table), else the owner's address."""
        if table_id in self.hub.tables:
            return None
        found = await asyncio.to_thread(self.leases.where, table_id)
        if found is not None and found[0] != self.node:
            return self._owner(found)
        try:
            await self.take(table_id)
        except Elsewhere:  # another process took it over first
            found = await asyncio.to_thread(self.leases.where, table_id)
            return self._owner(found) if found is not None and found[0] != self.node else None
        return None

    def _owner(self, found: tuple[str, str]) -> str:
        node, address = found
        self._nodes[address] = node
        return address

    async def refused(self, address: str) -> None:
        """The process at `address` refused a connection: it is dead, its tables are free."""
        node = self._nodes.pop(address, None)
        if node is not None:
            log.warning("process %s at %s refused a connection: taking it for dead", node, address)
            await asyncio.to_thread(self.leases.gone, node)

    # -- the site's lobby ---------------------------------------------------------------------
    async def publish(self, only: Table | None = None) -> None:
        """Store the lobby rows of this process's unfinished tables that changed (a row that
        only ages, a player's time away, every REPUBLISH seconds)."""
        now = time.monotonic()
        changed: dict[str, str] = {}
        for table in [only] if only is not None else list(self.hub.tables.values()):
            if table.status not in (OPEN, PLAYING):
                self._published.pop(table.id, None)
                continue
            key = _lobby_key(table)
            last = self._published.get(table.id)
            if last is None or last[0] != key or now - last[1] >= REPUBLISH:
                changed[table.id] = json.dumps(self._row(table))
                self._published[table.id] = (key, now)
        for gone in set(self._published) - set(self.hub.tables):
            del self._published[gone]
        await asyncio.to_thread(self.leases.publish, changed)

    def _row(self, table: Table) -> dict[str, Any]:
        return {
            "summary": table.public_summary(),
            "active_at": table.active_at.isoformat(),
            "watched": table.is_watched(),
        }

    async def listing(self, limit: int, offset: int) -> list[dict[str, Any]]:
        """The site's lobby, as `Hub.listing` lists one process's tables: open tables first,
        then games in play with a player there or a move within `open_ttl`, each group the
        newest first. This process's own tables are shown as they are now."""
        rows = await asyncio.to_thread(self.leases.summaries)
        now = datetime.now(UTC)
        shown = []
        for row, _created in reversed(rows):
            summary = row["summary"]
            table = self.hub.tables.get(summary["id"])
            if table is not None:
                row = self._row(table)
                summary = row["summary"]
            if summary["status"] == OPEN:
                shown.append(summary)
            elif summary["status"] == PLAYING:
                idle = (now - datetime.fromisoformat(row["active_at"])).total_seconds()
                if idle < self.hub.open_ttl or row["watched"]:
                    shown.append(summary)
        shown.sort(key=lambda s: s["status"] != OPEN)
        return shown[offset : offset + limit]


def _lobby_key(table: Table) -> tuple:
    """What a table's lobby row is made of, but what changes by itself as time passes (a
    player's time away): cheap to compare every second for every table of the process."""
    seats = tuple(
        (s.name, s.token_hash is not None, s.replaced_by, s.conceded) for s in table.seats
    )
    return (
        table.version,
        table.status,
        seats,
        tuple(sorted(table.away_since)),
        table.is_watched(),
        table.rec.rematch_id,
    )
