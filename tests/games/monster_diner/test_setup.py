"""Monster Diner setup, citing 001_7d28313ed1460a2d.txt."""

import tomllib
from collections import Counter

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.monster_diner import cards

from .helpers import GAME


def test_the_deck_has_98_cards():
    # 001_7d28313ed1460a2d.txt: "98 cards;"
    assert len(cards.load().deck) == 98


@pytest.mark.parametrize(("players", "removed"), [(2, 30), (3, 20), (4, 15), (5, 10), (6, 5)])
def test_cards_removed_unseen_by_player_count(players, removed):
    # 001_7d28313ed1460a2d.txt: "Cards to be removed | 30 | 20 | 15 | 10 | 5"
    state = GAME.new(players, seed=3)
    assert len(state.removed) == removed
    assert len(state.deck) + 1 == 98 - removed  # +1: the first card is drawn already
    assert all(v["removed_count"] == removed for v in map(state.view, range(players)))
    assert "removed" not in state.view(0) and "deck" not in state.view(0)


def test_the_cards_are_shuffled():
    # 001_7d28313ed1460a2d.txt: "Shuffle the cards."
    orders = {tuple(GAME.new(2, seed=s).deck) for s in range(5)}
    assert len(orders) == 5


def test_the_first_player_starts():
    # 001_7d28313ed1460a2d.txt:
    # "The person who was the last to eat in a diner starts first." (seat 0)
    state = GAME.new(4, seed=1)
    assert state.current_player == 0


def test_two_to_six_players():
    # 001_7d28313ed1460a2d.txt: "6 player mats;" and the removal table covers 2 to 6.
    assert GAME.players == range(2, 7)
    with pytest.raises(BadInput, match="2 to 6 players"):
        GAME.new(7)


def write(tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


DEFAULT = cards.DEFAULT_FILE.read_text()


def test_a_user_card_set_is_loaded(tmp_path):
    text = DEFAULT.replace("janitor = 14", "janitor = 10").replace("florist = 10", "florist = 14")
    state = GAME.new(2, seed=1, cards=write(tmp_path, text))
    whole = Counter(state.deck + state.removed + [state.held])
    assert whole["janitor"] == 10 and whole["florist"] == 14


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("janitor = 14", "janitor = 15"), "98 cards"),
        (("points = [1, 3, 6, 10, 6, 3, 1]", "points = [1, 3, 12, 10, 6, 3, 1]"), "4 cards"),
        (("points = [1, 3, 6, 10, 6, 3, 1]", "points = [2, 3, 6, 10, 6, 3, 1]"), "1 and 7"),
        (('["ice-cream-man", "florist"]', '["ice-cream-man", "chef"]'), "MasterChef"),
        (("janitor = 14", "janitors = 14"), "counts"),
        (("[counts]", "[counts"), "TOML"),
        # Wrong shapes are refused with a message, never a crash.
        (("[counts]\n", "counts = 5\n[oops]\n"), "exactly the tables"),
        (("janitor = 14", "janitor = true"), "whole numbers"),
        (('["ice-cream-man", "florist"]', "[1, 2]"), "lists of card types"),
        (("requires = [", "require = 1\nrequires = ["), "with just requires"),
        (("points = [1, 3, 6, 10, 6, 3, 1]", "points = [true, 3, 6, 10, 6, 3, true]"), "whole"),
    ],
)
def test_a_bad_card_set_is_refused_clearly(tmp_path, change, message):
    with pytest.raises(BadInput, match=message):
        GAME.new(2, cards=write(tmp_path, DEFAULT.replace(*change)))


def test_a_missing_card_set_file_is_a_clear_error(tmp_path):
    with pytest.raises(BadInput, match="cannot read card set"):
        GAME.new(2, cards=str(tmp_path / "nope.toml"))
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(BadInput, match="not UTF-8"):
        GAME.new(2, cards=str(binary))


@pytest.mark.parametrize(
    ("table", "text"),
    [
        ("counts", "counts = 5"),
        ("masterchef", "masterchef = [1]"),
        ("salad-meister", '"salad-meister" = 3'),
    ],
)
def test_a_table_of_the_wrong_shape_is_refused(table, text):
    data = tomllib.loads(DEFAULT)
    data[table] = tomllib.loads(text)[table]
    with pytest.raises(BadInput, match=rf"\[{table}\] must be a table"):
        cards.validate(data)


def test_options_are_checked():
    with pytest.raises(BadInput, match="guest_to"):
        GAME.new(2, guest_to="garden")
