"""Bot spec strings: `name:param=value:...`, with clear errors."""

from __future__ import annotations

import pytest

from cardcafe.bots import HeuristicBot, IsmctsBot, RandomBot, make_bot, parse_spec
from cardcafe.engine import BadInput


def test_plain_names():
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    bot = make_bot("ismcts")
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.seconds, bot.c, bot.rollout) == (300, 0.0, 0.7, "random")


def test_parameters_are_parsed_and_typed():
    bot = make_bot("ismcts:iterations=2000:rollout=heuristic:c=1.5", seed=3)
    assert (bot.iterations, bot.rollout, bot.c, bot.seed) == (2000, "heuristic", 1.5, 3)
    assert make_bot("ismcts:seconds=0.25").seconds == 0.25


def test_spec_round_trips():
    spec = "ismcts:iterations=50:rollout=heuristic"
    assert make_bot(spec).spec == spec
    assert make_bot("ismcts").spec == "ismcts"
    # A parameter the spec named stays, even at the bot's default: a game may have another.
    assert make_bot("ismcts:root=ucb").spec == "ismcts:root=ucb"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "a bot spec must be a name"),
        ("montecarlo", "unknown bot 'montecarlo'; the bots are: random, heuristic, ismcts"),
        (
            "ismcts:temperature=3",
            "unknown parameter 'temperature' for bot ismcts; its parameters: iterations",
        ),
        ("ismcts:root=leftmost", "root must be one of ucb, halving, not 'leftmost'"),
        ("ismcts:expand=0", "expand must be at least 1"),
        (
            "random:iterations=3",
            "unknown parameter 'iterations' for bot random; its parameters: none",
        ),
        ("ismcts:iterations", "parameter 'iterations' must be written name=value"),
        ("ismcts:iterations=lots", "iterations must be an integer, not 'lots'"),
        ("ismcts:c=wide", "c must be a number, not 'wide'"),
        ("ismcts:iterations=-5", "iterations must not be negative"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        (
            "ismcts:rollout=greedy",
            "rollout must be one of auto, random, heuristic, mixed, not 'greedy'",
        ),
        ("ismcts:c=1:c=2", "parameter 'c' is given twice"),
        ("ismcts:iterations=10:seconds=1", "in iterations or in seconds, not both"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(BadInput) as info:
        make_bot(spec)
    assert message in str(info.value)


def test_parse_spec_names_the_class():
    cls, params = parse_spec("ismcts:iterations=7")
    assert cls is IsmctsBot and params == {"iterations": 7}
