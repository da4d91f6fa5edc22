"""Monster's Coffee in players' words (issue 20): the catalogue, action labels that name cards,
events worded per viewer, and score breakdowns, citing 000_992b8e92303b7cf4.txt."""

import random

from cardcafe import games
from cardcafe.games.monsters_coffee.actions import (
    AskFamily,
    AskPlayer,
    ChooseRear,
    PickFront,
    PickRear,
    PlaceMummy,
    Take,
)
from cardcafe.games.monsters_coffee.cards import FAMILIES
from cardcafe.games.monsters_coffee.pieces import Slot
from cardcafe.games.monsters_coffee.words import PHASES

from .helpers import GAME, NAMES, NEWBIE, SCORERS, edit, last, play, position, texts
from .test_rounds import (
    final_take,  # a game's last move
    give_tokens,
    rex_example,  # the rulebook's illustrated round end
)


def labels(state):
    names = NAMES[: state.num_players]
    return [state.describe(a, names) for a in state.legal_actions()]


def breakdown(state):
    view = state.view(None)
    return view.get("breakdown_title"), view.get("breakdown")


# -- the catalogue ---------------------------------------------------------------------------
def test_every_family_has_its_power_in_words():
    # 000 "Monsters à la Carte": e.g. SKEETER: "Take 1 Coffee token."
    cards = GAME.catalogue()["cards"]
    assert set(FAMILIES) <= set(cards)
    assert cards["skeeter"]["text"] == "Take 1 Coffee token."
    assert cards["skyzoclop"]["name"] == "Skyzo'clop"
    # 000 BLIBLOP: "This family is worth 2 Coffee tokens (instead of the usual 1)"
    assert "2 Coffee (instead of 1)" in cards["bliblop"]["text"]
    for fam in FAMILIES:
        entry = cards[fam]
        assert entry["text"] and entry["short"] and 0 <= entry["hue"] <= 360
        assert entry["in_play"] == (fam in NEWBIE)


def test_printed_values_and_symbols_come_from_the_card_data():
    # 000 SKYZO'CLOP: "the number of Coffee tokens indicated on the Skyzo'clop's cards" (values
    # assumed in cards.toml).
    catalogue = GAME.catalogue(menu="prissato")
    cards = catalogue["cards"]
    data = GAME.new(2, seed=0, menu="prissato").cards
    for value in data.skyzoclop:
        entry = cards[f"skyzoclop:{value}"]
        assert entry["value"] == value and entry["name"] == f"Skyzo'clop ({value:+d})"
    for symbol in data.kandhiii:
        assert cards[f"kandhiii:{symbol}"]["name"] == f"Kandhiii ({symbol.capitalize()})"
    assert catalogue["families"] == ["priss", "mummy", "skyzoclop", "snout", "skeeter"]
    assert catalogue["menu"]["prissato"]["name"] == "Prissato"
    assert set(catalogue["phases"]) == set(PHASES)


# -- views -----------------------------------------------------------------------------------
def test_the_view_names_its_phase_and_keeps_no_engine_bookkeeping():
    state = GAME.new(3, seed=4)
    view = state.view(0)
    assert view["phase"] == "Choosing the Rear Line"
    for gone in ("turn", "first_player", "coffee", "round_two_coffee", "cream_at_end", "bonus"):
        assert gone not in view
    assert view["scores"] == [0, 0, 0]


# -- labels name cards, never places ---------------------------------------------------------
def test_take_labels_name_the_card_and_tell_alike_cards_apart():
    # 000: "They choose a Monster card in a Front Line where there are more than 3 Monster cards."
    state = position(
        [["rex", Slot("rex", snout=True), "skeeter", "rex"], ["bliblop"] * 3],
        [["snorkel"] * 3, ["snorkel"] * 3],
        families=NEWBIE,
        turn=1,
    )
    assert labels(state) == [
        "Take the first Rex from Ann's Front Line",
        "Take the second Rex (with a Coffee token) from Ann's Front Line",
        "Take the Skeeter from Ann's Front Line",
        "Take the third Rex from Ann's Front Line",
    ]
    state = edit(state, turn=0)
    assert labels(state)[2] == "Take the Skeeter from your Front Line"


