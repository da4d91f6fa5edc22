import pickle
from dataclasses import dataclass
from typing import Literal

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, OptionError
from cardcafe.engine.options import bounded, option_bounds, options_to_json, parse_options


@dataclass(frozen=True)
class Opts:
    mode: Literal["a", "b"] = "a"
    count: int = 1
    ratio: float = 0.5
    flag: bool = False
    path: str | None = None
    names: tuple[str, ...] = ()
    level: Literal[1, 2] = 1


def test_defaults_and_values():
    assert parse_options(Opts, "g", {}) == Opts()
    parsed = parse_options(Opts, "g", {"mode": "b", "count": 3, "names": ["x", "y"], "ratio": 1})
    assert parsed == Opts(mode="b", count=3, ratio=1, names=("x", "y"))
    assert options_to_json(parsed) == {"mode": "b", "count": 3, "ratio": 1, "names": ["x", "y"]}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"colour": 1}, "unknown option 'colour' for g; known options: count, flag, level"),
        ({"mode": "c"}, "'mode' of g must be one of 'a', 'b'"),
        ({"level": True}, "'level' of g must be one of 1, 2"),
        ({"count": "3"}, "'count' of g must be a whole number"),
        ({"count": True}, "'count' of g must be a whole number"),
        ({"flag": 1}, "'flag' of g must be true or false"),
        ({"path": 3}, "'path' of g must be text or empty"),
        ({"names": ["x", 2]}, "'names' of g must be a list of text"),
        ({"ratio": "x"}, "'ratio' of g must be a number"),
    ],
)
def test_mistakes_are_named(raw, message):
    with pytest.raises(BadInput, match=message.replace("(", r"\(")):
        parse_options(Opts, "g", raw)


@dataclass(frozen=True)
class Bounded:
    rounds: int = bounded(10, 1, 50)
    target: int | None = bounded(None, 1)


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ({"rounds": 0}, "must be 1 to 50, not 0"),
        ({"rounds": 51}, "must be 1 to 50, not 51"),
        ({"target": 0}, "must be 1 or more, not 0"),
        ({"rounds": None}, "must be a whole number, not None"),
    ],
)
def test_an_option_refused_says_which_and_why_apart(raw, why):
    """The bounds are declared with the field (`bounded`); the error names the option and says
    why in words that read after its name, so a lobby can put its label in front."""
    with pytest.raises(OptionError) as refused:
        parse_options(Bounded, "g", raw)
    assert (refused.value.option, refused.value.why, refused.value.game_id) == (*raw, why, "g")
    assert str(refused.value) == f"option {next(iter(raw))!r} of g {why}"


def test_bounds_are_kept_and_told():
    assert parse_options(Bounded, "g", {"rounds": 50, "target": None}) == Bounded(50, None)
    assert option_bounds(Bounded) == {"rounds": (1, 50), "target": (1, None)}


def test_a_player_reads_an_option_refused_by_its_label():
    game = games.get("coffee-break")
    with pytest.raises(OptionError) as refused:
        game.new(2, stall_rounds=100)
    words = game.option_error_words(refused.value)
    assert words == f"{game.option_texts()['stall_rounds']['label']} must be 1 to 50, not 100"
    assert "stall_rounds" not in words and "coffee-break" not in words


@pytest.mark.parametrize(
    ("game_id", "players", "raw", "said"),
    [
        (
            "coffee-break",
            2,
            {"stall_rounds": "X10"},
            "Stuck table must be a whole number, not 'X10'",
        ),
        ("monster-rejects", 2, {"decks": 3}, "Decks must be one of 1, 2 or empty, not 3"),
    ],
)
def test_a_value_of_the_wrong_kind_is_told_in_players_words(game_id, players, raw, said):
    """What a value must be reads as a player says it (the start screen shows it as it is):
    it said "Stuck table must be int" and "Decks must be one of 1, 2 or null"."""
    game = games.get(game_id)
    with pytest.raises(OptionError) as refused:
        game.new(players, **raw)
    assert game.option_error_words(refused.value) == said


def test_an_option_refused_crosses_a_process_whole():
    """A simulation's worker process sends its error back pickled: an OptionError could not be
    unpickled (its __init__ takes the option and why, the pickle gave it the message alone),
    which leaves the pool waiting on a result that never comes."""
    refused = OptionError("decks", "must be 2 with 7 players", "monster-rejects")
    back = pickle.loads(pickle.dumps(refused))
    assert (back.option, back.why, back.game_id, str(back)) == (
        "decks",
        "must be 2 with 7 players",
        "monster-rejects",
        str(refused),
    )
