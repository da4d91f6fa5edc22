"""Setup, player counts and the card set: seed 003_59e5b48f57a6f035.txt."""

from collections import Counter

import pytest

from cardcafe.engine import BadInput, OptionError
from cardcafe.games.monster_rejects.cards import CHAOS, REALM_CARDS, VALUE_OF

from .helpers import GAME


def test_deck_is_52_realm_cards_and_12_chaos_cards():
    # 003: "Shuffle 1 of each Chaos card plus an additional Hiroshima and Trip the Fuck Out
    # Chaos card (2 of each total) into the 52 Realm card deck."
    s = GAME.new(2, seed=3)
    counts = s.all_cards
    assert sum(counts[c] for c in REALM_CARDS) == 52 and all(counts[c] == 1 for c in REALM_CARDS)
    assert {c: counts[c] for c in CHAOS} == {
        c: 2 if c in ("hiroshima", "trip") else 1 for c in CHAOS
    }
    assert sum(counts.values()) == 64


def test_each_player_is_dealt_8_cards():
    # 003: "In clockwise order, each player draws 8 cards from the deck."
    for players in (2, 5):
        s = GAME.new(players, seed=players)
        assert [len(h) for h in s.hands] == [8] * players
        assert len(s.deck) == 64 - 8 * players


def test_highest_first_draw_goes_first_chaos_counting_zero():
    # 003: "Each player draws a card from the deck. Highest value goes first (Chaos cards count
    # as 0)."
    ties = 0
    for seed in range(60):
        s = GAME.new(4, seed=seed)
        last = s.first_draws[-1]
        values = {seat: VALUE_OF.get(c, 0) for seat, c in enumerate(last) if c}
        assert values[s.turn] == max(values.values())
        assert list(values.values()).count(values[s.turn]) == 1
        assert s.current_player == s.turn
        if len(s.first_draws) > 1:
            ties += 1
            # Our tie rule: only the players tied for highest draw again.
            first = {seat: VALUE_OF.get(c, 0) for seat, c in enumerate(s.first_draws[0])}
            tied = {seat for seat, v in first.items() if v == max(first.values())}
            assert {seat for seat, c in enumerate(s.first_draws[1]) if c} == tied
        # The cards drawn for the first turn go back: nothing is lost.
        assert sum(len(h) for h in s.hands) + len(s.deck) == 64
    assert ties, "no seed produced a tie: the tie rule went untested"


def test_player_counts_one_deck_two_to_five_two_decks_up_to_ten():
    # 003 (FAQ): "Combining a second main game will allow for up to 10 players."
    assert GAME.new(5, seed=1).decks == 1
    ten = GAME.new(10, seed=1, decks=2)
    assert ten.decks == 2 and sum(ten.all_cards.values()) == 128
    assert GAME.new(3, seed=1, decks=2).decks == 2
    with pytest.raises(OptionError, match="must be 2 with 6 players") as refused:
        GAME.new(6, seed=1, decks=1)
    assert refused.value.option == "decks"  # a lobby names it by its label
    assert GAME.option_error_words(refused.value).startswith("Decks must be 2 with 6 players")
    with pytest.raises(BadInput, match="players"):
        GAME.new(11, seed=1, decks=2)


def test_battle_pack_adds_no_players():
    # 003 (FAQ): "Does the Battle Pack add extra players to the game? A: No"
    with pytest.raises(OptionError, match="must be 2 with 6 players"):
        GAME.new(6, seed=1, decks=1, battle_pack=True)
    assert GAME.new(5, seed=1, battle_pack=True).decks == 1


def test_battle_pack_is_off_by_default():
    plain = GAME.new(2, seed=1)
    assert not any(c.startswith(("weapon", "curse", "human")) for c in plain.all_cards)
    packed = GAME.new(2, seed=1, battle_pack=True)
    assert Counter(packed.all_cards)["human-centipede"] == 1


def test_bad_options_are_clear_errors():
    with pytest.raises(BadInput, match="turn_limit"):
        GAME.new(2, turn_limit=0)
    with pytest.raises(BadInput, match="names"):
        GAME.new(2, names="kids")
