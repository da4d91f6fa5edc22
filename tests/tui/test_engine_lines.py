"""The terminal boards show the engines' own lines: Monster Rejects' pile says what may be played
next (the Chaos cards in force that shape it first) and Monster Diner's players say why their
running scores are what they are."""

from __future__ import annotations

from rich.console import Console

from cardcafe.tui.render import monster_diner, monster_rejects
from tests.games.monster_diner.helpers import position as diner_position
from tests.games.monster_rejects.helpers import arrange


def text_of(renderable, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return " ".join(console.export_text().split())


def test_the_rejects_pile_says_what_may_follow_under_the_chaos_card_in_force():
    # 003 (Join The Cult): "if a 5 Realm card is on the play pile, you must play a 6 of any
    # Realm type".
    state = arrange(
        hands=[["mutant-6", "inferno-9"], ["undead-1"]],
        pile=["inferno-5"],
        beside=["join-the-cult"],
        names="family",
    )
    view = state.view(0)
    board = text_of(monster_rejects.render(view, ["Ann", "Bo"], state.catalogue))
    assert "Conga Line: a 6 of any realm" in board
    assert view["next_play_text"] == "Conga Line: a 6 of any realm"


def test_the_diner_players_say_why_their_running_scores():
    # 001: "Each Janitor card brings 1 point", "One or two Bartender cards bring 10 points".
    state = diner_position(
        players=2, diners=[["janitor", "janitor", "bartender"], []], deck=["florist"]
    )
    view = state.view(0)
    board = text_of(monster_diner.render(view, ["Ann", "Bo"], state.catalogue))
    assert "Scores so far: 2 Janitors +2 · 1 Bartender +10" in board.replace("\u00a0", " ")
    # A diner that scores nothing yet has no such line.
    assert board.count("Scores so far") == 1


def test_the_rejects_board_names_chaos_cards_by_the_tables_names():
    # The family names are the table's in every view (docs/rules/monster-rejects.md,
    # "Family-friendly names"): the board said "The Illusionist's card" under them.
    from cardcafe.games.monster_rejects.actions import PlayChaos

    state = arrange(
        hands=[["illusionist", "mutant-2", "undead-4"], ["undead-1"]],
        pile=["inferno-5"],
        names="family",
    )
    state.apply(PlayChaos("illusionist"))
    state.apply(next(a for a in state.legal_actions() if a.kind == "hide"))
    board = text_of(monster_rejects.render(state.view(0), ["Ann", "Bo"], state.catalogue))
    assert "Your face-down card (Fibber):" in board.replace("\u00a0", " ")
    assert "Illusionist" not in board


def test_the_rejects_pile_says_what_a_card_changed_by_an_item_is_worth():
    # 003 (FAQ): "if you play a pair of 9s with a cursed item of -2, both 9s would now be worth
    # 7". The pile showed "the 10 of Nightmare" under "a Crown of Nightmare, or a 12 of any
    # realm": a 10 that only a 12 beats, with nothing to say why.
    from cardcafe.games.monster_rejects.actions import PlayItem, PlayRealm

    state = arrange(
        hands=[["weapon-plus-2", "nightmare-10", "undead-4"], ["undead-1"]],
        pile=["nightmare-5"],
        battle_pack=True,
    )
    state.apply(PlayItem("weapon-plus-2"))
    state.apply(PlayRealm("nightmare-10"))
    board = text_of(monster_rejects.render(state.view(1), ["Ann", "Bo"], state.catalogue))
    assert "10 of Nightmare (worth 12)" in board.replace("\u00a0", " ")
    assert "5 of Nightmare (worth" not in board  # a card worth its printed value says nothing


def test_a_finished_rejects_board_says_game_over_then_why():
    # 003: "The first player to dispose of all cards in their hand wins the game." The board
    # read "The game ended: A player played their last card." (a capital after the colon).
    state = arrange(hands=[["inferno-9"], ["undead-1", "undead-2"]], pile=["inferno-5"])
    state.apply(next(a for a in state.legal_actions() if "inferno-9" in repr(a)))
    view = state.view(0)
    assert state.is_over
    board = text_of(monster_rejects.render(view, ["Ann", "Bo"], state.catalogue))
    assert f"Game over. {view['end_reason']}" in board
    assert "ended: A" not in board
