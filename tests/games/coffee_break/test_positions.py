"""Coffee Break positions (issue 14): the format on the rules page, its checks, its secrets."""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.games.coffee_break.actions import Exchange, FinishLaying, Lay, PickForExchange

from .helpers import GAME, position

HAND = ["espresso", "espresso", "milk", "milk", "water", "foam", "ice"]


def played(seed=5, moves=40, players=2):
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_truth_round_trips_and_plays_on_the_same():
    state = played()
    obj = state.to_position()
    assert obj["format"] == 1 and obj["game"] == "coffee-break"
    assert set(obj) >= {"turn", "phase", "orders", "order_pile", "ingredient_pile", "hands"}
    again = GAME.from_position(json.loads(json.dumps(obj)))
    assert again.to_position() == obj
    rng = random.Random(1)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        again.apply(action)
        assert again.view(None) == state.view(None) and again.view(1) == state.view(1)
    assert again.scores() == state.scores() and again.winners() == state.winners()


def test_the_example_on_the_rules_page_is_a_position():
    text = (files("cardcafe") / "rules" / "coffee-break.md").read_text()
    example = json.loads(text.split("## Positions")[1].split("```json")[1].split("```")[0])
    state = GAME.from_position(example, seed=1)
    assert state.view(0)["hand"] == example["hands"][0]
    assert state.view(0)["ingredient_pile_size"] == 43 and state.view(0)["quiet_turns"] == 1
    assert state.to_position(0) == {**example, "options": state.to_position(0)["options"]}


def test_a_seat_position_shows_sizes_for_what_it_hides():
    state = position(hands=[HAND, HAND], pile_top=["caramel"])
    state.apply(PickForExchange("milk"))
    seat = state.to_position(1)
    assert seat["hands"][0] == 7 and seat["picked"] == 1 and seat["hands"][1] == sorted(HAND)
    assert isinstance(seat["ingredient_pile"], int) and isinstance(seat["order_pile"], int)
    assert "rng" not in seat and seat["seat"] == 1


def test_a_seat_position_never_holds_another_seats_hidden_cards():
    # 002_166af175196e41ee.txt: "Each player now can take 7 cards one by one from the top of the
    # pile of ingredient cards without letting others see them."
    state = position(hands=[HAND, ["caramel"] * 4 + ["chocolate"] * 3])
    state.apply(PickForExchange("ice"))  # which card is player 1's to know
    for seat in (0, 1):
        obj = state.to_position(seat)
        other = 1 - seat
        assert obj["hands"][seat] == sorted(state.hands[seat])
        assert obj["hands"][other] == 7  # its size only
        assert obj["ingredient_pile"] == len(state.pile)
        assert obj["order_pile"] == len(state.order_pile)
        assert obj["picked"] == (["ice"] if seat == 0 else 1)
        text = json.dumps(obj)
        assert "caramel" not in text or seat == 1
        assert "rng" not in obj
    # Dealt again, the seat sees the same table; the hidden cards may differ.
    hands = set()
    for seed in range(10):
        dealt = GAME.from_position(state.to_position(1), seed=seed)
        assert dealt.view(1) == state.view(1)
        assert dealt.legal_actions() == state.legal_actions() or dealt.current_player != 1
        dealt.check_invariants()
        hands.add(tuple(dealt.hands[0]))
    assert len(hands) > 1


def test_a_seat_position_plays_on():
    state = position(hands=[HAND, HAND])
    dealt = GAME.from_position(state.to_position(0), seed=3)
    dealt.apply(Lay(0, "espresso"))
    dealt.apply(FinishLaying())
    assert dealt.current_player == 1 and len(dealt.hands[0]) == 7


def test_a_record_of_a_positioned_game_replays():
    state = position(hands=[HAND, HAND], pile_top=["caramel"])
    state.apply(PickForExchange("foam"))
    state.apply(Exchange())
    state.apply(Lay(0, "espresso"))
    record = Record.from_json(state.record().to_json())
    assert record.position is not None
    replayed = games.replay(record)
    assert replayed.to_position() == state.to_position()
    assert replayed.hands[0] == sorted(["caramel", *HAND[:5], "ice"])


def spoil(change):
    """A sound position (player 1 to lay or exchange) with `change` applied to it."""
    obj = position(hands=[HAND, HAND]).to_position()
    change(obj)
    return obj


def put(key, value):
    return lambda obj: obj.__setitem__(key, value)


