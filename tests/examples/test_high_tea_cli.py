"""The commands of docs/adding-a-game.md, step 1, on the example game: `cardcafe games` lists it
and `cardcafe rules` prints its own page; a plugin that cannot be loaded is one line, and the
server does not start with it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardcafe import games
from cardcafe.cli import app


def test_games_and_rules_name_the_example(high_tea):
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0, listed.output
    assert "high-tea" in listed.output and "High Tea" in listed.output
    assert "Draw cakes" in listed.output  # its pitch: what a player does in it
    rules = runner.invoke(app, ["rules", "high-tea"])
    assert rules.exit_code == 0, rules.output
    assert "High Tea: rules reference" in rules.output
    assert "Decisions where the rules are silent" in rules.output


# `serve` is given an address it cannot listen on: should the check ever be lost, the test fails
# at once (the database is made before the server binds) rather than serving forever.
@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "command", [["games"], ["serve", "--host", "256.0.0.1", "--port", "1"]], ids=["games", "serve"]
)
def test_a_plugin_that_cannot_be_loaded_is_one_line(monkeypatch, tmp_path, command):
    monkeypatch.setenv(games.ENVIRONMENT_VARIABLE, "no_such_game_module")
    games.reload()
    if command[0] == "serve":  # refused before it opens a database or a port
        command = [*command, "--db", f"sqlite:///{tmp_path / 'never.sqlite'}"]
    try:
        result = CliRunner().invoke(app, command)
    finally:
        monkeypatch.undo()
        games.reload()
    assert not (tmp_path / "never.sqlite").exists()
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.output.strip().count("\n") == 0, result.output
    assert "CARDCAFE_GAMES module no_such_game_module cannot be loaded" in result.output
