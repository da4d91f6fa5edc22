from dataclasses import dataclass
from typing import Literal

import pytest

from cardcafe.engine import BadInput
from cardcafe.engine.options import options_to_json, parse_options


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
        ({"count": "3"}, "'count' of g must be int"),
        ({"count": True}, "'count' of g must be int"),
        ({"flag": 1}, "'flag' of g must be bool"),
        ({"path": 3}, "'path' of g must be str or null"),
        ({"names": ["x", 2]}, "'names' of g must be a list of str"),
    ],
)
def test_mistakes_are_named(raw, message):
    with pytest.raises(BadInput, match=message.replace("(", r"\(")):
        parse_options(Opts, "g", raw)
