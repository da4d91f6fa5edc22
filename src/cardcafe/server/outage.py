"""Telling a database that is down (retry later) from a write that is wrong (never retry)."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

# PEP 249 names these for the database being unreachable, restarting, locked or out of
# connections: the same write succeeds once it is back. Integrity and programming errors
# are the write's own fault and are never retried.
_TRANSIENT = {"OperationalError", "InterfaceError"}

UNAVAILABLE = "the database is unavailable right now; nothing was changed, try again in a moment"


def is_unavailable(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached for now (SQLAlchemy's wrapper or
    the driver's own exception, SQLite's or psycopg's)."""
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return True
        exc = exc.orig if exc.orig is not None else exc
    return any(kind.__name__ in _TRANSIENT for kind in type(exc).__mro__)
