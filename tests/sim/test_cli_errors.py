"""Issue 15 (D8): `cardcafe score` and `cardcafe replay` give one clear line and exit 2 for
every malformed input, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardcafe import games
from cardcafe.cli import app

runner = CliRunner()


def _record(**changes) -> dict:
    obj = json.loads(games.get("monster-diner").new(2, seed=3).record().to_json())
    obj.update(changes)
    return obj


def _options(**options) -> dict:
    return _record(options={**_record()["options"], **options})


BAD_FILES = {
    "big-int": '{"format": 1, "seed": ' + "9" * 5000 + "}",
    "deep": "[" * 3000 + "]" * 3000,
    "seed-option": json.dumps(_options(seed=1)),
    "players-option": json.dumps(_options(players=3)),
    "format-true": json.dumps(_record(format=True)),
    "dev-zero-cards": json.dumps(_options(cards="/dev/zero")),
    "not-utf8": b"\xff\xfe\xfa{}",
    "nan": '{"format": NaN}',
}


def _write(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.json"
    content = BAD_FILES[name]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return str(path)


def _one_clean_line(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    text = result.output.strip()
    assert "Traceback" not in text and text.startswith("error:"), text
    assert "\n" not in text, text
    return text


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_replay_gives_one_line_and_exit_2(tmp_path, name):
    _one_clean_line(runner.invoke(app, ["replay", _write(tmp_path, name)]))


@pytest.mark.parametrize("name", ["big-int", "deep", "not-utf8", "nan"])
def test_score_gives_one_line_and_exit_2(tmp_path, name):
    _one_clean_line(runner.invoke(app, ["score", "monster-diner", _write(tmp_path, name)]))


@pytest.mark.parametrize("where", ["/dev/zero", "/dev/null", "/"])
def test_score_and_replay_never_read_a_device(where):
    assert "not a regular file" in _one_clean_line(runner.invoke(app, ["replay", where]))
    text = _one_clean_line(runner.invoke(app, ["score", "monster-diner", where]))
    assert "not a regular file" in text


def test_the_messages_say_what_is_wrong(tmp_path):
    said = {
        name: _one_clean_line(runner.invoke(app, ["replay", _write(tmp_path, name)]))
        for name in BAD_FILES
    }
    assert "5000 digits" in said["big-int"]
    assert "nests too deeply" in said["deep"]
    assert "'seed' is not a game option" in said["seed-option"]
    assert "'players' is not a game option" in said["players-option"]
    assert "format True" in said["format-true"]
    assert "/dev/zero: not a regular file" in said["dev-zero-cards"]
    assert "not UTF-8" in said["not-utf8"]


def test_score_reads_stdin_with_the_same_bounds():
    result = runner.invoke(app, ["score", "monster-diner", "-"], input="[" * 3000 + "]" * 3000)
    assert "stdin nests too deeply" in _one_clean_line(result)


def test_a_good_record_still_replays(tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(_record()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output


def test_an_unfinished_record_says_how_many_moves_it_holds(tmp_path):
    state = games.get("monster-diner").new(2, seed=3)
    state.apply(state.legal_actions()[0])
    path = tmp_path / "one-move.json"
    path.write_text(state.record().to_json())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "(unfinished: 1 move played)" in result.output
