"""Positions (issue 14): set up, save and deal any position; the two Chaos card departures the
audit found, built with positions."""

import json
import random
import re

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.games.monster_rejects.actions import (
    Declare,
    Draw,
    Hide,
    Pass,
    PlayChaos,
    PlayRealm,
)
from cardcafe.games.monster_rejects.cards import REALM_OF

from .helpers import GAME, arrange, cards_of, kinds, position


# -- the departures ---------------------------------------------------------------------------
def test_hiroshima_as_the_last_card_kills_the_pile_and_the_player_draws_from_it():
    # 003: "If a Chaos card is your last card, you will still have to draw a card from the deck
    # to play a Realm card on the play pile." FAQ: "Re-shuffle all the discarded cards
    # (graveyard pile) to make a new draw pile." Killing the pile fills the graveyard, so the
    # draw the rule asks for is possible.
    s = arrange(hands=[["hiroshima"], []], pile=["inferno-5", "inferno-9"], rest=1, last_player=1)
    assert s.view(0)["deck_size"] == 0 and s.view(0)["graveyard"] == []
    assert PlayChaos("hiroshima") in s.legal_actions()
    s.apply(PlayChaos("hiroshima"))
    assert s.pile == [] and s.hands[0] == [] and kinds(s) == {"draw"}
    s.apply(Draw())
    assert len(s.hands[0]) == 1 and s.view(0)["deck_size"] == 2


def test_a_last_chaos_card_with_nothing_to_draw_after_it_is_still_refused():
    # 003 (FAQ): "Some Chaos cards that would require drawing a card from the pile cannot be
    # played at that time either." Trip The Fuck Out leaves the graveyard empty (the card
    # itself is not drawn back: our decision), and Hiroshima has no pile to kill.
    s = arrange(hands=[["trip"], []], pile=["inferno-5"], rest=1, last_player=1)
    assert s.legal_actions() == [Pass()]
    t = arrange(hands=[["hiroshima"], []], rest=1)
    assert t.legal_actions() == [Pass()]


@pytest.mark.parametrize("card", ["hiroshima", "trip", "suicide-bomber", "drop-a-deuce"])
def test_chaos_cards_may_start_a_new_pile(card):
    # 003 (FAQ): "You now start a new pile (and turn) by either playing a Chaos card first, then
    # a Realm card, or just playing a Realm card." The FAQ's one limit is a Chaos card that
    # needs a draw with nothing to draw; otherwise the card does what it can.
    s = arrange(hands=[[card, "inferno-4"], ["undead-1"]])
    assert s.pile == [] and PlayChaos(card) in s.legal_actions()
    hands = [len(h) for h in s.hands]
    s.apply(PlayChaos(card))
    assert card in s.graveyard and s.pile == []
    assert cards_of(s, "play-realm") == {"inferno-4"}
    if card == "suicide-bomber":
        # The count still ends on a player, who picks up the (empty) pile.
        assert [len(h) for h in s.hands] == [hands[0] - 1, hands[1]]
        assert "picks up the pile" in "\n".join(s.log_text(None))
    s.apply(PlayRealm("inferno-4"))
    assert s.pile[-1][0] == "inferno-4"


def test_suicide_bomber_still_needs_a_card_to_draw():
    # 003 (FAQ): "Some Chaos cards that would require drawing a card from the pile cannot be
    # played at that time either."
    s = arrange(hands=[["suicide-bomber", "inferno-4"], []], rest=1)
    assert PlayChaos("suicide-bomber") not in s.legal_actions()


