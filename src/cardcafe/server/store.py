"""Persistence: SQLAlchemy 2 over SQLite (default) or PostgreSQL, migrated by Alembic at start.

Every method is synchronous and short; the server calls them through `asyncio.to_thread` so a
commit never stalls the event loop. A write is committed before the caller goes on, which is
what lets "stored before broadcast" hold.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import create_engine, event, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session, sessionmaker

from .models import MoveRow, SeatRow, TableRow

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATE_LOCK = 0x63617264  # the PostgreSQL advisory lock held while migrating ("card")
_INSERT_MOVE = insert(MoveRow.__table__)


def default_db_url() -> str:
    """A SQLite file in the user's data directory (created if needed)."""
    folder = Path(platformdirs.user_data_dir("cardcafe", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'cardcafe.sqlite3'}"


def normalize_url(url: str) -> str:
    """Accept the everyday spellings of a PostgreSQL URL and use psycopg 3 for them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass(frozen=True)
class MoveWrite:
    """One accepted move to store (status/bank: None when they do not change)."""

    table_id: str
    number: int
    seat: int
    action: dict[str, Any]
    by_bot: bool
    status: str | None = None
    bank: tuple[int, float] | None = None
    result: dict[str, Any] | None = None  # the game's end, for the history (public only)


@dataclass
class SeatRecord:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    replaced_by: str | None
    bank_seconds: float | None
    invite_hash: str | None = None
    conceded: bool = False


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    turn_seconds: float | None
    status: str
    seats: list[SeatRecord]
    moves: list[tuple[int, dict[str, Any], bool]]  # (seat, action json, by a bot)
    active_at: datetime | None = None
    rematch_id: str | None = None


class Store:
    def __init__(self, url: str):
        self.url = normalize_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        self.engine: Engine = _make_engine(self.url, self.is_sqlite)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: queue writers here instead of in "database is locked".
        self._write_lock = threading.Lock() if self.is_sqlite else None
        # On a site of several processes (cluster.py): this process's leases. Every write of
        # a table is then fenced by its lease, so a process that lost a table (it was taken
        # for dead) can never store a move of it again.
        self.leases: Any = None

    def migrate(self) -> None:
        """Bring the schema to the newest revision (a no-op when it is there already)."""
        from alembic import command  # imported here: it is slow to import, needed once
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if not self.is_sqlite:  # processes starting together: one migrates, the rest wait
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    def _write(self) -> _WriteSession:
        return _WriteSession(self._sessions, self._write_lock)

    @contextmanager
    def _write_connection(self) -> Iterator[Connection]:
        """One transaction on a connection (committed on success, rolled back on error),
        holding the SQLite write lock."""
        if self._write_lock is None:
            with self.engine.begin() as db:
                yield db
            return
        with self._write_lock, self.engine.begin() as db:
            yield db

    # -- writes -------------------------------------------------------------------------
    def create_table(self, rec: TableRecord) -> None:
        with self._write() as session:
            session.add(
                TableRow(
                    id=rec.id,
                    game=rec.game,
                    players=rec.players,
                    options_json=json.dumps(rec.options),
                    seed=rec.seed,
                    turn_seconds=rec.turn_seconds,
                    status=rec.status,
                    created_at=_now(),
                    active_at=_now(),
                )
            )
            session.flush()
            if self.leases is not None:
                self.leases.insert(session.connection(), rec.id)
            for s in rec.seats:
                session.add(
                    SeatRow(
                        table_id=rec.id,
                        seat=s.seat,
                        kind=s.kind,
                        name=s.name,
                        token_hash=s.token_hash,
                        replaced_by=s.replaced_by,
                        bank_seconds=s.bank_seconds,
                        invite_hash=s.invite_hash,
                        conceded=s.conceded,
                    )
                )

    def update_seat(self, table_id: str, seat: SeatRecord, status: str | None = None) -> None:
        """Store a seat as it is now (and the table's new status); counts as activity."""
        with self._write() as session:
            self._fence(session, [table_id])
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
                .values(
                    name=seat.name,
                    token_hash=seat.token_hash,
                    replaced_by=seat.replaced_by,
                    bank_seconds=seat.bank_seconds,
                    conceded=seat.conceded,
                )
            )
            values: dict[str, Any] = {"active_at": _now()}
            if status is not None:
                values["status"] = status
            session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def set_status(self, table_id: str, status: str) -> None:
        """A table's new status alone (an open table that expired)."""
        with self._write() as session:
            self._fence(session, [table_id])
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self._write() as session:
            self._fence(session, [table_id])
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id)
            )

    def append_moves(self, moves: list[MoveWrite]) -> None:
        """Store several tables' moves in one transaction (group commit): each with the
        table's new status and the mover's time bank when those change. SQLAlchemy Core on
        one connection, one `executemany` for the moves: an ORM session cost three times as
        much per commit, and this runs for almost every move."""
        with self._write_connection() as db:
            if self.leases is not None:
                self.leases.fence(db, [m.table_id for m in moves])
            now = _now()
            db.execute(
                _INSERT_MOVE,
                [
                    {
                        "table_id": m.table_id,
                        "number": m.number,
                        "seat": m.seat,
                        "action_json": json.dumps(m.action),
                        "by_bot": m.by_bot,
                        "created_at": now,
                    }
                    for m in moves
                ],
            )
            for m in moves:
                if m.status is not None:
                    values: dict[str, Any] = {"status": m.status}
                    if m.result is not None:
                        values.update(finished_at=now, result_json=json.dumps(m.result))
                    db.execute(update(TableRow).where(TableRow.id == m.table_id).values(**values))
                if m.bank is not None:
                    db.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == m.table_id, SeatRow.seat == m.bank[0])
                        .values(bank_seconds=m.bank[1])
                    )

    def append_move(self, move: MoveWrite) -> None:
        self.append_moves([move])

    def _fence(self, session: Session, table_ids: list[str]) -> None:
        if self.leases is not None:
            self.leases.fence(session.connection(), table_ids)

    # -- reads --------------------------------------------------------------------------
    def has_move(self, move: MoveWrite) -> bool:
        """Whether exactly this move is stored already (a retried commit that had landed)."""
        with Session(self.engine) as session:
            row = session.scalar(
                select(MoveRow).where(
                    MoveRow.table_id == move.table_id, MoveRow.number == move.number
                )
            )
            return (
                row is not None
                and row.seat == move.seat
                and json.loads(row.action_json) == move.action
            )

    def load(self, table_id: str) -> TableRecord | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            return None if row is None else self._assemble(session, row)

    def load_unfinished(self) -> list[TableRecord]:
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.not_in(("finished", "expired")))
                .order_by(TableRow.created_at)
            ).all()
            return [self._assemble(session, row) for row in rows]

    def _assemble(self, session: Session, row: TableRow) -> TableRecord:
        seats = session.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
        ).all()
        moves = session.scalars(
            select(MoveRow).where(MoveRow.table_id == row.id).order_by(MoveRow.number)
        ).all()
        return TableRecord(
            id=row.id,
            game=row.game,
            players=row.players,
            options=json.loads(row.options_json),
            seed=row.seed,
            turn_seconds=row.turn_seconds,
            status=row.status,
            seats=[
                SeatRecord(
                    s.seat,
                    s.kind,
                    s.name,
                    s.token_hash,
                    s.replaced_by,
                    s.bank_seconds,
                    s.invite_hash,
                    bool(s.conceded),
                )
                for s in seats
            ],
            moves=[(m.seat, json.loads(m.action_json), m.by_bot) for m in moves],
            active_at=_aware(row.active_at or row.created_at),
            rematch_id=row.rematch_id,
        )

    def history(
        self, game: str | None, player: str | None, limit: int, offset: int
    ) -> tuple[int, list[dict[str, Any]]]:
        """Finished games, the most recent first: (how many match, this page of them), each
        `{"id", "game", "finished_at", "result"}`; `player` matches part of a seat's name."""
        query = select(TableRow).where(
            TableRow.status == "finished", TableRow.result_json.is_not(None)
        )
        if game:
            query = query.where(TableRow.game == game)
        if player:
            pattern = "%" + player.lower().replace("\\", "").replace("%", "").replace("_", "") + "%"
            query = query.where(
                TableRow.id.in_(
                    select(SeatRow.table_id).where(func.lower(SeatRow.name).like(pattern))
                )
            )
        with Session(self.engine) as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            rows = session.scalars(
                query.order_by(TableRow.finished_at.desc(), TableRow.id).limit(limit).offset(offset)
            ).all()
            return total, [
                {
                    "id": row.id,
                    "game": row.game,
                    "finished_at": _aware(row.finished_at).isoformat(),
                    "result": json.loads(row.result_json),
                }
                for row in rows
            ]


class _WriteSession:
    """A session that commits on success, rolls back on error, holding the SQLite write lock."""

    def __init__(self, factory: sessionmaker, lock: threading.Lock | None):
        self._factory, self._lock = factory, lock

    def __enter__(self) -> Session:
        if self._lock is not None:
            self._lock.acquire()
        self._session = self._factory()
        return self._session

    def __exit__(self, kind, exc, tb) -> None:
        try:
            if kind is None:
                self._session.commit()
            else:
                self._session.rollback()
        finally:
            self._session.close()
            if self._lock is not None:
                self._lock.release()


def _make_engine(url: str, is_sqlite: bool) -> Engine:
    if not is_sqlite:
        return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection, _record) -> None:
        cursor = dbapi_connection.cursor()
        # WAL: readers never wait for the writer. synchronous=NORMAL in WAL mode: a committed
        # move survives the process being killed (kill -9); only an OS crash could lose the
        # last moves, which FULL would cost an fsync per move to prevent.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their zone; every moment here is UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment
