"""The database schema: tables, their seats, and every accepted move in order.

A table's game is fully determined by (game, players, options, seed) and its moves, so this is
all a restarted server needs to rebuild every unfinished table by replay. The migrations in
`migrations/versions/` create exactly these tables; change both together.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options_json: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    # open (waiting for humans) -> playing -> finished
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The last claim, leave or move: an open table idle for too long expires.
    active_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    # At the end, for the history page: {"names", "scores", "winners"} (public information).
    result_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The table its players moved on to with "Rematch".
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    # "human" or a bot spec string such as "heuristic" or "ismcts:iterations=200".
    kind: Mapped[str] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # SHA-256 hex of the seat's secret token; the token itself is never stored.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The bot that took over a human seat whose player left after the start.
    replaced_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # Seconds left in the seat's time bank (tables with a turn timer only).
    bank_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    # SHA-256 hex of the seat link's invitation: an invite-only seat is claimed only with it.
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The player conceded: a bot finishes the game for the seat.
    conceded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    # 1-based; the primary key makes a move number impossible to store twice.
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action_json: Mapped[str] = mapped_column(Text)
    by_bot: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- several server processes on one PostgreSQL (cluster.py) ----------------------------------
class NodeRow(Base):
    """One running server process: alive while it renews `expires_at` (every second)."""

    __tablename__ = "cluster_nodes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random, new at every start
    address: Mapped[str] = mapped_column(String(200))  # where the others relay to it
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """The process that owns a live table: only it applies the table's moves and runs its
    bots and clock. The lease holds while its owner is alive; then another takes it over."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(32), index=True)


class LobbyRow(Base):
    """A live table's public lobby row as its owner last saw it (one lobby for the site).
    Apart from the lease, so publishing it never waits for a move's lease check."""

    __tablename__ = "lobby_rows"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    summary_json: Mapped[str] = mapped_column(Text)


class ClusterSetting(Base):
    __tablename__ = "cluster_settings"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
