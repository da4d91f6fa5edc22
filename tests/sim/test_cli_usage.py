"""The command line tells a person what is wrong in one line (issue 18): versions, bot lists,
choices checked before anything runs, files and databases that cannot be used."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from cardcafe.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def plain(text: str) -> str:
    """Typer's boxed usage errors, unboxed and on one line."""
    return re.sub(r"[\s│╭╮╰╯─]+", " ", text)


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and re.fullmatch(r"cardcafe \d+\.\d+\.\d+\s*", result.output)


def test_bots_lists_every_bot_with_its_parameters():
    result = run("bots")
    assert result.exit_code == 0, result.output
    for name in ("random", "heuristic", "ismcts"):
        assert name in result.output
    for parameter in ("iterations", "seconds", "rollout"):
        assert parameter in result.output


def test_the_backend_is_a_choice_checked_before_the_run(tmp_path):
    result = run("simulate", "monster-diner", "--backend", "slurm", "--out", str(tmp_path / "r"))
    assert result.exit_code == 2 and "slurm" in plain(result.output)
    assert not (tmp_path / "r").exists()


def test_out_at_a_file_is_one_line(tmp_path):
    taken = tmp_path / "taken.txt"
    taken.write_text("x", encoding="utf-8")
    result = run("simulate", "monster-diner", "-k", "1", "--workers", "1", "--out", str(taken))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert str(taken.name) in result.output and result.output.strip().count("\n") <= 1


def test_a_database_that_cannot_be_used_is_one_line():
    result = run("serve", "--db", "bogus://x")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "bogus" in result.output and result.output.strip().count("\n") <= 1


def test_an_unknown_bot_is_named_not_counted():
    result = run("play", "monster-diner", "--seats", "robot")
    assert result.exit_code == 2 and "robot" in result.output and "players" not in result.output


def test_serve_shows_its_bot_limits_and_refuses_nonsense():
    result = run("serve", "--help")
    text = plain(result.output)
    assert "--bot-max-iterations" in text and "--bot-max-seconds" in text
    result = run("serve", "--bot-max-seconds", "inf")
    assert result.exit_code == 2 and "finite" in result.output
