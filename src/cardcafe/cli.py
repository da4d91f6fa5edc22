"""The `cardcafe` command: one entry to every part of the project."""

from __future__ import annotations

import json
import math
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from cardcafe import games
from cardcafe.engine import BadInput, GameError, Record
from cardcafe.engine.options import options_from_json
from cardcafe.engine.words import counted

app = typer.Typer(help="Card games: rules engines, bots, simulation and play.")
err = Console(stderr=True)
out = Console()


def fail(message: str, status: int = 2) -> typer.Exit:
    # Messages quote what the user wrote ("unknown card '[x]'"): escaped, so Rich neither eats
    # it as markup nor crashes on a stray closing tag.
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(status)


def read_json_arg(path: str) -> object:
    """The JSON of file `path` (- for stdin), bounded in size, depth and integer length; any
    problem is one line and exit status 2. A device or a pipe is refused (only stdin streams)."""
    from cardcafe.engine import data

    try:
        if path == "-":  # decoded as the terminal's stream is (characters, not bytes)
            text = sys.stdin.read(data.MAX_FILE_BYTES + 1)
            if len(text) > data.MAX_FILE_BYTES:
                raise fail(f"stdin is too large (the limit is {data.MAX_FILE_BYTES:,} characters)")
        else:
            text = data.read_text(path, "file")
        return data.parse_json(text, "stdin" if path == "-" else path)
    except GameError as exc:
        raise fail(str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise fail(f"stdin is not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    except OSError as exc:
        raise fail(f"cannot read stdin: {exc.strerror}") from exc


def options_arg(text: str | None) -> dict:
    """The `--options` JSON of `simulate` and `play`: an object of option names and values."""
    try:
        return options_from_json(text, "--options")
    except BadInput as exc:
        raise fail(str(exc)) from exc


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("cardcafe")
        except PackageNotFoundError:
            from cardcafe import __version__ as number
        out.print(f"cardcafe {number}", highlight=False)
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    pass


@app.command("bots")
def list_bots() -> None:
    """List the bot specs and their parameters (write them name:param=value:param=value)."""
    from cardcafe.bots.registry import all_bots

    table = Table("bot", "parameter", "type", "default", "meaning")
    for name, cls in all_bots().items():
        doc = (cls.__doc__ or sys.modules[cls.__module__].__doc__ or "").strip().split("\n")[0]
        doc = doc + ("" if cls.params else " No parameters.")
        table.add_row(f"[bold]{escape(name)}[/]", "", "", "", escape(doc))
        for key, param in cls.params.items():
            kind = " | ".join(param.choices) if param.choices else param.type.__name__
            table.add_row("", escape(key), escape(kind), escape(repr(param.default)), param.help)
    out.print(table)
    out.print("e.g. --seats ismcts:iterations=2000:rollout=heuristic,heuristic", highlight=False)


@app.command("games")
def list_games() -> None:
    """List the games."""
    table = Table("id", "title", "players", "what you do")
    try:
        found = games.all()
    except GameError as exc:  # a plugin game that cannot be loaded
        raise fail(str(exc)) from exc
    for game in found:
        players = f"{game.players.start}-{game.players.stop - 1}"
        table.add_row(game.id, game.title, players, game.pitch)
    out.print(table)


@app.command()
def rules(game_id: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """Print the rules page of GAME."""
    try:
        text = games.get(game_id).rules_text()
    except GameError as exc:
        raise fail(str(exc)) from exc
    out.print(Markdown(text))


@app.command()
def score(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    path: Annotated[str, typer.Argument(metavar="FILE", help="JSON file, or - for stdin")],
) -> None:
    r"""Score a finished table from JSON (the rules page of GAME gives the format).

    monster-diner: {"diners": \[\[card, ...], ...]}
    monsters-coffee, one round:
      {"centre": \[card, ...],
       "players": \[{"front": \[...], "rear": \[...], "whipped_cream": 0}, ...]}
    monsters-coffee, a whole game:
      {"rounds": \[ROUND, ROUND],
       "players": \[{"cookies": 0, "mummy_tokens": \[\[coffee, bones], ...]}, ...]}
      where each ROUND's players may add "coffee" (tokens taken in the round)
      and "snout_coffee" (Snout tokens left on their Front Line)
    coffee-break: {"players": \[\[order, ...], ...], "doubling": "at-least"}
    """
    obj = read_json_arg(path)
    try:
        result = games.get(game_id).score_json(obj)
    except GameError as exc:
        raise fail(str(exc)) from exc
    except RecursionError as exc:  # a guard: read_json_arg already bounds the nesting
        raise fail(f"{path}: the input nests too deeply") from exc
    print(json.dumps(result))


@app.command()
def analyse(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    path: Annotated[str, typer.Argument(metavar="FILE", help="a position (JSON), or - for stdin")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="whose decision, as the table numbers players: 1 to the number of players "
            "(default: the player to move)"
        ),
    ] = None,
    bot: Annotated[str, typer.Option(help="the bot that chooses, e.g. ismcts:iterations=2000")] = (
        "ismcts"
    ),
    seed: Annotated[int, typer.Option(help="the bot's seed, and the deal of what is left out")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
) -> None:
    """What would the bot play here? Reads a position (`state.to_position()`, or a seat's
    `state.to_position(seat)`), prints the legal moves, the bot's choice with its confidence and,
    for a search bot, its visits per move. The bot sees only what the player to move may know."""
    from cardcafe.bots.analysis import analyse_position

    obj = read_json_arg(path)
    try:
        report = analyse_position(games.get(game_id), obj, seat, bot, seed)
    except GameError as exc:
        raise fail(str(exc)) from exc
    if as_json:
        print(json.dumps(report))
        return
    out.print(f"[bold]{escape(report['title'])}[/]: {escape(report['who'])}", highlight=False)
    out.print(escape(report["prompt"]), highlight=False)
    table = Table("", "Move", "Visits", "Share", box=None)
    for number, move in enumerate(report["moves"], start=1):
        chosen = " ◀ " + report["bot"] if move["chosen"] else ""
        share = f"{move['share']:.0%}" if move["share"] is not None else ""
        visits = str(move["visits"]) if move["visits"] is not None else ""
        table.add_row(str(number), escape(move["label"]) + chosen, visits, share)
    out.print(table)
    sure = report["confidence"]
    out.print(
        f"{escape(report['bot'])} plays: {escape(report['choice']['label'])}"
        + (f" (confidence {sure:.0%})" if sure is not None else ""),
        highlight=False,
        soft_wrap=True,
    )


@app.command()
def replay(path: Annotated[str, typer.Argument(metavar="FILE")]) -> None:
    """Replay a record file and print its public event log."""
    from cardcafe.engine import data

    try:
        state = games.replay(Record.from_json(data.read_text(path, "file")))
    except GameError as exc:
        raise fail(str(exc)) from exc
    except RecursionError as exc:
        raise fail(f"{path}: the record nests too deeply") from exc
    for line in state.log_text(None):
        out.print(line, highlight=False)
    if state.is_over:
        names = state.words(None).names
        out.print(
            "Scores: " + ", ".join(f"{n} {s:g}" for n, s in zip(names, state.scores(), strict=True))
        )
        out.print("Winners: " + ", ".join(names[w] for w in state.winners()))
    else:
        out.print(f"(unfinished: {counted(len(state.history), 'move', 'moves')} played)")


# -- simulate (bots and simulator, issue 6) ----------------------------------------------------
class Backend(StrEnum):
    local = "local"
    ray = "ray"


@app.command()
def simulate(
    game_id: Annotated[
        str, typer.Argument(metavar="GAME", help="a game id (`cardcafe games` lists them)")
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Players at the table (default: the game's least)."),
    ] = None,
    seats: Annotated[
        str,
        typer.Option(
            help="Comma-separated bot specs, one per seat (e.g. ismcts:iterations=300,random; "
            "`cardcafe bots` lists them). A shorter list repeats to fill the table only when its "
            "length divides the number of players; the default is random in every seat. "
            "The list turns one seat each game, so no bot keeps the first seat."
        ),
    ] = "random",
    games_: Annotated[int, typer.Option("--games", "-k", help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Run seed: same seed, same results.")] = 0,
    options: Annotated[
        str | None, typer.Option(help='Game options as JSON, e.g. \'{"guest_to": "mat"}\'.')
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Processes for the local backend (default: all cores).")
    ] = None,
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write results.jsonl, seats.parquet, games.parquet (tidy tables), summary.json, "
            "report.md and plots here.",
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="Continue the run in --out, keeping its finished games.")
    ] = False,
    backend: Annotated[
        Backend, typer.Option(help="Where the games run: this machine's cores, or a Ray cluster.")
    ] = Backend.local,
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start a local one).")
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            help="Duplicate deals: play each deal once per seating (N games in a row at N "
            "players), so every bot meets the same luck from every seat."
        ),
    ] = False,
) -> None:
    """Play GAME many times between bots; print win rates, or write a full report with --out."""
    from cardcafe.sim import SimConfig, run_simulation, summarize, write_report
    from cardcafe.sim.show import print_summary

    if resume and out_dir is None:
        raise fail("--resume continues a run in --out DIR: give --out")
    if workers is not None and workers < 1:
        raise fail(f"--workers must be at least 1, not {workers}")
    parsed_options = options_arg(options)
    try:
        if players is None:
            players = games.get(game_id).players.start
        config = SimConfig.build(
            game_id,
            players,
            seats,
            games_,
            seed,
            parsed_options,
            duplicate=duplicate,
            even_seats=True,
        )
        outcome = run_simulation(
            config,
            out=out_dir,
            resume=resume,
            backend=Backend(backend).value,
            workers=workers,
            address=address,
            console=err,
        )
    except GameError as exc:
        raise fail(str(exc)) from exc
    if out_dir is not None:
        write_report(out_dir, config.to_json(), outcome.results)
        summary = summarize(config.to_json(), outcome.results)
    else:
        summary = summarize(config.to_json(), outcome.results)
    print_summary(out, summary)
    if out_dir is not None:
        out.print(f"Report: {out_dir / 'report.md'}", highlight=False)
    if outcome.interrupted:
        where = f" in {out_dir / 'results.jsonl'}; add --resume to continue" if out_dir else ""
        err.print(f"Interrupted: {len(outcome.results)} finished games kept{where}.")
        raise typer.Exit(130)


def main() -> None:
    app()


# -- play in the terminal (issue 7) --------------------------------------------------------
def check_play_seats(game, seat_list: list[str], players: int | None) -> None:
    """`play --seats`: each seat a known kind, and one per player, said in terms of seats."""
    from cardcafe.bots.registry import parse_spec
    from cardcafe.tui import seatbots

    for spec in seat_list:
        if seatbots.check_spec(spec) != seatbots.HUMAN:
            parse_spec(spec.strip())  # an unknown bot is named as such, not as a player count
    counts = game.players
    if players is None and len(seat_list) not in counts:
        raise fail(
            f"--seats lists {len(seat_list)} seat(s), one per player, but {game.id} is for "
            f"{counts.start} to {counts.stop - 1} players: give one seat (human or a bot spec) "
            "per player"
        )


@app.command()
def play(
    game_id: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="omit for the start screen")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="number of players")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="comma-separated: human or a bot spec per seat, e.g. human,heuristic"),
    ] = None,
    options: Annotated[str | None, typer.Option(help="game options as a JSON object")] = None,
    seed: Annotated[int | None, typer.Option(help="deal seed (random by default)")] = None,
    pace: Annotated[float, typer.Option(help="seconds per bot move; 0 for instant")] = 0.7,
    load: Annotated[str | None, typer.Option(help="continue a saved record file")] = None,
    position: Annotated[
        str | None,
        typer.Option(
            help="start from a position file (state.to_position(); see docs/positions.md)"
        ),
    ] = None,
    forced_beat: Annotated[
        str,
        typer.Option(
            help="seconds before a move that is your only one plays itself; off: it waits "
            "for its key"
        ),
    ] = "0.6",
) -> None:
    """Play in the terminal against bots or friends (hot-seat)."""
    from cardcafe.tui.app import CardcafeApp
    from cardcafe.tui.session import Session, Setup, default_seats

    beat = forced_beat_arg(forced_beat)
    seat_list = [s.strip() for s in seats.split(",")] if seats else None
    chosen = options_arg(options)
    try:
        session = None
        if load:
            session = Session.load(load, seat_list)
        elif position:
            if not game_id:
                raise fail("--position needs the game: cardcafe play GAME --position FILE")
            session = Session.from_position(games.get(game_id), read_json_arg(position), seat_list)
        elif game_id:
            game = games.get(game_id)
            count = players or (len(seat_list) if seat_list else game.players.start)
            if seat_list:
                check_play_seats(game, seat_list, players)
            setup = Setup(game, count, seat_list or default_seats(count, game), chosen, seed)
            session = Session(setup)
    except GameError as exc:
        raise fail(str(exc)) from exc
    start = {"game_id": game_id, "players": players, "seats": seat_list, "options": chosen}
    CardcafeApp(session, pace=max(0.0, pace), start=start, forced_beat=beat).run()


