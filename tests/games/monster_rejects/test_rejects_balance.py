"""Monster Rejects' balance statistics (issue 6: "Monster Rejects, the effect of holding each
Chaos card on winning"): who held each Chaos card, derived by replaying the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardcafe.games.monster_rejects.cards import CHAOS

from .helpers import GAME


def played(seed: int, players: int, turn_limit: int):
    rng = random.Random(seed)
    state = GAME.new(players, seed=seed, turn_limit=turn_limit)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_a_chaos_card_a_player_held_or_played_counts_as_held(seed):
    state = played(seed, 2 + seed % 3, turn_limit=40)
    stats = GAME.balance_stats(state)["players"]
    dealt = GAME.new(state.num_players, seed=seed, turn_limit=40).hands
    plays = Counter()
    for seat in range(state.num_players):
        # Dealt at the start, or still in hand at the end: held.
        for card in {*dealt[seat], *state.hands[seat]} & set(CHAOS):
            assert stats[seat][f"held:{card}"] == 1, (seat, card)
    for event in state.events:
        if event.kind == "play-chaos":
            # Played from the hand: held, and counted once.
            assert stats[event.actor][f"held:{event.get('card')}"] == 1
            plays[event.actor] += 1
    assert [s["chaos played"] for s in stats] == [plays[p] for p in range(state.num_players)]
    assert sum(plays.values()) > 0  # Chaos cards were played: the check ran


def test_a_chaos_card_that_never_left_the_deck_was_held_by_nobody():
    never_drawn = 0
    for seed in range(6):
        state = played(seed, 3, turn_limit=6)
        assert state.deck_origin is None  # no reshuffle: the deck only ever lost cards
        stats = GAME.balance_stats(state)["players"]
        left = Counter(state.deck)
        for card in CHAOS:
            if left[card] == state.all_cards[card]:
                never_drawn += 1
                assert all(s[f"held:{card}"] == 0 for s in stats), card
    assert never_drawn > 0  # the check ran


def test_an_arranged_state_that_its_seed_cannot_reach_is_refused():
    # The statistics replay the game from its seed: a game set up from a position (here the
    # hands of a seeded game swapped) has no seed to replay.
    position = GAME.new(2, seed=3).to_position()
    position["hands"] = position["hands"][::-1]
    state = GAME.from_position(position)
    with pytest.raises(ValueError, match="seed"):
        GAME.balance_stats(state)
