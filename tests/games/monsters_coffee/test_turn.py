"""A Monster's Coffee turn and the NOTES, citing 000_992b8e92303b7cf4.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.monsters_coffee.actions import PickFront, Take
from cardcafe.games.monsters_coffee.pieces import Slot

from .helpers import NEWBIE, edit, position

REARS = [["snorkel"] * 3, ["snorkel"] * 3, ["skeeter"] * 3]


def newbie(front, turn=0, **kw):
    return position(front, REARS, families=NEWBIE, turn=turn, **kw)


def test_take_from_any_front_line_with_more_than_three_cards():
    # 000: "They choose a Monster card in a Front Line where there are more than 3 Monster
    # cards. It can be their own Front Line, or any other player's."
    state = newbie([["rex"] * 4, ["bliblop"] * 3, ["cakosaurus"] * 5], turn=1)
    owners = {a.owner for a in state.legal_actions()}
    assert owners == {0, 2}  # player 1's own line holds only 3
    assert len(state.legal_actions()) == 4 + 5


def test_no_front_line_goes_below_three_cards():
    # 000 NOTE 0: "No player can have fewer than 3 Monster cards in their Front Line"
    state = newbie([["rex"] * 4, ["bliblop"] * 3, ["cakosaurus"] * 5], turn=1)
    before = state.clone()
    with pytest.raises(IllegalMove, match="only 3 cards"):
        state.apply(Take(1, 0))
    assert state == before


def test_the_card_goes_to_the_centre_and_the_turn_passes_left():
    # 000: "They place that Monster card at the centre of the table." ... "Then, it's the turn of
    # the player on their left."
    state = newbie([["rex"] * 4, ["bliblop"] * 4, ["cakosaurus"] * 5], turn=2)
    state.apply(Take(1, 2))
    assert state.centre == ["bliblop"] and len(state.front[1]) == 3
    assert state.current_player == 0  # seats go round: after the last seat, seat 0


def test_a_power_that_cannot_apply_is_skipped():
    # 000 NOTE 4: "You could be forced to play a specific Monster card ... whose power is no
    # longer applicable. ... In this case, don't apply the power!"
    # Rex needs a card of your Front Line that can move: player 0's three are pinned.
    pinned = [Slot("bliblop", droppings=True)] * 3
    state = newbie([pinned, ["rex"] * 4, ["cakosaurus"] * 4], turn=0)
    state.apply(Take(1, 0))
    assert state.phase == "take" and state.current_player == 1
    assert state.events[-1].kind == "skipped" and state.events[-1].data == {"family": "rex"}


def test_two_different_tokens_may_share_a_card_but_not_two_alike():
    # 000 NOTE 3: "There can very well be two different tokens on a Monster card in the Front
    # Line..."
    front = [
        ["snout", Slot("rex", droppings=True), "rex", "rex"],
        [Slot("rex", snout=True), "rex", "rex"],
        ["priss"] * 4,
    ]
    state = position(front, [["grunge"] * 3, ["priss"] * 3, ["poopy"] * 3], centre=["rex"])
    state.apply(Take(0, 0))  # a Snout: put a Coffee token on any Front Line card
    targets = set(state.legal_actions())
    assert PickFront(0, 0) in targets  # on the card with Droppings: two different tokens
    assert PickFront(1, 0) not in targets  # that card already carries a Coffee token
    state.apply(PickFront(0, 0))
    assert state.front[0][0] == Slot("rex", droppings=True, snout=True)


def test_tokens_are_limited_and_a_power_without_token_gives_nothing():
    # 000: "Certain Monsters need particular tokens. Put these within easy reach of everyone"
    # 000 NOTE 2: "as tokens are limited in numbers, you won't have enough. That means that if a
    # power (and its corresponding token) interests you, don't wait."
    state = newbie([["cakosaurus"] * 4, ["snorkel"] * 4, ["rex"] * 4], turn=0)
    state = edit(state, cookies=[0, 0, state.cards.supply_of("cookie") - 1])
    assert state.supply["cookie"] == 1
    state.apply(Take(0, 0))
    assert state.cookies[0] == 1 and state.supply["cookie"] == 0
    state = edit(state, whipped_cream=[state.cards.supply_of("whipped_cream"), 0, 0])
    assert state.supply["whipped_cream"] == 0
    state.apply(Take(1, 0))  # player 1's Snorkel: no Whipped Cream left
    assert state.cream[1] == 0
    state.check_invariants()
