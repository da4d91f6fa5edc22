"""The positions contract every game keeps (issue 14), at every step of seeded random playouts:

- a position is JSON, and round-trips: from_position(s.to_position()).to_position() is the same;
- a truth position continues exactly as the original: same legal actions, same views and new log
  events for every seat and spectators, same scores and winners, for the rest of the game;
- a seat's position holds only what that seat may know: it is the same for every determinization
  of the state for that seat; set up, it shows that seat the same view and the same moves;
- a record of a game set up from a position replays it;
- a broken position (a key missing, a value of the wrong kind) is a BadInput, never a crash.
"""

from __future__ import annotations

import json
import random

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, Record
from cardcafe.engine.position import ENVELOPE

from .cases import CASES

PLAYOUTS = 2


def viewers(state) -> list:
    return [None, *range(state.num_players)]


def check_round_trip(game, state) -> dict:
    position = state.to_position()
    assert json.loads(json.dumps(position)) == position, "a position is JSON"
    assert position["format"] == 1 and position["game"] == game.id
    again = game.from_position(json.loads(json.dumps(position)))
    assert again.to_position() == position
    assert again.legal_actions() == state.legal_actions()
    for seat in viewers(state):
        assert again.view(seat) == state.view(seat)
    assert again.scores() == state.scores()
    return position


def check_seat_positions(game, state, rng) -> None:
    for seat in range(state.num_players):
        mine = state.to_position(seat)
        json.dumps(mine)
        sample = state.determinize(seat, random.Random(rng.getrandbits(32)))
        assert sample.to_position(seat) == mine, f"seat {seat}'s position tells hidden cards"
        dealt = game.from_position(mine, seed=rng.getrandbits(32))
        assert dealt.view(seat) == state.view(seat), f"seat {seat}'s position shows another game"
        if seat == state.current_player:
            assert dealt.legal_actions() == state.legal_actions()
        dealt.check_invariants()


def check_continuation(game, state, rng) -> None:
    """Set the state up from its position and play both on, move for move."""
    copy = game.from_position(state.to_position())
    original = state.clone()
    seen = {seat: len(original.log(seat)) for seat in viewers(original)}
    while not original.is_over:
        assert copy.legal_actions() == original.legal_actions()
        action = rng.choice(original.legal_actions())
        original.apply(action)
        copy.apply(action)
        for seat in viewers(original):
            assert copy.view(seat) == original.view(seat)
            assert copy.log(seat) == original.log(seat)[seen[seat] :]
    assert copy.is_over and copy.scores() == original.scores()
    assert copy.winners() == original.winners()
    replayed = games.replay(Record.from_json(copy.record().to_json()))
    assert replayed.to_position() == copy.to_position()


def check_broken(game, position, rng) -> None:
    """Every key taken away or spoilt gives a state or a BadInput, never another error."""
    body = [key for key in position if key not in ENVELOPE]
    spoilers = ["x", -1, 10**9, None, [], {}, [["x"]]]
    for key in [*body, "players", "format", "game", "options", "rng"]:
        broken = dict(position)
        del broken[key]
        try_position(game, broken)
        broken[key] = rng.choice(spoilers)
        try_position(game, broken)


def try_position(game, obj) -> None:
    try:
        state = game.from_position(obj)
    except BadInput:
        return
    state.check_invariants()


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_positions_round_trip_continue_and_keep_secrets(game, players, options):
    for seed in range(PLAYOUTS):
        rng = random.Random(3000 + seed)
        state = game.new(players, seed=seed, **options)
        continued = False
        while True:
            position = check_round_trip(game, state)
            check_seat_positions(game, state, rng)
            if not continued and (state.is_over or rng.random() < 0.1):
                check_continuation(game, state, random.Random(seed))
                check_broken(game, position, rng)
                continued = True
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_a_position_of_another_game_or_format_is_refused(game):
    position = game.new(game.players.start, seed=1).to_position()
    for change, message in (
        ({"format": 2}, "format"),
        ({"format": True}, "format"),
        ({"game": "chess"}, "chess"),
        ({"players": game.players.stop}, "players"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"rng": "lucky"}, "rng"),
    ):
        with pytest.raises(BadInput, match=message):
            game.from_position({**position, **change})
    with pytest.raises(BadInput):
        game.from_position([position])
