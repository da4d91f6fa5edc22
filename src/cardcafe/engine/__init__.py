"""The game-agnostic kernel every game plugs into."""

from .actions import Action, ActionSpace
from .errors import BadInput, GameError, IllegalMove, OptionError
from .events import Event
from .game import Game
from .record import Record
from .state import OVER, PhasedState, State

__all__ = [
    "OVER",
    "Action",
    "ActionSpace",
    "BadInput",
    "Event",
    "Game",
    "GameError",
    "IllegalMove",
    "OptionError",
    "PhasedState",
    "Record",
    "State",
]
