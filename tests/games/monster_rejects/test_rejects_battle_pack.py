"""The optional Battle Pack items (ASSUMED list, cards.toml): seed 003_59e5b48f57a6f035.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.monster_rejects.actions import EndPlay, PlayChaos, PlayItem, PlayRealm

from .helpers import arrange, cards_of, kinds


def test_one_item_per_turn_with_any_number_of_realm_cards():
    # 003 (FAQ): "You can play only one item card per turn with any number of Realm cards."
    hand = ["curse-minus-2", "weapon-plus-1", "inferno-9", "nightmare-9", "mutant-1"]
    s = arrange(hands=[hand, ["undead-1"]], pile=[], battle_pack=True)
    s.apply(PlayItem("curse-minus-2"))
    assert "play-item" not in kinds(s)
    with pytest.raises(IllegalMove):
        s.apply(PlayItem("weapon-plus-1"))
    # An item is played with Realm cards: no draw, no pass until one is played.
    assert kinds(s) == {"play-realm"}


def test_every_card_of_the_play_is_changed_by_the_item():
    # 003 (FAQ): "if you play a pair of 9s with a cursed item of -2, both 9s would now be worth
    # 7."
    hand = ["curse-minus-2", "inferno-9", "nightmare-9", "mutant-1"]
    s = arrange(hands=[hand, ["undead-7", "undead-9", "mutant-2"]], pile=[], battle_pack=True)
    s.apply(PlayItem("curse-minus-2"))
    s.apply(PlayRealm("inferno-9"))
    s.apply(PlayRealm("nightmare-9"))
    assert [e[2] for e in s.pile] == [7, 7]
    assert s.current_player == 1 and cards_of(s, "play-realm") == {"undead-7"}


def test_an_item_lets_a_card_follow_that_could_not_otherwise():
    hand = ["weapon-plus-2", "inferno-6", "mutant-1"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7", "nightmare-8"], battle_pack=True)
    assert cards_of(s, "play-realm") == set()
    s.apply(PlayItem("weapon-plus-2"))
    assert cards_of(s, "play-realm") == {"inferno-6"}  # worth 8: matches the 8


def test_weapons_and_curses_do_not_change_a_crown():
    # 003 (FAQ): "Since a Crown card is always worth the highest value, weapons or curses will
    # have no effect."
    s = arrange(hands=[["curse-minus-3", "undead-13", "mutant-1"], ["undead-1"]], battle_pack=True)
    s.apply(PlayItem("curse-minus-3"))
    s.apply(PlayRealm("undead-13"))
    assert s.pile[-1][2] == 13


def test_a_curse_only_changes_its_own_players_cards():
    # 003 (FAQ): "Can I use my Curse card on another player? A: No ... It casts a curse on your own
    # monster."
    s = arrange(
        hands=[["curse-minus-1", "inferno-5", "mutant-1"], ["inferno-9", "undead-2"]],
        battle_pack=True,
    )
    s.apply(PlayItem("curse-minus-1"))
    s.apply(PlayRealm("inferno-5"))
    assert s.current_player == 1 and s.item is None
    s.apply(PlayRealm("inferno-9"))
    assert s.pile[-1][2] == 9


def test_human_centipede_plays_two_cards_of_one_realm():
    # 003 (FAQ): "the Human Centipede, where you can only use 2 Realm cards from the same Realm
    # (such as a 6 of Inferno and an 11 of Inferno)."
    hand = ["human-centipede", "inferno-6", "inferno-11", "nightmare-6", "inferno-12"]
    s = arrange(hands=[hand, ["undead-1"]], battle_pack=True)
    s.apply(PlayItem("human-centipede"))
    s.apply(PlayRealm("inferno-6"))
    assert cards_of(s, "play-realm") == {"inferno-11", "inferno-12"}
    s.apply(PlayRealm("inferno-11"))
    assert s.current_player == 1  # two cards: the play is over
    assert EndPlay() not in s.legal_actions()


def test_no_items_without_the_battle_pack():
    s = arrange(hands=[["inferno-6"], ["undead-1"]])
    assert "play-item" not in kinds(s)


def test_an_item_drawn_for_suicide_bomber_is_treated_like_a_chaos_card():
    # 003 (FAQ): "What happens if the card drawn for the Suicide Bomber Chaos card is another
    # Chaos card? A: Simply discard and draw another card." Our rules page: items likewise.
    def bomb(**options):
        s = arrange(
            players=3,
            hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-2"]],
            pile=["inferno-7"],
            deck=["nightmare-2", "weapon-plus-3"],
            battle_pack=True,
            **options,
        )
        s.apply(PlayChaos("suicide-bomber"))
        return s

    redrawn = bomb()
    assert "weapon-plus-3" in redrawn.graveyard and "inferno-7" in redrawn.hands[2]
    assert "inferno-7" in bomb(bomber_chaos="zero").hands[0]
