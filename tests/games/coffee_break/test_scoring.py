"""Coffee Break points and the `cardcafe score` calculator, citing 002_166af175196e41ee.txt."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cardcafe.cli import app
from cardcafe.engine import BadInput
from cardcafe.games.coffee_break.actions import Lay
from cardcafe.games.coffee_break.scoring import points, score_json

from .helpers import GAME, position


@pytest.mark.parametrize(
    ("orders", "each", "quote"),
    [
        (
            ["espresso", "espresso-con-panna"],
            2,
            "2 points for each Espresso (Including Espresso con pana)",
        ),
        (
            ["americano", "iced-americano"],
            2,
            "2 points for each Americano (Including Ice Americano)",
        ),
        (
            ["cafe-latte", "iced-cafe-latte"],
            3,
            "3 points for each Café Latte (Including Ice Café Latte)",
        ),
        (
            ["cafe-mocha", "iced-cafe-mocha"],
            3,
            "3 points for each Café Mocha (Including Ice Café Mocha)",
        ),
        (
            ["cappuccino", "iced-cappuccino"],
            4,
            "4 points for each Cappuccino (Including Ice Cappuccino)",
        ),
        (["caramel-macchiato", "iced-caramel-macchiato"], 5, "5 points for each Caramel Macchiato"),
    ],
)
def test_points_of_each_order(orders, each, quote):
    # 002_166af175196e41ee.txt: the quote of each case ("4. Points of the order cards").
    for order in orders:
        assert points([order]) == each, quote


@pytest.mark.parametrize(
    ("kind", "named"),
    [
        (["espresso", "espresso-con-panna"], 3),
        (["americano", "iced-americano"], 3),
        (["cafe-latte", "iced-cafe-latte"], 2),
        (["cafe-mocha", "iced-cafe-mocha"], 2),
        (["cappuccino", "iced-cappuccino"], 2),
        (["caramel-macchiato", "iced-caramel-macchiato"], 2),
    ],
)
def test_points_double_with_enough_of_one_kind(kind, named):
    # 002_166af175196e41ee.txt: "the points will be doubled when there are more than 3 same
    # orders" (Espresso, Americano) and "more than 2 same orders" (the others). The variants
    # count as the same order. Default "at-least": N or more; "more-than": more than N.
    each = points(kind[:1])
    below = [kind[i % 2] for i in range(named - 1)]
    at = [kind[i % 2] for i in range(named)]
    above = [kind[i % 2] for i in range(named + 1)]
    assert points(below) == each * (named - 1)
    assert points(at) == 2 * each * named
    assert points(at, "more-than") == each * named
    assert points(above, "more-than") == 2 * each * (named + 1)


def test_kinds_double_separately():
    # 002_166af175196e41ee.txt: "doubled when there are more than 2 same orders": only the kind
    # that has them doubles.
    assert points(["cafe-latte", "iced-cafe-latte", "cappuccino"]) == 12 + 4


def test_the_engine_scores_with_the_same_rule_and_option():
    # 002_166af175196e41ee.txt: "Players gain points by completing the order card."
    taken = [["cafe-latte"], []]
    laid = [[], [], [("espresso", "espresso"), ("milk", "milk")], []]
    for doubling, expected in (("at-least", 12), ("more-than", 6)):
        state = position(hands=[["milk"], []], taken=taken, laid=laid, doubling=doubling)
        state.apply(Lay(2, "milk"))
        assert state.scores() == [expected, 0]
        assert state.view(1)["scores"] == [expected, 0]


def test_calculator():
    # The JSON: the order cards each player took -> their points.
    result = GAME.score_json(
        {"players": [["espresso", "iced-americano", "cappuccino"], ["cafe-latte"] * 2, []]}
    )
    assert result == {"scores": [2 + 2 + 4, 12, 0]}
    assert json.loads(json.dumps(result)) == result


def test_calculator_scores_with_the_doubling_option_too():
    # 002_166af175196e41ee.txt: "doubled when there are more than 2 same orders"; issue 4: "make
    # the threshold rule an option". The calculator takes the game option's values.
    table = [["cafe-latte", "iced-cafe-latte"], ["espresso"] * 3]
    assert score_json({"players": table}) == {"scores": [12, 12]}
    assert score_json({"players": table, "doubling": "at-least"}) == {"scores": [12, 12]}
    assert score_json({"players": table, "doubling": "more-than"}) == {"scores": [6, 6]}


@pytest.mark.parametrize(
    ("obj", "match"),
    [
        ([], 'the field "players"'),
        ({"players": [], "x": 1}, 'the field "players"'),
        ({"doubling": "more-than"}, 'the field "players"'),
        ({"players": [["espresso"]], "doubling": "often"}, '"doubling" must be'),
        ({"players": [["espresso"]], "doubling": ["more-than"]}, '"doubling" must be'),
        ({"players": []}, "non-empty"),
        ({"players": "espresso"}, "non-empty"),
        ({"players": [["espresso"], "latte"]}, r"players\[1\] must be a list"),
        ({"players": [["latte"]]}, "unknown order 'latte'"),
        ({"players": [[3]]}, "unknown order 3"),
        ({"players": [[["espresso"]]]}, "unknown order"),
    ],
)
def test_calculator_refuses_bad_input(obj, match):
    with pytest.raises(BadInput, match=match):
        score_json(obj)


def test_score_command(tmp_path):
    runner = CliRunner()
    good = tmp_path / "table.json"
    good.write_text(json.dumps({"players": [["caramel-macchiato"], ["espresso"] * 3]}))
    result = runner.invoke(app, ["score", "coffee-break", str(good)])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"scores": [5, 12]}
    result = runner.invoke(app, ["score", "coffee-break", "-"], input='{"players": [["mocha"]]}')
    assert result.exit_code == 2
    assert "unknown order 'mocha'" in result.output
    result = runner.invoke(app, ["score", "coffee-break", "-"], input="{not json")
    assert result.exit_code == 2


def run_cli(*args, stdin: bytes = b""):
    return subprocess.run(
        [sys.executable, "-m", "cardcafe", *args], input=stdin, capture_output=True
    )


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        # An order id that looks like console markup is quoted as written, not swallowed.
        (b'{"players": [["[/x]"]]}', b"unknown order '[/x]'"),
        (b'{"players": [["[bold]mocha"]]}', b"unknown order '[bold]mocha'"),
        (b'{"players": [["\xff"]]}', b"unknown order"),
        (b"[" * 100_000 + b"]" * 100_000, b"too deeply"),
    ],
    # Short ids: pytest puts the test's id in the environment of the command it runs, and an
    # id holding the 200,000-byte input is too long for one (E2BIG).
    ids=["markup-close", "markup-open", "not-utf8", "deep-nesting"],
)
def test_score_command_bad_input_is_a_message_on_stderr_and_status_2(stdin, message):
    # Issue 4: "Bad input: a clear error, exit status 2."
    done = run_cli("score", "coffee-break", "-", stdin=stdin)
    assert done.returncode == 2
    assert message in done.stderr and b"Traceback" not in done.stderr
    assert done.stdout == b""


def test_score_command_refuses_a_file_that_is_not_text(tmp_path):
    path = tmp_path / "table.json"
    path.write_bytes(b"\xff\xfe")
    done = run_cli("score", "coffee-break", str(path))
    assert done.returncode == 2
    assert b"not UTF-8" in done.stderr and b"Traceback" not in done.stderr
