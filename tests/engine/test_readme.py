"""The README's Python example, run as written: it plays a game to the end, and its record
replays to the same state as its comment says (the contract's own calls, issue 2); and its tour
says how a record is made before `cardcafe replay` reads one (issue 18)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from cardcafe.engine import Record

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_example_plays_a_game_and_its_record_replays():
    (code,) = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code, str(README), "exec"), namespace)
    state, game = namespace["state"], namespace["game"]
    assert state.is_over and state.num_players == 4 and state.seed == 7
    assert "Ann" in printed.getvalue()
    assert game.replay(Record.from_json(namespace["text"])) == state


def test_the_readme_says_how_a_record_is_saved_before_replay_reads_one():
    # Issue 18: "the README shows how a record is saved before `replay` uses one". Each way it
    # names is one the program has: the terminal's save key, the web's download, the Python.
    from cardcafe.tui.table import TableScreen

    tour = README.read_text(encoding="utf-8").split("cardcafe replay game.json", 1)[1]
    said = " ".join(line.strip(" #") for line in tour.splitlines()[:4])
    assert "saved by `s` in a terminal game" in said
    assert any(b.key == "s" and b.action == "save" for b in TableScreen.BINDINGS)
    assert '"Download the record"' in said
    summary = README.parent / "src/cardcafe/web/static/js/table/summary.js"
    assert '"Download the record"' in summary.read_text(encoding="utf-8")
    assert 'open("game.json", "w").write(state.record().to_json())' in said
