"""The FastAPI application: HTTP lobby, HTML pages, static files and the play WebSocket.

docs/protocol.md is the contract these routes keep.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError

from cardcafe import games
from cardcafe.engine import GameError, OptionError
from cardcafe.engine.options import options_from_json
from cardcafe.guides.reference import for_players
from cardcafe.web import STATIC_DIR

from . import pages
from .allow import answer_with_every_allowed_method
from .cluster import Elsewhere
from .guide_routes import router as guide_router
from .hub import Hub, NotFound
from .lease import LeaseLost
from .limits import BodyLimit, ServerLimits, TooMany
from .messages import (
    BadMessage,
    ChatMessage,
    Claim,
    CreateTable,
    HintMessage,
    Leave,
    MoveMessage,
    ResyncMessage,
    SeatRequest,
    parse_client_message,
)
from .openapi_errors import declare_errors
from .options import online_options, with_server_defaults
from .outage import UNAVAILABLE, is_unavailable
from .relay import BUSY, RELAYED, Relay
from .seatbots import BotLimits
from .store import Store, default_db_url
from .table import Connection, Refused

log = logging.getLogger(__name__)

# The furthest a listing's page may start: a database's integers end (SQLite's at 2**63), and
# an offset past them was a server error, not a refusal (schemathesis found it).
MAX_OFFSET = 10**9


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.0,
    allow_seed: bool = False,
    bot_workers: int = 2,
    bot_limits: BotLimits | None = None,
    open_ttl: float = 24 * 3600.0,
    absent_seconds: float = 120.0,
    limits: ServerLimits | None = None,
    cluster_address: str | None = None,
) -> FastAPI:
    """The server over the database at `db_url` (default: SQLite in the user data directory).

    `bot_delay` paces bot moves (seconds) so people can follow them; `allow_seed` lets a
    create-table request choose the deal (tests and benchmarks only); `bot_limits` bounds the
    work a seat's bot may ask for (`seatbots.BotLimits`: its defaults unless given);
    `open_ttl` is how long (seconds) an open table waits with nobody sitting down before it
    expires, `absent_seconds` how long a player is offline before the others may let a bot
    play for them; `limits` bounds what a client and the server hold (`limits.ServerLimits`).

    On PostgreSQL the process is one of a site's processes (cluster.py: it owns some tables,
    relays the others' to their owners, takes over a dead process's); `cluster_address` is
    the base URL the others reach it at (`cardcafe serve` gives it; without it, nobody can
    relay to this process, which is only right for a process alone).
    """
    store = Store(db_url or default_db_url())
    if not store.is_sqlite and cluster_address is None:
        cluster_address = ""
    hub = Hub(
        store,
        bot_delay=bot_delay,
        allow_seed=allow_seed,
        bot_workers=bot_workers,
        bot_limits=bot_limits,
        open_ttl=open_ttl,
        absent_seconds=absent_seconds,
        limits=limits,
        cluster_address=None if store.is_sqlite else cluster_address,
    )
    limits = hub.limits

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="cardcafe", lifespan=lifespan)
    app.state.hub = hub
    if hub.cluster is not None:  # inside the body limit: a relayed body is bounded first
        app.add_middleware(Relay, cluster=hub.cluster)
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    if STATIC_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.include_router(guide_router)

    # -- errors: always {"detail": "<clear message>"} ----------------------------------------
    @app.exception_handler(GameError)
    async def _game_error(_request: Request, exc: GameError) -> JSONResponse:
        if isinstance(exc, OptionError) and exc.game_id:
            # A lobby shows the option by its label, and can point at its field.
            words = games.get(exc.game_id).option_error_words(exc)
            return JSONResponse({"detail": words, "option": exc.option}, status_code=400)
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(Refused)
    async def _refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    @app.exception_handler(NotFound)
    async def _not_found(_request: Request, exc: NotFound) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=404)

    @app.exception_handler(Elsewhere)
    async def _elsewhere(_request: Request, _exc: Elsewhere) -> JSONResponse:
        return JSONResponse({"detail": BUSY}, status_code=503)

    @app.exception_handler(LeaseLost)
    async def _lease_lost(_request: Request, exc: LeaseLost) -> JSONResponse:
        # Another process took the table over (this one was thought dead): let it go now,
        # so the next request reaches the new owner; nothing was stored.
        for table_id in exc.args[0]:
            hub.drop(table_id)
        return JSONResponse({"detail": BUSY}, status_code=503)

    @app.exception_handler(TooMany)
    async def _too_many(_request: Request, exc: TooMany) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=429)

    async def _database_error(_request: Request, exc: Exception) -> JSONResponse:
        if is_unavailable(exc):
            log.warning("database unavailable: %s", exc)
            return JSONResponse({"detail": UNAVAILABLE}, status_code=503)
        log.error("database error", exc_info=exc)
        return JSONResponse({"detail": "internal error: the server could not do that"}, 500)

    app.add_exception_handler(DBAPIError, _database_error)
    app.add_exception_handler(sqlite3.Error, _database_error)

    answer_with_every_allowed_method(app)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where or 'body'}: {err.get('msg')}")
        return JSONResponse({"detail": "bad request: " + "; ".join(parts)}, status_code=422)

    # -- pages ------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request):
        return pages.render("lobby.html", request, title="cardcafe", games=_games_json())

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: str):
        try:
            table = await hub.get(table_id)
        except NotFound:
            return pages.render(
                "table.html", request, status=404, table_id=table_id, game=None, title="No table"
            )
        return pages.render(
            "table.html",
            request,
            table_id=table.id,
            game=table.game.id,
            title=table.game.title,
            # The guide under this table's options: the cards they leave out of its deal are
            # marked "not in this game" (with none the guide speaks of every card).
            guide_url=f"/guide/{table.game.id}?options={quote(json.dumps(table.rec.options))}",
        )

    @app.get("/history", include_in_schema=False)
    async def history_page(request: Request):
        return pages.render("history.html", request, title="Finished games", games=_games_json())

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(request: Request, game_id: str):
        game = games.get(game_id)
        return pages.render(
            "rules.html",
            request,
            game=game.id,
            title=game.title,
            rules_html=pages.rules_html(for_players(game.rules_text())),
        )

    # -- lobby API --------------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return _games_json()

    @app.get("/api/games/{game_id}/catalogue")
    async def api_catalogue(game_id: str, options: str | None = None) -> dict[str, Any]:
        """Every card of the game with its name and effect in players' words, and the rest
        of its presentation data; `options` (JSON, as a table's) for display options, this
        server's defaults where they say nothing (as a new table's)."""
        game = games.get(game_id)
        return game.catalogue(**with_server_defaults(game, options_from_json(options)))

    @app.get("/api/tables/{table_id}/catalogue")
    async def api_table_catalogue(table_id: str) -> dict[str, Any]:
        """The catalogue under this table's options (its display names)."""
        return (await hub.get(table_id)).state.catalogue

    @app.get("/api/tables")
    async def api_tables(
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    ) -> list[dict[str, Any]]:
        """Open tables, then games in play (one page: `limit` from `offset`)."""
        if hub.cluster is not None:  # the whole site's, from every process's lobby rows
            return await hub.cluster.listing(limit, offset)
        return hub.listing(limit, offset)

    @app.get("/api/health")
    async def api_health() -> dict[str, Any]:
        """For a load balancer's health check: this process answers (and, on a site of
        several processes, which one it is and how many tables it holds)."""
        return {
            "ok": True,
            "process": hub.cluster.node if hub.cluster is not None else None,
            "tables": len(hub.tables),
        }

    @app.get("/api/history")
    async def api_history(
        game: Annotated[str | None, Query(max_length=64)] = None,
        player: Annotated[str | None, Query(max_length=40)] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    ) -> dict[str, Any]:
        """Finished games, the most recent first, by game and part of a player's name."""
        return await hub.history(game or None, (player or "").strip() or None, limit, offset)

    @app.post("/api/tables")
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        table = await hub.create(body, _address(request))
        return {
            "id": table.id,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "join_url": _join_url(table.id, s.seat, table.invites.get(s.seat))
                    if s.kind == "human"
                    else None,
                    "invite_only": s.seat in table.invites,
                }
                for s in table.seats
            ],
            "spectate_url": f"/table/{table.id}",
        }

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str) -> dict[str, Any]:
        return (await hub.get(table_id)).public_summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/claim")
    async def api_claim(table_id: str, seat: int, body: Claim | None = None) -> dict[str, Any]:
        body = body or Claim()
        token, name = await hub.claim(table_id, seat, body.name, body.invite, body.request_id)
        return {
            "token": token,
            "seat": seat,
            "table": table_id,
            "name": name,
            # Opens this seat in any browser: shown once, kept by the player.
            "recovery_url": f"/table/{table_id}#token={token}",
        }

    @app.post("/api/tables/{table_id}/seats/{seat}/leave")
    async def api_leave(table_id: str, seat: int, body: Leave) -> dict[str, Any]:
        await hub.leave(table_id, seat, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/concede")
    async def api_concede(table_id: str, seat: int, body: SeatRequest) -> dict[str, Any]:
        await hub.concede(table_id, seat, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def api_hand_to_bot(table_id: str, seat: int, body: SeatRequest) -> dict[str, Any]:
        """Let a bot play an absent player's seat (asked by a player at the table)."""
        await hub.hand_to_bot(table_id, seat, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(table_id: str, body: SeatRequest) -> dict[str, Any]:
        new = await hub.rematch(table_id, body.token)
        return {"id": new.id, "url": f"/table/{new.id}", "seat": new.seat_for_token(body.token)}

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> Response:
        record = await hub.record(table_id)
        return Response(
            record.to_json(),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{record.game}-{table_id}.json"'
            },
        )

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str, token: str | None = None) -> dict[str, Any]:
        return await hub.replay(table_id, token)

    declare_errors(app)

    # -- play -------------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None, deltas: str = ""):
        await websocket.accept()
        try:
            table = await hub.get(table_id)
        except NotFound as exc:
            await websocket.send_json({"type": "error", "message": str(exc), "version": None})
            await websocket.close(code=4404)
            return
        except Elsewhere:  # moved to another process meanwhile: the page reconnects there
            await websocket.send_json({"type": "error", "message": BUSY, "version": None})
            await websocket.close(code=1013)
            return
        except Exception as exc:
            if not is_unavailable(exc):
                raise
            await websocket.send_json({"type": "error", "message": UNAVAILABLE, "version": None})
            await websocket.close(code=1013)  # "try again later"
            return
        seat = None
        if token:
            seat = table.seat_for_token(token)
            if seat is None:
                await websocket.send_json(
                    {
                        "type": "error",
                        "message": "that token holds no seat at this table",
                        "version": None,
                    }
                )
                await websocket.close(code=4403)
                return
        address = _address(websocket)
        crowded = _crowded(hub, table, address)
        if crowded:
            await websocket.send_json({"type": "error", "message": crowded, "version": None})
            await websocket.close(code=4429)
            return
        hub.sockets_by_client[address] = hub.sockets_by_client.get(address, 0) + 1
        try:
            # deltas=1: snapshot deltas after the first snapshot (anything else: whole ones)
            await _play_on(websocket, hub, table, seat, deltas in ("1", "true"))
        finally:
            left = hub.sockets_by_client.pop(address, 1) - 1
            if left:
                hub.sockets_by_client[address] = left

    async def _play_on(
        websocket: WebSocket, hub: Hub, table, seat: int | None, deltas: bool
    ) -> None:
        if seat is not None and table.seats[seat].replaced_by:
            # Back at the table: a stand-in bot steps aside. (Asked only then: it waits for
            # the table's lock, which a move being stored holds.)
            await hub.take_back(table, seat)
        relayed = bool(websocket.scope.get(RELAYED))  # through another process of the site
        conn = Connection(seat, websocket.send_text, deltas, relayed)
        await table.attach(conn)
        pump = asyncio.create_task(conn.pump())
        try:
            await _serve_socket(websocket, table, conn, pump)
        finally:
            table.detach(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=1)
            pump.cancel()

    return app


async def _serve_socket(websocket: WebSocket, table, conn: Connection, pump: asyncio.Task) -> None:
    """Answer the socket's messages until it closes or its pump stops (the seat left, or the
    socket broke). The pump's end interrupts only a wait for the next message, never a move
    being handled (a move cancelled midway could be stored and yet be taken back here). One
    task and no `asyncio.wait` per message: that wait cost more than parsing the message."""
    me = asyncio.current_task()
    assert me is not None
    receiving = pump_ended = False

    def on_pump_end(_task: asyncio.Task) -> None:
        nonlocal pump_ended
        pump_ended = True
        if receiving:
            me.cancel()

    pump.add_done_callback(on_pump_end)
    try:
        while not pump_ended:
            receiving = True
            try:
                message = await websocket.receive()
            except asyncio.CancelledError:
                if not pump_ended or me.uncancel():
                    raise  # cancelled from outside (the server stopping)
                return
            finally:
                receiving = False
            if message["type"] == "websocket.disconnect":
                return
            await _handle(message, table, conn)
    finally:
        pump.remove_done_callback(on_pump_end)


async def _handle(message: dict[str, Any], table, conn: Connection) -> None:
    """One message from the socket: a move, a chat line, a hint, a ping or a resync."""
    raw = message.get("text")
    if raw is None:
        raw = message.get("bytes")
    try:
        msg = parse_client_message(raw)
    except BadMessage as exc:
        conn.put({"type": "error", "message": str(exc), "version": table.version})
        return
    try:
        if msg.type == "ping":
            conn.put({"type": "pong"})
        elif isinstance(msg, ResyncMessage):
            await table.resync(conn)
        elif isinstance(msg, MoveMessage):
            await table.submit(conn.seat, msg.version, msg.action)
        elif isinstance(msg, ChatMessage):
            table.say(conn.seat, msg.text)
        elif isinstance(msg, HintMessage):
            conn.put(await table.hint(conn.seat, msg.version))
    except Refused as exc:
        conn.put({"type": "error", "message": str(exc), "version": table.version})


def _address(connection: Request | WebSocket) -> str:
    """The client's address (behind a proxy: the proxy's, unless uvicorn is told to trust
    its forwarded headers)."""
    return connection.client.host if connection.client else "unknown"


def _crowded(hub: Hub, table, address: str) -> str | None:
    """Why one more socket at `table` from `address` is refused, or None."""
    limits = hub.limits
    if len(table.connections) >= limits.sockets_per_table:
        return f"this table is full: at most {limits.sockets_per_table} people connected"
    if hub.sockets_by_client.get(address, 0) >= limits.sockets_per_client:
        return (
            f"too many connections from your address (at most {limits.sockets_per_client}): "
            "close some tabs first"
        )
    return None


def _join_url(table_id: str, seat: int, invite: str | None) -> str:
    url = f"/table/{table_id}?seat={seat}"
    return f"{url}&invite={invite}" if invite else url


def _games_json() -> list[dict[str, Any]]:
    return [
        {
            "id": game.id,
            "title": game.title,
            "pitch": game.pitch,
            "players": [game.players.start, game.players.stop - 1],
            "options": online_options(game),
            "guide_url": f"/guide/{game.id}",
            "rules_url": f"/rules/{game.id}",
        }
        for game in games.all()
    ]
