"""The Monster's Coffee scoring calculator (`cardcafe score monsters-coffee FILE`), citing
000_992b8e92303b7cf4.txt."""

import json

import pytest
from typer.testing import CliRunner

from cardcafe.cli import app
from cardcafe.engine import BadInput

from .helpers import GAME

# The rulebook's illustrated example: PLAYER 2 "none in their Front Line and 2 in their Rear
# Line", PLAYER 3 "1 in their Front Line and 1 in their Rear Line"; PLAYER 1 and PLAYER 3 tie
# on Cakosaurus (1 in a Rear Line against 2 in a Front Line).
REX_EXAMPLE = {
    "centre": ["rex", "rex", "cakosaurus", "cakosaurus", "cakosaurus", "cakosaurus"],
    "players": [
        {"front": ["skeeter"], "rear": ["cakosaurus"], "whipped_cream": 0},
        {"front": ["snorkel"], "rear": ["rex", "rex"], "whipped_cream": 0},
        {"front": ["rex", "cakosaurus", "cakosaurus"], "rear": ["rex"], "whipped_cream": 0},
    ],
}


def score(obj):
    return GAME.score_json(obj)["coffee"]


def test_rex_example():
    # 000: "PLAYER 2 has ... 4 REX. PLAYER 3 ... 3 REX. PLAYER 2 wins the Coffee tokens associated
    # with the 2 REX in the centre of the table." and "there is a tie between PLAYER 1 and
    # PLAYER 3 for another family: nobody wins those 4 Coffee tokens."
    assert score(REX_EXAMPLE) == [0, 2, 0]
    # The same 2 Rex of PLAYER 2 in their Front Line count 2 only: PLAYER 3's 3 win.
    front = json.loads(json.dumps(REX_EXAMPLE))
    front["players"][1] = {"front": ["rex", "rex"], "rear": ["snorkel"], "whipped_cream": 0}
    assert score(front) == [0, 0, 2]


def test_rear_cards_count_double():
    # 000: "Don't forget that Monster cards from the Rear Line are worth double!"
    obj = {
        "centre": ["grunge"],
        "players": [
            {"front": ["grunge", "grunge", "grunge"], "rear": []},
            {"front": [], "rear": ["grunge", "grunge"]},
        ],
    }
    assert score(obj) == [0, 1]


def test_whipped_cream_breaks_the_tie():
    # 000 Snorkel: "the player who has the most Whipped Cream tokens wins"
    obj = json.loads(json.dumps(REX_EXAMPLE))
    obj["players"][2]["whipped_cream"] = 1
    assert score(obj) == [0, 2, 4]


def test_whipped_cream_breaks_only_a_tie_for_the_most():
    # 000 Snorkel: "In the event of a tie, ... the player who has the most Whipped Cream tokens
    # wins." Only among the tied: player 3's Whipped Cream does not win them a family they hold
    # less of, and equal Whipped Cream among the tied leaves "nobody".
    obj = {
        "centre": ["grunge", "grunge", "grunge"],
        "players": [
            {"front": ["grunge", "grunge"], "rear": [], "whipped_cream": 1},
            {"front": [], "rear": ["grunge"], "whipped_cream": 1},
            {"front": ["grunge"], "rear": [], "whipped_cream": 3},
        ],
    }
    assert score(obj) == [0, 0, 0]
    obj["players"][1]["whipped_cream"] = 0
    assert score(obj) == [3, 0, 0]


def test_only_the_family_counts_and_each_family_pays_its_way():
    # 000: "a card that carries a value or symbol" - only the family counts towards a majority.
    obj = {
        "centre": [
            "bliblop",
            "skyzoclop:-2",
            "skyzoclop:5",
            "kandhiii:sun",
            "kandhiii:moon",
            "kandhiii:sun",
        ],
        "players": [
            {"front": ["bliblop", "skyzoclop:1"], "rear": ["kandhiii:star"]},
            {"front": ["skyzoclop", "skyzoclop:3"], "rear": []},
        ],
    }
    # Bliblop 2 x 1 and Kandhiii 3 (two symbols) to player 1; Skyzo'clop 2 vs 1 to player 2: +3.
    assert score(obj) == [5, 3]


def test_nobody_holding_a_family_wins_nothing():
    obj = {"centre": ["priss", "priss"], "players": [{"front": [], "rear": []}] * 2}
    assert score(obj) == [0, 0]


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "exactly the fields"),
        ({"centre": []}, "exactly the fields"),
        ({"centre": "rex", "players": []}, "centre must be a list"),
        ({"centre": ["tea"], "players": []}, "unknown family 'tea'"),
        ({"centre": ["skyzoclop"], "players": []}, "writes its value"),
        ({"centre": ["skyzoclop:x"], "players": []}, "writes its value"),
        ({"centre": ["kandhiii"], "players": []}, "writes its symbol"),
        ({"centre": ["rex:3"], "players": []}, "carry no value"),
        ({"centre": [7], "players": []}, "must be a string"),
        ({"centre": [f"kandhiii:{s}" for s in "abcde"], "players": []}, "at most 4"),
        ({"centre": [], "players": [{"front": [], "rear": []}]}, "2 to 5 players"),
        ({"centre": [], "players": [{"front": []}] * 2}, "front"),
        ({"centre": [], "players": [{"front": [], "rear": [], "x": 1}] * 2}, "front"),
        ({"centre": [], "players": [{"front": [], "rear": [], "whipped_cream": -1}] * 2}, "whole"),
        (
            {"centre": [], "players": [{"front": [], "rear": [], "whipped_cream": True}] * 2},
            "whole",
        ),
        ({"centre": [], "players": [{"front": [1], "rear": []}] * 2}, r"players\[0\]\.front"),
        # RESEARCH: "12 Monster families of 10 cards each"
        (
            {"centre": ["rex"] * 5, "players": [{"front": ["rex"] * 3, "rear": []}] * 2},
            "11 rex cards, but a family has only 10",
        ),
        # 000: "Choose the 5 families of Monsters you want to play with."
        (
            {
                "centre": ["rex", "skeeter", "snorkel", "grunge"],
                "players": [{"front": ["poopy"], "rear": ["snout"]}] * 2,
            },
            "6 families",
        ),
    ],
)
def test_bad_input_is_a_clear_error(obj, message):
    with pytest.raises(BadInput, match=message):
        GAME.score_json(obj)


def test_the_score_command_prints_json_and_exits_2_on_bad_input(tmp_path):
    runner = CliRunner()
    path = tmp_path / "table.json"
    path.write_text(json.dumps(REX_EXAMPLE))
    result = runner.invoke(app, ["score", "monsters-coffee", str(path)])
    assert result.exit_code == 0 and json.loads(result.stdout) == {"coffee": [0, 2, 0]}
    result = runner.invoke(app, ["score", "monsters-coffee", "-"], input='{"centre": ["tea"]}')
    assert result.exit_code == 2
    result = runner.invoke(app, ["score", "monsters-coffee", "-"], input="{not json")
    assert result.exit_code == 2
