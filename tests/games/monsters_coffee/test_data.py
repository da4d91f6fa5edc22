"""The assumed Monster's Coffee data file: validated on load, replaceable by the user."""

import tomllib

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.monsters_coffee import cards

from .helpers import GAME

DEFAULT = cards.DEFAULT_FILE.read_text(encoding="utf-8")


def write(tmp_path, text):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_default_data_loads_twelve_families_of_ten():
    data = cards.load()
    for fam in cards.FAMILIES:
        assert len(data.cards_of(fam)) == 10  # RESEARCH: "12 Monster families of 10 cards each"
    assert len({s for s in data.kandhiii}) <= 4
    assert min(data.skyzoclop) < 0 < max(data.skyzoclop)  # "wins, or loses"


def test_a_user_data_file_replaces_the_assumed_values(tmp_path):
    text = DEFAULT.replace(
        "values = [-3, -2, -1, -1, 1, 1, 2, 2, 3, 4]", "values = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9]"
    )
    state = GAME.new(2, seed=0, menu="prissato", cards=write(tmp_path, text))
    dealt = [c for h in state.hands for c in h] + state.discard
    assert sorted(c for c in dealt if c.startswith("skyzoclop")) == ["skyzoclop:9"] * 10


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("values = [-3, -2, -1, -1, 1, 1, 2, 2, 3, 4]", "values = [1, 2]", "each of the 10"),
        ("values = [-3, -2, -1, -1, 1, 1, 2, 2, 3, 4]", "values = [1.5] * 10", "TOML"),
        ("-3, -2, -1, -1, 1, 1, 2, 2, 3, 4]", "-3, -2, -1, -1, 1, 1, 2, 2, 3, true]", "whole"),
        ('"candy", "candy",', '"candy", "gum",', "at most 4"),
        ("cookie = 12", "cookie = -1", "0 or more"),
        ("droppings = 8\n", "", "supply"),
        ('[menu.prissato]\nname = "Prissato"', '[menu.prissatto]\nname = "Prissato"', "prissato"),
        ('"skeeter", "snorkel", "bliblop"]', '"skeeter", "grunge", "bliblop"]', "latte-newbie"),
        ('"skeeter", "snorkel", "bliblop"]', '"skeeter", "snorkel", "snorkel"]', "5 different"),
        ('strength = 3\nsize = "tall"', 'strength = 4\nsize = "tall"', "strength"),
        ("count = 6\n\n[[mummy]]\ncoffee = 2", "count = 0\n\n[[mummy]]\ncoffee = 2", "count"),
    ],
)
def test_bad_data_files_are_refused_clearly(tmp_path, old, new, message):
    assert old in DEFAULT
    with pytest.raises(BadInput, match=message):
        GAME.new(3, seed=0, cards=write(tmp_path, DEFAULT.replace(old, new, 1)))


def test_missing_or_broken_files_are_clear_errors(tmp_path):
    with pytest.raises(BadInput, match="cannot read"):
        GAME.new(3, seed=0, cards=str(tmp_path / "nope.toml"))
    with pytest.raises(BadInput, match="not valid TOML"):
        GAME.new(3, seed=0, cards=write(tmp_path, "[[[["))
    with pytest.raises(BadInput, match="exactly the tables"):
        GAME.new(3, seed=0, cards=write(tmp_path, "x = 1"))
    assert tomllib.loads(DEFAULT)  # the default file itself is plain TOML
