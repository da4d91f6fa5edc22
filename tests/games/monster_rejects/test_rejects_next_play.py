"""The pile says what may be played on it next, in a player's words (the table showed a fixed
"To beat:" even when a Chaos card in force changed what may follow). The words describe the set
of cards the rules allow (follow.py), so each line is checked against the moves offered too.
Rulebook and FAQ: seed 003_59e5b48f57a6f035.txt."""

from cardcafe.games.monster_rejects.actions import PlayChaos, PlayRealm

from .helpers import arrange, cards_of


def line(state, seat=0):
    return state.view(seat)["next_play_text"]


def test_the_usual_rule_a_higher_card_of_the_realm_or_the_same_value():
    # 003: "Any cards of matching value can be played on the play pile. Same realm of higher
    # value can be played on the play pile."
    s = arrange(hands=[["inferno-9", "mutant-5", "mutant-9"], ["undead-1"]], pile=["inferno-5"])
    assert line(s) == "Next: a higher Inferno card, or another 5"
    assert cards_of(s, "play-realm") == {"inferno-9", "mutant-5"}
    # Every seat and a spectator read the same line.
    assert line(s, 1) == line(s, None) == line(s)


def test_on_a_crown_only_another_crown():
    # 003: "At this point the highest value has been played. The next player ... can either
    # match it with another Crown card".
    s = arrange(hands=[["inferno-12", "undead-13"], ["undead-1"]], pile=["inferno-13"])
    assert line(s) == "Next: another Crown"
    assert cards_of(s, "play-realm") == {"undead-13"}


def test_a_new_pile_takes_any_realm_card():
    # 003: "You can play multiple cards at once if they are the same value (even to start a new
    # play pile)."
    s = arrange(hands=[["inferno-2"], ["undead-1"]])
    assert line(s) == "Next: a new pile, any Realm card starts it"


def test_right_wing_mentality_a_lower_card_of_the_realm():
    # 003: "If the Right Wing Mentality Chaos Card has been played, 1 will become the highest
    # value, and Crown card (King/Queen) will be lowest, until the play pile is killed."
    s = arrange(
        hands=[["inferno-3", "inferno-9", "nightmare-5"], ["undead-1"]],
        pile=["inferno-5"],
        beside=["right-wing"],
    )
    assert line(s) == "Right Wing Mentality: a lower Inferno card, or another 5"
    assert cards_of(s, "play-realm") == {"inferno-3", "nightmare-5"}
    # The table's family names name the card in force.
    family = arrange(
        hands=[["inferno-3"], ["undead-1"]],
        pile=["inferno-5"],
        beside=["right-wing"],
        names="family",
    )
    assert line(family) == "Moonwalk: a lower Inferno card, or another 5"


def test_join_the_cult_the_next_value_of_any_realm():
    # 003: "if a 5 Realm card is on the play pile, you must play a 6 of any Realm type ... You
    # cannot skip the order."
    s = arrange(
        hands=[["mutant-6", "inferno-7", "nightmare-5"], ["undead-1"]],
        pile=["inferno-5"],
        beside=["join-the-cult"],
        names="family",
    )
    assert line(s) == "Conga Line: a 6 of any realm"
    assert cards_of(s, "play-realm") == {"mutant-6"}
    # With the order reversed too, the next value is the one below.
    s = arrange(
        hands=[["mutant-4"], ["undead-1"]],
        pile=["inferno-5"],
        beside=["right-wing", "join-the-cult"],
        names="family",
    )
    assert line(s) == "Moonwalk and Conga Line: a 4 of any realm"
    assert cards_of(s, "play-realm") == {"mutant-4"}
    # Nothing comes after a Crown.
    s = arrange(hands=[["mutant-4"], ["undead-1"]], pile=["inferno-13"], beside=["join-the-cult"])
    assert line(s) == "Join The Cult: no card can follow a Crown"
    assert cards_of(s, "play-realm") == set()


def test_aids_undead_cards_of_equal_or_higher_value():
    # 003: "the play pile becomes contagious and all players can only play Undead Realm Cards
    # of matching or higher value."
    s = arrange(
        hands=[["undead-7", "undead-4", "inferno-9"], ["undead-1"]],
        pile=["inferno-7"],
        beside=["aids"],
        names="family",
    )
    assert line(s) == "Cooties: an Undead card of 7 or higher"
    assert cards_of(s, "play-realm") == {"undead-7"}


def test_trip_the_fuck_out_any_realm_equal_or_higher_for_this_play():
    # 003: "You can only play values equal to or higher than the last value played on Play
    # Pile. For example, if there is a 6 of Inferno on the Play Pile ... play one of your other
    # Realm cards that are higher than a value of 6."
    s = arrange(
        hands=[["trip", "mutant-6", "nightmare-9", "nightmare-2"], ["undead-1"]],
        pile=["inferno-6"],
        names="family",
    )
    assert line(s) == "Next: a higher Inferno card, or another 6"
    s.apply(PlayChaos("trip"))
    assert line(s) == "Teleporter: any card of 6 or higher"
    assert cards_of(s, "play-realm") == {"mutant-6", "nightmare-9"}
    # 003: "Trip The Fuck Out only lasts for the single play": the next turn reads as usual.
    s.apply(PlayRealm("nightmare-9"))  # no other 9 in hand: the play and the turn end
    assert s.turn == 1 and line(s) == "Next: a higher Nightmare card, or another 9"


def test_a_play_under_way_takes_cards_of_its_value():
    # 003: "You can play multiple cards at once if they are the same value".
    s = arrange(hands=[["inferno-9", "undead-9", "inferno-2"], ["undead-1"]], pile=["inferno-5"])
    s.apply(PlayRealm("inferno-9"))
    assert line(s) == "Next: this play may take another 9"
    assert cards_of(s, "play-realm") == {"undead-9"}


def test_a_changed_value_is_said_in_numbers():
    # ASSUMED Drop A Deuce effect (cards.toml): the top card now counts as a 2 of its realm.
    s = arrange(hands=[["drop-a-deuce", "inferno-3", "mutant-2"], ["undead-1"]], pile=["inferno-9"])
    s.apply(PlayChaos("drop-a-deuce"))
    assert line(s) == "Next: an Inferno card higher than 2, or a 2 of any realm"
    assert {"inferno-3", "mutant-2"} <= cards_of(s, "play-realm")


def test_a_face_down_card_is_spoken_of_as_declared():
    # 003: "When played you place a Realm card facedown declaring its value and realm type (or
    # a made up value/realm type) out loud." Nothing tells what it really is.
    s = arrange(hands=[["illusionist", "mutant-2", "undead-4"], ["undead-1"]], pile=["inferno-5"])
    s.apply(PlayChaos("illusionist"))
    s.apply(next(a for a in s.legal_actions() if a.kind == "hide" and a.card == "mutant-2"))
    s.apply(next(a for a in s.legal_actions() if a.kind == "declare" and a.card == "inferno-8"))
    for seat in (0, 1, None):
        assert line(s, seat) == "Next: a higher Inferno card, or another 8"
        assert "Mutant" not in line(s, seat) and " 2" not in line(s, seat)


def test_the_line_is_gone_once_the_game_is_over():
    s = arrange(hands=[["inferno-9"], ["undead-1", "undead-2"]], pile=["inferno-5"])
    s.apply(PlayRealm("inferno-9"))
    if not s.is_over:
        s.apply(next(a for a in s.legal_actions() if a.kind == "end-play"))
    assert s.is_over and line(s) is None
