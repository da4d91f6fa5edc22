"""`cardcafe analyse GAME FILE` and `cardcafe play GAME --position FILE` (issue 14)."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from cardcafe import games
from cardcafe.cli import app
from cardcafe.engine import Record
from cardcafe.tui.session import Session

from ..bots.helpers import midgame

runner = CliRunner()
DINER = games.get("monster-diner")


def analyse(tmp_path, position, *args):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    game = position["game"] if isinstance(position, dict) else "monster-diner"
    return runner.invoke(app, ["analyse", game, str(path), *args])


def test_analyse_prints_the_moves_and_the_bots_choice_with_its_visits(tmp_path):
    state = midgame(DINER, 3, 3, 7)
    result = analyse(tmp_path, state.to_position(), "--bot", "ismcts:iterations=60")
    assert result.exit_code == 0, result.output
    for action in state.legal_actions():
        assert state.describe(action) in result.output
    assert "ismcts:iterations=60 plays:" in result.output and "confidence" in result.output


def test_analyse_json_gives_visits_per_move_and_a_legal_choice(tmp_path):
    state = midgame(DINER, 3, 3, 7)
    result = analyse(tmp_path, state.to_position(), "--bot", "ismcts:iterations=60", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    legal = [a.to_json() for a in state.legal_actions()]
    shown = sorted(json.dumps(m["action"]) for m in report["moves"])
    assert shown == sorted(map(json.dumps, legal))
    assert sum(m["visits"] for m in report["moves"]) == 60
    assert report["choice"]["action"] in legal
    assert report["seat"] == state.current_player + 1


def test_the_analysis_depends_only_on_what_the_mover_may_know(tmp_path):
    # The truth, another truth the mover cannot tell apart, and the mover's own position.
    for game in games.all():
        state = midgame(game, game.players.start, 3, 9)
        if state.is_over:
            continue
        mover = state.current_player
        other = state.determinize(mover, random.Random(5))
        outputs = set()
        for position in (state.to_position(), other.to_position(), state.to_position(mover)):
            result = analyse(tmp_path, position, "--bot", "ismcts:iterations=40", "--json")
            assert result.exit_code == 0, result.output
            outputs.add(result.output)
        assert len(outputs) == 1, f"{game.id}: the analysis saw a hidden card"


def test_analyse_refuses_the_wrong_seat_and_a_broken_file_in_one_line(tmp_path):
    state = midgame(DINER, 3, 3, 7)
    other = (state.current_player + 1) % 3 + 1  # 1-based, not the mover
    result = analyse(tmp_path, state.to_position(), "--seat", str(other))
    assert result.exit_code == 2 and "decision" in result.output
    result = analyse(tmp_path, {"format": 1, "game": "monster-diner"})
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.count("\n") <= 2


def test_play_starts_from_a_position_and_its_record_replays_from_there():
    state = midgame(DINER, 3, 3, 7)
    session = Session.from_position(DINER, state.to_position(), ["human", "heuristic", "random"])
    assert session.state.to_position() == state.to_position()
    assert session.setup.seats == ["human", "heuristic", "random"]
    session.play(session.legal_actions()[0])
    replayed = games.replay(Record.from_json(session.record().to_json()))
    assert replayed.to_position() == session.state.to_position()
    session.rewind(0)  # undo goes back to the position, not to a new deal
    assert session.state.to_position() == state.to_position()
