"""Issue 15: records, card files and option names from outside are BadInput, never a crash,
a TypeError or a read that never ends."""

from __future__ import annotations

import json
import os

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.engine.data import parse_json, read_text

DINER = games.get("monster-diner")


@pytest.mark.parametrize("name", ["players", "self"])
def test_new_refuses_reserved_option_names(name):
    with pytest.raises(BadInput, match=f"{name!r} is not a game option"):
        DINER.new(2, **{name: 1})
    with pytest.raises(BadInput, match=f"{name!r} is not a game option"):
        DINER.new(2, 5, **{name: 1})


def test_new_refuses_a_seed_among_the_options_beside_a_seed():
    with pytest.raises(BadInput, match="'seed' is not a game option"):
        DINER.new(2, 5, **{"seed": 1})
    # `seed=` alone is the seed
    assert DINER.new(2, seed=7).seed == DINER.new(2, 7).seed == 7


def test_callers_can_check_the_names_before_passing_a_seed():
    # `new(2, seed=1, **{"seed": 2})` is a TypeError before `new` runs: callers check first.
    with pytest.raises(BadInput, match="'seed' is not a game option"):
        DINER.check_option_names({"seed": 2})
    DINER.check_option_names({"guest_to": "mat"})


def _record(**changes) -> dict:
    obj = json.loads(DINER.new(2, seed=3).record().to_json())
    obj.update(changes)
    return obj


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (json.dumps(_record(options={"seed": 1})), "'seed' is not a game option"),
        (json.dumps(_record(options={"players": 3})), "'players' is not a game option"),
        (json.dumps(_record(format=True)), "format True is not supported"),
        (json.dumps(_record()).replace('"seed": 3', '"seed": ' + "7" * 5000), "5000 digits"),
        ('{"format": 1, "actions": ' + "[" * 3000 + "]" * 3000 + "}", "nests too deeply"),
        ('{"format": NaN}', "NaN"),
        (b"\xff\xfe\xfa", "not"),
    ],
)
def test_bad_records_are_bad_input(text, fragment):
    with pytest.raises(BadInput, match=fragment) as info:
        Record.from_json(text)
    assert "\n" not in str(info.value)


def test_a_record_whose_card_file_is_a_device_is_refused_at_once():
    record = Record.from_json(json.dumps(_record(options={"cards": "/dev/zero"})))
    with pytest.raises(BadInput, match="not a regular file"):
        games.replay(record)


@pytest.mark.parametrize("where", ["/dev/zero", "/dev/null", "/"])
def test_card_files_are_never_read_from_devices_or_directories(where):
    with pytest.raises(BadInput, match="not a regular file"):
        DINER.new(2, cards=where)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    with pytest.raises(BadInput, match="not a regular file"):
        DINER.new(2, cards=str(fifo))


def test_card_files_are_read_with_a_size_limit(tmp_path):
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as f:  # sparse: large on paper, nothing on disk
        f.truncate(8 * 1024 * 1024 * 1024)
    with pytest.raises(BadInput, match="too large"):
        DINER.new(2, cards=str(huge))


def test_read_text_reads_no_more_than_its_limit(tmp_path):
    path = tmp_path / "f.json"
    path.write_text("x" * 101)
    with pytest.raises(BadInput, match="the limit is 100 bytes"):
        read_text(path, "file", limit=100)
    path.write_text("x" * 100)
    assert read_text(path, "file", limit=100) == "x" * 100


def test_parse_json_keeps_what_is_good():
    assert parse_json('{"a": [1, -2, 3.5, "x", null, true]}', "x") == {
        "a": [1, -2, 3.5, "x", None, True]
    }
    assert parse_json("[" * 100 + "]" * 100, "x", max_depth=100)
    with pytest.raises(BadInput, match="nests too deeply"):
        parse_json("[" * 101 + "]" * 101, "x", max_depth=100)
