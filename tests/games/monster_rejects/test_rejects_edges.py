"""Edge cases of seed 003_59e5b48f57a6f035.txt's rules and of our documented decisions."""

from cardcafe.games.monster_rejects.actions import (
    Accept,
    Call,
    Declare,
    Draw,
    Hide,
    Pass,
    PlayChaos,
    PlayRealm,
    Target,
)

from .helpers import GAME, arrange, cards_of, kinds, texts


def test_a_picked_up_pile_ends_right_wing_mentality_too():
    # 003 (FAQ): "Right Wing Mentality will be in effect until the play pile is killed (either
    # because everyone passed in a round, or it was killed by something like a Hiroshima or
    # Suicide Bomber Chaos card)."
    s = arrange(
        players=3,
        hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-3"]],
        pile=["inferno-7"],
        deck=["nightmare-1"],
        beside=["right-wing"],
    )
    s.apply(PlayChaos("suicide-bomber"))
    assert not s.reversed_order and "inferno-7" in s.hands[1] and "right-wing" in s.graveyard


def test_smuggling_your_last_other_card_leaves_you_to_draw():
    # 003: "You can only win by playing your final card as a Realm card."
    s = arrange(hands=[["smuggle", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("smuggle"))
    s.apply(Hide("inferno-9"))
    assert not s.is_over and s.hands[0] == [] and kinds(s) == {"draw"}


def test_the_smuggled_card_is_shown_when_the_pile_dies():
    # Our decision (rules page): the graveyard is face up.
    s = arrange(
        hands=[["smuggle", "aids", "inferno-9", "mutant-4"], ["undead-1"]], pile=["inferno-7"]
    )
    s.apply(PlayChaos("smuggle"))
    s.apply(Hide("aids"))
    s.apply(PlayRealm("inferno-9"))
    s.apply(Draw())
    s.apply(Pass())
    assert "aids" in s.graveyard and "smuggle" in s.graveyard and s.smuggled == []
    assert "smuggled card goes to the graveyard: AIDS" in texts(s, 1)


def test_an_accepted_last_card_wins_for_the_illusionist():
    # Our decision: a face-down card that stands was the player's last Realm card played.
    s = arrange(
        hands=[["illusionist", "mutant-2"], ["nightmare-9", "mutant-3"]], pile=["inferno-7"]
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-8"))
    assert not s.is_over
    s.apply(Accept())
    assert s.is_over and s.winners() == [0]


def test_a_caught_last_card_lie_does_not_win():
    s = arrange(
        hands=[["illusionist", "mutant-2"], ["nightmare-9", "mutant-3"]], pile=["inferno-7"]
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-8"))
    s.apply(Call())
    assert not s.is_over and set(s.hands[0]) == {"inferno-7", "mutant-2"}


def test_the_cosby_on_a_hand_without_realm_cards_takes_nothing():
    s = arrange(
        hands=[["cosby", "inferno-5", "mutant-6"], ["trip", "hiroshima"]], pile=["inferno-2"]
    )
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    assert sorted(s.hands[1]) == ["hiroshima", "trip"] and s.phase == "main"


def test_prompts_use_the_family_names():
    s = arrange(hands=[["cosby", "inferno-5", "mutant-6"], ["undead-3"]], names="family")
    s.apply(PlayChaos("cosby"))
    assert s.prompt.startswith("Pickpocket")
    assert "Cosby" not in texts(s, 1)


def test_a_killed_pile_reveals_an_accepted_face_down_card():
    s = arrange(
        hands=[["illusionist", "mutant-2", "undead-1"], ["nightmare-12", "mutant-3"]],
        pile=["inferno-7"],
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-8"))
    s.apply(Accept())
    s.apply(Draw())
    if s.phase == "drawn":
        s.apply(Pass())
    assert s.current_player == 0 and s.pile == [] and "mutant-2" in s.graveyard
    assert "turns out to be the 2 of Mutant" in texts(s, 1)


def test_each_lasting_effect_goes_with_its_card_beside_the_pile():
    # 003 (FAQ): "Right Wing Mentality will be in effect until the play pile is killed" and "the
    # Join The Cult Chaos card is discarded with the play pile": effect and card go together.
    s = arrange(hands=[["right-wing", "inferno-3"], ["undead-1"]], pile=["inferno-5"])
    s.apply(PlayChaos("right-wing"))
    position = s.to_position()
    assert position["beside"] == ["right-wing"] and s.view(0)["in_force"] == ["right-wing"]
    assert cards_of(s, "play-realm") == {"inferno-3"}  # 3 beats 5 in the reversed order
    # A position cannot hold the effect without its card: with the card in the graveyard, the
    # order is the printed one again.
    moved = {**position, "beside": [], "graveyard": [*position["graveyard"], "right-wing"]}
    t = GAME.from_position(moved)
    assert t.view(0)["in_force"] == [] and cards_of(t, "play-realm") == set()
    cult = arrange(
        hands=[["inferno-6"], ["undead-1"]], pile=["nightmare-5"], beside=["join-the-cult"]
    )
    assert cult.view(0)["in_force"] == ["join-the-cult"] and cards_of(cult, "play-realm") == {
        "inferno-6"
    }
