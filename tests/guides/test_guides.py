"""The player guides: one per game, short, in players' words, every card reference a real card."""

from __future__ import annotations

import re

import pytest

from cardcafe import games
from cardcafe.guides import CARD_REF, NoGuide, guide_source, guide_text

GAME_IDS = ["coffee-break", "monster-diner", "monster-rejects", "monsters-coffee"]
# The sections every guide has, by heading (the powers section takes the game's own word).
SECTIONS = [
    r"What you are trying to do",
    r"Setup",
    r"A turn",
    r"Special cards|Powers",
    r"Scoring",
    r"The end",
    r"Playing on cardcafe",
]
# Catalogues a guide may be read under: every card a reference may name must be in each.
CATALOGUE_OPTIONS = {
    "monster-rejects": [{}, {"names": "family"}, {"battle_pack": True}],
    "monsters-coffee": [{}, {"menu": "prissato"}],
}


def names(game_id: str, **options) -> dict[str, str]:
    cards = games.get(game_id).catalogue(**options)["cards"]
    return {key: card["name"] for key, card in cards.items()}


def words(text: str) -> int:
    return len(re.findall(r"\S+", text))


def test_every_game_has_a_guide():
    assert sorted(g.id for g in games.all()) == GAME_IDS
    for game_id in GAME_IDS:
        assert guide_source(game_id).strip()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_is_short(game_id):
    assert 300 < words(guide_text(game_id, names(game_id))) < 1500


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_has_every_section(game_id):
    headings = re.findall(r"^## (.+)$", guide_source(game_id), re.MULTILINE)
    for section in SECTIONS:
        assert [h for h in headings if re.fullmatch(section, h)], (game_id, section, headings)
    assert re.match(r"# How to play " + re.escape(games.get(game_id).title), guide_source(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_speaks_players_words(game_id):
    text = guide_text(game_id, names(game_id))
    assert "_" not in guide_source(game_id)
    for code in (".py", ".md", "/src", "src/", "seed", "{card:"):
        assert code not in text, (game_id, code)
    for zero in (r"\bseat 0\b", r"\bplayer 0\b", r"\bseat #?0\b"):
        assert not re.search(zero, text, re.IGNORECASE), (game_id, zero)
    # Links go to the lobby's pages only: the full rules reference of this game.
    assert re.findall(r"\]\(([^)]*)\)", text) == [f"/rules/{game_id}"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_card_reference_is_a_card_of_the_game(game_id):
    keys = CARD_REF.findall(guide_source(game_id))
    assert keys, "a guide is illustrated: it names cards"
    assert guide_source(game_id).count("{card:") == len(keys)  # no reference the pattern misses
    for options in CATALOGUE_OPTIONS.get(game_id, [{}]):
        known = names(game_id, **options)
        assert [k for k in keys if k not in known] == [], (game_id, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_guide_text_names_every_card(game_id):
    known = names(game_id)
    text = guide_text(game_id, known)
    assert not CARD_REF.search(text)
    for key in set(CARD_REF.findall(guide_source(game_id))):
        assert known[key] in text


def test_guide_text_keeps_a_reference_it_has_no_name_for():
    text = guide_text("monster-diner", {})
    assert "janitor" in text and "{card:" not in text


def test_monster_rejects_guide_uses_the_tables_names():
    """The guide writes no Chaos card's name: the reader's table decides which names show."""
    original = names("monster-rejects")
    family = names("monster-rejects", names="family")
    renamed = [key for key in original if original[key] != family[key]]
    assert renamed
    text = guide_text("monster-rejects", family)
    assert not [original[key] for key in renamed if original[key] in text]
    assert [family[key] for key in renamed if family[key] in text]


@pytest.mark.parametrize("bad", ["no-such-game", "../rules/coffee-break", "coffee_break", ""])
def test_no_guide_for_an_unknown_game(bad):
    with pytest.raises(NoGuide):
        guide_source(bad)
