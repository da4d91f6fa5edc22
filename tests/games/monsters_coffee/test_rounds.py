"""Round end, majorities, the second round and the game end, citing 000_992b8e92303b7cf4.txt."""

from collections import Counter

import pytest

from cardcafe.games.monsters_coffee.actions import ChooseRear, Take
from cardcafe.games.monsters_coffee.pieces import Slot

from .helpers import NEWBIE, edit, position, texts


def rex_example():
    """The rulebook's illustrated example (PLAYER 1/2/3 are seats 0/1/2), player 1 about to take
    the last card that can move, a Bliblop (no power)."""
    return position(
        [
            ["skeeter", "skeeter", "skeeter", "bliblop"],
            ["snorkel", "snorkel", "skeeter"],
            ["rex", "cakosaurus", "cakosaurus"],
        ],
        [
            ["cakosaurus", "snorkel", "snorkel"],
            ["rex", "rex", "snorkel"],
            ["rex", "skeeter", "skeeter"],
        ],
        centre=["rex", "rex", *["cakosaurus"] * 4],
        families=NEWBIE,
    )


def test_the_round_ends_when_every_front_line_is_down_to_three():
    # 000: "A round ends as soon as every player has only 3 Monster cards left in their Front
    # Line."
    state = rex_example()
    assert state.round == 1
    state.apply(Take(0, 3))
    assert state.round == 2 and state.phase == "rear"
    # 000: "Each player reveals the Monster cards from their Rear Lines"
    shown = [e for e in state.log(None) if e.kind == "rear-line"]
    assert [(e.actor, e.data["cards"]) for e in shown] == [
        (0, ["cakosaurus", "snorkel", "snorkel"]),
        (1, ["rex", "rex", "snorkel"]),
        (2, ["rex", "skeeter", "skeeter"]),
    ]
    assert "Bob's Rear Line: 2 Rex and a Snorkel." in texts(state)


def test_rex_example_rear_cards_count_double():
    # 000: "PLAYER 2 has 2 REX cards, none in their Front Line and 2 in their Rear Line, and
    # those are worth double. It means they have 4 REX. PLAYER 3 also has 2 REX cards: 1 in their
    # Front Line and 1 in their Rear Line, which is worth double. It means they have 3 REX.
    # PLAYER 2 wins the Coffee tokens associated with the 2 REX in the centre of the table."
    # "(In the illustrated example, there is a tie between PLAYER 1 and PLAYER 3 for another
    # family: nobody wins those 4 Coffee tokens.)" Here Cakosaurus: 1 in player 1's Rear Line
    # (2), 2 in player 3's Front Line (2).
    state = rex_example()
    state.apply(Take(0, 3))
    assert last_round_coffee(state) == [0, 2, 0]
    assert state.coffee == [0, 2, 0]


def test_a_tie_wins_nothing():
    # 000: "In the event of a tie, nobody wins Coffee tokens for that family."
    state = position(
        [["bliblop", "rex", "rex", "rex"], ["skeeter", "skeeter", "snorkel"]],
        [["skeeter", "snorkel", "snorkel"], ["rex", "snorkel", "snorkel"]],
        centre=["skeeter"] * 4,
        families=NEWBIE,
    )
    state.apply(Take(0, 0))  # skeeter: 2 each (player 1 in the Rear Line, player 2 in front)
    won = [e for e in state.events if "round_coffee" in (e.data or {})][-1].data["round_coffee"]
    assert won == [0, 0]


def test_whipped_cream_breaks_a_majority_tie():
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
    won = [e for e in state.events if "round_coffee" in (e.data or {})][-1].data["round_coffee"]
    assert won == [0, 4]


PINNED = Slot("poopy", droppings=True)
NO_POWER_LEFT = ["bliblop", "skyzoclop", "kandhiii", "rex", "poopy"]


