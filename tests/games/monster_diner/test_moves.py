"""Monster Diner moves and the Unwelcome guest, citing 001_7d28313ed1460a2d.txt."""

import pytest

from cardcafe.engine import IllegalMove
from cardcafe.games.monster_diner.actions import GiveGuest, Place, TakeCard

from .helpers import position


def test_place_on_own_or_another_mat():
    # 001_7d28313ed1460a2d.txt: "puts it either on his/her mat or on the mat of another player."
    state = position(3, deck=["florist"] * 5)
    assert set(state.legal_actions()) == {Place(0), Place(1), Place(2)}
    state.apply(Place(2))
    assert state.mats[2] == ["janitor"]
    assert state.held == "florist"  # the next card is drawn for the same move


def test_no_third_card_on_another_players_mat():
    # 001_7d28313ed1460a2d.txt: "There can't be more than two cards on another player's mat."
    state = position(3, deck=["florist"] * 5, mats=[[], ["bartender", "bartender"], []])
    assert Place(1) not in state.legal_actions()
    before = state.clone()
    with pytest.raises(IllegalMove, match="two cards"):
        state.apply(Place(1))
    assert state == before


def test_the_move_ends_at_three_cards_and_they_go_to_the_diner():
    # 001_7d28313ed1460a2d.txt:
    # "The player's move is over when there are three cards on the mat. After that all
    # cards are moved to the diner."
    state = position(3, deck=["bartender", "florist"] + ["pizza-maker"] * 5)
    state.apply(Place(0))
    state.apply(Place(0))
    assert state.current_player == 0 and state.mats[0] == ["janitor", "bartender"]
    state.apply(Place(0))
    assert state.mats[0] == []
    assert state.diners[0] == {"janitor": 1, "bartender": 1, "florist": 1}
    # 001_7d28313ed1460a2d.txt: "Then the move is passed to the next player clockwise."
    assert state.current_player == 1


def test_cards_placed_by_others_shorten_your_move():
    # 001_7d28313ed1460a2d.txt:
    # "when it's your turn and your «kind» friends already put two cards on your mat, a
    # single extra card will end your move."
    state = position(3, deck=["florist"] * 5, mats=[[], ["bartender", "janitor"], []])
    state.apply(Place(0))
    state.apply(Place(0))
    state.apply(Place(0))
    assert state.current_player == 1
    state.apply(Place(1))
    assert state.current_player == 2
    assert state.diners[1] == {"bartender": 1, "janitor": 1, "florist": 1}


def test_turns_go_clockwise_around_the_table():
    # 001_7d28313ed1460a2d.txt: "Then the move is passed to the next player clockwise."
    state = position(2, deck=["florist"] * 9 + ["janitor"] * 11)
    seen = []
    for _ in range(3):
        seen.append(state.current_player)
        for _ in range(3):
            state.apply(Place(state.current_player))
    assert seen == [0, 1, 0]


def test_the_game_ends_when_the_last_card_is_placed_on_any_mat():
    # 001_7d28313ed1460a2d.txt:
    # "The game ends when a player puts the last card from the deck on a mat, whether
    # his/her own or another player's. All the cards from the mats are moved to the Diners."
    state = position(
        3, deck=[], held="florist", mats=[["janitor"], ["bartender"], []], leftover_to=0
    )
    before = [+d for d in state.diners]
    state.apply(Place(2))
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.mats == [[], [], []]
    gained = [+(d - b) for d, b in zip(state.diners, before, strict=True)]
    assert gained == [{"janitor": 1}, {"bartender": 1}, {"florist": 1}]
    with pytest.raises(IllegalMove, match="over"):
        state.apply(Place(0))


def guest_move(players=3, diners=None, **options):
    """Player 0 is one card away from ending a move that brings an Unwelcome guest."""
    state = position(
        players,
        deck=["pizza-maker"] * 6,
        held="florist",
        mats=[["unwelcome-guest", "janitor"]] + [[] for _ in range(players - 1)],
        diners=diners,
        **options,
    )
    state.apply(Place(0))
    return state


