"""The phase table (engine/rules.py): each kind of action decided by one move of a phase."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardcafe.engine.actions import Action
from cardcafe.engine.eventlog import EventLog
from cardcafe.engine.rules import Move, Phases, RuledState


@dataclass(frozen=True, slots=True)
class Card(Action):
    kind = "card"
    name: str


@dataclass(frozen=True, slots=True)
class Joker(Action):
    kind = "joker"
    stands_for: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"


class Lay(Move):  # type: ignore[type-arg]
    """A card or a joker, offered interleaved: one decision of two kinds."""

    action_type = Card
    also_decides = (Joker,)

    def legal(self, state):
        return (Card("tea"), Joker("tea"))

    def refuse(self, state, action, w):
        return "not in your hand"

    def apply(self, state, action):
        state.laid.append(action)


class Stop(Move):  # type: ignore[type-arg]
    action_type = Pass

    def legal(self, state):
        return (Pass(),)

    def refuse(self, state, action, w):
        return "never refused"

    def apply(self, state, action):
        pass


def test_a_move_of_two_kinds_decides_both_and_lists_them_in_its_order():
    lay, stop = Lay(), Stop()
    phases = Phases({"laying": (lay, stop)})
    assert phases.move_for("laying", Joker("tea")) is lay
    assert phases.move_for("laying", Card("tea")) is lay
    assert phases.move_for("laying", Pass()) is stop
    assert list(phases.legal["laying"](None)) == [Card("tea"), Joker("tea"), Pass()]


def test_a_kind_decided_by_two_moves_of_one_phase_is_refused():
    class JokerAlone(Stop):
        action_type = Joker

    with pytest.raises(ValueError, match="phase 'laying' lists two moves of one kind"):
        Phases({"laying": (Lay(), JokerAlone())})
    Phases({"laying": (Lay(),), "later": (JokerAlone(),)})  # in two phases: allowed


@pytest.mark.parametrize(
    "name", ["_apply", "_legal_actions", "legal_actions", "apply", "apply_random"]
)
def test_a_ruled_state_that_writes_what_its_phase_table_decides_is_refused(name):
    # RuledState's apply and legal_actions read the phase table and the phase in place of
    # the first two, and are made from the table: a game's own would never be called, or be
    # replaced, so the class itself is refused.
    with pytest.raises(TypeError, match=f"Tea defines {name}: a RuledState's moves"):
        type("Tea", (RuledState,), {name: lambda self, *args: None})
    type("Tea", (RuledState,), {"PHASES": Phases({"laying": (Lay(),)})})  # the usual shape


class TeaState(RuledState):  # type: ignore[type-arg]
    """A state with no table of its own yet, and nothing but what the kernel asks of a game."""

    _prompt = _describe = _view = _clone_into = _resample_hidden = scores = winners = None


def _tea_state(cls):
    """A bare state of `cls` in the phase "laying" (only what the kernel's methods read)."""
    state = object.__new__(cls)
    state.phase, state.turn, state.laid, state.history = "laying", 0, [], []
    state._legal = None
    state.events = EventLog()
    return state


def test_a_state_plays_by_the_table_its_class_was_given_in_its_body_or_afterwards():
    # The kernel's every-decision methods hold the table they were bound to (engine/rules.py
    # `_read_in_place`): giving a class a table afterwards, as Coffee Break, Monster Diner and
    # Monster's Coffee do, must bind them again, and a subclass plays by its own table.
    in_body = type("Tea", (TeaState,), {"PHASES": Phases({"laying": (Lay(),)})})
    later = type("Coffee", (in_body,), {})
    assert _tea_state(later).legal_actions() == [Card("tea"), Joker("tea")]  # inherited
    later.PHASES = Phases({"laying": (Stop(),)})
    state = _tea_state(later)
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.history == [Pass()] and state.laid == []
    tea = _tea_state(in_body)
    assert tea.apply_random(random.Random(1)) in (Card("tea"), Joker("tea"))
    assert tea.laid == tea.history
