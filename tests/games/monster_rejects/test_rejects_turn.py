"""Playing Realm cards, drawing, passing, killing the pile, winning, the empty deck:
seed 003_59e5b48f57a6f035.txt."""

from cardcafe.games.monster_rejects.actions import Draw, EndPlay, Pass, PlayChaos, PlayRealm

from .helpers import arrange, cards_of, kinds


def test_matching_value_of_any_realm_may_be_played():
    # 003: "Any cards of matching value can be played on the play pile."
    s = arrange(hands=[["nightmare-7", "nightmare-5"], ["undead-1"]], pile=["inferno-7"])
    assert cards_of(s, "play-realm") == {"nightmare-7"}


def test_same_realm_higher_value_may_be_played_lower_or_other_realm_not():
    # 003: "Same realm of higher value can be played on the play pile."
    hand = ["inferno-9", "inferno-5", "nightmare-9", "inferno-13"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"])
    assert cards_of(s, "play-realm") == {"inferno-9", "inferno-13"}


def test_crown_is_highest():
    # 003: "Crown (King/Queen) cards always hold the highest value in the game (you can assume
    # a value of 13)" / "They can either match it with another Crown card".
    s = arrange(hands=[["inferno-12", "undead-13", "inferno-1"], ["undead-1"]], pile=["inferno-13"])
    assert cards_of(s, "play-realm") == {"undead-13"}


def test_several_cards_of_one_value_may_be_played_even_on_a_new_pile():
    # 003: "You can play multiple cards at once if they are the same value (even to start a new
    # play pile)."
    hand = ["inferno-4", "nightmare-4", "undead-4", "undead-5"]
    s = arrange(hands=[hand, ["mutant-1"]])
    s.apply(PlayRealm("nightmare-4"))
    assert cards_of(s, "play-realm") == {"inferno-4", "undead-4"}
    assert EndPlay() in s.legal_actions()
    s.apply(PlayRealm("undead-4"))
    s.apply(PlayRealm("inferno-4"))
    assert s.current_player == 1 and [e[0] for e in s.pile][-3:] == [
        "nightmare-4",
        "undead-4",
        "inferno-4",
    ]


def test_last_card_of_a_multiple_play_sets_the_realm_to_follow():
    # 003 (FAQ): "you would play the 4 of (Inferno) realm first ... then 4 of (Nightmare) realm.
    # The next person would now have to beat a 4 of (Nightmare) realm."
    s = arrange(
        hands=[["inferno-4", "nightmare-4", "undead-9"], ["inferno-6", "nightmare-6"]],
        pile=["inferno-2"],
    )
    assert cards_of(s, "play-realm") == {"inferno-4"}  # only the Inferno 4 goes on the 2
    s.apply(PlayRealm("inferno-4"))
    s.apply(PlayRealm("nightmare-4"))
    assert s.current_player == 1
    assert cards_of(s, "play-realm") == {"nightmare-6"}


def test_you_may_draw_instead_of_playing_but_not_pass_before_drawing():
    # 003: "If you are unable or choose not to play a Realm card, you must draw a card from the
    # deck."
    s = arrange(hands=[["inferno-9"], ["undead-1"]], pile=["inferno-7"])
    assert Draw() in s.legal_actions() and Pass() not in s.legal_actions()


def test_after_drawing_play_a_realm_card_or_pass():
    # 003: "If you still cannot play a Realm card after drawing, you must pass and your turn
    # ends."
    s = arrange(hands=[["nightmare-2"], ["undead-1"]], pile=["inferno-7"], deck=["inferno-8"])
    s.apply(Draw())
    assert s.hands[0] == ["nightmare-2", "inferno-8"]
    assert kinds(s) == {"play-realm", "pass"} and cards_of(s, "play-realm") == {"inferno-8"}
    s.apply(Pass())
    assert s.current_player == 1


def test_after_drawing_only_a_realm_card_not_a_chaos_card():
    # 003 (FAQ): "Yes, but it can only be a Realm card played. Chaos cards can only be played at
    # the beginning of your turn."
    s = arrange(
        hands=[["nightmare-2", "trip"], ["undead-1"]], pile=["inferno-7"], deck=["hiroshima"]
    )
    assert PlayChaos("trip") in s.legal_actions()
    s.apply(Draw())
    assert "play-chaos" not in kinds(s)


def test_the_pile_dies_when_every_other_player_passes():
    # 003: "If every player passes, the play pile is killed and discarded. The last player who
    # played a card to the play pile starts a new play pile."
    hands = [["inferno-13", "right-wing", "mutant-6"], ["undead-2"], ["mutant-2"]]
    s = arrange(players=3, hands=hands, deck=["nightmare-3", "nightmare-4"])
    s.apply(PlayRealm("inferno-13"))
    for seat in (1, 2):
        assert s.current_player == seat
        s.apply(Draw())
        s.apply(Pass())
    assert s.current_player == 0 and s.pile == [] and s.phase == "start"
    assert "inferno-13" in s.graveyard
    # 003 (FAQ): "You now start a new pile (and turn) by either playing a Chaos card first, then
    # a Realm card, or just playing a Realm card."
    assert PlayChaos("right-wing") in s.legal_actions()
    assert cards_of(s, "play-realm") == {"mutant-6"}


def test_a_pile_is_not_killed_while_someone_plays_on_it():
    s = arrange(
        players=3, hands=[["inferno-5", "mutant-1"], ["inferno-6", "undead-1"], ["undead-2"]]
    )
    s.apply(PlayRealm("inferno-5"))
    s.apply(PlayRealm("inferno-6"))
    s.apply(Draw())
    if s.phase == "drawn":
        s.apply(Pass())
    assert s.current_player == 0 and [e[0] for e in s.pile] == ["inferno-5", "inferno-6"]


def test_emptying_your_hand_with_a_realm_card_wins():
    # 003: "The first player to dispose of all cards in their hand wins the game."
    s = arrange(hands=[["inferno-9"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayRealm("inferno-9"))
    assert s.is_over and s.winners() == [0] and s.scores()[0] == 0


def test_a_chaos_card_as_last_card_forces_a_draw():
    # 003: "You can only win by playing your final card as a Realm card. If a Chaos card is your
    # last card, you will still have to draw a card from the deck to play a Realm card"
    s = arrange(hands=[["trip"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("trip"))
    assert not s.is_over and s.hands[0] == []
    assert kinds(s) == {"draw"}


def test_a_last_chaos_card_cannot_be_played_when_there_is_nothing_to_draw():
    # 003: "If a Chaos card is your last card, you will still have to draw a card from the deck"
    # and (FAQ) "Some Chaos cards that would require drawing a card from the pile cannot be
    # played at that time either."
    s = arrange(hands=[["trip"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert s.deck == [] and s.graveyard == [] and s.legal_actions() == [Pass()]
    smuggler = arrange(hands=[["smuggle", "nightmare-2"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert smuggler.legal_actions() == [Pass()]  # smuggling the 2 would empty the hand
    three = arrange(hands=[["smuggle", "nightmare-2", "mutant-3"], ["undead-1"]], rest=1)
    assert PlayChaos("smuggle") in three.legal_actions()


def test_empty_deck_reshuffles_the_graveyard():
    # 003 (FAQ): "Re-shuffle all the discarded cards (graveyard pile) to make a new draw pile."
    s = arrange(hands=[["nightmare-2"], ["undead-1"]], pile=["inferno-7"], rest="graveyard")
    assert s.deck == []
    s.apply(Draw())
    assert len(s.hands[0]) == 2 and len(s.deck) > 0 and s.graveyard == []


def test_nothing_to_draw_and_nothing_to_play_means_pass_without_drawing():
    # 003 (FAQ): "If they can't go, they simply pass, without drawing a card."
    s = arrange(hands=[["nightmare-2"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert s.deck == [] and s.graveyard == []
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    # ...but one who can go must: there is no draw to choose instead.
    t = arrange(hands=[["inferno-8"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert kinds(t) == {"play-realm"}


def test_scores_are_minus_the_cards_left():
    # Our decision (rules page, "Scores"): the winner 0, everyone else minus their cards.
    s = arrange(hands=[["inferno-9"], ["undead-1", "undead-2"]], pile=["inferno-7"])
    s.apply(PlayRealm("inferno-9"))
    assert s.scores()[0] == 0 and s.scores()[1] == -len(s.hands[1]) < 0
