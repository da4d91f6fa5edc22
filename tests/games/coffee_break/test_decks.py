"""The ingredient pile and the used pile, citing 002_166af175196e41ee.txt."""

from cardcafe.games.coffee_break.actions import FinishLaying, Lay

from .helpers import card_set, lay_all, position

HAND = ["espresso", "espresso", "water", "milk", "milk", "ice", "ice"]


def test_an_empty_pile_is_remade_from_the_used_cards():
    # 002_166af175196e41ee.txt: "If a new ingredient card can not be brought any more as the pile
    # of ingredient cards is used up, it is required to reshuffle the cards of the 'area for the
    # used cards' in order to make and use a new pile of ingredient cards."
    state = position(hands=[HAND, HAND], rest="used")
    assert state.pile == [] and len(state.used) == 61 - 14
    state.apply(Lay(1, "water"))
    state.apply(FinishLaying())
    assert len(state.hands[0]) == 7
    assert state.used == [] and len(state.pile) == 61 - 14 - 1
    [reshuffle] = [e for e in state.log(None) if e.kind == "reshuffle"]
    assert reshuffle.data == {"count": 61 - 14}
    assert "the 47 used cards are shuffled into a new pile" in " ".join(state.log_text(None))
    state.check_invariants()


def test_a_player_short_of_cards_takes_the_rest_later(tmp_path):
    # 002_166af175196e41ee.txt: "If a player could not bring as many ingredient cards as desired,
    # the player can take the rest of the targeted cards later from the reshuffled pile of
    # ingredient cards." Issue 4: "If both are empty, play goes on without drawing."
    # Both piles run dry only with long recipes (rules page): the first three orders hold
    # the other 43 cards and still lack what player 1 lays.
    cards = card_set(
        tmp_path,
        espresso=["espresso"] * 20,
        americano=["espresso"] + ["water"] * 2 + ["milk"] * 9 + ["ice"] * 6,
        cafe_latte=["espresso", "milk", "milk", *["foam"] * 3, *["caramel", "chocolate"] * 2]
        + ["whipped-cream"] * 2,
    )
    under_americano = [("water", "water")] + [("milk", "milk")] * 9 + [("ice", "ice")] * 3
    under_latte = [(c, c) for c in ["foam"] * 3 + ["caramel", "chocolate", "whipped-cream"] * 2]
    cappuccino_three = [("espresso", "espresso"), ("milk", "milk"), ("foam", "foam")]
    state = position(
        hands=[HAND, ["espresso", "caramel", "caramel", "ice", "water", "water", "milk"]],
        laid=[
            [("espresso", "espresso")] * 18,
            under_americano + [("joker", "ice")] * 3,
            under_latte,
            cappuccino_three,
        ],
        pile_top=["chocolate"],
        rest="used",
        cards=cards,
    )
    assert state.pile == ["chocolate"] and state.used == []
    lay_all(state, [(1, "water"), (2, "milk"), (0, "espresso")])
    state.apply(FinishLaying())
    assert state.pile == [] and state.used == []
    assert len(state.hands[0]) == 5 and "chocolate" in state.hands[0]
    # The other player sees how many were drawn, and how many are missing, not which.
    draw = state.log(1)[-1]
    assert draw.kind == "draw" and draw.data == {"count": 1, "short": 2}
    assert state.log_text(1)[-1] == "Player 1 draws 1 card (2 short: both piles are empty)."
    assert state.log(0)[-1].data == {"cards": ["chocolate"], "short": 2}
    assert state.current_player == 1  # play goes on
    # Player 2 finishes the Cappuccino: its four cards make the used pile, then a new pile.
    state.apply(Lay(3, "espresso"))
    state.apply(FinishLaying())
    assert len(state.hands[1]) == 7
    # Player 1 takes the two missing cards at the start of their next turn.
    assert state.current_player == 0
    assert len(state.hands[0]) == 7
    assert len(state.pile) == 4 - 1 - 2 and state.used == []
