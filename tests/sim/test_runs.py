"""Runs: the same seed gives the same games whatever the workers; Ctrl-C keeps what finished
and --resume continues to the same results as an uninterrupted run."""

from __future__ import annotations

import json

import pytest

from cardcafe.engine import BadInput
from cardcafe.sim import SimConfig, play_game, run_simulation
from cardcafe.sim import backends as backends_module
from cardcafe.sim.store import read_results

SEATS = "ismcts:iterations=2:rollout=random,random,random"


def config(games=6, seed=11, seats=SEATS):
    return SimConfig.build("monster-diner", 3, seats, games, seed)


@pytest.fixture(scope="module")
def reference():
    return run_simulation(config(), workers=1).results


def test_results_carry_what_the_report_needs(reference):
    first = reference[0]
    assert set(first) == {"game", "seed", "seats", "scores", "winners", "length", "stats"}
    assert [r["game"] for r in reference] == list(range(6))
    # The generic balance statistics (engine/game.py): each seat's score, the game's length.
    assert first["stats"]["table"]["length"] == first["length"]
    assert [p["score"] for p in first["stats"]["players"]] == first["scores"]


def test_same_seed_same_results_whatever_the_workers(reference):
    assert run_simulation(config(), workers=2).results == reference
    assert run_simulation(config(seed=12), workers=1).results != reference


def test_interrupted_run_keeps_finished_games_and_resumes(tmp_path, monkeypatch, reference):
    calls = []

    def interrupted(cfg, number):
        if len(calls) == 4:
            raise KeyboardInterrupt
        calls.append(number)
        return play_game(cfg, number)

    monkeypatch.setattr(backends_module, "play_game", interrupted)
    outcome = run_simulation(config(), out=tmp_path, workers=1)
    assert outcome.interrupted and len(outcome.results) == 4
    assert read_results(tmp_path / "results.jsonl") == reference[:4]

    monkeypatch.setattr(backends_module, "play_game", play_game)
    with pytest.raises(BadInput, match="add --resume"):
        run_simulation(config(), out=tmp_path, workers=1)
    resumed = run_simulation(config(), out=tmp_path, workers=1, resume=True)
    assert not resumed.interrupted and resumed.results == reference
    saved = sorted(read_results(tmp_path / "results.jsonl"), key=lambda r: r["game"])
    assert saved == reference


def test_resume_drops_a_torn_last_line_and_plays_that_game_again(tmp_path, reference):
    lines = [json.dumps(r) for r in reference[:3]]
    run_simulation(config(games=3), out=tmp_path, workers=1)
    (tmp_path / "results.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][:20])
    resumed = run_simulation(config(), out=tmp_path, workers=1, resume=True)
    assert resumed.results == reference


def test_resume_refuses_a_different_run(tmp_path):
    run_simulation(config(games=2), out=tmp_path, workers=1)
    with pytest.raises(BadInput, match="holds a different run"):
        run_simulation(config(games=2, seed=99), out=tmp_path, workers=1, resume=True)


def test_unknown_backend():
    with pytest.raises(BadInput, match="unknown backend 'slurm'"):
        run_simulation(config(games=1), backend="slurm")
