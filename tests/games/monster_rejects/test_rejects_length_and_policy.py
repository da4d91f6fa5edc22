"""Game length, the end-of-game guards, the conformance coverage of every Chaos card, and the
heuristic policy."""

import random

from cardcafe.games.monster_rejects.actions import Pass, PlayChaos, PlayRealm
from cardcafe.games.monster_rejects.cards import CHAOS, load

from .helpers import GAME, arrange


def test_the_turn_limit_ends_the_game_with_the_fewest_cards_winning():
    s = GAME.new(3, seed=2, turn_limit=4)
    rng = random.Random(0)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert s.turns == 4 and s.winner is None and "limit" in s.end_reason
    fewest = min(len(h) for h in s.hands)
    assert s.winners() == [p for p, h in enumerate(s.hands) if len(h) == fewest]


def test_a_round_in_which_nobody_can_move_a_card_is_a_stalemate():
    # Player 1 moved no card in their turn (quiet_turns 1); player 2 holds a lone Trip with no
    # deck or graveyard to draw from (003: "If they can't go, they simply pass, without drawing
    # a card"), so nobody moves for a whole round: our stalemate rule ends the game.
    s = arrange(hands=[[], ["trip"]], rest=0, turn=1, quiet_turns=1)
    assert s.legal_actions() == [Pass()]
    s.apply(Pass())
    assert s.is_over and "stalemate" in s.end_reason and s.winners() == [1]


def test_games_end_within_max_actions():
    for players, options in ((2, {}), (5, {}), (10, {"battle_pack": True})):
        bound = GAME.max_actions(players)
        for seed in range(3):
            s = GAME.new(players, seed=seed, **options)
            rng = random.Random(seed)
            while not s.is_over:
                s.apply(rng.choice(s.legal_actions()))
            assert len(s.history) <= bound


def test_every_chaos_card_comes_up_in_the_conformance_playouts():
    # The conformance suite plays option_presets with random.Random(seed) for seeds 0, 1, ...
    names = load().names(False)
    family = load().names(True)
    played, seen = set(), set()
    for options in GAME.option_presets:
        for players in (2, 3, 4, 5, 10):
            for seed in range(30):
                s = GAME.new(players, seed=seed, **options)
                rng = random.Random(seed)
                while not s.is_over:
                    s.apply(rng.choice(s.legal_actions()))
                played |= {a.card for a in s.history if isinstance(a, PlayChaos)}
                seen |= {a.kind for a in s.history}
    assert played == set(CHAOS)
    assert {"accept", "call", "play-item", "give-back", "hide", "declare"} <= seen
    assert names != family


def test_heuristic_sheds_the_lowest_card_and_saves_chaos_cards():
    hand = ["trip", "inferno-9", "inferno-12", "nightmare-7", "mutant-3", "undead-5"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7"])
    choice = GAME.heuristic_action(s, random.Random(0))
    assert choice == PlayRealm("nightmare-7")  # the lowest that follows, the Trip saved


def test_heuristic_spends_a_chaos_card_that_unblocks_it():
    s = arrange(hands=[["trip", "nightmare-9", "mutant-3"], ["undead-1"]], pile=["inferno-7"])
    assert GAME.heuristic_action(s, random.Random(0)) == PlayChaos("trip")


def test_heuristic_beats_random_play():
    wins = 0
    for seed in range(40):
        s = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            det = s.determinize(s.current_player, rng) if s.current_player == 0 else None
            action = GAME.heuristic_action(det, rng) if det else rng.choice(s.legal_actions())
            s.apply(action)
        wins += s.winners() == [0]
    assert wins >= 30, wins  # random play would win about 20


def test_heuristic_self_play_ends_by_a_win_not_by_the_limit():
    for seed in range(15):
        s = GAME.new(2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(GAME.heuristic_action(s, rng))
        assert s.winner is not None and s.hands[s.winner] == []
