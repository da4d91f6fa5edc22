"""The lobby: every table of this server, their creation, seats, restoration and records."""

from __future__ import annotations

import asyncio
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardcafe import games
from cardcafe.engine import BadInput, GameError, Record
from cardcafe.engine.options import options_to_json

from . import seatbots
from .messages import CreateTable
from .options import check_online_options
from .store import SeatRecord, Store, TableRecord
from .table import FINISHED, HUMAN, OPEN, PLAYING, Refused, Table, hash_token
from .writer import MoveWriter

log = logging.getLogger(__name__)


class NotFound(Exception):
    pass


class Hub:
    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        allow_seed: bool = False,
        bot_workers: int = 2,
        finished_ttl: float = 600.0,
        bot_limits: seatbots.BotLimits | None = None,
    ):
        self.store = store
        self.writer = MoveWriter(store)
        self.bot_delay = bot_delay
        self.allow_seed = allow_seed
        self.bot_limits = bot_limits or seatbots.BotLimits()
        self.finished_ttl = finished_ttl  # seconds a finished, unwatched table stays in memory
        self.tables: dict[str, Table] = {}
        # Bots think here, off the event loop, so a slow search never holds up other tables.
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bot")
        self._create_lock = asyncio.Lock()

    # -- life -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the database, then rebuild every unfinished table by replay and resume it."""
        await asyncio.to_thread(self.store.migrate)
        for rec in await asyncio.to_thread(self.store.load_unfinished):
            try:
                table = Table(self, rec)
            except GameError:
                log.exception("table %s cannot be restored; it is left as it is", rec.id)
                continue
            self._bound_bots(table)
            self.tables[rec.id] = table
            table.schedule()
        log.info("restored %d unfinished tables", len(self.tables))

    def _bound_bots(self, table: Table) -> None:
        """A restored seat whose bot asks for more than this server allows (a table from
        before the limits, or from a server with higher ones) is played by the stand-in."""
        for s in table.seats:
            spec = table.controller(s.seat)
            if spec != HUMAN and not seatbots.within_limits(spec, self.bot_limits):
                log.warning("table %s seat %d: bot %r is over the limits", table.id, s.seat, spec)
                s.replaced_by = seatbots.stand_in(table.game)

    async def stop(self) -> None:
        for table in self.tables.values():
            table.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.store.close)

    # -- lobby ----------------------------------------------------------------------------
    async def create(self, body: CreateTable) -> Table:
        game = games.get(body.game)
        if len(body.seats) != body.players:
            raise BadInput(
                f"give one seat per player: {body.players} players, {len(body.seats)} seats"
            )
        kinds = [
            s if s == HUMAN else seatbots.validate_spec(s, game, self.bot_limits)
            for s in body.seats
        ]
        if body.seed is not None and not self.allow_seed:
            raise BadInput("this server deals its own cards: 'seed' is not accepted")
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        game.check_option_names(body.options)
        check_online_options(game, body.options)
        # Validates players and options; the table keeps every option, defaults included, so
        # a later change of a default never changes a game in progress.
        dealt = game.new(body.players, seed=seed, **body.options)
        bank = body.bank_seconds if body.turn_seconds else None
        rec = TableRecord(
            id=secrets.token_urlsafe(9),
            game=game.id,
            players=body.players,
            options=options_to_json(dealt.options, full=True),
            seed=seed,
            turn_seconds=body.turn_seconds,
            status=PLAYING if HUMAN not in kinds else OPEN,
            seats=[
                SeatRecord(i, kind, None, None, None, (bank or 0.0) if body.turn_seconds else None)
                for i, kind in enumerate(kinds)
            ],
            moves=[],
        )
        await asyncio.to_thread(self.store.create_table, rec)
        table = Table(self, rec)
        self.tables[rec.id] = table
        table.schedule()
        return table

    def listing(self) -> list[dict[str, Any]]:
        return [t.public_summary() for t in self.tables.values() if t.status != FINISHED]

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        rec = await asyncio.to_thread(self.store.load, table_id)
        if rec is None:
            raise NotFound(f"there is no table {table_id!r}")
        # a finished table from before a restart (read-only), replayed in a thread
        table = await asyncio.to_thread(Table, self, rec)
        self.tables[table_id] = table
        return table

    async def claim(self, table_id: str, seat: int, name: str) -> str:
        table = await self.get(table_id)
        async with table.lock:
            s = _seat(table, seat)
            if s.kind != HUMAN:
                raise Refused(f"seat {seat} is played by the {s.kind} bot")
            if table.status != OPEN:
                raise Refused("the game has started: seats can no longer be claimed")
            if s.token_hash is not None:
                raise Refused(f"seat {seat} is taken")
            token = secrets.token_urlsafe(32)
            s.token_hash, s.name = hash_token(token), name
            ready = all(x.kind != HUMAN or x.token_hash for x in table.seats)
            status = PLAYING if ready else None
            try:
                await asyncio.to_thread(self.store.update_seat, table.id, s, status)
            except Exception:
                s.token_hash, s.name = None, None
                raise
            if ready:
                table.status = PLAYING
                table.schedule()
            table.broadcast()
            return token

    async def leave(self, table_id: str, seat: int, token: str) -> None:
        table = await self.get(table_id)
        async with table.lock:
            s = _seat(table, seat)
            if table.seat_for_token(token) != seat:
                raise Refused("that token does not hold this seat")
            if table.status == FINISHED:
                raise Refused("the game is over")
            old = (s.token_hash, s.name, s.replaced_by)
            s.token_hash = None
            if table.status == OPEN:
                s.name = None  # the seat is open again
            else:
                s.replaced_by = seatbots.stand_in(table.game)  # a bot finishes the game for them
            try:
                await asyncio.to_thread(self.store.update_seat, table.id, s)
            except Exception:
                s.token_hash, s.name, s.replaced_by = old
                raise
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.put(
                        {"type": "error", "message": "you left the table", "version": table.version}
                    )
                    table.detach(conn)
            if table.status == PLAYING:
                table.schedule()
            table.broadcast()

    # -- finished games -------------------------------------------------------------------
    async def record(self, table_id: str) -> Record:
        table = await self.get(table_id)
        if table.status != FINISHED:
            raise Refused("the record is published when the game is over")
        return table.state.record()

    async def replay(self, table_id: str, token: str | None) -> dict[str, Any]:
        """What one viewer saw, step by step: a seat's replay holds only that seat's
        information, the public replay only public information."""
        table = await self.get(table_id)
        if table.status != FINISHED:
            raise Refused("replays are published when the game is over")
        seat = None
        if token:
            seat = table.seat_for_token(token)
            if seat is None:
                raise Refused("that token holds no seat at this table")
        record = table.state.record()
        # A whole game of views: built in a thread so other tables keep playing meanwhile.
        steps = await asyncio.to_thread(_replay_steps, record, seat, table.words_names())
        return {
            "table": table.id,
            "game": record.game,
            "seat": seat,
            "names": table.names(),
            "steps": steps,
        }


def _replay_steps(record: Record, seat: int | None, names: list[str]) -> list[dict[str, Any]]:
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, **record.options)
    steps = []
    seen = 0
    for version in range(len(record.actions) + 1):
        if version:
            state.apply(game.action_from_json(record.actions[version - 1]))
        new = state.log_json(seat, names, start=seen)
        seen += len(new)
        steps.append({"version": version, "view": state.view(seat, names), "log": new})
    return steps


def _seat(table: Table, seat: int):
    if not 0 <= seat < len(table.seats):
        raise NotFound(f"table {table.id} has no seat {seat}")
    return table.seats[seat]
