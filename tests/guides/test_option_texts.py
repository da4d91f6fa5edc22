"""Every option of every game reads to a player: a label, a one-line help, every choice worded."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Literal

import pytest

from cardcafe import games

GAME_IDS = ["coffee-break", "monster-diner", "monster-rejects", "monsters-coffee"]


def worded_values(hint) -> list[str]:
    """The values an option's type spells out (Literal values, bools, None), as JSON text."""
    origin = typing.get_origin(hint)
    if origin is Literal:
        return [json.dumps(v) for v in typing.get_args(hint)]
    if origin in (typing.Union, types.UnionType):
        return [v for arg in typing.get_args(hint) for v in worded_values(arg)]
    if hint is type(None):
        return ["null"]
    if hint is bool:
        return ["true", "false"]
    return []


def plain_words(text: str) -> bool:
    return bool(text.strip()) and "_" not in text and "\n" not in text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_has_a_label_and_a_help_line(game_id):
    game = games.get(game_id)
    texts = game._option_texts()  # the game's own words, not the fallback
    names = [f.name for f in dataclasses.fields(game.Options)]
    assert sorted(texts) == sorted(names)  # every option, and nothing else
    for name in names:
        assert plain_words(texts[name]["label"]), (game_id, name)
        assert plain_words(texts[name]["help"]), (game_id, name)
        assert len(texts[name]["help"]) <= 160, (game_id, name)  # one line


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_choice_is_worded(game_id):
    game = games.get(game_id)
    texts = game.option_texts()
    hints = typing.get_type_hints(game.Options)
    for name, hint in hints.items():
        choices = texts[name].get("choices", {})
        for value in worded_values(hint):
            assert plain_words(choices.get(value, "")), (game_id, name, value)
        for value, text in choices.items():
            assert plain_words(text), (game_id, name, value)
            json.loads(value)  # keys are JSON text


def test_menu_choices_are_the_menu_coffees_by_name():
    game = games.get("monsters-coffee")
    choices = game.option_texts()["menu"]["choices"]
    menu = game.catalogue()["menu"]
    assert set(choices) == {"null", *(json.dumps(k) for k in menu)}
    for menu_id, coffee in menu.items():
        assert choices[json.dumps(menu_id)].startswith(coffee["name"] + ":")
    assert "Latte Newbie" in choices["null"]


def test_option_texts_name_no_chaos_card():
    """The rulebook's crude Chaos card names stay out of the lobby: a card is told by its effect."""
    texts = json.dumps(games.get("monster-rejects").option_texts())
    catalogue = games.get("monster-rejects").catalogue(battle_pack=True)
    chaos = [c["name"] for c in catalogue["cards"].values() if c.get("kind") == "chaos"]
    assert chaos and not [n for n in chaos if n in texts]
