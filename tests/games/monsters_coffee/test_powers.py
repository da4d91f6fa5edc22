"""The twelve Monster powers and their tokens, citing 000_992b8e92303b7cf4.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.monsters_coffee import cards
from cardcafe.games.monsters_coffee.actions import (
    AskFamily,
    AskPlayer,
    PickCentre,
    PickFront,
    PickRear,
    PlaceMummy,
    Take,
)
from cardcafe.games.monsters_coffee.pieces import RearCard, Slot
from cardcafe.games.monsters_coffee.words import FACE_DOWN_MUMMY

from .helpers import NEWBIE, SCORERS, edit, last, play, position, texts


# -- Rex -------------------------------------------------------------------------------------
def rex_table():
    return position(
        [["rex", "snout", "poopy", "grunge"], ["priss"] * 4],
        [["grunge", "poopy", "snout"], ["priss"] * 3],
    )


def test_rex_swaps_a_rear_card_with_a_front_card_and_reveals_both():
    # 000 REX: "Swap one Monster card from your Rear Line with a Monster card from your Front
    # Line. Both cards are revealed."
    state = rex_table()
    state.apply(Take(0, 0))
    assert state.phase == "rex-rear" and state.current_player == 0
    play(state, PickRear(2), PickFront(0, 1))  # the rear Snout comes forward, the Poopy goes back
    assert [s.card for s in state.front[0]] == ["snout", "snout", "grunge"]
    assert state.rear[0][2] == RearCard("poopy", revealed=True)
    assert state.view(1)["rear"][0][2] == {"card": "poopy", "revealed": True}
    assert state.view(1)["rear"][0][0]["card"] is None  # the others stay face down
    assert last(state).kind == "rex"  # revealed to all
    assert last(state).data == {"rear": "snout", "front": "poopy"}
    assert (
        "Ann swaps the Snout of their Rear Line with the Poopy of their Front Line; both are "
        "revealed." in texts(state, None)
    )
    assert state.current_player == 1


def test_rex_cannot_move_a_card_with_droppings():
    # 000 POOPY: "This card cannot be moved, even with a special power."
    state = edit(rex_table(), lambda pos: pos["front"][0][2].update(droppings=True))
    play(state, Take(0, 0), PickRear(0))
    assert PickFront(0, 1) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="Droppings"):
        state.apply(PickFront(0, 1))


def test_snout_token_on_a_card_moved_by_rex_goes_to_the_rex_player():
    # 000 SNOUT note: "If a Monster card covered with a Coffee token is moved or revealed through
    # another power, the player whose power it was takes the token."
    state = edit(rex_table(), lambda pos: pos["front"][0][1].update(snout_coffee=True))
    play(state, Take(0, 0), PickRear(0), PickFront(0, 0))
    assert state.coffee[0] == 1 and not any(s.snout for s in state.front[0])


# -- Cakosaurus, Skeeter, Snorkel ------------------------------------------------------------
def newbie(front, **kw):
    return position(
        front, [["snorkel"] * 3, ["snorkel"] * 3, ["skeeter"] * 3], families=NEWBIE, **kw
    )


def test_cakosaurus_gives_a_cookie_kept_into_the_next_round():
    # 000 CAKOSAURUS: "Take 1 Cookie token. Cookie tokens may be kept from one round to the next."
    state = newbie([["cakosaurus"] * 4, ["rex"] * 3, ["rex"] * 3])
    state.apply(Take(0, 0))
    assert state.cookies == [1, 0, 0] and state.round == 2  # that take ended round 1
    assert state.supply["cookie"] == state.cards.supply_of("cookie") - 1


def test_skeeter_gives_a_coffee():
    # 000 SKEETER: "Take 1 Coffee token."
    state = newbie([["rex"] * 3, ["skeeter"] * 4, ["rex"] * 4], turn=2)
    state.apply(Take(1, 0))
    assert state.coffee == [0, 0, 1]


def test_snorkel_whipped_cream_is_discarded_at_round_end():
    # 000 Snorkel: "Take 1 Whipped Cream token. ... The Whipped Cream tokens are discarded at the
    # end of a round."
    state = newbie([["rex"] * 4, ["snorkel"] * 4, ["rex"] * 3], turn=1)
    state.apply(Take(1, 0))
    assert state.cream == [0, 1, 0]
    state.apply(Take(0, 0))  # Rex: player 2 swaps, then the round ends
    play(state, PickRear(0), PickFront(2, 0))
    assert state.round == 2 and state.cream == [0, 0, 0]
    assert state.supply["whipped_cream"] == state.cards.supply_of("whipped_cream")


# -- Grunge ----------------------------------------------------------------------------------
def grunge_table(rear1=("rex", "rex", "snout")):
    return position(
        [["grunge"] * 4, ["priss"] * 4, ["priss"] * 4],
        [["poopy"] * 3, list(rear1), ["poopy"] * 3],
    )


def test_grunge_yes_reveals_one_and_the_asker_gets_two_coffee():
    # 000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster from a
    # specific family ... If they do, they reveal it and you get 2 Coffee tokens."
    # "If a player has, in their Rear Line, more than one Monster from the desired family, they
    # reveal only one."
    state = grunge_table()
    state.apply(Take(0, 0))
    # "Ask one player": another one (decision: asking yourself is no question).
    assert state.legal_actions() == [AskPlayer(1), AskPlayer(2)]
    state.apply(AskPlayer(1))
    # "from a specific family": one of the five in play.
    assert state.legal_actions() == [AskFamily(f) for f in state.families]
    state.apply(AskFamily("rex"))
    assert state.coffee == [2, 0, 0]
    assert [r.revealed for r in state.rear[1]] == [True, False, False]
    assert state.current_player == 1


def test_grunge_no_gives_the_asked_player_two_coffee():
    # 000 GRUNGE: "If they don't, they get 2 Coffee tokens."
    state = grunge_table()
    play(state, Take(0, 0), AskPlayer(1), AskFamily("poopy"))
    assert state.coffee == [0, 2, 0]
    assert not any(r.revealed for r in state.rear[1])
    assert state.view(2)["not_in_rear"][1] == ["poopy"]  # everyone heard the answer


def test_grunge_asked_player_chooses_among_different_cards_of_the_family():
    # 000: "they reveal only one": when the family's cards differ (Kandhiii symbols), the asked
    # player picks which.
    state = position(
        [["grunge"] + ["bliblop"] * 3, ["priss"] * 4, ["priss"] * 3],
        [["mummy"] * 3, ["kandhiii:donut", "bliblop", "kandhiii:candy"], ["mummy"] * 3],
        families=["grunge", "bliblop", "kandhiii", "priss", "mummy"],
        centre=["grunge"],
    )
    play(state, Take(0, 0), AskPlayer(1), AskFamily("kandhiii"))
    assert state.phase == "grunge-reveal" and state.current_player == 1
    assert set(state.legal_actions()) == {PickRear(0), PickRear(2)}
    state.apply(PickRear(2))
    assert [r.revealed for r in state.rear[1]] == [False, False, True]
    assert state.current_player == 1  # then the turn passes on, to player 1 as it happens


# -- Poopy -----------------------------------------------------------------------------------
def test_poopy_pins_a_card_that_nobody_can_then_take():
    # 000 POOPY: "Put 1 Droppings token on a card from any Front Line. This card cannot be
    # moved, even with a special power."
    state = position(
        [["poopy", "rex", "rex", "rex"], ["snout"] * 5],
        [["grunge"] * 3, ["priss"] * 3],
    )
    play(state, Take(0, 0), PickFront(1, 2))
    assert state.front[1][2].droppings and state.current_player == 1
    assert Take(1, 2) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="Droppings"):
        state.apply(Take(1, 2))


def test_at_most_three_droppings_on_one_front_line():
    # 000 POOPY: "No player can have more than 3 Droppings tokens on their Front Line."
    pinned = [Slot("snout", droppings=True)] * 3
    state = position(
        [["poopy", "rex", "rex", "rex"], [*pinned, "snout", "snout"]],
        [["grunge"] * 3, ["priss"] * 3],
    )
    state.apply(Take(0, 0))
    assert {a.owner for a in state.legal_actions()} == {0}
    before = state.clone()
    with pytest.raises(IllegalMove, match="3 Droppings"):
        state.apply(PickFront(1, 3))
    assert state == before


def test_droppings_are_discarded_at_round_end():
    # 000 POOPY: "The Droppings tokens are discarded at the end of the round."
    state = position(
        [["poopy", "rex", "rex", "rex"], ["snout"] * 3],
        [["grunge"] * 3, ["priss"] * 3],
    )
    play(state, Take(0, 0), PickFront(1, 0))
    assert state.round == 2
    assert state.supply["droppings"] == state.cards.supply_of("droppings")


# -- Snout -----------------------------------------------------------------------------------
def test_snout_coffee_goes_to_whoever_takes_the_card():
    # 000 SNOUT: "Put 1 Coffee token on any card from any Front Line. When a player moves this
    # Monster card (even through a special power), they will take the Coffee token."
    state = position(
        [["snout", "rex", "rex", "rex", "rex"], ["priss"] * 4],
        [["grunge"] * 3, ["poopy"] * 3],
    )
    play(state, Take(0, 0), PickFront(1, 3))
    assert state.front[1][3].snout
    state.apply(Take(1, 3))  # player 1 takes the Priss with the token
    assert state.coffee == [0, 1]


def test_snout_coffee_left_on_a_line_goes_to_its_owner_at_round_end():
    # 000 SNOUT: "If said token is still at the player's Front Line at the end of the round, that
    # player takes the Coffee token."
    state = position(
        [["snout", "rex", "rex", "rex"], ["priss"] * 3],
        [["grunge"] * 3, ["poopy"] * 3],
    )
    play(state, Take(0, 0), PickFront(1, 1))
    assert state.round == 2 and state.coffee == [0, 1]


def test_snout_coffee_on_a_card_priss_moves_goes_to_the_priss_player():
    # 000 SNOUT note: "If a Monster card covered with a Coffee token is moved ... through another
    # power, the player whose power it was takes the token."
    state = position(
        [["priss", Slot("rex", snout=True), "rex", "rex"], ["snout"] * 4],
        [["grunge"] * 3, ["poopy"] * 3],
        centre=["grunge"],
    )
    play(state, Take(0, 0), PickFront(0, 0), PickCentre(0))
    assert state.coffee == [1, 0]
    assert state.front[0][0] == Slot("grunge") and sorted(state.centre) == ["priss", "rex"]


# -- Bliblop, Skyzo'clop, Kandhiii: no power -------------------------------------------------
@pytest.mark.parametrize("card", ["bliblop", "skyzoclop:3", "kandhiii:donut"])
def test_scoring_families_trigger_no_power(card):
    # 000: "Note: This family does not trigger any power when they move."
    state = position(
        [[card, "priss", "priss", "priss"], ["priss"] * 4],
        [["mummy"] * 3, ["mummy"] * 3],
        families=SCORERS,
    )
    state.apply(Take(0, 0))
    assert state.phase == "take" and state.current_player == 1
    assert state.coffee == [0, 0]


# -- Priss -----------------------------------------------------------------------------------
def test_priss_swaps_a_front_card_with_another_centre_card():
    # 000 PRISS: "Swap one card from your Front Line with another one from the centre."
    state = position(
        [["priss", "rex", "snout", "snout"], ["grunge"] * 4],
        [["poopy"] * 3, ["poopy"] * 3],
        centre=["grunge", "grunge", "rex"],
    )
    state.apply(Take(0, 0))
    state.apply(PickFront(0, 1))  # a Snout (the Priss left the line)
    # Equal centre cards are one choice; the Priss just played is not "another one".
    assert state.legal_actions() == [PickCentre(0), PickCentre(2)]
    state.apply(PickCentre(2))
    assert [s.card for s in state.front[0]] == ["rex", "rex", "snout"]
    assert sorted(state.centre) == ["grunge", "grunge", "priss", "snout"]


def test_priss_with_nothing_else_in_the_centre_is_skipped():
    # 000 NOTE 4: "In this case, don't apply the power!"
    state = position(
        [["priss", "rex", "snout", "snout"], ["grunge"] * 4],
        [["poopy"] * 3, ["poopy"] * 3],
    )
    state.apply(Take(0, 0))
    assert state.phase == "take" and state.current_player == 1


# -- Mummy -----------------------------------------------------------------------------------
def mummy_table(**options):
    return position(
        [["mummy", "priss", "priss", "priss", "priss"], ["bliblop"] * 5],
        [["priss"] * 3, ["bliblop"] * 3],
        families=SCORERS,
        **options,
    )


def test_mummy_draws_two_places_one_keeps_one():
    # 000 MUMMY: "Draw 2 Mummy tokens. Pick 1 of the 2, still face down, and place it on any
    # Monster card on any Front Line. Keep the other token, without revealing it."
    state = mummy_table()
    supply = len(state.mummy_supply)
    state.apply(Take(0, 0))
    assert len(state.drawn) == 2 and len(state.mummy_supply) == supply - 2
    first, second = state.drawn
    assert state.view(0)["drawn_mummy"][0] == dict(
        zip(("coffee", "bones"), state.cards.mummy[first.value], strict=True)
    )
    assert state.view(1)["drawn_mummy"] == [FACE_DOWN_MUMMY, FACE_DOWN_MUMMY]
    play(state, PlaceMummy(1), PickFront(1, 4))
    assert state.mummy_held[0] == [first] and state.front[1][4].mummy == second
    assert state.view(1)["front"][1][4]["mummy"] == FACE_DOWN_MUMMY
    assert state.view(1)["mummy_tokens"][0] == [FACE_DOWN_MUMMY]


def test_mummy_blind_pick_option():
    # 000 MUMMY: "Pick 1 of the 2, still face down" - with mummy_peek=False the pick is blind:
    # the player sees only the token they keep ("its owner can look at it").
    state = mummy_table(mummy_peek=False)
    state.apply(Take(0, 0))
    assert state.view(0)["drawn_mummy"] == [FACE_DOWN_MUMMY, FACE_DOWN_MUMMY]
    play(state, PlaceMummy(0), PickFront(1, 0))
    assert state.mummy_held[0][0].known_to(0)
    assert not state.front[1][0].mummy.known_to(0)
    assert state.view(0)["front"][1][0]["mummy"] == FACE_DOWN_MUMMY


def test_whoever_takes_the_card_gets_the_mummy_token_unrevealed():
    # 000 MUMMY: "When a player chooses that Monster card, they will obtain the Mummy token
    # without revealing it (but its owner can look at it during the game)."
    state = mummy_table()
    play(state, Take(0, 0), PlaceMummy(0), PickFront(1, 4))
    placed = state.front[1][4].mummy
    state.apply(Take(1, 4))
    assert [t.value for t in state.mummy_held[1]] == [placed.value]
    assert state.view(1)["mummy_tokens"][1][0] != FACE_DOWN_MUMMY
    assert state.view(None)["mummy_tokens"][1] == [FACE_DOWN_MUMMY]


def test_mummy_tokens_are_kept_into_the_next_round():
    # 000 MUMMY: "The Mummy tokens are kept from one round to the next, face down."
    state = position(
        [["mummy", "priss", "priss", "priss"], ["bliblop"] * 3],
        [["priss"] * 3, ["bliblop"] * 3],
        families=SCORERS,
    )
    play(state, Take(0, 0), PlaceMummy(0), PickFront(0, 0))
    assert state.round == 2
    assert len(state.mummy_held[0]) == 2  # the kept one and the one left on their own line


def test_mummy_without_two_tokens_left_is_skipped():
    # 000 NOTE 2: "you won't have enough"

    def one_left(pos):
        *rest, pos["mummy_supply"] = pos["mummy_supply"]
        pos["mummy_supply"] = [pos["mummy_supply"]]
        pos["mummy_tokens"][1] = [{**token, "seen_by": [1]} for token in rest]

    state = edit(mummy_table(), one_left)
    assert len(state.mummy_supply) == 1
    state.apply(Take(0, 0))
    assert state.phase == "take" and state.drawn == []
    state.check_invariants()


def test_a_mummy_token_on_a_card_is_known_to_who_placed_it():
    # 000 MUMMY: "Pick 1 of the 2, still face down, and place it" - face down for the others;
    # the placer looked at both (decision, option mummy_peek).
    state = mummy_table()
    play(state, Take(0, 0), PlaceMummy(0), PickFront(1, 0))
    token = state.front[1][0].mummy
    assert token.known_to(0) and not token.known_to(1)
    coffee, bones = state.cards.mummy[token.value]
    assert state.view(0)["front"][1][0]["mummy"] == {"coffee": coffee, "bones": bones}
    assert state.view(1)["front"][1][0]["mummy"] == FACE_DOWN_MUMMY
    assert state.view(None)["front"][1][0]["mummy"] == FACE_DOWN_MUMMY


# -- what the first reading left untested --------------------------------------------------
def test_priss_cannot_move_a_card_with_droppings():
    # 000 POOPY: "This card cannot be moved, even with a special power."
    state = position(
        [["priss", Slot("rex", droppings=True), "snout", "snout"], ["grunge"] * 4],
        [["poopy"] * 3, ["poopy"] * 3],
        centre=["grunge"],
    )
    state.apply(Take(0, 0))
    assert state.phase == "priss-front"
    assert PickFront(0, 0) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="Droppings"):
        state.apply(PickFront(0, 0))


def test_a_pinned_line_leaves_priss_nothing_to_swap():
    # 000 NOTE 4: "In this case, don't apply the power!" (every card of your line is pinned)
    pinned = Slot("rex", droppings=True)
    state = position(
        [[pinned] * 3, ["priss"] * 5],
        [["poopy"] * 3, ["poopy"] * 3],
        centre=["grunge"],
    )
    state.apply(Take(1, 0))
    assert state.phase == "take" and state.current_player == 1
    assert state.centre == ["grunge", "priss"]


@pytest.mark.parametrize("power", ["rex", "priss"])
def test_a_mummy_token_on_a_card_moved_by_a_power_goes_to_its_user(power):
    # 000 MUMMY: "When a player chooses that Monster card, they will obtain the Mummy token";
    # Snout's note: "moved ... through another power, the player whose power it was takes the
    # token." Decision: the same for a Mummy token.
    state = position(
        [[power, "snout", "snout", "snout"], ["grunge"] * 4],
        [["poopy"] * 3, ["poopy"] * 3],
        centre=["grunge"],
        families=["rex", "grunge", "poopy", "snout", "priss"],
    )

    def token_on_card(pos):
        pos["front"][0][1]["mummy"] = pos["mummy_supply"].pop()

    state = edit(state, token_on_card)
    token = state.front[0][1].mummy
    state.apply(Take(0, 0))
    if power == "rex":
        play(state, PickRear(0), PickFront(0, 0))
    else:
        play(state, PickFront(0, 0), PickCentre(0))
    assert [state.cards.mummy[t.value] for t in state.mummy_held[0]] == [
        state.cards.mummy[token.value]
    ]
    assert state.mummy_held[0][0].known_to(0)
    assert all(s.mummy is None for s in state.front[0])
    state.check_invariants()


def test_poopy_without_droppings_left_is_skipped(tmp_path):
    # 000 NOTE 2: "as tokens are limited in numbers, you won't have enough" (a box of 3 here,
    # all on player 2's line).
    data = tmp_path / "three.toml"
    data.write_text(
        cards.DEFAULT_FILE.read_text(encoding="utf-8").replace("droppings = 8", "droppings = 3")
    )
    state = position(
        [["poopy", "rex", "rex", "rex"], [Slot("snout", droppings=True)] * 3 + ["snout"] * 2],
        [["grunge"] * 3, ["priss"] * 3],
        cards=str(data),
    )
    assert state.supply["droppings"] == 0
    state.apply(Take(0, 0))
    assert state.phase == "take" and state.current_player == 1
    assert last(state).kind == "skipped" and last(state).data == {"family": "poopy"}
    assert texts(state)[-1] == "The Poopy power cannot apply: it is skipped."
    state.check_invariants()


def test_grunge_reveals_a_face_down_card_when_one_is_face_up_already():
    # 000 GRUNGE: "If they do, they reveal it" - decision: a face-down one when there is one
    # (showing the Rex all can see reveals nothing).
    state = grunge_table(rear1=(RearCard("rex", True), "snout", "rex"))
    play(state, Take(0, 0), AskPlayer(1), AskFamily("rex"))
    assert state.coffee == [2, 0, 0]
    assert [r.revealed for r in state.rear[1]] == [True, False, True]