def forced_beat_arg(text: str) -> float | None:
    """`play --forced-beat`: seconds (0 or more), or off (None: a forced move waits for its
    key); anything else is one line."""
    if text.strip().lower() == "off":
        return None
    try:
        beat = float(text)
    except ValueError:
        beat = math.nan
    if not (math.isfinite(beat) and beat >= 0):
        raise fail(f"--forced-beat takes seconds (0 or more) or off, not {text!r}")
    return beat


# -- serve: the online play server (src/cardcafe/server) ------------------------------------
def check_database(url: str) -> None:
    """Open the `serve --db` database once before the server starts, so a bad URL or a
    database that is not there is one clear line, not a traceback from inside the server."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from cardcafe.server.store import normalize_url

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:
        shown = url
    try:
        engine = create_engine(normalize_url(url))
    except ImportError as exc:
        raise fail(
            f"--db {shown} needs {exc.name or 'a database driver'}, which is not installed "
            "(for PostgreSQL: pip install 'cardcafe[pg]')"
        ) from None
    except (SQLAlchemyError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise fail(
            f"--db {shown} is not a database URL this server can use ({first}); use "
            "sqlite:///PATH or postgresql+psycopg://USER@HOST/DB"
        ) from None
    try:
        with engine.connect():
            pass
    except (SQLAlchemyError, OSError) as exc:
        cause = getattr(exc, "orig", None) or exc
        first = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        raise fail(f"cannot open the database {shown}: {first}") from None
    finally:
        engine.dispose()


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///PATH or postgresql+psycopg://USER@HOST/DB "
            "(default: SQLite in the user data directory)."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before moving, so people can follow.")
    ] = 0.6,
    bot_max_iterations: Annotated[
        int, typer.Option(help="Most search iterations a seat's bot may ask for per move.")
    ] = 5000,
    bot_max_seconds: Annotated[
        float, typer.Option(help="Most seconds a seat's bot may think per move.")
    ] = 5.0,
    open_ttl: Annotated[
        float,
        typer.Option(
            help="Seconds an open table waits with nobody sitting down before it expires."
        ),
    ] = 24 * 3600.0,
    absent_seconds: Annotated[
        float,
        typer.Option(
            help="Seconds a player is offline before the others may let a bot play their seat."
        ),
    ] = 120.0,
    max_tables: Annotated[
        int, typer.Option(help="Most unfinished tables (open or in play) on the server.")
    ] = 2000,
    max_tables_per_client: Annotated[
        int, typer.Option(help="Most unfinished tables one client address may create.")
    ] = 100,
    max_sockets_per_table: Annotated[
        int, typer.Option(help="Most sockets (players and watchers) connected to one table.")
    ] = 64,
    max_sockets_per_client: Annotated[
        int, typer.Option(help="Most sockets one client address may keep open.")
    ] = 64,
    max_body_bytes: Annotated[
        int, typer.Option(help="Largest HTTP request body, in bytes (more: 413).")
    ] = 64 * 1024,
    max_message_bytes: Annotated[
        int, typer.Option(help="Largest WebSocket message the server reads, in bytes.")
    ] = 64 * 1024,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes to run, all on --port (PostgreSQL only: one site, any "
            "process serves any table)."
        ),
    ] = 1,
    advertise: Annotated[
        str | None,
        typer.Option(
            help="Host name or address the site's other server processes reach this machine "
            "at (several machines on one PostgreSQL; default: --host, or this machine's name)."
        ),
    ] = None,
    relay_port: Annotated[
        int,
        typer.Option(
            help="First port the site's other processes reach these workers at (worker i: "
            "this + i; default: any free port)."
        ),
    ] = 0,
    allow_seed: Annotated[
        bool,
        typer.Option(
            "--allow-seed",
            hidden=True,  # for tests and benchmarks only: whoever picks a seed knows the deal
            help="Deal a new table from the seed its request names.",
        ),
    ] = False,
) -> None:
    """Run the online play server (lobby, tables, WebSocket play) with uvicorn."""
    import math

    from cardcafe.server.limits import ServerLimits
    from cardcafe.server.seatbots import BotLimits
    from cardcafe.server.store import default_db_url, normalize_url
    from cardcafe.server.workers import Launch, bind
    from cardcafe.server.workers import serve as serve_workers

    if bot_max_iterations < 1 or not (math.isfinite(bot_max_seconds) and bot_max_seconds > 0):
        raise fail("--bot-max-iterations and --bot-max-seconds must be positive and finite")
    if not all(math.isfinite(x) and x >= 0 for x in (open_ttl, absent_seconds)):
        raise fail("--open-ttl and --absent-seconds must be finite numbers of seconds, 0 or more")
    limits = BotLimits(iterations=bot_max_iterations, seconds=bot_max_seconds)
    counts = (
        max_tables,
        max_tables_per_client,
        max_sockets_per_table,
        max_sockets_per_client,
        max_body_bytes,
        max_message_bytes,
    )
    if min(counts) < 1:
        raise fail("the --max-... limits must be 1 or more")
    server_limits = ServerLimits(
        open_tables_per_client=max_tables_per_client,
        open_tables=max_tables,
        sockets_per_table=max_sockets_per_table,
        sockets_per_client=max_sockets_per_client,
        body_bytes=max_body_bytes,
        message_bytes=max_message_bytes,
    )

    try:
        games.all()  # a plugin game that cannot be loaded stops the server here, in one line
    except GameError as exc:
        raise fail(str(exc)) from exc
    url = db or default_db_url()
    if workers < 1:
        raise fail("--workers must be 1 or more")
    if workers > 1 and normalize_url(url).startswith("sqlite"):
        raise fail(
            f"--workers {workers} needs PostgreSQL (--db postgresql://USER@HOST/DB): a SQLite "
            "database belongs to one server process"
        )
    if not 0 <= relay_port <= 65535 - workers:
        raise fail("--relay-port must be a port number (0: any free port)")
    check_database(url)
    try:  # a port already taken is one clear line, before any worker starts
        bind(host, port, reuse_port=workers > 1).close()
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    many = f"  ({workers} processes)" if workers > 1 else ""
    err.print(
        f"cardcafe: serving on http://{host}:{port}{many}  (database: {url})",
        highlight=False,
        soft_wrap=True,
    )
    launch = Launch(
        host=host,
        port=port,
        workers=workers,
        advertise=advertise,
        relay_port=relay_port,
        # A larger frame is refused by the WebSocket layer itself, before it is buffered whole.
        ws_max_size=max_message_bytes,
        app={
            "db_url": url,
            "bot_delay": bot_delay,
            "bot_limits": limits,
            "open_ttl": open_ttl,
            "absent_seconds": absent_seconds,
            "limits": server_limits,
            "allow_seed": allow_seed,
        },
    )
    serve_workers(launch)
