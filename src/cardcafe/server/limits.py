"""What one client, and the server as a whole, may hold at once (`cardcafe serve` options).

Over a limit, a request gets HTTP 429 (too many) or 413 (too large) with a one-line JSON
`detail`, and a socket gets an error message and is closed; nothing else changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ServerLimits:
    open_tables_per_client: int = 100  # unfinished tables (open or in play) from one address
    open_tables: int = 2000  # unfinished tables on the whole server
    sockets_per_table: int = 64  # players and watchers connected to one table
    sockets_per_client: int = 64  # sockets one address keeps open, all tables together
    body_bytes: int = 64 * 1024  # an HTTP request's body (a create-table request is < 2 KiB)
    message_bytes: int = 64 * 1024  # a WebSocket frame the server reads at all


class TooMany(Exception):
    """A limit on how many things a client or the server holds; the text says which."""


def too_large_detail(limit: int) -> str:
    return f"request body too large: the limit is {limit} bytes"


class BodyLimit:
    """ASGI middleware: an HTTP body over `limit` bytes is answered 413 before the app sees
    it (by its Content-Length, or while it streams in), and never echoed back."""

    def __init__(self, app: Any, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                await _reply(send, 400, "bad Content-Length header")
                return
            if size > self.limit:
                await _reply(send, 413, too_large_detail(self.limit))
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _reply(send, 413, too_large_detail(self.limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _reply(send: Any, status: int, detail: str) -> None:
    payload = json.dumps({"detail": detail}).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
