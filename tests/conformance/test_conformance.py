"""The contract every registered game must keep, at every allowed player count.

A new game passes this suite before anything is built on it (docs/adding-a-game.md).
"""

from __future__ import annotations

import json
import random

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, GameError, IllegalMove, Record
from cardcafe.engine.rules import RuledState

from .cases import CASES

# Full checks at every step of a few games, and cheap checks on many more.
DEEP_GAMES = 4
BULK_GAMES = 150


def hidden_part(state) -> dict:
    """The game's own fields: what a determinization may re-sample."""
    skip = {"history", "events", "seed", "rng", "_legal", "_view_memo"}
    return {k: v for k, v in state.fields().items() if k not in skip}


def random_playout(state, rng: random.Random, bound: int) -> None:
    steps = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= bound, f"no end after {bound} actions"


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_bulk_random_playouts_end_and_conserve(game, players, options):
    bound = game.max_actions(players)
    for seed in range(BULK_GAMES):
        state = game.new(players, seed=seed, **options)
        random_playout(state, random.Random(seed), bound)
        state.check_invariants()
        assert state.legal_actions() == []
        assert state.current_player is None
        assert len(state.scores()) == players
        assert state.winners() and all(0 <= w < players for w in state.winners())


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_step_keeps_the_contract(game, players, options):
    bound = game.max_actions(players)
    for seed in range(DEEP_GAMES):
        rng = random.Random(1000 + seed)
        state = game.new(players, seed=seed, **options)
        resampled = 0
        while not state.is_over:
            assert len(state.history) <= bound
            check_step(game, state, rng)
            resampled += check_no_leak(state, rng)
            state.apply(rng.choice(state.legal_actions()))
        check_step(game, state, rng)
        check_no_leak(state, rng)  # the end too: a breakdown may not tell a hidden hand
        assert state.legal_actions() == []
        check_record(state)
        if game.has_hidden_information:
            assert resampled, "determinize never re-sampled anything the rules hide"


def check_step(game, state, rng) -> None:
    state.check_invariants()
    legal = state.legal_actions()
    assert (state.current_player is None) == state.is_over == (not legal)
    mask = state.legal_action_mask()
    assert len(mask) == game.num_actions
    assert [game.action_from_index(i) for i, ok in enumerate(mask) if ok] == sorted(
        legal, key=game.action_index
    )
    assert len(set(legal)) == len(legal), "an action is offered twice"
    for action in legal:
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        assert str(action)
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.view(seat))
        json.dumps([(e.kind, e.actor, e.data) for e in state.log(seat)])
    assert isinstance(state.prompt, str) and state.prompt
    check_refusals(game, state, rng)
    check_clone_independence(state, rng)


def check_refusals(game, state, rng) -> None:
    before = state.clone()
    legal = set(state.legal_actions())
    illegal = [a for a in game.space.actions if a not in legal]
    for action in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalMove) as caught:
            state.apply(action)
        assert str(caught.value)
        check_reason(state, action, str(caught.value))
        assert state == before, "a refused action changed the state"
    kinds = sorted(game.space.kinds)
    for junk in (42, "place", None, [], {}, {"type": "no-such-action"}, {"type": kinds[0], "x": 1}):
        with pytest.raises(BadInput):
            game.action_from_json(junk)
    with pytest.raises(BadInput):
        state.apply("not an action")
    assert state == before


def check_reason(state, action, reason: str) -> None:
    """A game that declares its rules as moves (`engine/rules.py`) refuses an action of a kind
    the phase does not allow with the kernel's "not now: <prompt>", and one of the right kind
    with its move's own reason, which is never that fallback (the rule says what is wrong)."""
    if not isinstance(state, RuledState):
        return
    move = None if state.is_over else state.PHASES.move_for(state.phase, action)
    if move is None:
        assert reason == f"not now: {state.prompt}" or state.is_over, reason
        return
    assert reason == move.refuse(state, action, state.words(state.current_player))
    assert not reason.startswith("not now"), f"{move} gave no reason of its own: {reason}"
    assert action not in move.legal(state), f"{move} offers {action} but refuses it"


def check_clone_independence(state, rng) -> None:
    if state.is_over:
        return
    snapshot = state.clone()
    other = state.clone()
    for _ in range(3):
        if other.is_over:
            break
        other.apply(rng.choice(other.legal_actions()))
    assert state == snapshot, "playing on a clone changed the original"
    assert snapshot == state.clone()


def check_no_leak(state, rng) -> int:
    """view(p) of any determinization for p equals the truth's view(p); returns how many of the
    determinizations re-sampled something."""
    differs = 0
    for seat in range(state.num_players):
        det = state.determinize(seat, random.Random(rng.getrandbits(32)))
        assert det.view(seat) == state.view(seat), f"determinize changed what player {seat} sees"
        assert det.log(seat) == state.log(seat)
        # A spectator knows less than any player: no determinization changes what they see.
        assert det.view(None) == state.view(None), f"player {seat}'s sample changes the public view"
        assert det.log(None) == state.log(None)
        assert det.history == [] and det.seed is None, "a determinization keeps the true past"
        if seat == state.current_player:
            assert det.legal_actions() == state.legal_actions()
        det.check_invariants()
        with pytest.raises(GameError):
            det.record()
        differs += hidden_part(det) != hidden_part(state)
    return differs


def check_record(state) -> None:
    text = state.record().to_json()
    replayed = games.replay(Record.from_json(text))
    assert replayed == state
    assert replayed.record().to_json() == text
    middle = len(state.history) // 2
    assert games.replay(Record.from_json(text), middle).history == state.history[:middle]


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_game_identity_and_setup_errors(game):
    assert game.id == game.id.lower() and " " not in game.id
    assert games.get(game.id) is game
    assert game.title and game.rules_text().strip()
    # What a player does in it, one line for lobbies and lists.
    assert game.pitch.strip() and len(game.pitch) <= 140 and "\n" not in game.pitch
    with pytest.raises(BadInput, match="players"):
        game.new(game.players.stop)
    with pytest.raises(BadInput, match="players"):
        game.new(game.players.start - 1)
    with pytest.raises(BadInput, match="no_such_option"):
        game.new(game.players.start, no_such_option=1)
    with pytest.raises(BadInput):
        game.action_from_index(game.num_actions)


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_same_seed_same_game_and_different_seeds_differ(game):
    players = game.players.start
    first, second = game.new(players, seed=5), game.new(players, seed=5)
    assert first == second
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not first.is_over:
        first.apply(rng_a.choice(first.legal_actions()))
        second.apply(rng_b.choice(second.legal_actions()))
        assert first == second
    views = {json.dumps(game.new(players, seed=s).view(0), sort_keys=True) for s in range(20)}
    assert len(views) > 1, "the seed does not change the deal"


def test_unknown_game_is_a_clear_error():
    with pytest.raises(BadInput, match="unknown game 'chess'"):
        games.get("chess")


def test_malformed_records_are_refused():
    for text in ("", "[]", "{}", '{"format": 99}', "not json"):
        with pytest.raises(BadInput):
            Record.from_json(text)
