"""The card-set data file and the family-edition names: seed 003_59e5b48f57a6f035.txt."""

import random
import re
from pathlib import Path

import pytest

from cardcafe.engine import BadInput, IllegalMove
from cardcafe.games.monster_rejects.actions import Draw, GiveBack, Hide, PlayChaos
from cardcafe.games.monster_rejects.cards import CHAOS, DEFAULT_FILE, ITEMS, load

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
    assert s.catalogue["cards"]["aids"]["name"] == "Cooties"
    assert GAME.catalogue(names="family")["cards"]["aids"]["name"] == "Cooties"
    assert GAME.catalogue()["cards"]["aids"]["name"] == "AIDS"
    state = GAME.new(4, seed=2, names="family")
    every = " ".join(t for seat in (None, *range(4)) for t in state.log_text(seat))
    original = load().names(False)
    assert not any(original[c] in every for c in CHAOS)


def _unfamily_words(text: str) -> list[str]:
    """Original Chaos/item names, or bare card ids, found in `text`."""
    original = load().names(False)
    words = [original[c] for c in CHAOS + ITEMS] + list(CHAOS + ITEMS)
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def test_family_names_reach_every_log_line_prompt_and_error_of_whole_games():
    # Issue 5: "Offer a `names="family"` option that shows family-friendly names for every Chaos
    # card ..., used in every view and log." Whole random games, every seat and spectators.
    for seed, players, options in ((1, 3, {}), (2, 10, {"battle_pack": True})):
        s = GAME.new(players, seed=seed, names="family", turn_limit=150, **options)
        rng = random.Random(seed)
        said = []
        while not s.is_over:
            said.append(s.prompt)
            legal = set(s.legal_actions())
            for action in rng.sample(GAME.space.actions, 4):
                if action not in legal:
                    with pytest.raises(IllegalMove) as refused:
                        s.apply(action)
                    said.append(str(refused.value))
            s.apply(rng.choice(s.legal_actions()))
        said += [t for seat in (None, *range(players)) for t in s.log_text(seat)]
        said += [s.view(seat)["end_reason"] for seat in (None, *range(players))]
        assert len({a.card for a in s.history if isinstance(a, PlayChaos)}) >= 3
        assert not _unfamily_words("\n".join(said))


def test_refusals_name_cards_as_the_players_see_them():
    s = arrange(hands=[["aids", "hiroshima", "undead-2"], ["undead-1"]], names="family")
    with pytest.raises(IllegalMove, match="you do not hold Teleporter") as refused:
        s.apply(PlayChaos("trip"))
    assert not _unfamily_words(str(refused.value))
    # Out of its phase, a move is refused with what is asked instead (the kernel's fallback).
    with pytest.raises(IllegalMove, match="not now: Play a Chaos card first") as refused:
        s.apply(Hide("hiroshima"))
    assert not _unfamily_words(str(refused.value))
    with pytest.raises(IllegalMove, match="not now: Play a Chaos card first") as refused:
        s.apply(GiveBack("trip"))
    assert not _unfamily_words(str(refused.value))
    s.apply(PlayChaos("aids"))
    undead_only = re.escape("you must now play a Realm card (Undead only)")
    with pytest.raises(IllegalMove, match=undead_only):
        s.apply(Draw())


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


def test_a_user_card_set_is_loaded(tmp_path: Path):
    text = DEFAULT_FILE.read_text().replace('mutant = "Mutant"', 'mutant = "Swamp"')
    s = GAME.new(2, seed=1, cards=_write(tmp_path, text))
    assert s.catalogue["cards"]["mutant-4"]["name"] == "4 of Swamp"
    assert s.catalogue["terms"]["mutant"]["name"] == "Swamp"


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


def test_actions_are_described_with_the_tables_names():
    # Issue 5: names="family" is "used in every view and log"; a move's label is part of both.
    family = arrange(hands=[["hiroshima", "inferno-3"], ["undead-1"]], names="family")
    original = arrange(hands=[["hiroshima", "inferno-3"], ["undead-1"]])
    assert family.describe(PlayChaos("hiroshima")) == "Play Nuke"
    assert original.describe(PlayChaos("hiroshima")) == "Play Hiroshima"