def test_rex_labels_name_both_cards_of_the_swap():
    # 000 REX: "Swap one Monster card from your Rear Line with a Monster card from your Front Line."
    state = position(
        [["rex", "snout", "poopy", "grunge"], ["priss"] * 4],
        [["grunge", "poopy", "snout"], ["priss"] * 3],
    )
    state.apply(Take(0, 0))
    assert labels(state)[2] == "Swap the Snout of your Rear Line with a card of your Front Line"
    state.apply(PickRear(2))
    assert labels(state) == [
        "Swap the Snout of your Front Line with the Snout of your Rear Line",
        "Swap the Poopy of your Front Line with the Snout of your Rear Line",
        "Swap the Grunge of your Front Line with the Snout of your Rear Line",
    ]
    assert "Snout of your Rear Line" in state.prompt_text(NAMES[:2])


def test_rear_line_choices_name_the_card_of_the_hand():
    state = GAME.new(2, seed=1)
    hand = state.hands[state.current_player]
    first = labels(state)
    assert len(set(first)) == len(first) == len(hand)
    assert all(label.endswith(" of your hand face down in your Rear Line") for label in first)
    name = state.words(None).card(hand[-1])
    assert name in first[-1]


def test_grunge_labels_and_lines_name_players_and_families():
    # 000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster from a
    # specific family ... If they do, they reveal it and you get 2 Coffee tokens."
    state = position(
        [["grunge"] * 4, ["priss"] * 4, ["priss"] * 4],
        [["poopy"] * 3, ["rex", "rex", "snout"], ["poopy"] * 3],
    )
    state.apply(Take(0, 0))
    assert labels(state) == ["Ask Bob about their Rear Line", "Ask Cleo about their Rear Line"]
    state.apply(AskPlayer(1))
    assert "Ask Bob for a Rex in their Rear Line" in labels(state)
    state.apply(AskFamily("rex"))
    assert last(state, "grunge").data == {
        "target": 1,
        "family": "rex",
        "answer": True,
        "coffee": 2,
    }
    assert "Ann asks Bob for a Rex in their Rear Line: yes. Ann gets 2 Coffee." in texts(state)
    assert "Ann asks you for a Rex in your Rear Line: yes. Ann gets 2 Coffee." in texts(state, 1)
    assert "Bob reveals a Rex of their Rear Line." in texts(state)


def test_mummy_labels_tell_the_drawn_tokens_by_what_the_mover_saw():
    # 000 MUMMY: "Draw 2 Mummy tokens. Pick 1 of the 2, still face down, and place it"
    state = position(
        [["mummy", "priss", "priss", "priss", "priss"], ["bliblop"] * 5],
        [["priss"] * 3, ["bliblop"] * 3],
        families=SCORERS,
        mummy_peek=False,
    )
    state.apply(Take(0, 0))
    assert labels(state) == [
        "Place the first token drawn, unseen, and keep the second",
        "Place the second token drawn, unseen, and keep the first",
    ]
    state.apply(PlaceMummy(0))
    assert "Put the Mummy token face down on the first Bliblop of Bob's Front Line" in labels(state)


# -- secrets stay secret in words ------------------------------------------------------------
def test_a_mummy_token_received_is_worded_only_for_its_owner():
    # 000 MUMMY: "Keep the other token, without revealing it."
    state = position(
        [["mummy", "priss", "priss", "priss", "priss"], ["bliblop"] * 5],
        [["priss"] * 3, ["bliblop"] * 3],
        families=SCORERS,
    )
    play(state, Take(0, 0), PlaceMummy(0))
    kept = state.mummy_held[0][0]
    coffee, bones = state.cards.mummy[kept.value]
    mine = [e for e in state.log(0) if e.kind == "mummy-get"]
    assert [e.data for e in mine] == [{"face": [coffee, bones]}]
    assert texts(state, 0)[-1].startswith("You get a Mummy token showing ")
    for viewer in (None, 1):
        seen = [e for e in state.log(viewer) if e.kind == "mummy-get"]
        assert [e.data for e in seen] == [None]
        assert "Ann gets a Mummy token, face down." in texts(state, viewer)
        drawn = [t for t in texts(state, viewer) if "draws two Mummy tokens" in t]
        assert drawn == ["Ann draws two Mummy tokens without showing them."]


