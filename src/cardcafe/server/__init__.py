"""The online play server: lobby, tables, seats, WebSocket play and persistence.

`create_app(db_url)` builds the FastAPI application; `cardcafe serve` runs it with uvicorn.
The wire contract with the browser is docs/protocol.md.
"""

from .app import create_app

__all__ = ["create_app"]
