"""Hidden information in Monster's Coffee (000_992b8e92303b7cf4.txt): Rear Lines, undealt cards,
Mummy tokens; what Rex and Grunge reveal is known to all."""

import random

from cardcafe.games.monsters_coffee.actions import (
    AskFamily,
    AskPlayer,
    ChooseRear,
    PickFront,
    PickRear,
    PlaceMummy,
    Take,
)
from cardcafe.games.monsters_coffee.cards import family
from cardcafe.games.monsters_coffee.pieces import RearCard
from cardcafe.games.monsters_coffee.words import FACE_DOWN_MUMMY

from .helpers import GAME, SCORERS, edit, play, position


def determinizations(state, seat, count=40):
    rng = random.Random(7)
    return [state.determinize(seat, rng) for _ in range(count)]


def mixed_table():
    return position(
        [["rex", "grunge", "poopy", "snout"], ["priss"] * 4, ["grunge"] * 4],
        [["snout", "snout", "snout"], ["rex", "poopy", "priss"], ["rex", "poopy", "snout"]],
    )


def test_face_down_rear_cards_are_resampled_for_others_but_never_your_own():
    # 000: "Each player chooses 3 Monster cards that they put, face down" and "a player can look
    # at their Monster cards in their own Rear Line"
    state = mixed_table()
    dets = determinizations(state, 0)
    assert all(d.rear[0] == state.rear[0] for d in dets)
    assert any(d.rear[1] != state.rear[1] for d in dets)
    for d in dets:
        d.check_invariants()
        assert d.front == state.front and d.centre == state.centre


def test_cards_revealed_by_rex_stay_fixed_in_every_determinization():
    # 000 REX: "Both cards are revealed."
    state = mixed_table()
    play(state, Take(0, 0), PickRear(0), PickFront(0, 0))  # player 1's Grunge goes to the rear
    assert state.rear[0][0] == RearCard("grunge", True)
    for d in determinizations(state, 1):
        assert d.rear[0][0] == RearCard("grunge", True)


def test_cards_revealed_by_grunge_stay_fixed():
    # 000 GRUNGE: "If they do, they reveal it and you get 2 Coffee tokens."
    state = mixed_table()
    play(state, Take(0, 1), AskPlayer(1), AskFamily("rex"))
    assert state.rear[1][0] == RearCard("rex", True)
    for d in determinizations(state, 2):
        assert d.rear[1][0] == RearCard("rex", True)
    assert state.view(2)["rear"][1][0]["card"] == "rex"


def test_a_no_to_grunge_is_remembered_by_every_determinization():
    # 000 GRUNGE: "If they don't, they get 2 Coffee tokens." Everyone heard the answer: the Rear
    # Line of player 3 holds no Grunge, and no determinization may put one there.
    state = mixed_table()
    play(state, Take(0, 1), AskPlayer(2), AskFamily("grunge"))
    assert state.lacks[2] == {"grunge"} and state.coffee == [0, 0, 2]
    dets = determinizations(state, 0, 80)
    for d in dets:
        assert not any(family(r.card) == "grunge" for r in d.rear[2])
        d.check_invariants()
    assert any(d.rear[2] != state.rear[2] for d in dets)
    # Without the answer the same deal does put Grunge cards there.
    state = edit(state, lambda pos: pos["not_in_rear"].__setitem__(2, []))
    assert any(
        family(r.card) == "grunge" for d in determinizations(state, 0, 80) for r in d.rear[2]
    )


NAMES = ["Ann", "Bob", "Cleo"]


def test_logs_and_views_never_name_a_hidden_card():
    state = GAME.new(3, seed=11)
    chooser = state.current_player
    secret = state.hands[chooser][0]
    state.apply(ChooseRear(0))
    name = state.words(None).card(secret)
    for seat in [s for s in (None, 0, 1, 2) if s != chooser]:
        hide = [e for e in state.log(seat) if e.kind == "hide"]
        assert [e.data for e in hide] == [None]  # the redacted event: no card
        texts = state.log_text(seat, NAMES)
        assert not any(name in t for t in texts[-1:])
        assert f"{NAMES[chooser]} puts a card face down in their Rear Line." in texts
        assert state.view(seat)["rear"][chooser] == [{"card": None, "revealed": False}]
    mine = [e for e in state.log(chooser) if e.kind == "hide"]
    assert [e.data for e in mine] == [{"card": secret}]
    assert f"You put a {name} face down in your Rear Line." in state.log_text(chooser, NAMES)
    assert all(isinstance(h, int) for h in state.view(None)["hands"])


