"""Every Chaos card, as the FAQ of seed 003_59e5b48f57a6f035.txt describes it."""

from pathlib import Path

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.monster_rejects.actions import (
    Accept,
    Call,
    Declare,
    Draw,
    GiveBack,
    Hide,
    Pass,
    PlayChaos,
    PlayRealm,
    Target,
)

from .helpers import arrange, cards_of, kinds, texts


def test_only_one_chaos_card_per_turn_and_only_at_the_beginning():
    # 003 (FAQ): "You can only play one Chaos card, and only at the beginning of your turn."
    s = arrange(hands=[["trip", "right-wing", "nightmare-9"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("right-wing"))
    assert s.phase == "main" and "play-chaos" not in kinds(s)
    # Past the beginning of the turn the phase allows no Chaos card: the kernel says what is
    # asked instead (issue 19).
    asked = "No Realm card of yours can follow the 7 of Inferno while Right Wing Mentality"
    with pytest.raises(IllegalMove, match=rf"^not now: {asked} is in force: draw a card\.$"):
        s.apply(PlayChaos("trip"))


def test_a_chaos_card_still_requires_trying_a_realm_card():
    # 003: "Whether or not a Chaos card has been played, the player must always try to play a
    # Realm card on the play pile."
    s = arrange(hands=[["right-wing", "nightmare-2"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("right-wing"))
    assert s.current_player == 0 and kinds(s) == {"draw"}


def test_hiroshima_kills_the_pile_and_the_player_starts_a_new_one():
    # 003 (FAQ): "play a Chaos card such as Hiroshima (killing the play pile and starting a new
    # pile)"
    s = arrange(
        hands=[["hiroshima", "nightmare-2"], ["undead-1"]], pile=["inferno-7", "inferno-13"]
    )
    s.apply(PlayChaos("hiroshima"))
    assert s.pile == [] and {"inferno-7", "inferno-13", "hiroshima"} <= set(s.graveyard)
    assert s.current_player == 0 and cards_of(s, "play-realm") == {"nightmare-2"}


def test_trip_allows_any_realm_of_equal_or_higher_value_for_one_play():
    # 003 (FAQ): "if there is a 6 of Inferno on the Play Pile and you do not have any Inferno
    # cards of higher value but have other Realm cards of higher value, you can play the Trip The
    # Fuck Out Chaos Card first, then play one of your other Realm cards that are higher"
    hand = ["trip", "nightmare-8", "undead-6", "mutant-5"]
    s = arrange(hands=[hand, ["mutant-9", "mutant-1"]], pile=["inferno-6"])
    assert cards_of(s, "play-realm") == {"undead-6"}
    s.apply(PlayChaos("trip"))
    assert cards_of(s, "play-realm") == {"nightmare-8", "undead-6"}  # "No" to any value
    s.apply(PlayRealm("nightmare-8"))
    # "Trip The Fuck Out only lasts for the single play": the next player follows normally.
    assert s.current_player == 1 and cards_of(s, "play-realm") == set()
    assert "trip" in s.graveyard


def test_smuggle_hides_any_single_card_then_the_turn_goes_on():
    # 003 (FAQ): "You can smuggle any single card of your choosing. It can be any single Chaos
    # Card or any single Realm card ... (with only the Smuggle A Mexican card being visible).
    # Once played, you continue your turn by playing a Realm card to the play pile"
    s = arrange(
        hands=[["smuggle", "aids", "inferno-9", "undead-3"], ["undead-1"]], pile=["inferno-7"]
    )
    s.apply(PlayChaos("smuggle"))
    assert cards_of(s, "hide") == {"aids", "inferno-9", "undead-3"}
    s.apply(Hide("aids"))
    assert s.smuggled == [(0, "aids")] and "smuggle" in s.beside
    assert s.current_player == 0 and cards_of(s, "play-realm") == {"inferno-9"}
    assert s.view(1)["smuggled"] == [{"owner": 0, "card": None}]
    assert "aids" not in texts(s, 1) and "Cooties" not in texts(s, 1)
    assert s.view(0)["smuggled"] == [{"owner": 0, "card": "aids"}]


def test_right_wing_mentality_reverses_the_order_until_the_pile_dies():
    # 003 (FAQ): "If the Right Wing Mentality Chaos Card has been played, 1 will become the
    # highest value, and Crown card (King/Queen) will be lowest, until the play pile is killed."
    hand = ["right-wing", "inferno-3", "inferno-9", "inferno-1"]
    s = arrange(hands=[hand, ["undead-12", "undead-11"]], pile=["inferno-5"])
    assert cards_of(s, "play-realm") == {"inferno-9"}
    s.apply(PlayChaos("right-wing"))
    assert cards_of(s, "play-realm") == {"inferno-3", "inferno-1"}
    s.apply(PlayRealm("inferno-3"))
    s.apply(Draw())
    s.apply(Pass())
    assert s.pile == [] and not s.reversed_order and "right-wing" in s.graveyard
    assert cards_of(s, "play-realm") == {"inferno-9", "inferno-1"}  # a new pile: any value


def test_a_crown_can_be_beaten_under_right_wing_mentality():
    # 003 (FAQ): "or Right Wing Mentality (making the Crown worth the lowest value and 1 the
    # highest)"
    s = arrange(hands=[["right-wing", "undead-2"], ["mutant-1"]], pile=["undead-13"])
    assert cards_of(s, "play-realm") == set()
    s.apply(PlayChaos("right-wing"))
    assert cards_of(s, "play-realm") == {"undead-2"}


def test_later_chaos_cards_do_not_cancel_right_wing_mentality():
    # 003 (FAQ): "if Right Wing Mentality is in effect from the previous player, playing a Drop A
    # Deuce or Trip The Fuck Out Chaos card will not void the Right Wing Mentality card."
    s = arrange(
        players=3,
        hands=[
            ["right-wing", "inferno-3", "mutant-1"],
            ["trip", "nightmare-2", "mutant-5"],
            ["drop-a-deuce", "nightmare-1", "nightmare-3"],
        ],
        pile=["inferno-5"],
    )
    s.apply(PlayChaos("right-wing"))
    s.apply(PlayRealm("inferno-3"))
    s.apply(PlayChaos("trip"))
    assert s.reversed_order
    s.apply(PlayRealm("nightmare-2"))
    s.apply(PlayChaos("drop-a-deuce"))
    # The top now counts 2 and 1 still beats it: the order is still reversed.
    assert s.reversed_order and cards_of(s, "play-realm") == {"nightmare-1"}


def test_the_cosby_takes_the_currently_highest_and_gives_back_any_card():
    # 003 (FAQ): "we suggest playing what is currently in play according to the Law Book, so if
    # "Right Wing Mentality" is in play, 1 would be the card to ask for" / "It can be the same
    # card they just received, a Chaos card, or any Realm card that they don't like."
    s = arrange(
        players=3,
        hands=[
            ["cosby", "trip", "inferno-5"],
            ["undead-13", "mutant-1", "undead-4"],
            ["inferno-2"],
        ],
        pile=["nightmare-9"],
        beside=["right-wing"],
    )
    s.apply(PlayChaos("cosby"))
    assert cards_of_targets(s) == {1, 2}
    s.apply(Target(1))
    assert "mutant-1" in s.hands[0] and "mutant-1" not in s.hands[1]
    assert cards_of(s, "give-back") == {"trip", "inferno-5", "mutant-1"}
    s.apply(GiveBack("trip"))
    assert "trip" in s.hands[1] and s.phase == "main" and s.current_player == 0
    assert "trip" not in texts(s, 2) and "Teleporter" not in texts(s, 2)
    assert "Trip The Fuck Out" in texts(s, 1)


def test_the_cosby_house_rule_takes_the_printed_highest():
    # 003 (FAQ): "The player can either ask for the "highest valued Realm card (normally
    # King/Queen)" or the "currently highest valued Realm card (1)". It's up to you"
    s = arrange(
        hands=[["cosby", "inferno-5"], ["undead-13", "mutant-1"]],
        pile=["nightmare-9"],
        beside=["right-wing"],
        cosby_takes="printed",
    )
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    assert "undead-13" in s.hands[0]


def cards_of_targets(s):
    return {a.seat for a in s.legal_actions() if a.kind == "target"}


def test_suicide_bomber_counts_clockwise_from_the_left():
    # 003 (FAQ): "that player will draw a card from the deck and count its value in clockwise
    # order, starting with the player to their left. The last player that is counted must pick
    # up the entire play pile. The player which played the Chaos Card can now continue their
    # turn starting a new play pile with a Realm Card."
    for value, loser in ((3, 3), (4, 0), (6, 2)):
        s = arrange(
            players=4,
            hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-2"], ["mutant-3"]],
            pile=["inferno-7", "inferno-9"],
            deck=[f"nightmare-{value}"],
        )
        before = len(s.hands[loser])
        s.apply(PlayChaos("suicide-bomber"))
        assert {"inferno-7", "inferno-9"} <= set(s.hands[loser])
        assert len(s.hands[loser]) == before + 2 - (loser == 0)
        assert s.pile == [] and s.current_player == 0 and s.phase == "main"
        assert "undead-2" in cards_of(s, "play-realm")


def test_suicide_bomber_crown_counts_13():
    # 003 (FAQ): "A Crown card can be counted as value 13."
    s = arrange(
        players=3,
        hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-2"]],
        pile=["inferno-7"],
        deck=["nightmare-13"],
    )
    s.apply(PlayChaos("suicide-bomber"))
    assert "inferno-7" in s.hands[13 % 3]


def test_suicide_bomber_discards_a_drawn_chaos_card_and_draws_again():
    # 003 (FAQ): "Simply discard and draw another card."
    s = arrange(
        players=3,
        hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-2"]],
        pile=["inferno-7"],
        deck=["nightmare-2", "hiroshima"],
    )
    s.apply(PlayChaos("suicide-bomber"))
    assert "hiroshima" in s.graveyard and "inferno-7" in s.hands[2]


def test_suicide_bomber_house_rule_counts_a_chaos_card_as_zero():
    # 003 (FAQ): "you can set a "house rule" at the beginning of the game that if a Chaos card is
    # drawn ..., you can count the value as 0, therefore forcing yourself to pick up the pile."
    s = arrange(
        players=3,
        hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-2"]],
        pile=["inferno-7"],
        deck=["nightmare-2", "hiroshima"],
        bomber_chaos="zero",
    )
    s.apply(PlayChaos("suicide-bomber"))
    assert "inferno-7" in s.hands[0]


def test_chaos_cards_needing_a_draw_cannot_be_played_on_an_empty_deck_and_graveyard():
    # 003 (FAQ): "Some Chaos cards that would require drawing a card from the pile cannot be
    # played at that time either."
    s = arrange(hands=[["suicide-bomber", "hiroshima"], ["mutant-1"]], pile=["inferno-7"], rest=1)
    assert cards_of(s, "play-chaos") == {"hiroshima"}
    t = arrange(hands=[["suicide-bomber", "hiroshima"], ["mutant-1"]], pile=["inferno-7"])
    assert cards_of(t, "play-chaos") == {"hiroshima", "suicide-bomber"}


def test_chaos_cards_go_to_the_graveyard_when_their_task_is_done():
    # 003 (FAQ): "Once the Chaos card's task is complete, it is placed into the Graveyard".
    s = arrange(
        players=3,
        hands=[["join-the-cult", "inferno-8", "mutant-1"], ["undead-1"], ["undead-2"]],
        pile=["inferno-7"],
    )
    s.apply(PlayChaos("join-the-cult"))
    assert "join-the-cult" in s.beside and "join-the-cult" not in s.graveyard
    s.apply(PlayRealm("inferno-8"))
    for _ in range(2):
        s.apply(Draw())
        if s.phase == "drawn":
            s.apply(Pass())
    assert "join-the-cult" in s.graveyard and s.beside == [] and not s.cult
    # 003 (FAQ): "The last player to have played a Realm card to the pile starts a new play
    # pile."
    assert s.current_player == 0 and s.pile == [] and s.phase == "start"


def test_join_the_cult_requires_exactly_the_next_value_of_any_realm():
    # 003 (FAQ): "if a 5 Realm card is on the play pile, you must play a 6 of any Realm type ...
    # You cannot skip the order. The player who played the Chaos card cannot start with any
    # number (unless they are starting a new play pile). They must follow the next value"
    hand = ["join-the-cult", "undead-6", "inferno-6", "inferno-9", "mutant-5"]
    s = arrange(hands=[hand, ["mutant-7", "mutant-8", "inferno-12"]], pile=["inferno-5"])
    s.apply(PlayChaos("join-the-cult"))
    assert cards_of(s, "play-realm") == {"undead-6", "inferno-6"}
    s.apply(PlayRealm("undead-6"))
    s.apply(PlayRealm("inferno-6"))  # one value, several cards: still one play
    assert cards_of(s, "play-realm") == {"mutant-7"}
    fresh = arrange(hands=[["join-the-cult", "inferno-9", "undead-2"], ["mutant-1"]])
    fresh.apply(PlayChaos("join-the-cult"))
    assert cards_of(fresh, "play-realm") == {"inferno-9", "undead-2"}


def test_aids_is_played_only_with_undead_cards():
    # 003 (FAQ): "The AIDS Card must be played with only Undead Realm Cards".
    s = arrange(hands=[["aids", "inferno-9"], ["mutant-1"]], pile=["inferno-7"])
    assert "aids" not in cards_of(s, "play-chaos")
    t = arrange(hands=[["aids", "inferno-9", "undead-8"], ["mutant-1"]], pile=["inferno-7"])
    t.apply(PlayChaos("aids"))
    assert kinds(t) == {"play-realm"} and cards_of(t, "play-realm") == {"undead-8"}


def test_contagious_pile_takes_only_undead_of_matching_or_higher_value():
    # 003 (FAQ): "the play pile becomes contagious and all players can only play Undead Realm
    # Cards ... of matching or higher value. If they cannot play an Undead Realm card, they must
    # pick up the AIDS card into their hand and the pile will no longer be contagious."
    s = arrange(
        hands=[
            ["aids", "undead-8", "mutant-1"],
            ["inferno-8", "undead-5", "undead-9", "nightmare-9"],
        ],
        pile=["inferno-7"],
    )
    s.apply(PlayChaos("aids"))
    s.apply(PlayRealm("undead-8"))
    assert s.contagious and cards_of(s, "play-realm") == {"undead-9"}
    s.apply(Draw())
    s.apply(Pass())
    assert "aids" in s.hands[1] and not s.contagious and "aids" not in s.beside


def test_a_kill_cures_the_contagious_pile():
    # 003 (FAQ): "While contagious, the AIDS can be "cured" by killing the play pile with a
    # Hiroshima or Suicide Bomber Chaos card."
    s = arrange(
        hands=[["aids", "undead-8", "mutant-1"], ["hiroshima", "inferno-2"]], pile=["inferno-7"]
    )
    s.apply(PlayChaos("aids"))
    s.apply(PlayRealm("undead-8"))
    s.apply(PlayChaos("hiroshima"))
    assert not s.contagious and "aids" in s.graveyard
    assert cards_of(s, "play-realm") == {"inferno-2"}
    # ... "or Suicide Bomber": the pile picked up ends the contagion too.
    t = arrange(
        hands=[["aids", "undead-8", "mutant-1"], ["suicide-bomber", "inferno-2"]],
        pile=["inferno-7"],
        deck=["nightmare-1"],
    )
    t.apply(PlayChaos("aids"))
    t.apply(PlayRealm("undead-8"))
    t.apply(PlayChaos("suicide-bomber"))
    assert not t.contagious and "aids" in t.graveyard and "undead-8" in t.hands[0]
    assert cards_of(t, "play-realm") == {"inferno-2"}


def _illusion(players=3, claim="inferno-9", real="mutant-2"):
    s = arrange(
        players=players,
        hands=[["illusionist", real, "undead-1"], ["nightmare-9", "mutant-3"], ["undead-12"]],
        pile=["inferno-7"],
    )
    s.apply(PlayChaos("illusionist"))
    assert cards_of(s, "hide") == {real, "undead-1"}
    s.apply(Hide(real))
    assert cards_of(s, "declare") >= {"inferno-8", "nightmare-7", "inferno-13"}
    assert "nightmare-8" not in cards_of(s, "declare")  # the claim must be a legal play
    s.apply(Declare(claim))
    return s


def test_illusionist_plays_face_down_declares_and_ends_the_turn():
    # 003 (FAQ): "When played you place a Realm card facedown declaring its value and realm type
    # (or a made up value/realm type) out loud. Then your turn is over."
    s = _illusion()
    assert s.current_player == 1 and kinds(s) == {"accept", "call"}
    for seat in (1, 2, None):
        assert s.view(seat)["pile"][-1] == {"card": "inferno-9", "value": 9, "face_down": True}
        assert "2 of Mutant" not in texts(s, seat)
    assert s.view(0)["pile"][-1]["really"] == "mutant-2"


def test_illusionist_accepted_card_stands_as_declared():
    # 003 (FAQ): "The next player can let your declaration pass"
    s = _illusion()
    s.apply(Accept())
    assert s.current_player == 1 and s.phase == "start"
    assert cards_of(s, "play-realm") == {"nightmare-9"}  # follows the declared 9 of Inferno


def test_illusionist_caught_lying_picks_up_the_pile():
    # 003 (FAQ): "If they are correct in revealing your dirty lies, you must pick up all the cards
    # in the play pile."
    s = _illusion()
    s.apply(Call())
    assert {"inferno-7", "mutant-2"} <= set(s.hands[0]) and s.pile == []
    assert s.current_player == 1 and "2 of Mutant" in texts(s, 2)


def test_wrong_call_makes_the_caller_pick_up_the_pile():
    # 003 (FAQ): "If you were truthful and they were wrong by calling bullshit, then that player
    # must pick up the play pile."
    s = _illusion(claim="inferno-9", real="inferno-9")
    s.apply(Call())
    assert {"inferno-7", "inferno-9"} <= set(s.hands[1]) and s.pile == []


def test_drop_a_deuce_assumed_effect_top_counts_as_two():
    # ASSUMED (cards.toml): the FAQ names Drop A Deuce but never its effect.
    s = arrange(
        hands=[["drop-a-deuce", "inferno-3", "undead-3"], ["mutant-1"]], pile=["inferno-13"]
    )
    assert cards_of(s, "play-realm") == set()
    s.apply(PlayChaos("drop-a-deuce"))
    assert s.pile[-1][2] == 2 and cards_of(s, "play-realm") == {"inferno-3"}


def test_drop_a_deuce_effect_is_replaceable_through_the_data_file(tmp_path: Path):
    from cardcafe.games.monster_rejects.cards import DEFAULT_FILE

    text = DEFAULT_FILE.read_text().replace('effect = "top-becomes"', 'effect = "next-draws"')
    path = tmp_path / "cards.toml"
    path.write_text(text)
    s = arrange(
        hands=[["drop-a-deuce", "inferno-3"], ["mutant-1"]], pile=["inferno-13"], cards=str(path)
    )
    s.apply(PlayChaos("drop-a-deuce"))
    assert len(s.hands[1]) == 3 and s.pile[-1][2] == 13
    assert "draws 2 cards" in texts(s, 0)


def test_pass_is_refused_with_a_reason_before_drawing():
    # 003: "If you are unable or choose not to play a Realm card, you must draw a card from the
    # deck."
    s = arrange(hands=[["inferno-9"], ["undead-1"]], pile=["inferno-7"])
    with pytest.raises(IllegalMove, match="must draw a card before you can pass"):
        s.apply(Pass())


def test_the_aids_player_is_told_to_play_undead_not_to_draw():
    # 003 (FAQ): "The AIDS Card must be played with only Undead Realm Cards"
    s = arrange(hands=[["aids", "inferno-9", "undead-8"], ["mutant-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("aids"))
    with pytest.raises(IllegalMove, match=r"play a Realm card \(Undead only\)"):
        s.apply(Draw())


def test_join_the_cult_next_value_follows_the_current_order():
    # 003 (FAQ): "if a 5 Realm card is on the play pile, you must play a 6 of any Realm type".
    # Our decision (rules page): under Right Wing Mentality "next" is the next lower number, and
    # after a Crown nothing is next.
    hand = ["join-the-cult", "undead-6", "nightmare-4", "mutant-1"]
    s = arrange(hands=[hand, ["mutant-9"]], pile=["inferno-5"], beside=["right-wing"])
    s.apply(PlayChaos("join-the-cult"))
    assert cards_of(s, "play-realm") == {"nightmare-4"}
    hand = ["join-the-cult", "undead-13", "mutant-1"]
    crown = arrange(hands=[hand, ["mutant-9"]], pile=["inferno-13"])
    crown.apply(PlayChaos("join-the-cult"))
    assert cards_of(crown, "play-realm") == set()


def test_the_cosby_breaks_a_tie_by_the_realm_order():
    # Our decision (rules page): "Equal values: the first realm in the order Inferno, Nightmare,
    # Undead, Mutant."
    s = arrange(
        hands=[["cosby", "inferno-5"], ["mutant-12", "nightmare-12", "undead-12", "inferno-2"]],
        pile=["inferno-3"],
    )
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    assert "nightmare-12" in s.hands[0] and "nightmare-12" not in s.hands[1]
