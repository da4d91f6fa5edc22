"""The deployment actually run (docs/server.md, "Deployment"): nginx with
deploy/nginx/cardcafe.conf in front of two `cardcafe serve` processes on one PostgreSQL.

The file is rendered as a deployer fills it in (its `listen` port and one upstream `server`
line per process, nothing else) and nginx runs it in the foreground from a temporary prefix.
Everything the test does goes through nginx: the lobby page, a table created for each process
(nginx's round robin), moves on WebSockets (each on a new one, so some reach the owner directly
and some are relayed by the other process), then the moves read back from PostgreSQL; the
clients' own addresses reaching the per-client limits (and a forged X-Forwarded-For not
believed); a process killed (nginx moves on to the other, which takes the table over); and
both gone (nginx's own answer, JSON like cardcafe's).

Without nginx the test skips, except with CI=true, where it fails (like the PostgreSQL tests).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from cardcafe import games
from cardcafe.engine import Record
from tests.server.conftest import (
    bare,
    free_port,
    next_snapshot,
    postgres_url,  # noqa: F401 - the fixture: a throwaway PostgreSQL cluster
    until_my_turn,
    wait_until,
)
from tests.server.test_restart import fresh_database

CONF = Path(__file__).parents[2] / "deploy" / "nginx" / "cardcafe.conf"
CARDCAFE = Path(sys.executable).parent / "cardcafe"
GAME = {"game": "monster-diner", "players": 2, "seats": ["human", "random"]}

pytestmark = pytest.mark.timeout(120)


# Where nginx may be: on the PATH, or Debian's place when /usr/sbin is not on it.
NGINX = ("nginx", "/usr/sbin/nginx")


def nginx_binary() -> str:
    """Debian's nginx; skip without it, but fail when CI=true."""
    found = next(filter(None, map(shutil.which, NGINX)), None)
    if found is None:
        reason = "nginx is not installed (apt-get install -y nginx)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}: CI must test the deployment")
        pytest.skip(reason)
    return found


def render(conf: str, listen: int, upstreams: list[int]) -> str:
    """deploy/nginx/cardcafe.conf as a deployer fills it in: this machine's port, one upstream
    line per server process (each as the file's own line, parameters kept)."""
    conf, listens = re.subn(r"^(\s*)listen 80;", rf"\1listen 127.0.0.1:{listen};", conf, flags=re.M)
    line = re.compile(r"^(\s*)server 127\.0\.0\.1:8000 (.*)$", re.M)
    found = line.findall(conf)
    assert listens == 1 and len(found) == 1, "the file's listen or upstream line moved"
    indent, rest = found[0]
    servers = "\n".join(f"{indent}server 127.0.0.1:{port} {rest}" for port in upstreams)
    return line.sub(lambda _match: servers, conf)


def main_conf(prefix: Path) -> str:
    """The rest of an nginx.conf (what Debian's /etc/nginx/nginx.conf holds), inside `prefix`."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers as root: they use `prefix`
    temps = "".join(
        f"    {kind}_temp_path {prefix / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'error.log'} notice;\nevents {{ worker_connections 512; }}\n"
        f"http {{\n    access_log {prefix / 'access.log'};\n{temps}"
        f"    include {prefix / 'cardcafe.conf'};\n}}\n"
    )


@dataclass
class Site:
    base: str  # nginx: the site's one public address
    db_url: str
    servers: dict[int, subprocess.Popen] = field(default_factory=dict)  # by port

    def process_of(self, port: int) -> str:
        return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=5).json()["process"]

    def tables_of(self, port: int) -> int:
        return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=5).json()["tables"]


def _free_ports(count: int) -> list[int]:
    ports: set[int] = set()
    while len(ports) < count:  # the kernel may give the same free port twice
        ports.add(free_port())
    return list(ports)


def _up(url: str, proc: subprocess.Popen, log: Path) -> bool:
    assert proc.poll() is None, log.read_text()
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def nginx() -> str:
    """nginx's path (asked before PostgreSQL is started for nothing)."""
    return nginx_binary()


