"""The moves as a player's list shows them (`State.offers`, engine/offers.py): copies of one
card are one move, which plays the first copy; the legal actions stay as they were."""

from __future__ import annotations

from cardcafe import games
from cardcafe.engine.offers import Copy, fold

NAMES = ["Ann", "Bob", "Cleo"]


def texts(state) -> list[str]:
    return [offer.text for offer in state.offers(NAMES[: state.num_players])]


def test_monsters_coffee_lists_copies_in_hand_once_with_how_many_you_hold():
    state = games.get("monsters-coffee").new(3, seed=5)
    legal = state.legal_actions()
    assert len(legal) == 10  # a Bliblop, and two or three of four other monsters
    rear = "of your hand face down in your Rear Line"
    assert texts(state) == [
        f"Put the Bliblop {rear}",
        f"Put the Cakosaurus {rear} (you hold 2)",
        f"Put the Rex {rear} (you hold 3)",
        f"Put the Skeeter {rear} (you hold 2)",
        f"Put the Snorkel {rear} (you hold 2)",
    ]
    rex = state.offers(NAMES)[2]
    assert rex.actions == tuple(legal[3:6]) and rex.action == legal[3]
    assert rex.words == f"Put the Rex {rear}"  # (a hint names the move, not the count)
    assert state.legal_actions() == legal  # the actions themselves are unchanged


def test_coffee_break_twin_orders_are_one_move_until_their_cards_differ():
    state = games.get("coffee-break").new(2, seed=12)
    assert state.slots == ["cappuccino", "cafe-latte", "cappuccino", "iced-cafe-latte"]
    offers = {offer.text: offer for offer in state.offers(NAMES[:2])}
    milk = offers["Lay Milk under either Cappuccino"]
    assert [action.slot for action in milk.actions] == [0, 2]  # no count: it is not of Milk
    assert offers["Lay Milk under the Café Latte"].count == 1
    state.apply(milk.action)
    # Milk lies under the first Cappuccino only: the two are told apart by their place again.
    after = texts(state)
    assert "Lay an Espresso shot under the first Cappuccino" in after
    assert "Lay an Espresso shot under the second Cappuccino" in after
    assert not any("either" in text for text in after)


def test_games_without_copies_list_every_action_in_its_own_label():
    for game_id in ("monster-diner", "monster-rejects"):
        state = games.get(game_id).new(3, seed=4)
        labels = [state.describe(action, NAMES) for action in state.legal_actions()]
        assert texts(state) == labels, game_id


def test_copies_whose_offers_would_read_alike_are_listed_one_by_one():
    """A game's copy label must not merge two different moves into one line: where two
    offers would read the same, their actions are listed in their own labels."""
    state = games.get("monsters-coffee").new(3, seed=5)
    legal = state.legal_actions()

    def label(action) -> str:
        return state.describe(action, NAMES)

    def same_words(action) -> Copy:  # every card "a monster", each its own key
        return Copy(key=legal.index(action) // 2, label="Put a monster face down", held=True)

    offers = fold(legal, label, same_words)
    assert [offer.text for offer in offers] == [label(action) for action in legal]

    def by_pairs(action) -> Copy:  # pairs of one key, in labels that read apart
        return Copy(key=legal.index(action) // 2, label=f"Pair {legal.index(action) // 2}")

    assert [offer.text for offer in fold(legal, label, by_pairs)] == [
        f"Pair {n} (2 alike)" for n in range(5)
    ]