def test_a_position_that_cannot_happen_names_what_is_wrong():
    def swap_pile_card(obj):
        obj["ingredient_pile"][0] = "tea"

    def extra_card(obj):
        obj["used_pile"] = ["whipped-cream"]  # both are in the pile already

    def card_twice(obj):
        obj["used_pile"] = [obj["hands"][0][0]]  # an espresso in a hand and on the used pile

    def card_lost(obj):
        obj["ingredient_pile"].pop()

    def eighth_card(obj):
        obj["hands"][0].append(obj["ingredient_pile"].pop())

    def order_twice(obj):
        obj["taken"][0] = [obj["orders"][0]["order"]] * 3

    def order_lost(obj):
        obj["order_pile"].pop()

    def unneeded(obj):
        obj["orders"][0]["laid"] = [{"card": "water", "as": "water"}]
        obj["ingredient_pile"].remove("water")

    def complete(obj):
        obj["orders"][0]["laid"] = [{"card": "espresso", "as": "espresso"}] * 2
        for _ in range(2):
            obj["ingredient_pile"].remove("espresso")

    def joker_as_card(obj):
        obj["orders"][0]["laid"] = [{"card": "milk", "as": "espresso"}]
        obj["ingredient_pile"].remove("milk")

    def picked_not_held(obj):
        obj.update(phase="exchanging", picked=["caramel"])

    def laying_with_seven(obj):
        obj["phase"] = "laying"

    def won_but_on(obj):
        obj["taken"][1] = ["caramel-macchiato", "iced-caramel-macchiato"]
        obj["order_pile"].remove("caramel-macchiato")
        obj["order_pile"].remove("iced-caramel-macchiato")

    for change, message in (
        (put("phase", "dessert"), "'phase' must be one of choose, laying, exchanging, over"),
        (put("turn", 2), "'turn' must be a seat from 0 to 1, not 2"),
        (put("turn", "0"), "'turn' must be a whole number"),
        (put("hands", [HAND]), "'hands' must hold one entry per player"),
        (put("orders", [None] * 3), "'orders' must hold the 4 places"),
        (put("quiet_turns", 20), "'quiet_turns' must be 0 to 19"),
        (put("end", {"reason": "target", "winners": [0]}), "'end' must be null"),
        (put("completed_this_turn", True), "'completed_this_turn' is true in the phase choose"),
        (put("used_pile", 3), "'used_pile' is face up"),
        (put("hands", [HAND, -1]), "'hands\\[1\\]' must be a list of cards or a count"),
        (put("extra", 1), "unknown key 'extra'"),
        (swap_pile_card, "'tea', which is not a card of this game"),
        (extra_card, "holds 3 of the ingredient card 'whipped-cream'; the game has 2"),
        (card_twice, "holds 23 of the ingredient card 'espresso'; the game has 22"),
        (card_lost, "the position places 60 ingredient cards; the game has 61"),
        (eighth_card, "'hands\\[0\\]' holds 8 cards; a hand holds at most 7"),
        (order_twice, "holds 5 of the order card 'espresso'; the game has 2"),
        (order_lost, "the position places 19 order cards; the game has 20"),
        (unneeded, "the espresso order does not need \\(more\\) water"),
        (complete, "the espresso order is complete but was not taken"),
        (joker_as_card, "a milk card cannot count as espresso"),
        (picked_not_held, "'picked' holds cards that are not in the hand of seat 0"),
        (put("picked", ["milk"]), "'picked' holds cards exactly in the phase exchanging"),
        (laying_with_seven, "holds 7 cards in the phase laying"),
        (won_but_on, "seat 1 has 20 points, the target is 20: the game would be over"),
    ):
        with pytest.raises(BadInput, match=message):
            GAME.from_position(spoil(change))


def test_a_finished_game_must_say_how_it_ended():
    state = GAME.new(2, seed=0, target=119)  # out of reach from the start
    obj = state.to_position()
    assert obj["phase"] == "over" and obj["end"] == {"reason": "unreachable", "winners": [0, 1]}
    assert GAME.from_position(obj).winners() == [0, 1]
    for end, message in (
        (None, "'end' must say how the game ended"),
        ({"reason": "stalled", "winners": [0]}, "the seats with the most points"),
        ({"reason": "target", "winners": [0]}, "won by the one who met it"),
        ({"reason": "boredom", "winners": [0]}, "'end.reason' must be one of"),
        ({"reason": "stalled", "winners": [5]}, "not a seat"),
    ):
        with pytest.raises(BadInput, match=message):
            GAME.from_position({**obj, "end": end})


def test_a_seat_position_must_add_up():
    obj = position(hands=[HAND, HAND]).to_position(0)
    with pytest.raises(BadInput, match="places 60 ingredient cards; the game has 61"):
        GAME.from_position({**obj, "ingredient_pile": obj["ingredient_pile"] - 1})
    with pytest.raises(BadInput, match="places 21 order cards"):
        GAME.from_position({**obj, "order_pile": obj["order_pile"] + 1})
    with pytest.raises(BadInput, match="the hand of seat 1 is hidden"):
        GAME.from_position({**obj, "turn": 1, "phase": "exchanging", "picked": ["milk"]})
