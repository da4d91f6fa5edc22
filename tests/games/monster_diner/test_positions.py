"""Monster Diner positions (issue 14): the format, what a seat's position leaves out, the
positions that cannot happen, and records of positioned games."""

import json
import random
from collections import Counter

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.games.monster_diner.actions import GiveGuest, Place

from .helpers import GAME, position


def played(players=3, seed=1, moves=20, **options):
    """A game some random moves in."""
    state = GAME.new(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_position_is_the_state_in_the_games_own_words():
    state = position(3, deck=["florist", "bartender"], mats=[["janitor"], [], ["precept"]])
    pos = state.to_position()
    assert pos["format"] == 1 and pos["game"] == "monster-diner" and pos["players"] == 3
    assert pos["phase"] == "place" and pos["turn"] == 0 and pos["held"] == "janitor"
    assert pos["deck"][:2] == ["florist", "bartender"]  # the top card first
    state.apply(Place(0))
    assert state.held == "florist"
    assert pos["mats"] == [["janitor"], [], ["precept"]]
    assert len(pos["removed"]) == 20  # 001: "Cards to be removed | 30 | 20 |"
    assert GAME.from_position(json.loads(json.dumps(pos))).to_position() == pos


def test_the_rules_page_example_loads():
    # The example on the rules page, with the deck and the cards removed left out (a seat's
    # position): they are dealt from the cards no other place holds.
    example = {
        "format": 1,
        "game": "monster-diner",
        "players": 2,
        "options": {"guest_to": "mat", "cards": None},
        "seat": 0,
        "phase": "take",
        "turn": 0,
        "held": None,
        "deck": 61,
        "removed": 30,
        "mats": [[], ["unwelcome-guest"]],
        "given_on_mat": [0, 1],
        "diners": [{"janitor": 2, "unwelcome-guest": 1}, {"florist": 1, "bartender": 2}],
        "guests_to_give": 0,
        "guest_target": 1,
    }
    state = GAME.from_position(example, seed=7)
    assert state.current_player == 0 and state.view(0)["deck_size"] == 61
    assert {a.to_json()["card"] for a in state.legal_actions()} == {"florist", "bartender"}
    assert state.to_position(0) == example
    again = GAME.from_position(example, seed=7)
    assert again.to_position() == state.to_position()  # the same seed deals the same cards


def test_a_seats_position_never_holds_the_deck_or_the_removed_cards():
    # 001: "Without looking, remove extra cards from the deck": nobody knows them, nor the deck.
    state = played()
    truth = state.to_position()
    for seat in range(3):
        mine = state.to_position(seat)
        assert mine["seat"] == seat and "rng" not in mine
        assert mine["deck"] == len(truth["deck"]) and mine["removed"] == 20
        shown = {k: v for k, v in mine.items() if k not in ("deck", "removed", "seat")}
        assert shown == {k: v for k, v in truth.items() if k not in ("deck", "removed", "rng")}
        # Dealt again, the hidden piles hold the same cards as the truth, in some order.
        dealt = GAME.from_position(mine, seed=seat).to_position()
        hidden = Counter(dealt["deck"]) + Counter(dealt["removed"])
        assert hidden == Counter(truth["deck"]) + Counter(truth["removed"])
        assert dealt["mats"] == truth["mats"] and dealt["diners"] == truth["diners"]


def test_a_record_of_a_positioned_game_replays():
    state = position(3, deck=["pizza-maker"] * 4, mats=[["unwelcome-guest", "janitor"], [], []])
    state.apply(Place(0))
    state.apply(GiveGuest(2))
    rng = random.Random(3)
    for _ in range(15):
        state.apply(rng.choice(state.legal_actions()))
    record = Record.from_json(state.record().to_json())
    assert record.position is not None
    assert games.replay(record).to_position() == state.to_position()


def test_a_position_of_a_game_over_keeps_its_scores():
    state = played(moves=10**4)
    assert state.is_over
    again = GAME.from_position(state.to_position())
    assert again.is_over and again.scores() == state.scores()
    assert again.winners() == state.winners() and again.breakdown() == state.breakdown()


def base():
    return GAME.new(3, seed=2).to_position()


def give_phase(**options):
    """A truth position in the give phase: player 0's move brought a guest into their diner."""
    state = position(
        3,
        deck=["pizza-maker"] * 4,
        held="florist",
        mats=[["unwelcome-guest", "janitor"], [], []],
        diners=[[], ["bartender"], []],
        **options,
    )
    state.apply(Place(0))
    assert state.phase == "give"
    return state.to_position()


def take_phase(**options):
    state = GAME.from_position(give_phase(**options))
    state.apply(GiveGuest(1))
    assert state.phase == "take"
    return state.to_position()


def moved(pos, card, source, target):
    """`pos` with one `card` moved from the list at key path `source` to `target`."""
    pos = json.loads(json.dumps(pos))
    take_from, put_on = pos, pos
    for key in source[:-1]:
        take_from = take_from[key]
    for key in target[:-1]:
        put_on = put_on[key]
    take_from[source[-1]].remove(card)
    put_on[target[-1]].append(card)
    return pos


def with_(pos, **changes):
    return {**pos, **changes}


def nested(pos, key, index, value):
    pos = json.loads(json.dumps(pos))
    pos[key][index] = value
    return pos


CANNOT_HAPPEN = {
    # unknown card ids, wrong JSON types
    "an unknown card": lambda: nested(base(), "mats", 1, ["caviar"]),
    "a diner of a list": lambda: nested(base(), "diners", 0, ["janitor"]),
    "a count of the wrong kind": lambda: nested(base(), "given_on_mat", 0, True),
    "a negative count": lambda: nested(base(), "diners", 2, {"janitor": -1}),
    "a phase of the wrong kind": lambda: with_(base(), phase=1),
    "mats of the wrong length": lambda: with_(base(), mats=[[], []]),
    "an unknown key": lambda: with_(base(), score=[1, 2, 3]),
    "a missing key": lambda: {k: v for k, v in base().items() if k != "given_on_mat"},
    # more copies of a card than the card data holds; a card in two places
    "eleven Florists": lambda: nested(base(), "diners", 0, {"florist": 11}),
    "a card in two places": lambda: nested(base(), "mats", 1, [base()["deck"][0]]),
    "a card in no place": lambda: with_(base(), deck=base()["deck"][1:]),
    # pile sizes the rules forbid
    "too few cards removed": lambda: moved(base(), base()["removed"][0], ["removed"], ["deck"]),
    "three cards on another's mat": lambda: position(3, mats=[[], ["janitor"] * 3, []]),
    "three cards on one's own mat": lambda: position(3, mats=[["janitor"] * 3, [], []]),
    # phases that do not exist or do not fit the rest
    "a phase that does not exist": lambda: with_(base(), phase="dessert"),
    "a card held outside the place phase": lambda: with_(give_phase(), held="janitor"),
    "no card held in the place phase": lambda: with_(base(), held=None),
    "a give phase with no guest to give": lambda: with_(give_phase(), guests_to_give=0),
    "more guests to give than the diner holds": lambda: with_(give_phase(), guests_to_give=2),
    "a take phase with no target": lambda: with_(take_phase(), guest_target=None),
    "a guest target outside the take phase": lambda: with_(give_phase(), guest_target=1),
    "a game over with cards on the deck": lambda: with_(base(), phase="over", held=None),
    "guests on a mat in the house rule": lambda: with_(
        give_phase(guest_to="diner"), given_on_mat=[0, 1, 0]
    ),
    # seats out of range
    "a turn out of range": lambda: with_(base(), turn=3),
    "a guest target out of range": lambda: with_(take_phase(), guest_target=-1),
    # a seat's position whose hidden piles do not fit the cards left
    "a hidden deck too big": lambda: with_(
        GAME.new(3, seed=2).to_position(1), deck=len(base()["deck"]) + 1
    ),
}
MESSAGES = {
    "an unknown card": "'mats'\\[1\\].*caviar",
    "a diner of a list": "'diners'\\[0\\]",
    "a count of the wrong kind": "'given_on_mat'\\[0\\]",
    "a negative count": "'diners'\\[2\\]\\['janitor'\\]",
    "a phase of the wrong kind": "'phase'",
    "mats of the wrong length": "'mats' must list one entry per seat",
    "an unknown key": "no key 'score'",
    "a missing key": "no 'given_on_mat'",
    "eleven Florists": "of the card 'florist'; the game has 10",
    "a card in two places": "the game has",
    "a card in no place": "leaves out 1 card ",
    "too few cards removed": "'removed' must hold 20",
    "three cards on another's mat": "mat 1 holds 3 cards placed by others",
    "three cards on one's own mat": "mat 0 holds three cards",
    "a phase that does not exist": "'phase'.*dessert",
    "a card held outside the place phase": "'held'",
    "no card held in the place phase": "'held'",
    "a give phase with no guest to give": "'guests_to_give'",
    "more guests to give than the diner holds": "'guests_to_give' is 2",
    "a take phase with no target": "'guest_target'",
    "a guest target outside the take phase": "'guest_target' must be null",
    "a game over with cards on the deck": "game over",
    "guests on a mat in the house rule": "'given_on_mat'\\[1\\]",
    "a turn out of range": "'turn'",
    "a guest target out of range": "'guest_target'",
    "a hidden deck too big": "hidden",
}


@pytest.mark.parametrize("case", CANNOT_HAPPEN)
def test_a_position_that_cannot_happen_is_refused_naming_what_is_wrong(case):
    with pytest.raises(BadInput, match=MESSAGES[case]):
        GAME.from_position(CANNOT_HAPPEN[case]())


def test_a_refused_position_changes_nothing():
    pos = base()
    copy = json.loads(json.dumps(pos))
    with pytest.raises(BadInput):
        GAME.from_position(with_(pos, turn=5))
    assert pos == copy
