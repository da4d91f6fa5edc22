"""Any process answers for any table: what a process receives for a table another process
owns, it relays to the owner (ASGI middleware).

A table's page, its API routes and its WebSocket (`/table/ID`, `/api/tables/ID/...`,
`/ws/ID`) go to the owner as they came: an HTTP request is forwarded and its answer passed
back; a WebSocket is joined to one opened on the owner, frames copied both ways unchanged
(the owner builds every snapshot, so what a seat receives is exactly what the owner sends).
A relayed request carries the site's secret and the client's address, so the owner serves it
itself (a request is relayed at most once) and counts it against the right client's limits.
Before a WebSocket is relayed, the owner is asked to hand the table here instead
(`Cluster.hand_over`: it does when no client is connected to the table on it directly).

While an owner that died still holds its tables (at most `lease.NODE_TTL` seconds), a relay
waits and tries again; once the table is free it is taken over here and served here.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import httpx
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger(__name__)

TABLE_PATH = re.compile(r"^/(?:api/tables|table|ws)/([^/]+)")
# Between the site's processes only (the secret is asked): "hand me this table".
HAND_OVER = "/_site/hand-over/"
HAND_OVER_PATH = re.compile(r"^/_site/hand-over/([^/]+)$")
RELAYED = "cardcafe.relayed"  # in a relayed request's ASGI scope: it came through another process
SECRET_HEADER = "x-cardcafe-relay"  # the site's relay secret: a request from another process
CLIENT_HEADER = "x-cardcafe-client"  # the client's address as the relaying process saw it
HAND_OVER_WAIT = 1.0  # seconds an owner has to answer a hand-over before the socket is relayed
TAKEOVER_WAIT = 8.0  # seconds a relay waits for a dead owner's table to be taken over
RETRY_EVERY = 0.25
# Headers that belong to one connection, not to the request (RFC 9110, 7.6.1).
HOP_BY_HOP = {
    b"connection",
    b"keep-alive",
    b"proxy-connection",
    b"transfer-encoding",
    b"upgrade",
    b"te",
    b"trailer",
    b"host",
    SECRET_HEADER.encode(),
    CLIENT_HEADER.encode(),
}
BUSY = "this table's server is being replaced; nothing was changed, try again in a moment"


class Relay:
    def __init__(self, app: Any, cluster: Cluster):
        self.app = app
        self.cluster = cluster
        self._http: httpx.AsyncClient | None = None
        self._background: set[asyncio.Task] = set()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        client = self._relayed_for(scope)
        if client is not None:  # from another process: served here, as the client's own
            handed = HAND_OVER_PATH.match(scope["path"])
            if handed is not None and scope["type"] == "http":
                return await self._hand_over(handed.group(1), receive, send)
            scope = {**scope, "client": (client, 0), RELAYED: True}
            return await self.app(scope, receive, send)
        match = TABLE_PATH.match(scope["path"])
        if match is None:
            return await self.app(scope, receive, send)
        table_id = match.group(1)
        try:
            owner = await self.cluster.locate(table_id)
        except Exception:  # the database is down: the route itself answers (503)
            owner = None
        if owner is None:
            return await self.app(scope, receive, send)
        if scope["type"] == "http":
            return await self._relay_http(table_id, owner, scope, receive, send)
        if await self._handed_here(table_id, owner, scope):  # the table comes to its player
            return await self.app(scope, receive, send)
        return await self._relay_socket(table_id, owner, scope, receive, send)

    def _relayed_for(self, scope) -> str | None:
        """The client's address if this request was relayed by a process of the site."""
        headers = dict(scope.get("headers") or ())
        secret = headers.get(SECRET_HEADER.encode())
        if not secret or not self.cluster.secret:
            return None
        if not hmac.compare_digest(secret, self.cluster.secret.encode()):
            return None
        return headers.get(CLIENT_HEADER.encode(), b"unknown").decode("latin-1")

    def _headers(self, scope) -> list[tuple[bytes, bytes]]:
        client = scope.get("client")
        kept = [(k, v) for k, v in scope.get("headers") or () if k.lower() not in HOP_BY_HOP]
        return [
            *kept,
            (SECRET_HEADER.encode(), self.cluster.secret.encode()),
            (CLIENT_HEADER.encode(), (client[0] if client else "unknown").encode("latin-1")),
        ]

    async def _unreachable(self, owner: str, exc: BaseException) -> None:
        """A refused connection (nobody listens at the owner's address: it died) frees its
        tables at once; a timeout proves nothing, and waits for its lease to lapse."""
        while exc is not None and not isinstance(exc, ConnectionRefusedError):
            exc = exc.__cause__ or exc.__context__
        if exc is not None:
            with contextlib.suppress(Exception):  # the database is down: the lease lapses
                await self.cluster.refused(owner)

    async def _next_owner(self, table_id: str, deadline: float) -> str | bool | None:
        """After the owner could not be reached: the address to try next, None when the
        table is to be served here (taken over), False once `deadline` has passed."""
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(RETRY_EVERY)
        with contextlib.suppress(Exception):
            return await self.cluster.locate(table_id)
        return False if time.monotonic() > deadline else ""

    # -- a table handed to the process its player reached ---------------------------------
    async def _handed_here(self, table_id: str, owner: str, scope) -> bool:
        """Ask the owner to hand the table to this process (`Cluster.hand_over`), which a
        player's socket for it has reached: True once it is held here. The owner answers at
        once or not at all (`HAND_OVER_WAIT`): a frozen owner must not hold up the relay and
        its takeover. An answer that never came may still have moved the lease here: the
        table is then loaded here anyway, in the background."""
        token = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("token")
        if not self.cluster.follows_players or not token:
            return False  # a watcher's socket moves no table
        try:
            answer = await self._client().post(
                owner + HAND_OVER + table_id,
                headers={SECRET_HEADER: self.cluster.secret},
                json={"to": self.cluster.node, "token": token[0]},
                timeout=HAND_OVER_WAIT,
            )
        except httpx.TimeoutException:  # it may have handed it all the same
            self._spawn(self.cluster.adopt(table_id, None, time.monotonic()))
            return False
        except httpx.HTTPError:  # unreachable: the relay finds out why
            return False
        answered = time.monotonic()
        if answer.status_code != 200:
            return False  # it stays where it is: the socket is relayed
        try:
            await self.cluster.adopt(table_id, answer.json(), answered)
        except Exception:  # the database is down: the app answers for the table (503)
            log.warning("table %s was handed here but could not be loaded yet", table_id)
        return True

    async def _hand_over(self, table_id: str, receive, send) -> None:
        """The owner's side: another process asks for a table whose player reached it."""
        body = await _body(receive)
        if body is None:
            return
        try:
            asked = json.loads(body)
            node, token = str(asked["to"]), asked.get("token")
        except (ValueError, KeyError, TypeError, AttributeError):
            return await _json(send, 400, "a hand-over names the process to hand to")
        carried = await self.cluster.hand_over(table_id, node, str(token) if token else None)
        if carried is None:
            return await _json(send, 409, "the table stays with its owner")
        return await _json(send, 200, None, carried)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._background.discard)

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=httpx.Timeout(30.0, connect=2.0))
        return self._http

    # -- HTTP ---------------------------------------------------------------------------------
    async def _relay_http(self, table_id: str, owner: str, scope, receive, send) -> None:
        body = await _body(receive)  # small (the outer BodyLimit bounds it), may be sent twice
        if body is None:
            return
        target = _target(scope)
        deadline = time.monotonic() + TAKEOVER_WAIT
        while True:
            if owner:
                request = self._client().build_request(
                    scope["method"],
                    owner + target,
                    headers=self._headers(scope),
                    content=body,
                )
                try:
                    response = await self._client().send(request, stream=True)
                    break
                except httpx.TransportError as exc:
                    log.info("owner of table %s at %s unreachable: %s", table_id, owner, exc)
                    await self._unreachable(owner, exc)
            owner = await self._next_owner(table_id, deadline)
            if owner is None:  # taken over here: the app answers, from the same body
                return await self.app(scope, _replay_body(body), send)
            if owner is False:
                return await _json(send, 503, BUSY)
        try:
            headers = [(k, v) for k, v in response.headers.raw if k.lower() not in HOP_BY_HOP]
            await send(
                {"type": "http.response.start", "status": response.status_code, "headers": headers}
            )
            async for chunk in response.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            await response.aclose()

    # -- WebSocket ------------------------------------------------------------------------------
    async def _relay_socket(self, table_id: str, owner: str, scope, receive, send) -> None:
        target = _target(scope)
        deadline = time.monotonic() + TAKEOVER_WAIT
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in self._headers(scope)]
        headers = [(k, v) for k, v in headers if not k.startswith("sec-websocket")]
        while True:
            if owner:
                try:
                    upstream = await connect(
                        "ws" + owner.removeprefix("http") + target,
                        additional_headers=headers,
                        compression=None,  # a hop on the site's own network: not worth the CPU
                        max_size=None,  # the owner's and this process's own limits apply
                        open_timeout=2,
                        ping_interval=None,
                    )
                    break
                except (OSError, TimeoutError, InvalidHandshake) as exc:
                    log.info("owner of table %s at %s unreachable: %s", table_id, owner, exc)
                    await self._unreachable(owner, exc)
            owner = await self._next_owner(table_id, deadline)
            if owner is None:  # taken over here
                return await self.app(scope, receive, send)
            if owner is False:
                socket = WebSocket(scope, receive, send)
                await socket.accept()
                await socket.send_json({"type": "error", "message": BUSY, "version": None})
                await socket.close(code=1013)  # try again later: the page reconnects
                return
        socket = WebSocket(scope, receive, send)
        await socket.accept()
        async with upstream:
            await _pipe(socket, upstream)