def scorer_round(centre, **options):
    """Player 0 holds Bliblop, Skyzo'clop and Kandhiii majorities (in the Rear Line) and ends
    round 1 taking a Rex whose power cannot apply (their other Front cards are pinned)."""
    return position(
        [["rex", PINNED, PINNED, PINNED], ["poopy"] * 3],
        [["bliblop", "skyzoclop:4", "kandhiii:candy"], ["poopy"] * 3],
        centre=centre,
        families=NO_POWER_LEFT,
        **options,
    )


def last_round_coffee(state):
    return [e for e in state.events if "round_coffee" in (e.data or {})][-1].data["round_coffee"]


def test_bliblop_is_worth_two_per_centre_card():
    # 000 BLIBLOP: "This family is worth 2 Coffee tokens (instead of the usual 1) per Bliblop
    # card at the centre of the table at the end of the round."
    state = scorer_round(["bliblop"] * 3)
    state.apply(Take(0, 0))
    assert last_round_coffee(state) == [6, 0] and state.coffee == [6, 0]


def test_skyzoclop_majority_wins_or_loses_the_printed_values():
    # 000 SKYZO'CLOP: "the player having the majority of these Monsters wins, or loses, the
    # number of Coffee tokens indicated on the Skyzo'clop's cards at the centre of the table. The
    # usual gain of 1 Coffee token per card is not applicable."
    state = scorer_round(["skyzoclop:-3", "skyzoclop:1", "skyzoclop:-1"])
    state = edit(state, coffee=[5, 0])
    state.apply(Take(0, 0))
    assert last_round_coffee(state) == [-3, 0] and state.coffee == [2, 0]


