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
            "kandhiii:donut",
            "kandhiii:candy",
            "kandhiii:donut",
        ],
        "players": [
            {"front": ["bliblop", "skyzoclop:1"], "rear": ["kandhiii:cupcake"]},
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
        ({"centre": [f"kandhiii:{s}" for s in "abcde"], "players": []}, "no Kandhiii card shows"),
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


# -- a whole game (issue 14) -------------------------------------------------------------------
def game_input(**changes):
    """Two players, two rounds: round 1 player 0 wins the 2 Rex, round 2 player 1 the Skeeter."""
    obj = {
        "rounds": [
            {
                "centre": ["rex", "rex"],
                "players": [
                    {"front": ["rex"], "rear": ["rex"], "coffee": 1},
                    {"front": ["skeeter"], "rear": ["snorkel"]},
                ],
            },
            {
                "centre": ["skeeter"],
                "players": [
                    {"front": ["rex"], "rear": []},
                    {"front": ["skeeter"], "rear": [], "coffee": 2},
                ],
            },
        ],
        "players": [{"cookies": 0, "mummy_tokens": []}, {"cookies": 0, "mummy_tokens": []}],
    }
    obj |= changes
    return obj


def test_a_whole_game_adds_the_rounds_and_names_the_winner():
    # 000: "A game of Monster Café is played in 2 rounds. ... At the end of the 2 rounds, the
    # player who has the most wins!"
    out = GAME.score_json(game_input())
    assert out["rounds"][0] == {"majorities": [2, 0], "snout": [0, 0], "coffee": [3, 0]}
    assert out["rounds"][1]["coffee"] == [3, 3]
    assert out["round_two"] == [0, 3] and out["coffee"] == [3, 3]
    # 000: "In the event of a tie, the player who won the most Coffee tokens during the second
    # round wins (Cookie tokens and Mummy tokens not included)."
    assert out["winners"] == [1]


def test_snout_tokens_left_on_a_front_line_go_to_its_owner():
    # 000 SNOUT: "If said token is still at the player's Front Line at the end of the round,
    # that player takes the Coffee token."
    obj = game_input()
    obj["rounds"][1]["players"][0]["snout_coffee"] = 2
    out = GAME.score_json(obj)
    assert out["rounds"][1]["snout"] == [2, 0]
    assert out["round_two"] == [2, 3] and out["coffee"] == [5, 3] and out["winners"] == [0]


def test_the_cookie_bonus_and_its_whipped_cream_tie_break():
    # 000 CAKOSAURUS: "At the end of the game, the player who has the most Cookie tokens gets 5
    # Coffee tokens. In the event of a tie, the player with the most Whipped Cream tokens at the
    # end of the second round gets the 5 Coffee tokens. If the tie persists, no one gets those
    # tokens."
    players = [{"cookies": 2}, {"cookies": 2}]
    assert GAME.score_json(game_input(players=players))["cookie"] == [0, 0]
    obj = game_input(players=players)
    obj["rounds"][1]["players"][0]["whipped_cream"] = 1
    out = GAME.score_json(obj)
    assert out["cookie"] == [5, 0] and out["coffee"] == [8, 3]
    assert out["round_two"] == [0, 3]  # "Cookie tokens ... not included"
    # Whipped Cream of round one is gone: "discarded at the end of a round".
    obj = game_input(players=players)
    obj["rounds"][0]["players"][0]["whipped_cream"] = 1
    assert GAME.score_json(obj)["cookie"] == [0, 0]


def test_mummy_tokens_odd_and_even_bones():
    # 000 MUMMY: "Coffees are converted into Coffee tokens. ... With an odd number of Bones, you
    # lose 3 Coffee tokens. With an even number of Bones, you win as many Coffee tokens as the
    # even number of Bones."
    players = [
        {"mummy_tokens": [[2, 0], [0, 1], [0, 1]]},  # 2 Coffees, 2 Bones: +4
        {"mummy_tokens": [[1, 1]]},  # 1 Coffee, 1 Bone: 1 - 3
    ]
    out = GAME.score_json(game_input(players=players))
    assert out["mummy"] == [4, -2] and out["coffee"] == [7, 1]
    assert out["winners"] == [0]
    # Decision: Coffee stops at 0 unless negative_coffee.
    players[1]["mummy_tokens"] = [[0, 1]]
    obj = game_input(players=players)
    obj["rounds"][1]["players"][1]["coffee"] = 0
    assert GAME.score_json(obj)["coffee"][1] == 0
    assert GAME.score_json({**obj, "negative_coffee": True})["coffee"][1] == 1 - 3


def test_a_whole_game_refuses_what_no_game_shows():
    for bad, message in (
        ({"rounds": []}, "2 rounds"),
        ({"players": [{"cookies": -1}, {}]}, "cookies"),
        ({"players": [{"mummy_tokens": [[1]]}, {}]}, "coffee, bones"),
        ({"players": [{}, {}, {}]}, "same 3 players"),
        ({"negative_coffee": "no"}, "negative_coffee"),
        ({"extra": 1}, "fields"),
    ):
        with pytest.raises(BadInput, match=message):
            GAME.score_json(game_input(**bad))
    obj = game_input()
    obj["rounds"][0]["players"][0]["snout_coffee"] = -1
    with pytest.raises(BadInput, match="snout_coffee"):
        GAME.score_json(obj)
