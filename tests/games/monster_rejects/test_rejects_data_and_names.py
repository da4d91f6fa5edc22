"""The card-set data file and the family-edition names: seed 003_59e5b48f57a6f035.txt."""

from pathlib import Path

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.monster_rejects.actions import PlayChaos
from cardcafe.games.monster_rejects.cards import CHAOS, DEFAULT_FILE, load

from .helpers import GAME, arrange, texts


def test_the_default_data_names_every_card():
    cards = load()
    names = cards.names(False)
    assert names["hiroshima"] == "Hiroshima" and names["inferno-13"] == "Crown of Inferno"
    assert dict(cards.realm_names)["mutant"] == "Mutant"  # ASSUMED fourth realm


def test_family_names_rename_every_chaos_card():
    # RESEARCH.md (Monster Misfits): "Smuggle A Mexican -> Smuggler, Trip The Fuck Out ->
    # Teleporter, Right Wing Mentality -> Moonwalk, Hiroshima -> Nuke"
    original, family = load().names(False), load().names(True)
    assert family["smuggle"] == "Smuggler" and family["trip"] == "Teleporter"
    assert family["right-wing"] == "Moonwalk" and family["hiroshima"] == "Nuke"
    assert all(family[c] != original[c] for c in CHAOS)


def test_family_names_are_used_in_views_and_logs():
    s = arrange(
        hands=[["hiroshima", "aids", "inferno-2"], ["undead-1"]], pile=["inferno-7"], names="family"
    )
    s.apply(PlayChaos("hiroshima"))
    assert "Nuke" in texts(s, 1) and "Hiroshima" not in texts(s, None)
    assert s.view(0)["names"]["aids"] == "Cooties"
    every = " ".join(e.text for e in GAME.new(4, seed=2, names="family").events)
    original = load().names(False)
    assert not any(original[c] in every for c in CHAOS)


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


def test_a_user_card_set_is_loaded(tmp_path: Path):
    text = DEFAULT_FILE.read_text().replace('mutant = "Mutant"', 'mutant = "Swamp"')
    s = GAME.new(2, seed=1, cards=_write(tmp_path, text))
    assert s.names["mutant-4"] == "4 of Swamp"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('mutant = "Mutant"', ""), "realms"),
        (('effect = "top-becomes"', 'effect = "explode"'), "effect"),
        (("value = 2", "value = 99"), "value"),
        (("count = 2", "count = -1"), "count"),
        (('name = "AIDS"', 'name = ""'), "name"),
        (("[items.human-centipede]", "[items.human-caterpillar]"), "items"),
    ],
)
def test_a_bad_card_set_is_a_clear_error(tmp_path: Path, change, message):
    text = DEFAULT_FILE.read_text().replace(*change)
    with pytest.raises(BadInput, match=message):
        GAME.new(2, seed=1, cards=_write(tmp_path, text))


def test_unreadable_or_invalid_toml_is_a_clear_error(tmp_path: Path):
    with pytest.raises(BadInput, match="cannot read"):
        GAME.new(2, cards=str(tmp_path / "missing.toml"))
    with pytest.raises(BadInput, match="not valid TOML"):
        GAME.new(2, cards=_write(tmp_path, "[realms\n"))
