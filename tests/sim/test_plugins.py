"""A user's own bot plugs in through the `cardcafe.bots` entry-point group: a seat in
`simulate`, listed by `cardcafe bots`, and found by a fresh process (a worker, a Ray task)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardcafe.bots import make_bot, registry
from cardcafe.bots.base import Bot
from cardcafe.cli import app
from cardcafe.engine import BadInput

runner = CliRunner()
SRC = Path(__file__).resolve().parents[2] / "src"


class FirstBot(Bot):
    """plays the first legal action"""

    name = "first"
    describe = "plays the first legal action"

    def choose(self, observation):
        return observation.legal_actions[0]


NOT_A_BOT = object()


@pytest.fixture
def plugins(monkeypatch):
    """Pretend these entry points are installed."""

    def install(**targets: str):
        points = [EntryPoint(n, v, registry.ENTRY_POINT_GROUP) for n, v in targets.items()]
        monkeypatch.setattr(registry, "entry_points", lambda group: points)
        registry.plugin_entry_points.cache_clear()
        registry._load_plugin.cache_clear()

    yield install
    registry.plugin_entry_points.cache_clear()
    registry._load_plugin.cache_clear()


def test_an_entry_point_bot_plays_from_the_cli(plugins):
    plugins(first=f"{__name__}:FirstBot")
    assert isinstance(make_bot("first", 1), FirstBot)
    result = runner.invoke(
        app, ["simulate", "coffee-break", "-k", "2", "--workers", "1", "--seats", "first,random"]
    )
    assert result.exit_code == 0, result.output
    assert "first" in result.output
    listed = runner.invoke(app, ["bots"])
    assert "│ first " in listed.output  # its row in the table of bots


def test_a_broken_plugin_is_one_clear_line(plugins):
    plugins(
        ghost="no_such_module_here:Bot", odd=f"{__name__}:NOT_A_BOT", first=f"{__name__}:FirstBot"
    )
    with pytest.raises(BadInput, match="bot 'ghost' could not be loaded from no_such_module_here"):
        make_bot("ghost")
    with pytest.raises(BadInput, match=r"'odd' .* is not a subclass of cardcafe.bots.Bot"):
        make_bot("odd")
    with pytest.raises(BadInput, match="the bots are: random, heuristic, ismcts, ghost, odd"):
        make_bot("wizard")
    assert set(registry.all_bots()) == {"random", "heuristic", "ismcts", "first"}
    result = runner.invoke(app, ["simulate", "coffee-break", "--seats", "ghost"])
    assert result.exit_code == 2 and "could not be loaded" in result.output
    assert "Traceback" not in result.output


def test_a_plugin_never_shadows_a_built_in(plugins):
    plugins(random=f"{__name__}:FirstBot")
    assert type(make_bot("random")).__name__ == "RandomBot"


def _install_fake_distribution(root: Path) -> None:
    """A real installed distribution (a .dist-info with entry_points.txt), as pip leaves it."""
    (root / "my_bots.py").write_text(
        textwrap.dedent('''
        from cardcafe.bots.base import Bot

        class LastBot(Bot):
            """plays the last legal action"""
            name = "last"
            describe = "plays the last legal action"

            def choose(self, observation):
                return observation.legal_actions[-1]
    ''')
    )
    info = root / "my_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[cardcafe.bots]\nlast = my_bots:LastBot\n")


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(SRC)])}
    return subprocess.run(
        [sys.executable, "-m", "cardcafe", *args],
        capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path,
    )  # fmt: skip


def test_an_installed_distribution_is_found_by_worker_processes(tmp_path):
    _install_fake_distribution(tmp_path)
    done = _cli(tmp_path, "simulate", "coffee-break", "-k", "4", "--workers", "2",
                "--seats", "last,random")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "last" in done.stdout


def test_an_installed_distribution_plays_on_ray(tmp_path):
    pytest.importorskip("ray")
    _install_fake_distribution(tmp_path)
    done = _cli(tmp_path, "simulate", "coffee-break", "-k", "2", "--backend", "ray",
                "--seats", "last,random", "--out", str(tmp_path / "run"))  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "run" / "seats.parquet").exists()
    assert "last" in done.stdout
