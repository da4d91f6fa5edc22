"""The lobby: every table of this server, their creation, seats, restoration and records."""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from cardcafe import games
from cardcafe.engine import BadInput, GameError, Record
from cardcafe.engine.options import options_to_json

from . import seatbots
from .cluster import Cluster
from .limits import ServerLimits, TooMany
from .messages import CreateTable
from .names import friendly_name
from .options import check_online_options, with_server_defaults
from .store import SeatRecord, Store, TableRecord
from .table import (
    EXPIRED,
    FINISHED,
    HUMAN,
    OPEN,
    PLAYING,
    Refused,
    Table,
    claim_token,
    hash_token,
)
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
        open_ttl: float = 24 * 3600.0,
        absent_seconds: float = 120.0,
        limits: ServerLimits | None = None,
        cluster_address: str | None = None,
    ):
        """`cluster_address` (PostgreSQL only): this process is one of a site's several
        processes, which reach it at that base URL (cluster.py); None: it is the only one."""
        self.store = store
        self.limits = limits or ServerLimits()
        # Who created each table still in memory (its client address), for the per-client
        # limit; a restart forgets it, which only ever lets a client create more.
        self.creators: dict[str, str] = {}
        self.sockets_by_client: dict[str, int] = {}
        self.writer = MoveWriter(store)
        self.bot_delay = bot_delay
        self.allow_seed = allow_seed
        self.bot_limits = bot_limits or seatbots.BotLimits()
        # Seconds a bot's move may take, waiting for a thread included, before the game's
        # quick stand-in moves instead (a hint is refused instead).
        self.move_deadline = 2 * self.bot_limits.seconds + 2.0
        self.finished_ttl = finished_ttl  # seconds a finished, unwatched table stays in memory
        # Seconds an open table may wait with no claim or leave before it expires; a table
        # in play whose players have all been gone that long leaves the lobby's list.
        self.open_ttl = open_ttl
        # Seconds a player must be offline before the others may let a bot play their seat.
        self.absent_seconds = absent_seconds
        self._sweeper: asyncio.Task | None = None
        self.tables: dict[str, Table] = {}
        # Bots think here, off the event loop, so a slow search never holds up other tables.
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bot")
        self._create_lock = asyncio.Lock()
        self.cluster = Cluster(self, cluster_address) if cluster_address is not None else None

    def forget(self, table: Table) -> None:
        """Drop `table` from memory (finished and unwatched: the database keeps it)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.creators.pop(table.id, None)

    # -- life -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the database, then rebuild every unfinished table by replay and resume it
        (on a site of several processes: every one no live process owns)."""
        await asyncio.to_thread(self.store.migrate)
        if self.cluster is not None:  # this process takes the tables no live process owns
            await self.cluster.start()
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
            return
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
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Now and then: expire open tables idle for longer than `open_ttl`, and let a bot
        play the seats nobody can act for (`stand_in_for_unseen`)."""
        while True:
            await asyncio.sleep(min(60.0, max(0.05, min(self.open_ttl, self.absent_seconds) / 4)))
            try:
                await self.expire_stale()
                await self.stand_in_for_unseen()
            except Exception:  # a failed sweep is retried at the next one
                log.exception("sweeping stale tables and seats failed")

    async def stand_in_for_unseen(self) -> list[tuple[str, int]]:
        """A bot plays each seat claimed whose player has not come to the table for
        `absent_seconds` while nobody else is there (`Table.nobody_can_act_for`: maybe the
        claim's answer never reached them, and without a turn clock the table would wait for
        ever; issue 15, D9). The player takes the seat back by opening the table. The (table,
        seat) pairs handed over."""
        handed = []
        for table in list(self.tables.values()):
            for seat in list(table.unseen):
                if not table.nobody_can_act_for(seat):
                    continue
                async with table.lock:
                    if not table.nobody_can_act_for(seat):
                        continue
                    await self._hand_over(table, table.seats[seat], conceded=False)
                    table.unseen.pop(seat, None)
                log.info("table %s: a bot plays seat %d, claimed but never come to", table.id, seat)
                handed.append((table.id, seat))
        return handed

    async def expire_stale(self) -> list[str]:
        """Expire every open table with no claim or leave for `open_ttl` seconds: it leaves
        the lobby and memory, and its page says it expired. The ids expired."""
        now = datetime.now(UTC)
        gone = []
        for table in list(self.tables.values()):
            if table.status != OPEN or (now - table.active_at).total_seconds() < self.open_ttl:
                continue
            async with table.lock:
                if table.status != OPEN:
                    continue
                await asyncio.to_thread(self.store.set_status, table.id, EXPIRED)
                table.status = EXPIRED
                table.broadcast()
                table.stop()
            self.tables.pop(table.id, None)
            self.creators.pop(table.id, None)
            gone.append(table.id)
        return gone

    def _bound_bots(self, table: Table) -> None:
        """A restored seat whose bot asks for more than this server allows (a table from
        before the limits, or from a server with higher ones) is played by the stand-in."""
        for s in table.seats:
            spec = table.controller(s.seat)
            if spec != HUMAN and not seatbots.within_limits(spec, self.bot_limits):
                log.warning("table %s seat %d: bot %r is over the limits", table.id, s.seat, spec)
                s.replaced_by = seatbots.stand_in(table.game)

    async def restore(self, rec: TableRecord) -> Table | None:
        """Hold a stored table here again, rebuilt by replay (in a thread), its bots and clock
        resumed; None (logged) if its stored moves no longer replay."""
        try:
            table = await asyncio.to_thread(Table, self, rec)
        except GameError:
            log.exception("table %s cannot be restored; it is left as it is", rec.id)
            return None
        self._bound_bots(table)
        self.tables[rec.id] = table
        table.schedule()
        return table

    def drop(self, table_id: str) -> None:
        """Let go of a table another process took over: its sockets close (their clients
        reconnect, through the new owner) and its bots and clock stop here."""
        table = self.tables.pop(table_id, None)
        self.creators.pop(table_id, None)
        if table is not None:
            table.stop()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            table.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.store.close)

    # -- lobby ----------------------------------------------------------------------------
    def _check_room(self, client: str | None) -> None:
        """TooMany if the server, or this client, already has as many unfinished tables as
        it may (an open table waits for players; a table in play of bots only is work)."""
        unfinished = [t for t in self.tables.values() if t.status in (OPEN, PLAYING)]
        if len(unfinished) >= self.limits.open_tables:
            raise TooMany(
                f"this server has {len(unfinished)} tables going, its limit: try again later"
            )
        mine = sum(1 for t in unfinished if client and self.creators.get(t.id) == client)
        if mine >= self.limits.open_tables_per_client:
            raise TooMany(
                f"you already have {mine} unfinished table{'s' if mine != 1 else ''} here, the "
                "most one address may have: finish or leave some first"
            )

    async def create(self, body: CreateTable, client: str | None = None) -> Table:
        """A new table from `body` for the client at address `client`."""
        self._check_room(client)
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
        options = with_server_defaults(game, body.options)
        # Validates players and options; the table keeps every option, defaults included, so
        # a later change of a default never changes a game in progress.
        dealt = game.new(body.players, seed=seed, **options)
        bank = body.bank_seconds if body.turn_seconds else None
        for seat in body.invite_only:
            if not 0 <= seat < body.players or kinds[seat] != HUMAN:
                raise BadInput(f"invite_only: seat {seat} is not a seat for a person")
        invites = {seat: secrets.token_urlsafe(12) for seat in set(body.invite_only)}
        rec = TableRecord(
            id=secrets.token_urlsafe(9),
            game=game.id,
            players=body.players,
            options=options_to_json(dealt.options, full=True),
            seed=seed,
            turn_seconds=body.turn_seconds,
            status=PLAYING if HUMAN not in kinds else OPEN,
            seats=[
                SeatRecord(
                    i,
                    kind,
                    None,
                    None,
                    None,
                    (bank or 0.0) if body.turn_seconds else None,
                    hash_token(invites[i]) if i in invites else None,
                )
                for i, kind in enumerate(kinds)
            ],
            moves=[],
        )
        table = await self._open(rec)
        table.invites = invites  # shown once, in the answer to the create request
        if client:
            self.creators[table.id] = client
        return table

    async def _open(self, rec: TableRecord) -> Table:
        await asyncio.to_thread(self.store.create_table, rec)
        table = Table(self, rec)
        self.tables[rec.id] = table
        table.schedule()
        if self.cluster is not None:  # in the site's lobby at once, not at the next beat
            await self.cluster.publish(table)
        return table

    def listing(self, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        """The tables the lobby lists: open ones first, then games in play with a player there
        or a move within `open_ttl` (each group the newest first); one page of them."""
        now = datetime.now(UTC)

        def listed(t: Table) -> bool:
            if t.status == OPEN:
                return True
            recent = (now - t.active_at).total_seconds() < self.open_ttl
            return t.status == PLAYING and (recent or t.is_watched())

        # Newest first by when the table came to this server (a stable order: ordering by
        # last move would reshuffle pages while a client turns them).
        newest_first = reversed([t for t in self.tables.values() if listed(t)])
        shown = sorted(newest_first, key=lambda t: t.status != OPEN)
        return [t.public_summary() for t in shown[offset : offset + limit]]

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if self.cluster is not None:  # held here, or taken over (Elsewhere: it is not ours)
            table = await self.cluster.take(table_id)
            if table is None:
                raise NotFound(f"there is no table {table_id!r}")
            return table
        rec = await asyncio.to_thread(self.store.load, table_id)
        if rec is None:
            raise NotFound(f"there is no table {table_id!r}")
        # a finished table from before a restart (read-only), replayed in a thread
        table = await asyncio.to_thread(Table, self, rec)
        self.tables[table_id] = table
        return table

    async def claim(
        self,
        table_id: str,
        seat: int,
        name: str | None,
        invite: str | None = None,
        request_id: str | None = None,
    ) -> tuple[str, str]:
        """Sit a person at a free seat: (their secret token, their name at the table). An
        invite-only seat needs its seat link's invitation; no name: a friendly one is made.
        A claim naming its `request_id` is answered again, the same, when sent again (its
        answer lost on the way), even once the game has started."""
        table = await self.get(table_id)
        async with table.lock:
            s = _seat(table, seat)
            if s.kind != HUMAN:
                raise Refused(f"seat {seat + 1} is played by the {s.kind} bot")
            token = claim_token(table_id, seat, request_id) if request_id else None
            if token and s.token_hash and hmac.compare_digest(hash_token(token), s.token_hash):
                assert s.name is not None
                return token, s.name
            if table.status == EXPIRED:
                raise Refused("this table expired: nobody sat down at it for too long")
            if table.status != OPEN:
                raise Refused("the game has started: seats can no longer be claimed")
            if s.token_hash is not None:
                raise Refused(f"seat {seat + 1} is taken")
            if s.invite_hash is not None and (
                not invite or not hmac.compare_digest(hash_token(invite), s.invite_hash)
            ):
                raise Refused(
                    f"seat {seat + 1} is kept for an invited player: open the seat link you "
                    "were sent"
                )
            taken = [x.name for x in table.seats if x.name]
            name = name.strip() if name else friendly_name(taken)
            token = token or secrets.token_urlsafe(32)
            s.token_hash, s.name = hash_token(token), name
            ready = all(x.kind != HUMAN or x.token_hash for x in table.seats)
            status = PLAYING if ready else None
            try:
                await asyncio.to_thread(self.store.update_seat, table.id, s, status)
            except Exception:
                s.token_hash, s.name = None, None
                raise
            table.active_at = datetime.now(UTC)
            table.unseen[seat] = time.monotonic()
            if ready:
                table.status = PLAYING
                table.schedule()
            table.broadcast()
            return token, name

    async def leave(self, table_id: str, seat: int, token: str) -> None:
        table = await self.get(table_id)
        async with table.lock:
            s = _seat(table, seat)
            if table.seat_for_token(token) != seat:
                raise Refused("that token does not hold this seat")
            if table.status in (FINISHED, EXPIRED):
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
            table.active_at = datetime.now(UTC)
            if table.status == PLAYING:
                table.schedule()
            table.broadcast()

    # -- absent players -------------------------------------------------------------------
    async def concede(self, table_id: str, seat: int, token: str) -> None:
        """The player gives up: a bot finishes the game for the seat, which shows as
        conceded; the player keeps their token (to watch, and for their replay)."""
        table = await self.get(table_id)
        async with table.lock:
            s = self._own_seat(table, seat, token)
            if s.conceded:
                raise Refused("you have conceded already")
            await self._hand_over(table, s, conceded=True)

    async def hand_to_bot(self, table_id: str, seat: int, token: str) -> None:
        """Another player at the table (or the seat's own) lets a bot play `seat`: allowed
        once its player has been offline for `absent_seconds`. The player takes the seat back
        by coming back to the table."""
        table = await self.get(table_id)
        async with table.lock:
            asker = table.seat_for_token(token)
            if asker is None:
                raise Refused("only a player at this table may hand a seat to a bot")
            s = _seat(table, seat)
            if table.status != PLAYING:
                raise Refused("the game is not in play")
            if table.controller(seat) != HUMAN:
                raise Refused(f"a bot already plays seat {seat + 1}")
            if asker != seat and not table.presence(seat)["can_hand_to_bot"]:
                wait = self.absent_seconds
                raise Refused(
                    f"{table.names()[seat]} is still here or has been away for less than "
                    f"{_duration(wait)}"
                )
            await self._hand_over(table, s, conceded=False)

    async def take_back(self, table: Table, seat: int) -> None:
        """A player a bot stood in for (handed over while away) is back: they play again."""
        async with table.lock:
            s = table.seats[seat]
            if not s.replaced_by or s.conceded or s.token_hash is None:
                return
            if table.status != PLAYING:
                return
            old = s.replaced_by
            s.replaced_by = None
            try:
                await asyncio.to_thread(self.store.update_seat, table.id, s)
            except Exception:
                s.replaced_by = old
                raise
            table.schedule()
            table.broadcast()

    def _own_seat(self, table: Table, seat: int, token: str) -> SeatRecord:
        s = _seat(table, seat)
        if table.seat_for_token(token) != seat:
            raise Refused("that token does not hold this seat")
        if table.status != PLAYING:
            raise Refused("the game is not in play")
        return s

    async def _hand_over(self, table: Table, s: SeatRecord, conceded: bool) -> None:
        old = (s.replaced_by, s.conceded)
        s.replaced_by = seatbots.stand_in(table.game)
        s.conceded = s.conceded or conceded
        try:
            await asyncio.to_thread(self.store.update_seat, table.id, s)
        except Exception:
            s.replaced_by, s.conceded = old
            raise
        table.active_at = datetime.now(UTC)
        table.schedule()
        table.broadcast()

    # -- after the game -------------------------------------------------------------------
    async def rematch(self, table_id: str, token: str) -> Table:
        """The same game with the same seats and a new deal: each person keeps their seat
        and their token (their link opens the new table), bots stay bots. Asked again, the
        same new table."""
        table = await self.get(table_id)
        async with table.lock:
            if table.status != FINISHED:
                raise Refused("a rematch starts when the game is over")
            if table.seat_for_token(token) is None:
                raise Refused("only a player at this table may ask for a rematch")
            if table.rec.rematch_id:
                return await self.get(table.rec.rematch_id)
            old = table.rec
            seats = [
                SeatRecord(
                    s.seat,
                    s.kind,
                    s.name if s.token_hash else None,
                    s.token_hash,
                    None,
                    0.0 if old.turn_seconds else None,
                    s.invite_hash,
                )
                for s in old.seats
            ]
            ready = all(s.kind != HUMAN or s.token_hash for s in seats)
            rec = TableRecord(
                id=secrets.token_urlsafe(9),
                game=old.game,
                players=old.players,
                options=old.options,
                seed=secrets.randbits(63),
                turn_seconds=old.turn_seconds,
                status=PLAYING if ready else OPEN,
                seats=seats,
                moves=[],
            )
            new = await self._open(rec)
            await asyncio.to_thread(self.store.set_rematch, table.id, rec.id)
            old.rematch_id = rec.id
            table.broadcast()  # everyone at the old table is taken to the new one
            return new

    async def history(
        self, game: str | None, player: str | None, limit: int, offset: int
    ) -> dict[str, Any]:
        """Finished games, the most recent first, filtered by game and part of a player's
        name: names, scores and winners (public), with links to the replay and record."""
        total, rows = await asyncio.to_thread(self.store.history, game, player, limit, offset)
        items = []
        for row in rows:
            result = row["result"]
            try:
                game = games.get(row["game"])
            except GameError:
                title, worded = row["game"], [str(score) for score in result.get("scores") or []]
            else:
                title = game.title
                worded = [game.score_words(score) for score in result.get("scores") or []]
            items.append(
                {
                    **result,
                    "score_words": worded,  # "13 Coffee": each score in its game's unit
                    "id": row["id"],
                    "game": row["game"],
                    "title": title,
                    "finished_at": row["finished_at"],
                    "replay_url": f"/table/{row['id']}?replay=1",
                    "record_url": f"/api/tables/{row['id']}/record",
                }
            )
        return {"total": total, "limit": limit, "offset": offset, "games": items}

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
        # A player who conceded reads their seat by its name, as at the table (table.py, _log).
        you = seat is None or not table.seats[seat].conceded
        steps = await asyncio.to_thread(_replay_steps, record, seat, table.words_names(), you)
        return {
            "table": table.id,
            "game": record.game,
            "seat": seat,
            "names": table.names(),
            "steps": steps,
        }


def _replay_steps(
    record: Record, seat: int | None, names: list[str], you: bool = True
) -> list[dict[str, Any]]:
    """One step per version; `turn` counts whole turns (a player's actions in a row are one
    turn), so a replay can step turn by turn: a step whose next step has another `turn`
    ends one."""
    steps = []
    seen = 0
    turn, mover = 0, None
    for version, state in enumerate(games.get(record.game).states(record)):
        new = state.log_json(seat, names, start=seen, you=you)
        seen += len(new)
        steps.append(
            {"version": version, "turn": turn, "view": state.view(seat, names), "log": new}
        )
        if version < len(record.actions):  # who makes the next move: a new turn if another
            actor = state.current_player
            if actor != mover:
                turn, mover = turn + 1, actor
    return steps


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} seconds"


def _seat(table: Table, seat: int):
    if not 0 <= seat < len(table.seats):
        raise NotFound(f"table {table.id} has no seat {seat}")
    return table.seats[seat]