def test_an_unwelcome_guest_is_given_to_another_player_who_gives_a_card_back():
    # 001_7d28313ed1460a2d.txt:
    # "If at the end of his/her move a player has an Unwelcome guest, he has to put this card
    # on another player's mat and move any card from that diner to his/her own."
    state = guest_move(diners=[[], ["bartender", "florist"], []])
    assert state.current_player == 0
    assert set(state.legal_actions()) == {GiveGuest(1), GiveGuest(2)}
    state.apply(GiveGuest(1))
    assert set(state.legal_actions()) == {TakeCard("bartender"), TakeCard("florist")}
    state.apply(TakeCard("bartender"))
    assert +state.diners[0] == {"janitor": 1, "florist": 1, "bartender": 1}
    assert state.mats[1] == ["unwelcome-guest"]  # "on another player's mat"
    assert +state.diners[1] == {"florist": 1}
    assert state.current_player == 1


def test_the_given_guest_lands_on_the_receivers_mat_shortens_their_move_and_is_kept():
    # 001_7d28313ed1460a2d.txt:
    # "he has to put this card on another player's mat" - the default, as printed: the guest
    # counts towards the three cards that end the receiver's next move ("The player's move is
    # over when there are three cards on the mat.") - "Another player will keep it till the end
    # of the game and get 2 points for it."
    state = guest_move(players=2)
    state.apply(GiveGuest(1))
    assert state.mats[1] == ["unwelcome-guest"]
    assert state.view(None)["given_on_mat"] == [0, 1]
    state.apply(Place(1))
    state.apply(Place(1))  # the guest is the third card
    assert state.current_player == 0  # the move ended, and the guest was not given on
    assert state.diners[1]["unwelcome-guest"] == 1  # "will keep it": no new give


@pytest.mark.parametrize("guest_to", ["mat", "diner"])
def test_the_guest_is_given_even_to_a_player_without_cards(guest_to):
    # 001_7d28313ed1460a2d.txt:
    # "If another player doesn't have any cards, the card is still to be given away."
    state = guest_move(guest_to=guest_to)
    state.apply(GiveGuest(2))
    if guest_to == "mat":
        assert state.mats[2] == ["unwelcome-guest"]
    else:
        assert state.diners[2]["unwelcome-guest"] == 1
    assert state.current_player == 1  # nothing to take: the move is over


def test_house_rule_guest_to_diner_puts_the_guest_straight_into_the_diner():
    # 001_7d28313ed1460a2d.txt:
    # "Another player will keep it till the end of the game and get 2 points for it." House
    # rule guest_to="diner" (rules page): the guest skips the mat and stays in the diner.
    state = guest_move(players=2, guest_to="diner", diners=[[], ["bartender"]])
    state.apply(GiveGuest(1))
    assert state.mats[1] == [] and state.diners[1]["unwelcome-guest"] == 1
    # The card taken is from the diner as it was before the guest arrived.
    assert state.legal_actions() == [TakeCard("bartender")]
    state.apply(TakeCard("bartender"))
    for _ in range(3):
        state.apply(Place(1))
    assert state.current_player == 0  # player 1's move ended without giving the guest on
    assert state.diners[1]["unwelcome-guest"] == 1


@pytest.mark.parametrize("guest_to", ["mat", "diner"])
def test_every_guest_that_arrives_is_given(guest_to):
    state = position(
        3,
        deck=["florist"] * 6,
        held="unwelcome-guest",
        mats=[["unwelcome-guest", "janitor"], [], []],
        guest_to=guest_to,
    )
    state.apply(Place(0))
    state.apply(GiveGuest(1))
    assert state.legal_actions() == [GiveGuest(1), GiveGuest(2)]
    state.apply(GiveGuest(2))
    assert state.current_player == 1


