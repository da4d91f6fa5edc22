"""The engine contract on the reference game: errors, records, determinize hygiene."""

import json
import random

import pytest

from cardcafe import games
from cardcafe.engine import BadInput, GameError, IllegalMove, Record

GAME = games.get("monster-diner")


def test_errors_form_one_family():
    assert issubclass(IllegalMove, GameError) and issubclass(BadInput, GameError)


def test_action_json_round_trip_and_index():
    for i in range(GAME.num_actions):
        action = GAME.action_from_index(i)
        assert GAME.action_index(action) == i
        assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"type": "place"}, "missing target"),
        ({"type": "place", "target": 1, "x": 2}, "unexpected x"),
        ({"type": "place", "target": 99}, "not an action"),
        ({"type": "place", "target": "1"}, "not an action"),
        ({"type": "take-card", "card": "cook"}, "not an action"),
        ({"type": "fly"}, "unknown action type 'fly'"),
    ],
)
def test_malformed_actions_say_what_is_wrong(obj, message):
    with pytest.raises(BadInput, match=message):
        GAME.action_from_json(obj)


def test_seed_must_be_an_integer():
    with pytest.raises(BadInput, match="seed"):
        GAME.new(2, seed="7")


def test_a_record_carries_its_format_and_replays():
    state = GAME.new(3, seed=11, guest_to="mat")
    rng = random.Random(2)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    obj = json.loads(state.record().to_json())
    # Every option is kept, defaults too: a later change of a default changes no stored game.
    assert obj["format"] == 1 and obj["seed"] == 11
    assert obj["options"] == {"guest_to": "mat", "cards": None}
    assert games.replay(Record.from_json(json.dumps(obj))) == state


def test_a_record_with_an_illegal_move_names_it():
    record = GAME.new(2, seed=1).record()
    bad = Record(record.game, 2, 1, {}, ({"type": "give-guest", "target": 1},))
    with pytest.raises(BadInput, match="move 1 of the record"):
        games.replay(bad)


def test_a_seedless_game_still_records_its_seed():
    state = GAME.new(2)
    assert isinstance(state.seed, int)
    assert games.replay(Record.from_json(state.record().to_json())) == state


def test_determinize_drops_the_truth():
    state = GAME.new(2, seed=4)
    det = state.determinize(0, random.Random(1))
    assert det.history == [] and det.seed is None
    assert det.rng.getstate() != state.rng.getstate()
    with pytest.raises(GameError, match="no record"):
        det.record()


def test_views_of_unknown_seats_are_refused():
    with pytest.raises(BadInput, match="no player 5"):
        GAME.new(2, seed=1).view(5)


def test_a_secret_is_logged_for_its_knowers_and_redacted_for_everyone_else():
    state = GAME.new(3, seed=1)
    before = len(state.events)
    state._log_secret("drew", frozenset({1}), {"card": "florist"}, {}, actor=1)
    secret, public = state.events[before:]
    assert secret.visible(1) and not secret.visible(0) and not secret.visible(None)
    assert public.visible(0) and public.visible(2) and public.visible(None)
    assert not public.visible(1)
    assert secret.kind == public.kind == "drew"
    assert secret.get("card") == "florist" and public.get("card") is None


def test_new_takes_the_players_and_the_seed_by_name_or_by_position():
    # Issue 2's `new(players, seed=None, **options)`: README's `game.new(players=4, seed=7)`.
    by_name = GAME.new(players=4, seed=7, guest_to="diner")
    by_position = GAME.new(4, 7, guest_to="diner")
    assert by_name == by_position and by_name.num_players == 4
    with pytest.raises(BadInput, match="number of players must be given"):
        GAME.new(seed=7)
    with pytest.raises(BadInput, match="'players' is not a game option"):
        GAME.new(4, players=3)


def test_a_record_replays_itself_to_an_equal_state():
    # Issue 2: "`record()` returns a `Record` with `to_json()`, `Record.from_json(text)` and
    # `replay()` -> a state equal to the original" (through the registry: the kernel imports
    # nothing above it).
    state = GAME.new(3, seed=5)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert Record.from_json(state.record().to_json()).replay() == state
    assert state.record().replay(5) == games.replay(state.record(), 5)
    stranger = Record("no-such-game", 2, 1)
    with pytest.raises(BadInput, match="unknown game 'no-such-game'"):
        stranger.replay()