def test_lost_coffee_stops_at_zero_unless_negative_coffee():
    # Decision: you cannot give back Coffee tokens you do not have (option negative_coffee).
    state = scorer_round(["skyzoclop:-3", "skyzoclop:-2"])
    state = edit(state, coffee=[1, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [0, 0]
    state = scorer_round(["skyzoclop:-3", "skyzoclop:-2"], negative_coffee=True)
    state = edit(state, coffee=[1, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [-4, 0]


@pytest.mark.parametrize(
    ("symbols", "coffee"),
    [
        (["donut"], 1),
        (["donut", "donut", "candy"], 3),
        (["donut", "candy", "cupcake"], 6),
        (["donut", "candy", "cupcake", "lollipop"], 10),
    ],
)
def test_kandhiii_pays_by_different_symbols(symbols, coffee):
    # 000 KANDHIII: "the player gets 1/3/6/10 Coffee tokens for 1/2/3/4 different symbols,
    # respectively."
    state = scorer_round([f"kandhiii:{s}" for s in symbols])
    state.apply(Take(0, 0))
    assert last_round_coffee(state) == [coffee, 0]


def test_a_new_round_is_a_fresh_setup():
    # 000: "Once all of the Coffee tokens have been distributed, a new round begins." "At the
    # start of each round, set up the game as explained in the Setup section."
    state = scorer_round(["bliblop"] * 3)
    state.apply(Take(0, 0))
    assert state.round == 2 and state.centre == []
    assert [len(h) for h in state.hands] == [12, 12] and len(state.discard) == 26
    assert Counter(c for h in state.hands for c in h) + Counter(state.discard) == Counter(
        state.cards.deck(state.families)
    )
    assert all(line == [] for line in state.rear)
    state.apply(ChooseRear(0))
    assert len(state.rear[state.first_player]) == 1


# -- the end of the game ---------------------------------------------------------------------
def final_take(**kw):
    """Round 2, player 0 takes the last card that can move (a Rex without power): game over."""
    return position(
        [["rex", PINNED, PINNED, PINNED], ["poopy"] * 3, ["poopy"] * 3],
        [["bliblop"] * 3, ["bliblop"] * 3, ["kandhiii:donut"] * 2 + ["bliblop"]],
        families=NO_POWER_LEFT,
        round=2,
        **kw,
    )


def test_the_game_ends_after_the_second_round():
    # 000: "The game ends after the second round."
    state = final_take()
    state.apply(Take(0, 0))
    assert state.is_over and state.current_player is None and state.legal_actions() == []


def test_most_cookies_gets_five_coffee():
    # 000 CAKOSAURUS: "At the end of the game, the player who has the most Cookie tokens gets 5
    # Coffee tokens."
    state = final_take()
    state = edit(state, cookies=[1, 3, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [0, 5, 0] and state.bonus == [0, 5, 0]
    assert state.round_two == [0, 0, 0]  # "Cookie tokens ... not included"


def test_cookie_tie_goes_to_most_whipped_cream_at_the_end_of_round_two():
    # 000: "In the event of a tie, the player with the most Whipped Cream tokens at the end of
    # the second round gets the 5 Coffee tokens. If the tie persists, no one gets those tokens."
    state = final_take()
    state = edit(state, cookies=[2, 2, 0], whipped_cream=[0, 1, 2])
    state.apply(Take(0, 0))
    assert state.coffee == [0, 5, 0]
    assert state.cream == [0, 0, 0] and state.cream_at_end == [0, 1, 2]
    state = final_take()
    state = edit(state, cookies=[2, 2, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [0, 0, 0]


def test_mummy_tokens_coffees_and_bones_at_game_end():
    # 000 MUMMY: "At the end of the game, reveal your Mummy tokens. Coffees are converted into
    # Coffee tokens. ... With an odd number of Bones, you lose 3 Coffee tokens. With an even
    # number of Bones, you win as many Coffee tokens as the even number of Bones."
    state = final_take()
    state = give_tokens(state, [[(2, 0), (0, 2)], [(1, 0), (0, 1)], [(0, 1), (0, 1)]])
    state = edit(state, coffee=[0, 5, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [4, 3, 2]  # 2+2 | 5+1-3 | 0+2 (two single Bones make 2, even)
    assert state.view(1)["mummy_tokens"][0] == [
        {"coffee": 2, "bones": 0},
        {"coffee": 0, "bones": 2},
    ]


def give_tokens(state, wanted):
    """Hand each seat Mummy tokens with these (coffees, bones) faces, taken from the supply."""

    def give(pos):
        for seat, faces in enumerate(wanted):
            for face in faces:
                token = next(t for t in pos["mummy_supply"] if t["face"] == list(face))
                pos["mummy_supply"].remove(token)
                pos["mummy_tokens"][seat].append({"face": list(face), "seen_by": [seat]})

    return edit(state, give)


def test_most_coffee_wins_then_second_round_coffee_then_shared():
    # 000: "The player who has the most Coffee tokens wins! In the event of a tie, the player who
    # won the most Coffee tokens during the second round wins (Cookie tokens and Mummy tokens not
    # included). If there is still a tie, players share the victory"
    state = final_take()
    # player 2 won 7 of their 9 in round 2
    state = edit(state, coffee=[9, 9, 3], coffee_at_round_start=[7, 2, 0])
    state.apply(Take(0, 0))
    assert state.winners() == [1] and state.round_two == [2, 7, 3]
    state = final_take()
    state = edit(state, coffee=[9, 9, 3], coffee_at_round_start=[4, 4, 0])
    state.apply(Take(0, 0))
    assert state.winners() == [0, 1]
    state = final_take()
    state = edit(state, coffee=[8, 9, 3])
    state.apply(Take(0, 0))
    assert state.winners() == [1]


def test_mummy_tokens_do_not_count_towards_the_second_round_tie_break():
    # 000: "In the event of a tie, the player who won the most Coffee tokens during the second
    # round wins (Cookie tokens and Mummy tokens not included)."
    state = final_take()
    state = give_tokens(state, [[(2, 0)], [], []])
    # round 2 won: player 1 two, player 2 three
    state = edit(state, coffee=[4, 6, 0], coffee_at_round_start=[2, 3, 0])
    state.apply(Take(0, 0))
    assert state.coffee == [6, 6, 0] and state.round_two == [2, 3, 0]
    assert state.winners() == [1]  # with the Mummy token's 2, player 1 would have won 4 to 3
