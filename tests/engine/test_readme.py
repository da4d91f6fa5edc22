"""The README's Python example, run as written: it plays a game to the end, and its record
replays to the same state as its comment says (the contract's own calls, issue 2)."""

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