def test_a_dealt_hand_is_worded_for_its_owner_only():
    # 000: "Each player draws 10 Monster cards"; the others see how many, not which.
    state = GAME.new(3, seed=11)
    hand = state.hands[1]
    mine = [e for e in state.log(1) if e.kind == "deal" and e.get("seat") == 1]
    assert [e.data for e in mine] == [{"seat": 1, "cards": hand}]
    for seat in (None, 0, 2):
        theirs = [e for e in state.log(seat) if e.kind == "deal" and e.get("seat") == 1]
        assert [e.data for e in theirs] == [{"seat": 1, "count": 10}]
        assert "Bob is dealt 10 cards." in state.log_text(seat, NAMES)
    assert any(t.startswith("You are dealt ") for t in state.log_text(1, NAMES))


def test_mummy_faces_hidden_from_others_are_resampled_and_known_ones_kept():
    # 000 MUMMY: "Keep the other token, without revealing it."
    state = position(
        [["mummy", "priss", "priss", "priss", "priss"], ["bliblop"] * 5],
        [["priss"] * 3, ["bliblop"] * 3],
        families=SCORERS,
    )
    play(state, Take(0, 0), PlaceMummy(0), PickFront(1, 0))
    kept, placed = state.mummy_held[0][0], state.front[1][0].mummy
    for d in determinizations(state, 0):
        assert d.mummy_held[0][0] == kept and d.front[1][0].mummy == placed
    faces = {
        (d.mummy_held[0][0].value, d.front[1][0].mummy.value) for d in determinizations(state, 1)
    }
    assert len(faces) > 1
    assert state.view(1)["front"][1][0]["mummy"] == FACE_DOWN_MUMMY


def grunge_kandhiii(rear1):
    """Player 1 plays a Grunge and asks player 2 about Kandhiii; player 2 hides `rear1`."""
    state = position(
        [["grunge", "priss", "priss", "priss"], ["priss"] * 4, ["priss"] * 3],
        [["mummy"] * 3, list(rear1), ["mummy"] * 3],
        families=["grunge", "bliblop", "kandhiii", "priss", "mummy"],
    )
    return play(state, Take(0, 0), AskPlayer(1), AskFamily("kandhiii"))


def test_whether_a_grunge_reveal_was_a_choice_stays_hidden():
    # 000 GRUNGE: "If a player has, in their Rear Line, more than one Monster from the desired
    # family, they reveal only one." At a table nobody sees whether the asked player had a
    # choice: two different Kandhiii and two alike must look the same to the others.
    differ = grunge_kandhiii(["kandhiii:donut", "bliblop", "kandhiii:candy"])
    alike = grunge_kandhiii(["kandhiii:donut", "bliblop", "kandhiii:donut"])
    assert differ.phase == alike.phase == "grunge-reveal"
    for seat in (None, 0, 2):
        assert differ.view(seat) == alike.view(seat)
        assert differ.log(seat) == alike.log(seat)
        assert differ.log_text(seat, NAMES) == alike.log_text(seat, NAMES)


def test_determinizations_during_a_grunge_choice_keep_only_what_it_shows():
    # 000 GRUNGE: "If they do, they reveal it": all know player 2 hides at least one Kandhiii,
    # and nothing more.
    state = grunge_kandhiii(["kandhiii:donut", "bliblop", "kandhiii:candy"])
    dets = determinizations(state, 2, 40)
    kinds = []
    for d in dets:
        hidden = [r.card for r in d.rear[1] if family(r.card) == "kandhiii" and not r.revealed]
        assert hidden, "the asked player must hide a Kandhiii"
        kinds.append(len(set(hidden)))
    assert 1 in kinds  # two different Kandhiii is not public knowledge
    assert any(d.rear[1] != state.rear[1] for d in dets)


def test_a_yes_that_reveals_nothing_new_is_remembered():
    # 000 GRUNGE: "If they do, they reveal it". When their only Rex is face up already, nothing
    # is revealed, and all then know their face-down cards hold no Rex.
    state = mixed_table()
    state = edit(state, lambda pos: pos["rear"][1][0].update(revealed=True))
    play(state, Take(0, 1), AskPlayer(1), AskFamily("rex"))
    assert state.coffee == [2, 0, 0] and state.rear[1][0] == RearCard("rex", True)
    assert state.view(2)["not_in_rear"][1] == ["rex"]
    for d in determinizations(state, 2, 60):
        assert not any(family(r.card) == "rex" for r in d.rear[1] if not r.revealed)
        d.check_invariants()
