"""Every game as an OpenSpiel Python game, so OpenSpiel's algorithms run on ours.

    import pyspiel
    import cardcafe.openspiel

    cardcafe.openspiel.register()
    game = pyspiel.load_game("python_cardcafe_monster_diner", {"players": 3})

Short names: `python_cardcafe_<game id with underscores>`. Parameters: `players` (default: the
game's least), `deals` (how many deals the opening chance node draws from, uniformly; default
1000: small for MCCFR, large for play), `options` (the game's options as a JSON object string).

The opening chance node picks the deal (the engine's seed); everything after is the engine's own
play. Returns are the share of the win (1, 1/k in a k-way draw, 0): a constant-sum game.

What a seat knows comes from its own view only, never the state's truth:
- `information_state_string(p)`: the seat's view and the events of its log, as JSON (two states
  a seat cannot tell apart give the same string, which is what ISMCTS and MCCFR key on);
- `observation_string(p)`: the seat's view alone;
- both tensors: `cardcafe.rl.encoding.encode_view` of the seat's view (the structured,
  seat-relative encoding where the game has one, see docs/rl.md);
- `resample_from_infostate(p, sampler)`: the engine's determinization for seat p (what it cannot
  see re-dealt at random), so OpenSpiel's ISMCTS bot (`open_spiel.python.algorithms.ismcts`)
  searches states the seat cannot tell from the truth.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # say which package, and how to get it
    raise ImportError("cardcafe.openspiel needs OpenSpiel: pip install open_spiel") from exc

from cardcafe import games
from cardcafe.engine import BadInput, Game, State

PREFIX = "python_cardcafe_"
DEFAULT_DEALS = 1000
MAX_GAME_LENGTH = 5000  # a bound for OpenSpiel's bookkeeping: every game ends well before


def short_name(game_id: str) -> str:
    """`monster-diner` -> `python_cardcafe_monster_diner`."""
    return PREFIX + game_id.replace("-", "_")


class _Engine:
    """The engine state, cloned with the engine's own `clone` when OpenSpiel copies a state
    (a deep copy would copy the game's card data too)."""

    __slots__ = ("state",)

    def __init__(self, state: State | None):
        self.state = state

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())


def _encoder(game: Game):
    from cardcafe.rl.encoding import encoder_for

    return encoder_for(game.id)