async def _pipe(socket: WebSocket, upstream) -> None:
    """Copy frames both ways until one side closes; then close the other as it was closed
    (the owner went away without a word: 1012, "service restart", and the page reconnects)."""

    async def client_to_owner() -> bool:
        """Until the client leaves (True) or the owner is gone as a frame is copied (False)."""
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return True
                data = message.get("text")
                await upstream.send(data if data is not None else message.get("bytes", b""))
        except WebSocketDisconnect:
            return True
        except ConnectionClosed:
            return False

    async def owner_to_client() -> None:
        """Until the owner closes (or the client can no longer be written to)."""
        with contextlib.suppress(ConnectionClosed, WebSocketDisconnect, RuntimeError, OSError):
            async for frame in upstream:
                if isinstance(frame, str):
                    await socket.send_text(frame)
                else:
                    await socket.send_bytes(frame)

    up = asyncio.ensure_future(client_to_owner())
    down = asyncio.ensure_future(owner_to_client())
    try:
        done, _ = await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (up, down):
            task.cancel()
    client_left = up in done and up.result()
    if not client_left:  # the owner closed: tell the client the same
        received = upstream.protocol.close_rcvd
        code = received.code if received is not None else 1012
        reason = received.reason if received is not None else ""
        with contextlib.suppress(Exception):
            await socket.close(code=code, reason=reason)
    else:
        with contextlib.suppress(Exception):
            await upstream.close()


def _target(scope) -> str:
    """The request's path and query as the client sent them (still percent-encoded)."""
    path = (scope.get("raw_path") or scope["path"].encode()).decode("latin-1")
    query = scope.get("query_string") or b""
    return path + ("?" + query.decode("latin-1") if query else "")


async def _body(receive) -> bytes | None:
    """A request's whole body (None: the client left before sending it all)."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        if not message.get("more_body"):
            return bytes(body)


def _replay_body(body: bytes):
    sent = False

    async def receive():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # nothing more: the client's disconnect is not known here
        return {"type": "http.disconnect"}

    return receive


async def _json(send, status: int, detail: str | None, content: Any = None) -> None:
    body = json.dumps({"detail": detail} if content is None else content).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
