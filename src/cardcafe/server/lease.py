"""Table ownership on PostgreSQL: which server process owns which live table.

Every process has a row in `cluster_nodes` it renews every second (a heartbeat); a table's
row in `table_leases` names its owner. A lease holds while its owner's heartbeat does, so a
process killed with SIGKILL loses its tables `NODE_TTL` seconds after its last beat, and the
first process to ask takes each of them over (`acquire`, one UPDATE: two never both win).

Time is the database's (`now()`), never a machine's clock, so processes on several machines
agree on what has expired. Every call is synchronous and short (run it in a thread).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.engine import Connection

from .models import ClusterSetting, LeaseRow, LobbyRow, NodeRow, TableRow
from .store import Store

NODE_TTL = 3.0  # seconds a process's tables stay its own after its last heartbeat
LIVE = ("open", "playing")


class LeaseLost(Exception):
    """A write for a table this process no longer owns (another took it over)."""


class Leases:
    def __init__(self, store: Store, node: str, address: str):
        self.store, self.node, self.address = store, node, address

    def _ttl(self):
        return func.now() + timedelta(seconds=NODE_TTL)

    # -- this process -------------------------------------------------------------------
    def beat(self, held: Iterable[str]) -> set[str]:
        """Renew this process's heartbeat; which of the tables it `held` in memory it still
        owns (another process took over the others, this one being thought dead)."""
        with self.store.engine.begin() as db:
            row = {"id": self.node, "address": self.address, "expires_at": self._ttl()}
            db.execute(
                insert(NodeRow)
                .values(**row)
                .on_conflict_do_update(index_elements=[NodeRow.id], set_=row)
            )
            held = list(held)
            if not held:
                return set()
            return set(
                db.scalars(
                    select(LeaseRow.table_id).where(
                        LeaseRow.owner == self.node, LeaseRow.table_id.in_(held)
                    )
                )
            )

    def leave(self) -> None:
        """A clean stop: this process's tables are free for the others at once."""
        with self.store.engine.begin() as db:
            db.execute(delete(LeaseRow).where(LeaseRow.owner == self.node))
            db.execute(delete(NodeRow).where(NodeRow.id == self.node))

    def gone(self, node: str) -> None:
        """`node` refused a connection at its address: nothing listens there, the process is
        dead (or stopping), so its tables are free now rather than when its beat lapses. Were
        it alive after all, its next beat revives it and the fence keeps every table single."""
        with self.store.engine.begin() as db:
            db.execute(
                update(NodeRow)
                .where(NodeRow.id == node, NodeRow.id != self.node, NodeRow.expires_at > func.now())
                .values(expires_at=func.now())
            )

    def secret(self) -> str:
        with self.store.engine.connect() as db:
            return db.scalar(
                select(ClusterSetting.value).where(ClusterSetting.name == "relay_secret")
            )

    # -- tables -------------------------------------------------------------------------
    def acquire(self, table_id: str, take_over: bool = True) -> bool | None:
        """Own `table_id` if no live process does (a new lease, or, if `take_over`, a dead
        owner's): True if this process owns it now, False if another does (or a dead one,
        without `take_over`), None if there is no such table. Waits for a write of the old
        owner still in flight (`fence`), so the table is loaded after its last stored move."""
        with self.store.engine.begin() as db:
            if db.scalar(select(TableRow.id).where(TableRow.id == table_id)) is None:
                return None
            db.execute(
                insert(LeaseRow)
                .values(table_id=table_id, owner=self.node)
                .on_conflict_do_nothing(index_elements=[LeaseRow.table_id])
            )
            mine = LeaseRow.owner == self.node
            return bool(
                db.execute(
                    update(LeaseRow)
                    .where(LeaseRow.table_id == table_id, or_(mine, _dead()) if take_over else mine)
                    .values(owner=self.node)
                ).rowcount
            )

    def hand_to(self, table_id: str, node: str) -> bool:
        """Give `table_id`, owned here, to the live process `node` (a player's socket for it
        came to that process): True if `node` owns it now. The caller holds the table's lock,
        so every move accepted here is stored before the new owner loads it."""
        with self.store.engine.begin() as db:
            live = select(NodeRow.id).where(NodeRow.id == node, NodeRow.expires_at > func.now())
            return bool(
                db.execute(
                    update(LeaseRow)
                    .where(
                        LeaseRow.table_id == table_id,
                        LeaseRow.owner == self.node,
                        live.exists(),
                    )
                    .values(owner=node)
                ).rowcount
            )

    def insert(self, db: Connection, table_id: str) -> None:
        """The lease of a table this process is creating (in the creating transaction)."""
        db.execute(insert(LeaseRow).values(table_id=table_id, owner=self.node))

    def where(self, table_id: str) -> tuple[str, str] | None:
        """(owner, address) of the live process that owns `table_id`, or None if no live
        process does."""
        with self.store.engine.connect() as db:
            row = db.execute(
                select(NodeRow.id, NodeRow.address)
                .join(LeaseRow, LeaseRow.owner == NodeRow.id)
                .where(LeaseRow.table_id == table_id, NodeRow.expires_at > func.now())
            ).first()
            return None if row is None else (row.id, row.address)

    def orphans(self) -> list[str]:
        """Unfinished tables no live process owns (their owner died, or never had one)."""
        live_owner = select(NodeRow.id).where(NodeRow.expires_at > func.now())
        with self.store.engine.connect() as db:
            return list(
                db.scalars(
                    select(TableRow.id)
                    .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
                    .where(
                        TableRow.status.in_(LIVE),
                        or_(LeaseRow.owner.is_(None), LeaseRow.owner.not_in(live_owner)),
                    )
                    .order_by(TableRow.created_at)
                )
            )

    def fence(self, db: Connection, table_ids: Iterable[str]) -> None:
        """Within a write's transaction: LeaseLost unless this process owns every table in
        `table_ids`; the lease rows stay share-locked until the write commits, so no other
        process can take one over (and load the table) in between."""
        wanted = sorted(set(table_ids))
        owned = set(
            db.scalars(
                select(LeaseRow.table_id)
                .where(LeaseRow.table_id.in_(wanted), LeaseRow.owner == self.node)
                .order_by(LeaseRow.table_id)
                .with_for_update(read=True)
            )
        )
        lost = [t for t in wanted if t not in owned]
        if lost:
            raise LeaseLost(lost)

    # -- the site's lobby ---------------------------------------------------------------
    def publish(self, summaries: dict[str, str]) -> None:
        """Store the lobby rows of tables this process owns (JSON text, by table id)."""
        if not summaries:
            return
        rows = [{"table_id": t, "summary_json": text} for t, text in sorted(summaries.items())]
        statement = insert(LobbyRow)
        with self.store.engine.begin() as db:
            db.execute(
                statement.on_conflict_do_update(
                    index_elements=[LobbyRow.table_id],
                    set_={"summary_json": statement.excluded.summary_json},
                    # never over the row of a table another process has taken over
                    where=LobbyRow.table_id.in_(
                        select(LeaseRow.table_id).where(LeaseRow.owner == self.node)
                    ),
                ),
                rows,
            )

    def summaries(self) -> list[tuple[dict[str, Any], datetime]]:
        """Every unfinished table's lobby row as published by its owner, with when the
        table was created, the oldest first."""
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(LobbyRow.summary_json, TableRow.created_at)
                .join(TableRow, TableRow.id == LobbyRow.table_id)
                .where(TableRow.status.in_(LIVE))
                .order_by(TableRow.created_at)
            ).all()
        return [(json.loads(text), created) for text, created in rows]

    def forget_dead(self, older_than: float = 3600.0) -> None:
        """Drop the heartbeat rows of processes gone for a long time and owning nothing."""
        with self.store.engine.begin() as db:
            db.execute(
                delete(NodeRow).where(
                    NodeRow.expires_at < func.now() - timedelta(seconds=older_than),
                    NodeRow.id.not_in(select(LeaseRow.owner).distinct()),
                )
            )


def _dead():
    """The lease's owner is not a live process."""
    return LeaseRow.owner.not_in(select(NodeRow.id).where(NodeRow.expires_at > func.now()))