class _Shared:
    """A reference OpenSpiel's state copies share rather than copy (the game)."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __deepcopy__(self, memo) -> _Shared:
        return self


class CardcafeSpielState(pyspiel.State):
    """One game: a chance node (the deal), then the engine's turns."""

    def __init__(self, spiel_game: CardcafeSpielGame, engine: State | None = None):
        super().__init__(spiel_game)
        self._game_ref = _Shared(spiel_game)
        self._engine = _Engine(engine)

    @property
    def _spiel_game(self) -> CardcafeSpielGame:
        return self._game_ref.value

    @property
    def engine(self) -> State | None:
        """The cardcafe state (None before the deal)."""
        return self._engine.state

    # -- the game's course ---------------------------------------------------------------------
    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return pyspiel.PlayerId.CHANCE
        if engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return engine.current_player

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spiel_game.deals
        return [(d, 1.0 / deals) for d in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        index = engine.game.action_index
        return sorted(index(a) for a in engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            g = self._spiel_game
            if not 0 <= int(action) < g.deals:  # a deal outside the chance node's outcomes
                raise BadInput(
                    f"the deal must be 0 to {g.deals - 1} (deals={g.deals}), not {action}"
                )
            self._engine = _Engine(g.cardcafe.new(g.players, seed=int(action), **g.options))
        else:
            self.engine.apply(self.engine.game.action_from_index(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self.engine
        if player == pyspiel.PlayerId.CHANCE or engine is None:
            return f"deal {action}"
        move = engine.game.action_from_index(int(action))
        if not engine.is_over and move in engine.legal_actions():
            return engine.describe(move)
        return str(move)

    def returns(self) -> list[float]:
        engine = self.engine
        if engine is None or not engine.is_over:
            return [0.0] * self._spiel_game.players
        winners = engine.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(engine.num_players)]

    # -- what a seat knows ---------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler=None):
        """A state `player_id` cannot tell from this one (the engine's determinization)."""
        if self.engine is None:
            return self.clone()
        rng = random.Random(random.getrandbits(64))
        if probability_sampler is not None and callable(probability_sampler):
            rng = random.Random(int(probability_sampler() * 2**53))
        return CardcafeSpielState(self._spiel_game, self.engine.determinize(player_id, rng))

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return "(before the deal)"
        return "\n".join([*engine.log_text(None)[-5:], engine.prompt])


def _seat_view(state: CardcafeSpielState, player: int) -> dict[str, Any] | None:
    engine = state.engine
    return None if engine is None else engine.view(player)


class CardcafeObserver:
    """OpenSpiel's observer: a seat's tensor and string, from that seat's view only. With
    perfect recall (the information state) the string adds the seat's log."""

    def __init__(self, spiel_game: CardcafeSpielGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        self.encode = _encoder(spiel_game.cardcafe)
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.encode.size(spiel_game.players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardcafeSpielState, player: int) -> None:
        view = _seat_view(state, player)
        self.tensor.fill(0)
        if view is not None:
            self.tensor[:] = self.encode(view)

    def string_from(self, state: CardcafeSpielState, player: int) -> str:
        view = _seat_view(state, player)
        if view is None:
            return f"seat {player + 1}, before the deal"
        out: dict[str, Any] = {"view": view}
        if self.perfect_recall:
            out["log"] = [
                {"kind": e.kind, "actor": e.actor, "data": e.data or {}}
                for e in state.engine.log(player)
            ]
        return json.dumps(out, sort_keys=True, default=str)


class CardcafeSpielGame(pyspiel.Game):
    """A cardcafe game as OpenSpiel sees it (built by `pyspiel.load_game`)."""

    cardcafe: Game  # set on each registered subclass

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        game = self.cardcafe
        self.players = int(params.get("players", game.players.start))
        self.deals = int(params.get("deals", DEFAULT_DEALS))
        self.options = _options(params.get("options", "{}"))
        game.new(self.players, seed=0, **self.options)  # checks the count and the options
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(game), info, params)

    def new_initial_state(self) -> CardcafeSpielState:
        return CardcafeSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> CardcafeObserver:
        return CardcafeObserver(self, iig_obs_type, params)


def _options(text: str) -> dict[str, Any]:
    """The `options` parameter: a JSON object string, read with a one-line error."""
    try:
        options = json.loads(text or "{}")
    except json.JSONDecodeError as exc:
        raise BadInput(f"options must be a JSON object string, not {text!r}: {exc}") from None
    if not isinstance(options, dict):
        raise BadInput(
            f'options must be a JSON object string like \'{{"guest_to": "diner"}}\', not {text!r}'
        )
    return options


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"cardcafe {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.stop - 1,
        min_num_players=game.players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.players.start,
            "deals": DEFAULT_DEALS,
            "options": "{}",
        },
    )


def _class_name(game: Game) -> str:
    return f"Spiel_{game.id.replace('-', '_')}"


def register() -> list[str]:
    """Register every game with OpenSpiel (once; again is harmless); return the short names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in games.all():
        name = short_name(game.id)
        names.append(name)
        if name in known:
            continue
        cls = type(
            _class_name(game), (CardcafeSpielGame,), {"cardcafe": game, "__module__": __name__}
        )
        # A module attribute, so that pickle finds the class: OpenSpiel pickles games and states
        # (pyspiel.serialize_game_and_state, random_sim_test(serialize=True), multiprocessing).
        globals()[cls.__name__] = cls
        pyspiel.register_game(_game_type(game), cls)
    return names


def __getattr__(name: str) -> Any:
    """A game class asked for before `register()` (unpickling in a fresh process)."""
    if name.startswith("Spiel_"):
        register()
        if name in globals():
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
