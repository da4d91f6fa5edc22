"""Each rule in one place (issue 19): the phase table, and refusals that give the rule's own
reason for the right kind of move, or the kernel's "not now" for a move of another phase.
Quotes: seed 003_59e5b48f57a6f035.txt."""

from cardcafe.engine import OVER
from cardcafe.games.monster_rejects.actions import (
    Declare,
    GiveBack,
    Hide,
    Pass,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from cardcafe.games.monster_rejects.position import PHASES as POSITION_PHASES
from cardcafe.games.monster_rejects.rules import PHASES
from tests.refusals import refusal

from .helpers import GAME, arrange, kinds


def test_the_phase_table_covers_every_phase_a_game_can_be_in():
    assert GAME.new(2, seed=1).PHASES is PHASES
    assert set(PHASES.moves) == set(POSITION_PHASES) - {OVER}


def test_a_decision_of_another_phase_is_refused_with_what_is_asked():
    # 003 (FAQ), The Cosby: "the player can give back any card of their choosing": only once
    # The Cosby took one. At the start of a turn a card given back was refused with "you hold
    # no ..." although nothing was being given back; now the kernel says what is asked.
    s = arrange(hands=[["cosby", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    assert refusal(s, GiveBack("nightmare-3")) == f"not now: {s.prompt}"
    assert refusal(s, GiveBack("inferno-9")) == f"not now: {s.prompt}"
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    assert s.phase == "cosby-give"
    assert refusal(s, GiveBack("nightmare-3")) == "you do not hold the 3 of Nightmare"


def test_a_chaos_card_that_cannot_be_played_now_says_why():
    # 003 (FAQ): "Right Wing Mentality will be in effect until the play pile is killed".
    hand = ["right-wing", "inferno-9", "mutant-2"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"], beside=["right-wing"], decks=2)
    assert refusal(s, PlayChaos("right-wing")) == "Right Wing Mentality is already in effect"
    # 003 (FAQ): "Some Chaos cards that would require drawing a card from the pile cannot be
    # played at that time either."
    hand = ["suicide-bomber", "inferno-9", "mutant-3"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"], rest=1)
    assert refusal(s, PlayChaos("suicide-bomber")) == (
        "the deck and the graveyard are both empty: Suicide Bomber needs a card from them"
    )
    # 003 (FAQ): "The AIDS Card must be played with only Undead Realm Cards".
    s = arrange(hands=[["aids", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    assert refusal(s, PlayChaos("aids")) == (
        "AIDS is played with an Undead card, and none of yours could follow"
    )
    # 003 (FAQ): "When played you place a Realm card facedown".
    s = arrange(hands=[["illusionist", "trip"], ["undead-1"]], pile=["inferno-7"])
    assert refusal(s, PlayChaos("illusionist")) == (
        "Illusionist needs a Realm card of yours to put face down"
    )
    assert refusal(s, PlayChaos("cosby")) == "you do not hold The Cosby"


def test_the_illusionist_hides_a_realm_card_and_declares_one_that_could_follow():
    # 003 (FAQ): "When played you place a Realm card facedown declaring its value and realm
    # type (or a made up value/realm type)"; the claim must be a card that could follow (ours).
    hand = ["illusionist", "trip", "inferno-3", "mutant-5"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("illusionist"))
    assert refusal(s, Hide("trip")) == "the card put face down must be a Realm card"
    assert refusal(s, Hide("inferno-9")) == "you do not hold the 9 of Inferno"
    s.apply(Hide("inferno-3"))
    assert refusal(s, Declare("inferno-2")) == (
        "the 2 of Inferno could not follow the 7 of Inferno: declare a card that could"
    )
    s.apply(Declare("inferno-8"))
    assert s.phase == "react"


def test_the_cosby_takes_from_another_player_at_the_table():
    # 003 (FAQ): The Cosby takes "the highest value Realm card" of another player.
    s = arrange(hands=[["cosby", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("cosby"))
    assert refusal(s, Target(0)) == "you cannot take from yourself"
    assert refusal(s, Target(5)) == "this table has only 2 players"


def test_a_play_adds_only_cards_of_its_value():
    # 003: "You can play multiple cards at once if they are the same value".
    hand = ["inferno-9", "nightmare-9", "mutant-3"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayRealm("inferno-9"))
    assert s.phase == "group"
    assert refusal(s, PlayRealm("mutant-3")) == (
        "a play is of one value: the 3 of Mutant cannot join the 9 of Inferno"
    )
    assert refusal(s, PlayChaos("trip")) == f"not now: {s.prompt}"


def test_with_nothing_to_draw_a_player_who_can_go_may_not_pass():
    # 003 (FAQ): "If they can't go, they simply pass, without drawing a card."
    s = arrange(hands=[["inferno-9", "mutant-3"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert kinds(s) == {"play-realm"}
    assert refusal(s, Pass()) == "you can still play a Realm card: you pass only when you cannot"
    assert refusal(s, PlayRealm("mutant-3")) == "the 3 of Mutant cannot follow the 7 of Inferno"


def test_one_item_a_turn_is_refused_with_the_rule():
    # 003 (FAQ): "You can play only one item card per turn with any number of Realm cards."
    hand = ["curse-minus-2", "weapon-plus-1", "inferno-9", "mutant-1"]
    s = arrange(hands=[hand, ["undead-1"]], pile=[], battle_pack=True)
    s.apply(PlayItem("curse-minus-2"))
    assert refusal(s, PlayItem("weapon-plus-1")) == (
        "one item a turn: you are already playing the Rot (-2)"
    )