# -- the round end and its breakdown ---------------------------------------------------------
def test_the_round_end_says_who_won_which_majority():
    # 000: "PLAYER 2 wins the Coffee tokens associated with the 2 REX in the centre of the table.
    # (In the illustrated example, there is a tie between PLAYER 1 and PLAYER 3 for another
    # family: nobody wins those 4 Coffee tokens.)"
    state = rex_example()
    state.apply(Take(0, 3))
    majorities = [e.data for e in state.events if e.kind == "majority"]
    assert majorities[:2] == [
        {"family": "rex", "winner": 1, "coffee": 2, "counts": [0, 4, 3]},
        {"family": "cakosaurus", "winner": None, "coffee": 4, "counts": [2, 0, 2]},
    ]
    lines = texts(state)
    assert "Bob has the Rex majority (4) and wins 2 Coffee." in lines
    assert "Ann and Cleo tie for the Cakosaurus majority (2 each): nobody wins its 4 Coffee." in (
        lines
    )


def test_the_round_breakdown_shows_until_the_next_choice():
    # 000: "Once all of the Coffee tokens have been distributed, a new round begins."
    state = rex_example()
    assert breakdown(state) == (None, None)
    state.apply(Take(0, 3))
    title, parts = breakdown(state)
    assert title == "Round 1"
    assert parts[1] == [{"label": "Rex majority", "points": 2}]
    assert [sum(p["points"] for p in seat) for seat in parts] == state.scores()
    state.apply(ChooseRear(0))
    assert breakdown(state) == (None, None)


def test_whipped_cream_tie_break_is_told():
    # 000 Snorkel: "In the event of a tie, such as when Coffee tokens are distributed at the end
    # of a round, the player who has the most Whipped Cream tokens wins."
    state = position(
        [["bliblop", "rex", "rex", "rex"], ["skeeter", "skeeter", "snorkel"]],
        [["skeeter", "snorkel", "snorkel"], ["rex", "snorkel", "snorkel"]],
        centre=["skeeter"] * 4,
        families=NEWBIE,
    )
    state = edit(state, whipped_cream=[0, 1])
    state.apply(Take(0, 0))
    assert (
        "Bob has the Skeeter majority (tied at 2, won on Whipped Cream) and wins 4 Coffee."
        in texts(state)
    )


def test_a_loss_beyond_zero_shows_as_unpaid():
    # 000 SKYZO'CLOP: "wins, or loses, the number of Coffee tokens indicated"; decision: Coffee
    # stops at 0 (option negative_coffee).
    pinned = Slot("poopy", droppings=True)
    state = position(
        [["rex", pinned, pinned, pinned], ["poopy"] * 3],
        [["bliblop", "skyzoclop:4", "kandhiii:candy"], ["poopy"] * 3],
        centre=["skyzoclop:-3", "skyzoclop:-2"],
        families=["bliblop", "skyzoclop", "kandhiii", "rex", "poopy"],
    )
    state.apply(Take(0, 0))
    assert "Ann has the Skyzo'clop majority (2) and loses 5 Coffee." in texts(state)
    assert breakdown(state)[1][0] == [
        {"label": "Skyzo'clop majority", "points": -5},
        {"label": "Losses not paid (Coffee stops at 0)", "points": 5},
    ]


def test_the_final_breakdown_adds_up_and_names_its_parts():
    # 000: "The player who has the most Coffee tokens wins!" - over both rounds, with the Cookie
    # bonus ("the player who has the most Cookie tokens gets 5 Coffee tokens") and the Mummy
    # tokens ("Coffees are converted into Coffee tokens").
    seen = set()
    for options in GAME.option_presets:
        for players in GAME.players:
            for seed in range(6):
                state = GAME.new(players, seed=seed, **options)
                rng = random.Random(seed)
                while not state.is_over:
                    state.apply(rng.choice(state.legal_actions()))
                title, parts = breakdown(state)
                assert title == "Final scores"
                for seat, seat_parts in enumerate(parts):
                    assert sum(p["points"] for p in seat_parts) == state.scores()[seat]
                    assert seat_parts[0]["label"] == "Round 1"
                    seen.update(p["label"].split(" (")[0] for p in seat_parts)
    assert {"Round 1", "Round 2: Skeeter majority", "Cookie bonus", "Mummy tokens"} <= seen
    assert "Round 2: Snout Coffee tokens" in seen and "Round 2: Grunge questions" in seen


