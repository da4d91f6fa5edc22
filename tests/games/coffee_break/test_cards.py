"""The assumed Coffee Break card set: validated on load, replaceable by the user."""

import tomllib

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.coffee_break.cards import DEFAULT_FILE, INGREDIENTS, ORDER_IDS, load, validate

from .helpers import GAME


def default():
    return tomllib.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


def test_the_default_set_is_complete():
    # 002_166af175196e41ee.txt: "20 order cards: They indicate the name of coffee and the
    # ingredients for completing the orders"
    cards = load()
    assert set(cards.recipes) == set(ORDER_IDS)
    assert sum(n for _, n in cards.order_copies) == 20
    assert sum(n for _, n in cards.ingredient_counts) == 58
    # More ingredients for the drinks worth more points (ASSUMED data, see the rules page).
    assert len(cards.recipes["espresso"]) < len(cards.recipes["cappuccino"])
    assert len(cards.recipes["cafe-latte"]) < len(cards.recipes["caramel-macchiato"])


def broken(change):
    data = default()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.pop("orders"), "exactly the tables"),
        (lambda d: d["ingredients"].pop("ice"), r"\[ingredients\] must give exactly"),
        (lambda d: d["ingredients"].update(espresso=23), "58 ingredient cards"),
        (lambda d: d["ingredients"].update(espresso=-1), "whole numbers"),
        (lambda d: d["ingredients"].update(espresso=True), "whole numbers"),
        (lambda d: d["orders"]["espresso"].update(copies=3), "20 order cards"),
        (lambda d: d["orders"]["espresso"].update(copies="2"), "copies must be"),
        (
            lambda d: d["orders"].update(flat_white={"copies": 1, "needs": ["milk"]}),
            "unknown order",
        ),
        (lambda d: d["orders"]["espresso"].update(needs=["espresso", "tea"]), "unknown ingredient"),
        (lambda d: d["orders"]["espresso"].update(needs=[]), "non-empty list"),
        (lambda d: d["orders"]["espresso"].update(needs=["whipped-cream"] * 6), "only 2 cards"),
        (lambda d: d["orders"]["espresso"].pop("needs"), "copies and needs"),
    ],
)
def test_bad_card_sets_are_refused_clearly(change, match):
    with pytest.raises(BadInput, match=match):
        validate(broken(change))


def test_a_user_card_set_is_used_by_the_game(tmp_path):
    data = default()
    # Our own set: an Espresso is a single shot.
    text = DEFAULT_FILE.read_text(encoding="utf-8").replace(
        'needs = ["espresso", "espresso"]\n', 'needs = ["espresso"]\n', 1
    )
    assert data["orders"]["espresso"]["needs"] == ["espresso", "espresso"]
    path = tmp_path / "single.toml"
    path.write_text(text, encoding="utf-8")
    state = GAME.new(2, seed=0, cards=str(path))
    assert state.cards.recipes["espresso"] == ("espresso",)
    assert state.record().options["cards"] == str(path)


def test_a_bad_card_file_is_refused_by_name(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(BadInput, match="cannot read card set"):
        GAME.new(2, seed=0, cards=str(missing))
    bad = tmp_path / "bad.toml"
    bad.write_text("[ingredients\n", encoding="utf-8")
    with pytest.raises(BadInput, match="not valid TOML"):
        GAME.new(2, seed=0, cards=str(bad))
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(BadInput, match="not UTF-8"):
        GAME.new(2, seed=0, cards=str(binary))
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("[ingredients]\n[orders]\n", encoding="utf-8")
    with pytest.raises(BadInput, match=r"wrong\.toml"):
        GAME.new(2, seed=0, cards=str(wrong))


def test_every_ingredient_is_wanted_by_some_order():
    needed = {i for recipe in load().recipes.values() for i in recipe}
    assert needed == set(INGREDIENTS)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"direction": "up"}, "direction"),
        ({"doubling": "sometimes"}, "doubling"),
        ({"target_rule": "pass"}, "target_rule"),
        ({"target": 0}, "'target' of coffee-break must be 1 or more"),
        ({"stall_rounds": 0}, "stall_rounds"),
        ({"stall_rounds": 51}, "stall_rounds"),
    ],
)
def test_bad_options_are_refused(options, match):
    with pytest.raises(BadInput, match=match):
        GAME.new(2, seed=0, **options)