# -- positions --------------------------------------------------------------------------------
def test_a_position_round_trips_and_continues_as_the_original():
    s = GAME.new(3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    position = s.to_position()
    copy = GAME.from_position(json.loads(json.dumps(position)))
    assert copy.to_position() == position
    while not s.is_over:
        assert copy.legal_actions() == s.legal_actions()
        action = rng.choice(s.legal_actions())
        s.apply(action)
        copy.apply(action)
        assert copy.view(None) == s.view(None)
    assert copy.scores() == s.scores() and copy.winners() == s.winners()


def face_down_situation():
    """Player 1 smuggled a card; player 2 put an Illusionist card face down; player 3 reacts."""
    s = arrange(
        players=3,
        hands=[
            ["smuggle", "undead-2", "nightmare-6", "inferno-1"],
            ["illusionist", "mutant-5", "inferno-3"],
            ["undead-1"],
        ],
    )
    s.apply(PlayChaos("smuggle"))
    s.apply(Hide("undead-2"))
    s.apply(PlayRealm("nightmare-6"))
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-5"))
    s.apply(Declare("nightmare-9"))
    assert s.phase == "react" and s.current_player == 2
    return s


def test_a_seats_position_never_holds_another_seats_hidden_cards():
    s = face_down_situation()
    smuggler, illusionist, theirs = (s.to_position(seat) for seat in range(3))
    assert smuggler["hands"][1:] == [1, 1] and smuggler["deck"] == len(s.deck)
    assert smuggler["smuggled"] == [{"owner": 0, "card": "undead-2"}]
    assert smuggler["pile"][-1]["really"] is None
    assert illusionist["pile"][-1]["really"] == "mutant-5"
    assert illusionist["smuggled"] == [{"owner": 0, "card": None}]
    assert theirs["hands"] == [1, 1, ["undead-1"]]
    assert theirs["pile"][-1] == {
        "card": "nightmare-9",
        "value": 9,
        "face_down_by": 1,
        "really": None,
    }
    assert theirs["smuggled"] == [{"owner": 0, "card": None}]
    text = json.dumps(theirs)
    for card in [*s.hands[0], *s.hands[1], "undead-2", "mutant-5"]:
        assert card not in text, card
    for seat in range(3):
        for seed in range(5):
            assert s.determinize(seat, random.Random(seed)).to_position(seat) == s.to_position(seat)


def test_a_seats_position_deals_the_rest_at_random_and_shows_the_seat_the_same():
    s = face_down_situation()
    theirs = s.to_position(2)
    dealt = [GAME.from_position(theirs, seed=seed) for seed in range(6)]
    for d in dealt:
        assert d.view(2) == s.view(2) and d.legal_actions() == s.legal_actions()
        # 003: "you place a Realm card facedown": any hidden Realm card may lie there.
        assert d.pile[-1][0] in REALM_OF
    assert len({tuple(d.hands[0]) for d in dealt}) > 1, "the hidden hand is dealt at random"
    assert GAME.from_position(theirs, seed=3).to_position(2) == theirs


def test_a_record_of_a_positioned_game_replays():
    s = face_down_situation()
    start = s.to_position()
    game = GAME.from_position(start)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = Record.from_json(json.loads(json.dumps(game.record().to_json())))
    assert record.position == start
    assert games.replay(record).to_position() == game.to_position()


# -- positions that cannot happen -------------------------------------------------------------
def refused(position_: dict, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        GAME.from_position(position_)


def test_unknown_cards_and_too_many_copies_are_refused():
    good = position(hands=[["inferno-4"], ["undead-1"]])
    GAME.from_position(good)
    refused({**good, "hands": [["inferno-14"], ["undead-1"]]}, "inferno-14.*not a card")
    refused({**good, "graveyard": ["weapon-plus-1"]}, "weapon-plus-1.*not a card")
    refused({**good, "hands": [["inferno-4", "inferno-4"], ["undead-1"]]}, "2 of the card")
    refused({**good, "graveyard": ["undead-1"]}, "2 of the card 'undead-1'")  # in two places
    refused({**good, "hands": [["inferno-4"], []], "turn": 0}, "empty")
    short = {**good, "deck": good["deck"][1:]}
    refused(short, "places 63 cards; the game has 64")


def test_phases_and_seats_that_do_not_fit_are_refused():
    good = position(hands=[["inferno-4"], ["undead-1"]], pile=["inferno-2"])
    refused({**good, "phase": "dance"}, "'phase' is 'dance'")
    refused({**good, "turn": 2}, "'turn' must be a seat from 0 to 1")
    refused({**good, "phase": "group"}, "play_so_far")
    refused({**good, "phase": "react"}, "illusionist")
    refused({**good, "phase": "cosby-give"}, "cosby_target")
    refused({**good, "phase": "over"}, "end_reason")
    refused({**good, "last_player": None}, "last_player")
    refused({**good, "last_player": 0}, "the pile dies")
    refused({**good, "beside": ["hiroshima"]}, "only .* lie beside the pile")
    refused({**good, "beside": ["smuggle"]}, "smuggled")
    refused(
        {**good, "pile": [{"card": "trip", "value": 1, "face_down_by": None, "really": None}]},
        "only Realm cards",
    )
    refused({**good, "turns": 10**6}, "turn limit")
    refused({**good, "known": [{"knower": 0, "holder": 0, "cards": []}]}, "another player")


def test_wrong_json_types_are_refused_with_their_name():
    good = position(hands=[["inferno-4"], ["undead-1"]])
    refused({**good, "hands": "x"}, "'hands' must be a list")
    refused({**good, "hands": [["inferno-4"], "x"]}, r"'hands\[1\]'")
    refused({**good, "trip": 1}, "'trip' must be true or false")
    refused({**good, "turn": True}, "'turn' must be a whole number")
    refused({**good, "pile": [["inferno-4"]]}, r"'pile\[0\]' must be an object")
    refused({**good, "colour": "red"}, "colour")
    refused({k: v for k, v in good.items() if k != "deck"}, "no 'deck'")


def test_a_seats_position_shows_one_hand_and_hides_the_others():
    s = face_down_situation()
    theirs = s.to_position(2)
    refused({**theirs, "hands": [1, 1, 1]}, "exactly one hand")
    known_face_down = [dict(e) for e in theirs["pile"]]
    known_face_down[-1]["really"] = "mutant-5"
    refused({**theirs, "pile": known_face_down}, "another player's face-down card")


def test_the_rules_page_example_is_a_position():
    text = GAME.rules_text()
    example = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    s = GAME.from_position(example, seed=1)
    assert PlayChaos("hiroshima") in s.legal_actions()