@pytest.fixture
def site(nginx: str, postgres_url: str, tmp_path: Path, monkeypatch) -> Iterator[Site]:  # noqa: F811
    """nginx with deploy/nginx/cardcafe.conf in front of two server processes, running."""
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(var, raising=False)  # httpx talks to 127.0.0.1 itself
    db_url = fresh_database(postgres_url)
    listen, *ports = _free_ports(3)
    site = Site(f"http://127.0.0.1:{listen}", db_url)
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    (prefix / "cardcafe.conf").write_text(render(CONF.read_text(), listen, ports))
    (prefix / "nginx.conf").write_text(main_conf(prefix))
    logs = {port: tmp_path / f"serve-{port}.log" for port in ports}
    command = [str(CARDCAFE), "serve", "--db", db_url, "--bot-delay", "0"]
    # One unfinished table per client address on each process: the limit the proxy must feed.
    command += ["--max-tables-per-client", "1"]
    with (prefix / "stderr.log").open("wb") as stderr:
        front = subprocess.Popen(
            [nginx, "-c", str(prefix / "nginx.conf"), "-p", f"{prefix}/"],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        for port in ports:
            with logs[port].open("wb") as log:
                site.servers[port] = subprocess.Popen(
                    [*command, "--port", str(port)], stdout=log, stderr=log
                )
        for port in ports:  # started side by side: a loaded machine takes seconds for each
            url = f"http://127.0.0.1:{port}/api/health"
            wait_until(lambda u=url, p=port: _up(u, site.servers[p], logs[p]), 90, 0.1)
        assert front.poll() is None, (prefix / "stderr.log").read_text()
        wait_until(lambda: _up(site.base + "/api/health", front, prefix / "error.log"), 20, 0.05)
        yield site
    finally:
        for proc in site.servers.values():
            _stop(proc)
        front.send_signal(signal.SIGTERM)
        try:
            front.wait(timeout=10)
        except subprocess.TimeoutExpired:
            front.kill()


def _play_through_nginx(site: Site, http: httpx.Client, table_id: str, moves: int) -> None:
    """Take the first seat, make `moves` moves, each on a new socket through nginx, then leave
    (the stand-in bot finishes the game): every move stored, as shown, in PostgreSQL."""
    claim = http.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "Ann"})
    assert claim.status_code == 200, claim.text
    token = claim.json()["token"]
    page = http.get(f"/table/{table_id}")
    assert page.status_code == 200 and games.get("monster-diner").title in page.text
    seen: dict[int, dict] = {}
    ws_url = site.base.replace("http://", "ws://") + f"/ws/{table_id}?token={token}"
    for n in range(moves):
        with connect(ws_url, open_timeout=10, close_timeout=1) as ws:
            assert ws.response.headers["server"].startswith("nginx")  # the upgrade went through
            snap = until_my_turn(ws)
            seen[snap["version"]] = snap
            action = bare(snap["legal"][n % len(snap["legal"])])
            ws.send(json.dumps({"type": "move", "version": snap["version"], "action": action}))
            assert next_snapshot(ws)["version"] == snap["version"] + 1
    left = http.post(f"/api/tables/{table_id}/seats/0/leave", json={"token": token})
    assert left.status_code == 200, left.text
    wait_until(lambda: http.get(f"/api/tables/{table_id}").json()["status"] == "finished", 30)

    record = Record.from_json(http.get(f"/api/tables/{table_id}/record").text)
    plain = site.db_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as db:
        rows = db.execute(
            "SELECT action_json FROM moves WHERE table_id = %s ORDER BY number", (table_id,)
        ).fetchall()
    assert [json.loads(row[0]) for row in rows] == list(record.actions)
    assert games.replay(record).is_over
    for version, shown in seen.items():  # the moves made through nginx, as they were shown
        names = [name or f"Player {seat + 1}" for seat, name in enumerate(shown["names"])]
        assert games.replay(record, upto=version).view(0, names) == shown["view"], version


def _created_from(site: Site, address: str, forged: str, tables: int) -> list[httpx.Response]:
    """`tables` tables asked for from `address`, claiming to be `forged` (X-Forwarded-For)."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=site.base, transport=transport, timeout=30) as client:
        headers = {"X-Forwarded-For": forged}
        return [client.post("/api/tables", json=GAME, headers=headers) for _ in range(tables)]


def test_a_site_of_two_processes_behind_nginx(site: Site):
    ports = list(site.servers)
    with httpx.Client(base_url=site.base, timeout=30) as http:
        lobby = http.get("/")
        assert lobby.status_code == 200 and "cardcafe" in lobby.text
        assert lobby.headers["server"].startswith("nginx")

        # nginx takes turns (round robin): two tables, one created by each process.
        tables = []
        for _ in range(2):
            created = http.post("/api/tables", json=GAME)
            assert created.status_code == 200, created.text
            tables.append(created.json()["id"])
        assert [site.tables_of(port) for port in ports] == [1, 1]
        for table_id in tables:
            _play_through_nginx(site, http, table_id, moves=4)

        # The per-client limits see the client's address, which nginx passes on; an address
        # the client wrote itself is not believed. One table per address on each process:
        asked = _created_from(site, "127.0.0.2", "127.0.0.9", tables=4)
        refused = [r for r in asked if r.status_code != 200]
        assert len(refused) == 2, [r.text for r in refused]  # one table on each process
        assert all(r.status_code == 429 and "most one address" in r.text for r in refused)
        # 127.0.0.3 forging 127.0.0.2 is still 127.0.0.3 (and not 127.0.0.1, nginx's own).
        accepted = _created_from(site, "127.0.0.3", "127.0.0.2", tables=2)
        assert [r.status_code for r in accepted] == [200, 200], [r.text for r in accepted]

        # A process killed: nginx moves every request on to the other one, which takes the
        # dead one's table over.
        before = [site.tables_of(port) for port in ports]
        created = http.post("/api/tables", json=GAME)  # 127.0.0.1's tables are all finished
        assert created.status_code == 200, created.text
        table_id = created.json()["id"]
        dead, alive = ports if site.tables_of(ports[0]) > before[0] else ports[::-1]
        survivor = site.process_of(alive)
        _stop(site.servers[dead])
        assert {http.get("/api/health").json()["process"] for _ in range(4)} == {survivor}
        claim = http.post(f"/api/tables/{table_id}/seats/0/claim", json={})
        assert claim.status_code == 200, claim.text
        ws_url = site.base.replace("http://", "ws://") + f"/ws/{table_id}"
        with connect(f"{ws_url}?token={claim.json()['token']}", open_timeout=10) as ws:
            assert next_snapshot(ws)["status"] == "playing"
        # (the survivor holds every unfinished table of the dead one now, this one included)
        assert site.tables_of(alive) > before[ports.index(alive)]

        # Both gone: nginx's own answer, as cardcafe words its refusals.
        _stop(site.servers[alive])
        down = http.get("/api/tables")
        assert down.status_code == 503
        assert "not answering" in down.json()["detail"]
        assert "not answering" in http.get("/").text


def test_missing_nginx_skips_but_fails_in_ci(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "NGINX", ("/nonexistent/nginx",))
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        nginx_binary()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must test the deployment"):
        nginx_binary()