@pytest.mark.parametrize("guest_to", ["diner", "mat"])
def test_a_guest_taken_from_the_receivers_diner_is_kept(guest_to):
    # 001_7d28313ed1460a2d.txt:
    # "move any card from that diner to his/her own" - any card, an earlier guest too.
    # Decision (rules page): a guest taken so is kept (2 points); it is not given on.
    state = guest_move(diners=[[], ["unwelcome-guest", "janitor"], []], guest_to=guest_to)
    state.apply(GiveGuest(1))
    assert TakeCard("unwelcome-guest") in state.legal_actions()
    state.apply(TakeCard("unwelcome-guest"))
    assert state.current_player == 1 and state.phase == "place"
    assert state.diners[0]["unwelcome-guest"] == 1


def test_every_diner_is_seen_by_everyone():
    # 001_7d28313ed1460a2d.txt:
    # "Put the same cards together so that other players can see how many you've got."
    state = position(3, diners=[["janitor", "janitor"], ["florist"], []])
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["diners"] == [{"janitor": 2}, {"florist": 1}, {}]


# -- refusals: each says what the rules say stands in the way ------------------------------
def refused(state, action) -> str:
    before = state.clone()
    with pytest.raises(IllegalMove) as caught:
        state.apply(action)
    assert state == before, "a refused action changed the state"
    return str(caught.value)


def test_giving_a_guest_while_placing_is_not_now():
    # 001_7d28313ed1460a2d.txt: "If at the end of his/her move a player has an Unwelcome guest,
    # he has to put this card on another player's mat" - only at the end of a move. While
    # placing, no guest is being given: the refusal says what is asked now (it used to say "the
    # Unwelcome guest must go to another player", although no guest was being given).
    state = position(3, deck=["florist"] * 5)
    for action in (GiveGuest(0), GiveGuest(1), TakeCard("janitor")):
        assert refused(state, action) == f"not now: {state.prompt}"
    assert state.prompt == "Place the Janitor on your mat or on another player's mat."


def test_placing_while_giving_a_guest_is_not_now():
    # 001_7d28313ed1460a2d.txt: "he has to put this card on another player's mat": the move is
    # over, the guest must be given before anything else.
    state = guest_move()
    assert state.phase == "give"
    assert refused(state, Place(0)) == f"not now: {state.prompt}"
    assert state.prompt == "Give your Unwelcome guest to another player."


def test_the_guest_cannot_be_kept_or_given_to_a_seat_not_at_the_table():
    # 001_7d28313ed1460a2d.txt: "he has to put this card on another player's mat"
    state = guest_move()
    assert refused(state, GiveGuest(0)) == "the Unwelcome guest must go to another player"
    assert refused(state, GiveGuest(4)) == "there are only 3 players at this table"


def test_a_card_cannot_go_on_the_mat_of_a_seat_not_at_the_table():
    # 001_7d28313ed1460a2d.txt: "puts it either on his/her mat or on the mat of another player"
    state = position(3, deck=["florist"] * 5)
    assert refused(state, Place(5)) == "there are only 3 players at this table"


def test_a_full_mat_names_its_owner():
    # 001_7d28313ed1460a2d.txt: "There can't be more than two cards on another player's mat."
    state = position(3, deck=["florist"] * 5, mats=[[], ["bartender", "bartender"], []])
    assert refused(state, Place(1)) == "Player 2's mat already holds two cards from others"


def test_only_a_card_of_the_receivers_diner_can_be_taken():
    # 001_7d28313ed1460a2d.txt: "and move any card from that diner to his/her own"
    state = guest_move(diners=[[], ["bartender"], []])
    state.apply(GiveGuest(1))
    assert refused(state, TakeCard("florist")) == "Player 2's diner has no Florist to take"
    assert refused(state, GiveGuest(2)) == f"not now: {state.prompt}"


def test_the_guest_just_given_into_a_diner_is_not_taken_back():
    # 001_7d28313ed1460a2d.txt: "he has to put this card on another player's mat and move any
    # card from that diner to his/her own" - the diner as it was: with the house rule
    # guest_to="diner" the guest lands in it, but giving it is not undone by taking it back.
    state = guest_move(guest_to="diner", diners=[[], ["bartender"], []])
    state.apply(GiveGuest(1))
    assert state.legal_actions() == [TakeCard("bartender")]
    reason = refused(state, TakeCard("unwelcome-guest"))
    assert reason == "the Unwelcome guest you just gave cannot be taken back"
