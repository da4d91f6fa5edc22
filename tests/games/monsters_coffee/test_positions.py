"""Monster's Coffee positions (issue 14): what a position may hold, what a seat's position leaves
out, and records of positioned games; the rulebook (000_992b8e92303b7cf4.txt) is quoted where a
rule decides what cannot happen."""

from __future__ import annotations

import copy
import json
import random

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.games.monsters_coffee.actions import PickFront, Take

from .helpers import GAME, play, position


def mid_round(players=3, seed=4, steps=12, **options):
    """A seeded game some moves into round 1 (Front Lines revealed, tokens about)."""
    state = GAME.new(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def spoilt(state, change):
    pos = copy.deepcopy(state.to_position())
    change(pos)
    return pos


def refused(pos, match):
    with pytest.raises(BadInput, match=match):
        GAME.from_position(pos)


def put(key, value):
    return lambda pos: pos.__setitem__(key, value)


# -- a position that cannot happen is refused, naming what is wrong ------------------------
def test_unknown_cards_are_refused():
    state = mid_round(families=["rex", "grunge", "poopy", "snout", "priss"])
    refused(spoilt(state, lambda p: p["centre"].append("tea")), "'tea'.*not a card")
    # Cards of a family not in play are not cards of this game either.
    refused(spoilt(state, lambda p: p["front"][0][0].update(card="mummy")), "'mummy'")


def test_more_copies_than_the_box_holds_are_refused():
    # 000 (card data): each family has 10 cards; a card in two places is one too many.
    state = mid_round(families=["rex", "grunge", "poopy", "snout", "priss"])

    def twice(pos):
        pos["discard"][0] = pos["front"][0][0]["card"]

    refused(spoilt(state, twice), "holds 11 of the card")


def test_line_sizes_the_rules_forbid_are_refused():
    # 000 NOTE 0: "No player can have fewer than 3 Monster cards in their Front Line and fewer
    # than 3 Monster cards in their Rear Line."
    state = position([["rex"] * 4, ["priss"] * 3], [["poopy"] * 3, ["poopy"] * 3])
    refused(spoilt(state, lambda p: p["front"][1].pop()), "at least 3")
    refused(spoilt(state, lambda p: p["rear"][0].pop()), "every Rear Line holds 3")
    # 000: "Each player draws 10 Monster cards (12 when there are only 2 players)."
    start = GAME.new(3, seed=1)
    refused(spoilt(start, lambda p: p["hands"][0].pop()), "each player draws 10")
    refused(spoilt(start, lambda p: p["discard"].pop()), "'discard' must hold 20")


def test_a_phase_that_does_not_exist_or_does_not_fit_is_refused():
    state = position([["rex"] * 4, ["priss"] * 3], [["poopy"] * 3, ["poopy"] * 3])
    refused(spoilt(state, put("phase", "coffee-break")), "does not exist")
    # Rex's power is chosen only after a Rex reached the centre.
    refused(spoilt(state, put("phase", "rex-rear")), "last card of the centre must be a rex")

    # 000: "A round ends as soon as every player has only 3 Monster cards left in their Front
    # Line."
    def last_take(pos):
        pos["centre"].append(pos["front"][0].pop()["card"])

    refused(spoilt(state, last_take), "the round is over")
    refused(spoilt(state, put("round", 3)), "'round' must be 1 or 2")
    refused(spoilt(state, put("rex_rear", 1)), "'rex_rear' is null")


def test_seats_out_of_range_and_wrong_types_are_refused():
    state = mid_round()
    refused(spoilt(state, put("turn", 7)), "'turn' must be a seat from 0 to 2")
    refused(spoilt(state, put("coffee", "lots")), "'coffee' must be a list")
    refused(spoilt(state, put("coffee", [1, 2])), "one entry per seat")
    refused(spoilt(state, put("cookies", [0, True, 0])), "'cookies'\\[1\\] must be a whole number")
    refused(spoilt(state, lambda p: p["front"][0][0].update(droppings="yes")), "true or false")
    with pytest.raises(BadInput, match=r"must be 0 or more"):
        GAME.from_position(spoilt(state, put("coffee", [-1, 0, 0])))


def test_tokens_the_box_or_the_rules_do_not_allow_are_refused():
    # 000 POOPY: "No player can have more than 3 Droppings tokens on their Front Line."
    state = position([["rex"] * 5, ["priss"] * 3], [["poopy"] * 3, ["poopy"] * 3])

    def four_droppings(pos):
        for slot in pos["front"][0][:4]:
            slot["droppings"] = True

    refused(spoilt(state, four_droppings), "more than 3 Droppings")
    # 000 NOTE 2: "tokens are limited in numbers".
    refused(spoilt(state, put("cookies", [20, 0])), "cookie tokens; the box has only 12")
    # 000 Snorkel: "The Whipped Cream tokens are discarded at the end of a round."
    start = GAME.new(2, seed=1)
    refused(spoilt(start, put("whipped_cream", [1, 0])), "Whipped Cream is discarded")
    game = GAME.new(2, seed=1, menu="prissato")

    def extra_token(pos):
        pos["mummy_supply"][0]["face"] = [3, 0]  # the box has two of those

    refused(spoilt(game, extra_token), "Mummy tokens \\[3, 0\\]; the game has 2")
    refused(spoilt(game, lambda p: p["mummy_supply"].pop()), "23 Mummy tokens; the game has 24")


def test_a_grunge_answer_is_kept_by_a_position():
    # 000 GRUNGE: "If they don't, they get 2 Coffee tokens." A Rear Line cannot then hold one.
    state = position([["rex"] * 4, ["priss"] * 3], [["poopy"] * 3, ["grunge"] * 3])
    refused(spoilt(state, put("not_in_rear", [[], ["grunge"]])), "holds a family in")


# -- a seat's position ------------------------------------------------------------------------
def hidden_cards_of_others(pos, seat):
    """Every card or face a seat's position names that `seat` should not know."""
    leaks = []
    for owner, hand in enumerate(pos["hands"]):
        if owner != seat and not isinstance(hand, int):
            leaks.append(("hand", owner))
    for owner, line in enumerate(pos["rear"]):
        for card in line:
            if owner != seat and not card["revealed"] and card["card"] is not None:
                leaks.append(("rear", owner))
    if not isinstance(pos["discard"], int) or not isinstance(pos["mummy_supply"], int):
        leaks.append(("discard or supply", None))
    tokens = [t for held in pos["mummy_tokens"] for t in held] + pos["drawn_mummy"]
    tokens += [s["mummy"] for line in pos["front"] for s in line if s["mummy"]]
    leaks += [("mummy", t) for t in tokens if t["face"] is not None and seat not in t["seen_by"]]
    return leaks


@pytest.mark.parametrize("options", [{}, {"menu": "prissato", "mummy_peek": False}])
def test_a_seat_position_never_holds_another_seats_hidden_cards(options):
    # 000: "Each player chooses 3 Monster cards that they put, face down" ... "Keep the other
    # token, without revealing it."
    for seed in range(3):
        state = GAME.new(3, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(3):
                mine = state.to_position(seat)
                assert hidden_cards_of_others(mine, seat) == []
                assert "rng" not in mine and mine["seat"] == seat
            state.apply(rng.choice(state.legal_actions()))


def test_a_seat_position_deals_the_rest_as_the_seat_could_imagine_it():
    # A "no" to Grunge is public: the dealt Rear Line never holds the family asked about.
    state = position(
        [["grunge", "rex", "rex", "rex"], ["priss"] * 4, ["rex"] * 3],
        [["poopy"] * 3, ["snout", "snout", "priss"], ["priss", "priss", "poopy"]],
    )
    play(state, Take(0, 0))
    state.apply(next(a for a in state.legal_actions() if a.seat == 1))
    state.apply(next(a for a in state.legal_actions() if a.family == "grunge"))
    assert state.view(0)["not_in_rear"][1] == ["grunge"]
    mine = state.to_position(0)
    for seed in range(20):
        dealt = GAME.from_position(mine, seed=seed)
        assert not any(r.card.startswith("grunge") for r in dealt.rear[1])
        assert dealt.view(0) == state.view(0)
        assert dealt.to_position(0) == mine


# -- round trips and records --------------------------------------------------------------------
def test_a_position_is_json_and_round_trips():
    state = mid_round(menu="prissato")
    pos = json.loads(json.dumps(state.to_position()))
    again = GAME.from_position(pos)
    assert again.to_position() == pos and again.view(None) == state.view(None)


def test_a_record_of_a_positioned_game_replays():
    state = position([["snout", "rex", "rex", "rex"], ["priss"] * 4], [["poopy"] * 3] * 2)
    play(state, Take(0, 0), PickFront(1, 0), Take(1, 1))
    record = Record.from_json(state.record().to_json())
    assert record.position is not None
    replayed = games.replay(record)
    assert replayed.to_position() == state.to_position()
    assert replayed.view(0) == state.view(0)


def test_a_hand_built_position_needs_no_breakdown_history():
    state = position([["rex"] * 4, ["priss"] * 3], [["poopy"] * 3, ["poopy"] * 3])
    pos = state.to_position()
    assert pos["coffee_by_source"] == {"rounds": [[{}, {}]], "end": [{}, {}]}


# -- the Mummy tokens at the end ------------------------------------------------------------
def test_spectators_see_every_mummy_token_at_the_end_of_the_game():
    # 000 MUMMY: "At the end of the game, reveal your Mummy tokens."
    rng = random.Random(2)
    state = GAME.new(3, seed=2, menu="prissato")
    while not state.is_over:
        assert all(t == "mummy-token" for held in state.view(None)["mummy_tokens"] for t in held)
        state.apply(rng.choice(state.legal_actions()))
    shown = state.view(None)["mummy_tokens"]
    assert sum(map(len, shown)) > 0
    for seat, held in enumerate(shown):
        faces = [state.cards.mummy[t.value] for t in state.mummy_held[seat]]
        assert held == [{"coffee": c, "bones": b} for c, b in faces]
        assert held == state.view((seat + 1) % 3)["mummy_tokens"][seat]