def test_the_cookie_bonus_names_its_whipped_cream_tie_break():
    # 000 CAKOSAURUS: "In the event of a tie, the player with the most Whipped Cream tokens at
    # the end of the second round gets the 5 Coffee tokens."
    pinned = Slot("poopy", droppings=True)
    state = position(
        [["rex", pinned, pinned, pinned], ["poopy"] * 3, ["poopy"] * 3],
        [["bliblop"] * 3, ["bliblop"] * 3, ["kandhiii:donut"] * 2 + ["bliblop"]],
        families=["bliblop", "skyzoclop", "kandhiii", "rex", "poopy"],
        round=2,
    )
    state = edit(state, cookies=[2, 2, 0], whipped_cream=[0, 1, 2])
    state.apply(Take(0, 0))
    parts = breakdown(state)[1][1]
    assert {
        "label": "Cookie bonus (tied on Cookie tokens, most Whipped Cream)",
        "points": 5,
    } in parts
    assert "Bob ends with the Cookie bonus (5): 5 Coffee in all." in texts(state)
    assert texts(state)[-1] == "The game is over. Bob wins."


def test_mummy_tokens_say_what_their_bones_did():
    # 000 MUMMY: "With an odd number of Bones, you lose 3 Coffee tokens. With an even number of
    # Bones, you win as many Coffee tokens as the even number of Bones." The breakdown read
    # "Mummy tokens (1 Coffee and 1 Bone) -2", a sum it did not explain.
    state = give_tokens(final_take(), [[(2, 0), (0, 2)], [(1, 0), (0, 1)], [(3, 0)]])
    state = edit(state, coffee=[0, 5, 0])
    state.apply(Take(0, 0))
    mummy = [
        next(p for p in parts if p["label"].startswith("Mummy")) for parts in breakdown(state)[1]
    ]
    assert mummy == [
        {"label": "Mummy tokens (2 Coffee; 2 Bones, even: +2)", "points": 4},
        {"label": "Mummy tokens (1 Coffee; 1 Bone, odd: -3)", "points": -2},
        {"label": "Mummy tokens (3 Coffee)", "points": 3},
    ]
    log = texts(state)
    ann = "Ann ends with Mummy tokens (2 Coffee + 2 Bones) worth 4 (2 Bones, even: +2)"
    bob = "Bob ends with Mummy tokens (1 Coffee + 1 Bone) worth -2 (1 Bone, odd: -3)"
    assert f"{ann}: 4 Coffee in all." in log and f"{bob}: 3 Coffee in all." in log


def test_a_power_choice_prompt_names_the_chosen_card():
    # 000 PRISS: "Swap one card from your Front Line with another one from the centre."
    state = position(
        [["priss", "rex", "snout", "snout"], ["grunge"] * 4],
        [["poopy"] * 3, ["poopy"] * 3],
        centre=["grunge"],
    )
    play(state, Take(0, 0), PickFront(0, 0))
    assert state.prompt_text(NAMES[:2]) == (
        "Priss: choose the card of the centre that swaps places with the Rex of your Front Line."
    )
    assert labels(state) == ["Swap the Rex of your Front Line with a Grunge of the centre"]


def test_a_score_is_worded_in_coffee_tokens():
    """000: "Players use the different Monsters to earn as many Coffee tokens as possible":
    a score alone (the history's, the terminal's totals) says Coffee, not points."""
    game = games.get("monsters-coffee")
    assert [game.score_words(n) for n in (14, 1, 0, -2)] == [
        "14 Coffee",
        "1 Coffee",
        "0 Coffee",
        "-2 Coffee",
    ]
    assert games.get("monster-diner").score_words(1) == "1 point"
