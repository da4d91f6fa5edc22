"""One live table: its true state, its seats, its sockets, its bots and its turn timer.

The state never leaves this object except as `snapshot(seat)`, built only from what the engine
gives that seat (`view(seat)`, `log(seat)`, and its legal actions when it is its turn), or as a
delta between two such snapshots. Moves are applied one at a time under the table's lock,
stored, then broadcast: each seat's snapshot (and the spectators' one) is built once per change
and sent to every socket of that seat (`snapshots.Publisher`).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import math
import random
import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardcafe import games
from cardcafe.bots import bot_title
from cardcafe.bots.hint import sure_words
from cardcafe.engine import Action, BadInput, GameError, Record, State
from cardcafe.engine.words import CONCEDED

from . import seatbots
from .snapshots import Publisher, dumps
from .store import MoveWrite, SeatRecord, TableRecord

if TYPE_CHECKING:
    from .host import TableHost

log = logging.getLogger(__name__)

OPEN, PLAYING, FINISHED = "open", "playing", "finished"
EXPIRED = "expired"  # an open table nobody sat down at for too long (Hub.open_ttl)
HUMAN = "human"


class Refused(Exception):
    """A move or request the table refuses; the message is safe to show the sender."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def claim_token(table_id: str, seat: int, request_id: str) -> str:
    """The token of a claim that names its own request id: the same for the same table, seat
    and request, so the claim can be answered again (its first answer lost on the way)."""
    digest = hashlib.sha256(f"cardcafe claim {table_id} {seat} {request_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


MAX_BACKLOG = 200  # unsent messages before a socket that does not read is dropped
CHAT_KEPT = 50  # chat lines a newcomer to the table is sent
CHAT_EVERY = 1.0  # seconds between two chat lines of one seat
# A table handed to a process stays there at least this long before it may be handed on.
HELD_AT_LEAST = 1.0
HINT_EVERY = 2.0  # seconds between two hints of one seat, however many sockets it opens


def bots_rng(seed: Any, version: int) -> random.Random:
    """The chance of a table's bots and hints, rebuilt at `version` from the deal's seed."""
    return random.Random(f"bots {seed} {version}")


class Connection:
    """One WebSocket: messages to it go through a queue so a slow reader never holds a lock.

    A client that stops reading is disconnected once its backlog is full; since a reconnect
    starts with a full snapshot, reconnecting loses nothing. `deltas`: the client takes
    snapshot deltas (docs/protocol.md); `holds` is the table revision it was last sent.
    """

    def __init__(
        self,
        seat: int | None,
        send: Callable[[str], Any],
        deltas: bool = False,
        relayed: bool = False,
    ):
        """`relayed`: the socket came through another process of the site (relay.py)."""
        self.seat = seat
        self._send = send
        self.deltas = deltas
        self.relayed = relayed
        self.holds: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def put(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            self.close()
            return
        self.queue.put_nowait(message if isinstance(message, str) else dumps(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages in order until `close()`."""
        while (text := await self.queue.get()) is not None:
            await self._send(text)


class Table:
    def __init__(self, hub: TableHost, rec: TableRecord):
        self.hub = hub
        self.rec = rec
        self.id = rec.id
        self.game = games.get(rec.game)
        self.state: State = self._replayed()
        self.version = len(rec.moves)
        self.status = rec.status
        if self.state.is_over:
            self.status = FINISHED
        self.lock = asyncio.Lock()
        self.stopped = False  # let go here (`stop`): another process holds it now
        self.handed_here_at = -math.inf  # when another process handed it here (`resume`)
        self.connections: set[Connection] = set()
        self.deadline: datetime | None = None
        self._turn_started = time.monotonic()
        self._tasks: set[asyncio.Task] = set()
        self._timer: asyncio.Task | None = None
        # The bots' and hints' chance, from the deal's seed (secret unless a test server let the
        # creator choose it) and the moves so far: a seeded table plays out the same way each
        # time, and a table rebuilt mid-game (another process took it over) draws afresh.
        self._rng = bots_rng(rec.seed, self.version)
        # Presence: when each human seat was last seen leaving (monotonic seconds); a seat
        # with no socket since the table was built has been away since then.
        now = time.monotonic()
        self.away_since: dict[int, float] = {s.seat: now for s in rec.seats if s.kind == HUMAN}
        # Seats claimed here whose player no socket has come from since (monotonic claim
        # time): maybe nobody holds their token (the claim's answer was lost), so once the
        # absent-player delay is over with no one else at the table, a bot plays the seat
        # (`Hub.stand_in_for_unseen`). A table rebuilt or handed over forgets it: its players
        # are taken to hold their tokens.
        self.unseen: dict[int, float] = {}
        self.active_at = rec.active_at or datetime.now(UTC)  # the last claim, leave or move
        # A line the whole table reads about the last move (a timed-out move a bot made):
        # {"seat", "kind"}, worded per viewer in `snapshot`; None once a player moves again.
        self.notice: dict[str, Any] | None = None
        self.invites: dict[int, str] = {}  # seat -> invitation, known only at creation
        # The table's chat: the last lines, in memory only (a restart forgets them).
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._last_chat: dict[int, float] = {}
        self._last_hint: dict[int, float] = {}
        # Fair share of the bot threads: one job (a bot's move or a hint) of this table at a
        # time, so a table asking for much waits for itself, not the other tables.
        self._thinking = asyncio.Semaphore(1)
        # What the sockets are sent, built once per change and viewer (see `broadcast`), and
        # what it was built from: a state swapped in without a broadcast is noticed.
        self.publisher = Publisher(lambda seat: self.snapshot(seat))
        self._published_from: tuple[Any, ...] = ()
        # A move played on the state and not stored yet (see `_commit`).
        self._storing = False
        # Each viewer's log as last sent, to word only the events that came since (a whole
        # log re-worded at every move was most of a move's cost).
        self._logs: dict[int | None, tuple[State, list[str], list[dict[str, Any]]]] = {}

    # -- seats ----------------------------------------------------------------------------
    @property
    def seats(self) -> list[SeatRecord]:
        return self.rec.seats

    def seat_for_token(self, token: str) -> int | None:
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    def controller(self, seat: int) -> str:
        """Who moves for `seat`: "human" or the spec of the bot that does."""
        s = self.seats[seat]
        return s.replaced_by or s.kind

    def names(self) -> list[str | None]:
        out: list[str | None] = []
        for s in self.seats:
            if s.kind != HUMAN:
                out.append(_bot_title(s.kind))
            elif s.conceded:
                out.append(f"{s.name or 'Player'}{CONCEDED}")
            elif s.replaced_by:
                out.append(f"{s.name or 'Player'} (bot)")
            else:
                out.append(s.name)
        # Two "Heuristic bot"s at one table: told apart by their place at it, everywhere alike.
        twice = {name for name in out if name is not None and out.count(name) > 1}
        return [f"{name} {seat + 1}" if name in twice else name for seat, name in enumerate(out)]

    def words_names(self, names: list[str | None] | None = None) -> list[str]:
        """Every seat's name for the game's words (logs, labels, prompts): "Player N" where a
        seat has none (`names`: `self.names()`, when the caller has it already)."""
        if names is None:
            names = self.names()
        return [name or f"Player {seat + 1}" for seat, name in enumerate(names)]

    def public_summary(self) -> dict[str, Any]:
        """What anyone may know of the table: seats, who sits there and who is online,
        whose turn it is, its status (the lobby's rows, the table page's presence dots)."""
        names = self.names()
        turn = self.state.current_player if self.status == PLAYING else None
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": self.rec.players,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "taken": s.kind != HUMAN or s.token_hash is not None or bool(s.replaced_by),
                    "name": names[s.seat],
                    "invite_only": s.invite_hash is not None,
                    **self.presence(s.seat),
                }
                for s in self.seats
            ],
            "status": self.status,
            "turn": turn,
            "turn_name": None if turn is None else names[turn],
            "version": self.version,
            "turn_seconds": self.rec.turn_seconds,
            "absent_seconds": self.hub.absent_seconds,
            "rematch": self.rec.rematch_id,
        }

    # -- presence -------------------------------------------------------------------------
    def presence(self, seat: int) -> dict[str, Any]:
        """`{"presence": "bot"|"online"|"offline", "away_seconds", "can_hand_to_bot"}`: a
        bot's seat, a human seat with a socket open, or one away (for how long, and whether
        the others may now let a bot play it)."""
        s = self.seats[seat]
        if self.controller(seat) != HUMAN:
            return {"presence": "bot", "away_seconds": None, "can_hand_to_bot": False}
        since = self.away_since.get(seat)
        if since is None:
            return {"presence": "online", "away_seconds": None, "can_hand_to_bot": False}
        away = time.monotonic() - since
        claimed = s.token_hash is not None
        return {
            "presence": "offline",
            "away_seconds": round(away),
            "can_hand_to_bot": self.status == PLAYING
            and claimed
            and away >= self.hub.absent_seconds,
        }

    def nobody_can_act_for(self, seat: int) -> bool:
        """Whether `seat` is a claimed seat whose player has not come to the table since the
        claim, for the absent-player delay, while no other player is here to hand it to a
        bot: the seat of a claim whose answer was lost, which would hold the table for ever."""
        claimed_at = self.unseen.get(seat)
        return (
            claimed_at is not None
            and self.status == PLAYING
            and self.controller(seat) == HUMAN
            and time.monotonic() - claimed_at >= self.hub.absent_seconds
            and not self.is_watched()
        )

    def is_watched(self) -> bool:
        """Whether a human player has a socket open here."""
        return any(conn.seat is not None for conn in self.connections)

    # -- what a seat receives -------------------------------------------------------------
    def snapshot(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        mine = (
            seat is not None
            and self.status == PLAYING
            and state.current_player == seat
            and self.controller(seat) == HUMAN
        )
        legal = state.legal_actions() if mine else []
        shown = self.names()
        names = self.words_names(shown)
        return {
            "type": "snapshot",
            "table": self.id,
            "seat": seat,
            "version": self.version,
            "status": self.status,
            "view": state.view(seat, names),
            "log": self._log(seat, names),
            "legal": [action_json(a, state, names) for a in legal],
            "offers": offers_json(state, legal, names) if legal else [],
            "names": shown,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "notice": self._notice_text(seat, names),
            "rematch": self.rec.rematch_id,
        }

    def _log(self, seat: int | None, names: list[str]) -> list[dict[str, Any]]:
        """`state.log_json(seat, names)`, wording only the events added since the last call
        (a log only grows; new names or a new state: worded whole again)."""
        state = self.state
        kept = self._logs.get(seat)
        # A player who conceded reads their seat by its name, "Ann (conceded)": "You win" was
        # the bot's win told to someone who had given up (its moves were "yours" too).
        you = seat is None or not self.seats[seat].conceded
        if kept is not None and kept[0] is state and kept[1] == names:
            log = kept[2] + state.log_json(seat, names, start=len(kept[2]), you=you)
        else:
            log = state.log_json(seat, names, you=you)
        self._logs[seat] = (state, names, log)
        return log

    def _notice_text(self, viewer: int | None, names: list[str]) -> str | None:
        if self.notice is None:
            return None
        seat = self.notice["seat"]
        if viewer == seat:
            return "Your time ran out: a bot made your whole move for you."
        return f"{names[seat]} ran out of time: a bot made their whole move for them."

    def broadcast(self) -> None:
        """Tell every socket about a change: its viewer's new snapshot (built once for all
        the sockets of that seat, or of the spectators), or the delta to it from the one it
        holds when it takes deltas. Called under the lock, once the change is stored."""
        self.publisher.advance()
        self._published_from = self._published_state()
        for conn in list(self.connections):
            message = self.publisher.message(conn.seat, conn.deltas, conn.holds)
            conn.holds = self.publisher.revision
            if message is not None:
                conn.put(message)

    def _published_state(self) -> tuple[Any, ...]:
        return (self.state, self.version, self.status)

    def _send_full(self, conn: Connection) -> None:
        """The current snapshot, whole, to one socket."""
        if self._storing:  # the state is a move ahead: what was published still stands
            conn.put(self.publisher.built(conn.seat).text)
            conn.holds = self.publisher.revision
            return
        now = self._published_state()
        before = self._published_from
        if not before or before[0] is not now[0] or before[1:] != now[1:]:
            # Changed without a broadcast (a test swapping in another state): built anew.
            self.publisher.forget()
            self._published_from = now
        conn.put(self.publisher.current(conn.seat).text)
        conn.holds = self.publisher.revision

    async def attach(self, conn: Connection) -> None:
        """A new socket: its full snapshot, then the chat kept (or, if the table was let go
        meanwhile, handed to another process, the socket closed: its client reconnects)."""
        await self._until_shown(conn.seat)
        if self.stopped:
            conn.close()
            return
        self.connections.add(conn)
        if conn.seat is not None:
            self.away_since.pop(conn.seat, None)
            self.unseen.pop(conn.seat, None)
        self._send_full(conn)
        for line in self.chat:
            conn.put(line)

    async def resync(self, conn: Connection) -> None:
        """A client asked for its whole snapshot again (a delta did not fit what it holds)."""
        await self._until_shown(conn.seat)
        self._send_full(conn)

    async def _until_shown(self, seat: int | None) -> None:
        """Return once `seat`'s snapshot can be sent: at once, unless a move is being stored
        (played on the state already) and that seat's snapshot from before it was not built;
        then once the move is stored (a socket never sees a state its version does not name,
        and a database outage does not keep the last snapshot from a player who has it)."""
        while self._storing and self.publisher.built(seat) is None:
            async with self.lock:
                pass

    # -- chat -----------------------------------------------------------------------------
    def say(self, seat: int | None, text: str) -> None:
        """A player's chat line to everyone at the table (watchers read, only players
        talk); at most one line a second per seat."""
        if seat is None:
            raise Refused("only the players at the table can chat; watchers read along")
        now = time.monotonic()
        if now - self._last_chat.get(seat, -CHAT_EVERY) < CHAT_EVERY:
            raise Refused("slow down: one chat line a second")
        self._last_chat[seat] = now
        line = {
            "type": "chat",
            "seat": seat,
            "name": self.words_names()[seat],
            "text": text,
            "at": datetime.now(UTC).isoformat(),
        }
        self.chat.append(line)
        text_line = dumps(line)
        for conn in list(self.connections):
            conn.put(text_line)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        seat = conn.seat
        if seat in self.away_since or seat is None:
            return
        if not any(c.seat == seat for c in self.connections):
            self.away_since[seat] = time.monotonic()

    # -- moves ----------------------------------------------------------------------------
    async def submit(
        self,
        seat: int | None,
        version: Any,
        action_obj: Any,
        by_bot: bool = False,
        timed_out: bool = False,
    ) -> None:
        """Check and apply one move (`action_obj`: its JSON form, or an `Action` from a bot);
        raise Refused (state untouched) if it is not acceptable. `timed_out`: a bot's move for
        a human whose time ran out (the table is told so)."""
        async with self.lock:
            await self._submit_locked(seat, version, action_obj, by_bot, timed_out)

    async def _submit_locked(
        self, seat: int | None, version: Any, action_obj: Any, by_bot: bool, timed_out: bool
    ) -> None:
        """`submit` for a caller that holds the lock."""
        if self.stopped:  # handed to another process while this waited for the lock
            raise Refused("this table has just moved to another server: reconnecting")
        if seat is None:
            raise Refused("spectators cannot move")
        if self.status == OPEN:
            raise Refused("the game has not started: some seats are still open")
        if self.status == FINISHED:
            raise Refused("the game is over: no more moves")
        if self.status == EXPIRED:
            raise Refused("this table expired: nobody sat down at it for too long")
        if version != self.version:
            raise Refused(
                f"stale move: it was made on version {version}, the table is at version "
                f"{self.version}; nothing was changed"
            )
        if self.state.current_player != seat:
            raise Refused(f"it is not your turn (it is player {self.state.current_player + 1}'s)")
        if not by_bot and self.controller(seat) != HUMAN:
            raise Refused("a bot plays this seat now")
        if isinstance(action_obj, Action):  # a bot's choice: no JSON round trip
            action = action_obj
        else:
            try:
                action = self.game.action_from_json(action_obj)
            except GameError as exc:
                raise Refused(str(exc)) from None
        if action not in self.state.legal_actions():
            raise Refused(self._why_illegal(seat, action))
        await self._commit(seat, action, by_bot, timed_out)

    def _why_illegal(self, seat: int, action: Action) -> str:
        # Asked of a determinization, so the reason can only use what the seat knows.
        sample = self.state.determinize(seat, random.Random(self.version))
        try:
            return sample.why_illegal(action)
        except Exception:  # a game's explanation must never break the refusal
            return "that move is not allowed now"

    async def _commit(self, seat: int, action: Action, by_bot: bool, timed_out: bool) -> None:
        # The move is played on the state itself (no copy per move) before it is stored; what
        # reads the state meanwhile waits for the lock (a socket connecting, a resync, a hint)
        # or is checked again under it (a bot's move), so nobody sees the new state with the
        # old version. A store that fails puts the old state back by replaying the record.
        bank = self._spend_bank(seat, by_bot)
        action_json = action.to_json()
        self._storing = True
        try:
            self.state.apply(action)
            status = FINISHED if self.state.is_over else PLAYING
            result = self._result(self.state) if status == FINISHED else None
            await self.hub.writer.append(
                MoveWrite(
                    self.id,
                    self.version + 1,
                    seat,
                    action_json,
                    by_bot,
                    status if status != self.status else None,
                    bank,
                    result,
                )
            )
        except BaseException as exc:
            self.state = self._replayed()  # the state of the stored moves, as it was
            if not isinstance(exc, Exception):
                raise  # cancelled (the server stopping)
            log.exception("table %s: storing move %d failed", self.id, self.version + 1)
            raise Refused(
                "the server could not store the move; nothing changed, try again"
            ) from exc
        finally:
            self._storing = False
        self.version += 1
        self.status = status
        if bank is not None:
            self.seats[seat].bank_seconds = bank[1]
        self.rec.moves.append((seat, action_json, by_bot))
        self.active_at = datetime.now(UTC)
        if timed_out:
            self.notice = {"seat": seat, "kind": "timeout"}
        elif not by_bot:  # kept through the bots' moves, until a person plays again
            self.notice = None
        self.schedule()
        self.broadcast()
        if status == FINISHED:
            self._spawn(self._retire())

    def _replayed(self) -> State:
        """The state of the stored moves, rebuilt from the deal."""
        rec = self.rec
        actions = tuple(action for _seat, action, _by_bot in rec.moves)
        record = Record(self.game.id, rec.players, rec.seed, rec.options, actions)
        try:
            return self.game.replay(record)
        except BadInput as exc:
            raise GameError(f"table {rec.id}: {exc}") from exc

    def _result(self, final: State) -> dict[str, Any]:
        """The end of the game as the history shows it: public information only (a view's
        `scores` and `winners`, asked of the state itself: a whole view at a game's end words
        its breakdown, which costs Monster Diner more than a game's other moves together)."""
        return {
            "names": self.words_names(),
            "scores": final.scores(),
            "winners": final.winners() or [],
        }

    async def _retire(self) -> None:
        """A finished table leaves memory once nobody has watched it for a while (it stays in
        the database: `Hub.get` brings it back for its page, record and replays)."""
        while True:
            await asyncio.sleep(self.hub.finished_ttl)
            if not self.connections:
                self.hub.forget(self)
                return

    # -- time -----------------------------------------------------------------------------
    def _spend_bank(self, seat: int, by_bot: bool) -> tuple[int, float] | None:
        """The seat's bank after this move: time beyond the turn allowance comes out of it."""
        turn = self.rec.turn_seconds
        if not turn or self.controller(seat) != HUMAN:
            return None
        bank = self.seats[seat].bank_seconds or 0.0
        if by_bot:  # the clock ran out: the bank is spent
            return seat, 0.0
        over = time.monotonic() - self._turn_started - turn
        return seat, max(0.0, bank - max(0.0, over))

    # -- bots and timers ------------------------------------------------------------------
    def schedule(self, elapsed: float = 0.0) -> None:
        """After every change: start the bot whose turn it is, or the human's turn clock
        (`elapsed`: seconds the turn has already run, on the process that handed it here)."""
        if self._timer is not None:
            if self._timer is not asyncio.current_task():  # the clock's own move lands here
                self._timer.cancel()
            self._timer = None
        self.deadline = None
        self._turn_started = time.monotonic() - elapsed
        if self.status != PLAYING or self.stopped:  # (a move stored as the table was let go)
            return
        seat = self.state.current_player
        if seat is None:
            return
        spec = self.controller(seat)
        if spec != HUMAN:
            self._spawn(self._bot_move(seat, self.version, spec, self.hub.bot_delay))
        elif self.rec.turn_seconds:
            allowed = self.rec.turn_seconds + (self.seats[seat].bank_seconds or 0.0)
            allowed = max(0.0, allowed - elapsed)
            self.deadline = datetime.now(UTC) + timedelta(seconds=allowed)
            self._timer = self._spawn(
                self._timed_out(seat, self.version, seatbots.stand_in(self.game), allowed)
            )

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _bot_move(self, seat: int, version: int, spec: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        try:
            async with self.lock:  # a move being stored has been played on the state already
                if self.version != version or self.status != PLAYING:
                    return
                if seatbots.moves_at_once(spec):  # no thread, no copy: see seatbots
                    action = seatbots.quick_choice(spec, self.state, seat, self._rng)
                    await self._submit_locked(seat, version, action, True, False)
                    return
                state = self.state.clone()  # the table goes on while the bot thinks
            rng = random.Random(self._rng.getrandbits(64))
            action = await self._bot_choice(spec, state, seat, rng)
            await self.submit(seat, version, action, by_bot=True)
        except Refused:
            pass  # the table moved on meanwhile (the human moved in time, or left)
        except Exception:
            log.exception("table %s: bot %r failed for seat %d", self.id, spec, seat)

    async def _timed_out(self, seat: int, version: int, spec: str, delay: float) -> None:
        """The turn clock ran out: a bot makes the seat's whole move, every step of it (a
        move of two decisions is not left half made), and the table is told so."""
        await asyncio.sleep(delay)
        timed_out = True
        while True:
            async with self.lock:  # a move being stored has been played on the state already
                if not (
                    self.version == version
                    and self.status == PLAYING
                    and self.state.current_player == seat
                    and self.controller(seat) == HUMAN
                ):
                    return
                state = self.state.clone()
            rng = random.Random(self._rng.getrandbits(64))
            try:
                action = await self._bot_choice(spec, state, seat, rng)
                await self.submit(seat, version, action, True, timed_out)
            except Refused:
                return  # the player moved in time after all, or left
            except Exception:
                log.exception("table %s: the stand-in failed for seat %d", self.id, seat)
                return
            version += 1

    async def think(self, deadline: float, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` on the bot threads within this table's fair share (one job at a
        time); TimeoutError after `deadline` seconds, queueing included. The share is held
        until the thread is really done, so a table cannot pile up abandoned work."""
        await self._thinking.acquire()
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.hub.bot_pool, work, *args)
        except BaseException:
            self._thinking.release()
            raise
        future.add_done_callback(lambda _done: self._thinking.release())
        return await asyncio.wait_for(asyncio.shield(future), deadline)

    async def _bot_choice(self, spec: str, state: State, seat: int, rng: random.Random) -> Action:
        """The move of the bot `spec`; past the server's deadline per move (a pool kept busy,
        a search slower than its budget) the game's quick stand-in chooses instead."""
        try:
            return await self.think(
                self.hub.move_deadline, seatbots.SeatBot(spec).choose, state, seat, rng
            )
        except TimeoutError:
            log.warning("table %s: bot %r over its deadline; the stand-in moves", self.id, spec)
            return seatbots.SeatBot(seatbots.stand_in(self.game)).choose(state, seat, rng)

    async def hint(self, seat: int | None, version: Any) -> dict[str, Any]:
        if self._storing:  # the state is a move ahead of `version`: the hint would be stale
            raise Refused("a move is being recorded: ask for your hint again in a moment")
        if seat is None or self.status != PLAYING or self.state.current_player != seat:
            raise Refused("a hint is only for the player whose turn it is")
        if version != self.version:
            raise Refused(f"stale hint request: the table is at version {self.version}")
        now = time.monotonic()
        if now - self._last_hint.get(seat, -HINT_EVERY) < HINT_EVERY:
            raise Refused(f"slow down: one hint every {HINT_EVERY:g} seconds")
        self._last_hint[seat] = now
        state = self.state.clone()
        rng = random.Random(self._rng.getrandbits(64))
        try:
            action, confidence, shares = await self.think(
                self.hub.move_deadline, seatbots.hint, state, seat, rng
            )
        except TimeoutError:
            raise Refused("the server is busy: no hint this time, try again shortly") from None
        names = self.words_names()
        # A move as its button words it, less the count: copies of one card read as one move.
        listed = {a: offer.words for offer in state.offers(names) for a in offer.actions}

        def label(move: Action) -> str:
            return listed.get(move) or state.describe(move, names)

        # How sure, in the words the terminal uses (a bare share read as "23% sure" of what?);
        # a close call names another move of this seat's own, sent to this seat only.
        only = len(state.legal_actions()) == 1
        return {
            "type": "hint",
            "version": version,
            "action": action.to_json(),
            "label": label(action),
            "confidence": round(confidence, 2),
            "sure": sure_words(action, confidence, shares, label, only),
        }

    # -- handed to another process ----------------------------------------------------------
    def has_own_sockets(self) -> bool:
        """Whether a client is connected to this process itself (not through another one)."""
        return any(not conn.relayed for conn in self.connections)

    def may_hand_over(self, token: str | None) -> bool:
        """Whether this table may go to another process, which a socket with `token` reached:
        the token holds a seat (a watcher or a stranger moves no table), nobody is connected
        here directly, no move is under way (nor a timed-out one, made step by step), and a
        table handed here has stayed `HELD_AT_LEAST` seconds (a player reconnecting again and
        again does not bounce it between processes)."""
        timed_out = self.deadline is not None and datetime.now(UTC) >= self.deadline
        return (
            token is not None
            and self.seat_for_token(token) is not None
            and not self.has_own_sockets()
            and not self.lock.locked()
            and not timed_out
            and time.monotonic() - self.handed_here_at >= HELD_AT_LEAST
        )

    def carry(self) -> dict[str, Any]:
        """What the table holds in memory only, for the process it is handed to (JSON): the
        chat, the last move's notice, the players' time away (a seat connected only through
        a relay is away from now: those sockets close), the chat and hint pacing, and how long
        the turn has run (its clock goes on there, not from the start)."""
        now = time.monotonic()

        def ages(since: dict[int, float]) -> dict[str, float]:
            return {str(seat): now - at for seat, at in since.items()}

        away = {**self.away_since, **{c.seat: now for c in self.connections if c.seat is not None}}
        return {
            "version": self.version,
            "chat": list(self.chat),
            "notice": self.notice,
            "away": ages(away),
            "last_chat": ages(self._last_chat),
            "last_hint": ages(self._last_hint),
            "turn_elapsed": now - self._turn_started,
        }

    def resume(self, carried: dict[str, Any]) -> None:
        """Take up what another process's `carry` gave, once the table is held here (it may
        have been loaded here a moment earlier for another request: what happened here since
        stays). The turn clock goes on from where it was if the table is still at the version
        it was handed over at."""
        now = self.handed_here_at = time.monotonic()

        def since(ages: dict[str, float]) -> dict[int, float]:
            return {int(seat): now - age for seat, age in ages.items()}

        self.chat = deque([*carried["chat"], *self.chat], maxlen=CHAT_KEPT)
        here = {c.seat for c in self.connections}
        for seat, at in since(carried["away"]).items():
            if seat not in here:
                self.away_since[seat] = at
        for mine, theirs in (
            (self._last_chat, since(carried["last_chat"])),
            (self._last_hint, since(carried["last_hint"])),
        ):
            for seat, at in theirs.items():
                mine[seat] = max(at, mine.get(seat, at))
        if carried["version"] == self.version:
            self.notice = carried["notice"]
            if self.deadline is not None:  # a player's clock runs: from where it was
                self.schedule(float(carried["turn_elapsed"]))

    def stop(self) -> None:
        """Let the table go here: its bots and clock stop, its sockets close."""
        self.stopped = True
        for task in list(self._tasks):
            task.cancel()
        for conn in list(self.connections):
            conn.close()


def action_json(action: Action, state: State, names: list[str]) -> dict[str, Any]:
    return {**_action_fields(action), "label": state.describe(action, names)}


def offers_json(state: State, legal: list[Action], names: list[str]) -> list[dict[str, Any]]:
    """The moves as the screens list them (`State.offers`): each offer's words and the indexes
    in `legal` of the copies it stands for (the first is the one to play)."""
    index = {action: i for i, action in enumerate(legal)}
    return [
        {"text": offer.text, "copies": [index[a] for a in offer.actions]}
        for offer in state.offers(names)
    ]


@lru_cache(maxsize=4096)
def _action_fields(action: Action) -> dict[str, Any]:
    """`action.to_json()`, made once per action (every snapshot of the player to move lists
    every legal action; actions are frozen, and the dict is only ever copied)."""
    return action.to_json()


@lru_cache(maxsize=256)
def _bot_title(spec: str) -> str:
    """`bot_title`, worked out once per spec (it is asked at every snapshot)."""
    return bot_title(spec)
