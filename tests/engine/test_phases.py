"""The phase table (engine/rules.py): each kind of action decided by one move of a phase."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardcafe.engine.actions import Action
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


@pytest.mark.parametrize("name", ["_apply", "_legal_actions"])
def test_a_ruled_state_that_writes_what_its_phase_table_decides_is_refused(name):
    # RuledState's apply and legal_actions read the phase table and the phase in place of
    # these: a game's own would never be called, so the class itself is refused.
    with pytest.raises(TypeError, match=f"Tea defines {name}: a RuledState's moves"):
        type("Tea", (RuledState,), {name: lambda self, *args: None})
    type("Tea", (RuledState,), {"PHASES": Phases({"laying": (Lay(),)})})  # the usual shape
