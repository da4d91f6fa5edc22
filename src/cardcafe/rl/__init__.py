"""Research interfaces: a PettingZoo AEC environment and a Gymnasium single-seat wrapper over
any registered game, with action masks. Needs the `rl` extra: `pip install 'cardcafe[rl]'`."""

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # the extra is not installed: say which, and how to get it
    raise ImportError(
        f"cardcafe.rl needs the rl extra ({exc.name or 'gymnasium/pettingzoo'} is missing): "
        "pip install 'cardcafe[rl]'"
    ) from exc

from .encoding import OBSERVATION_SIZE, encode_view, encoder_for
from .gym_env import SingleSeatEnv
from .pettingzoo_env import CardcafeAEC, CardcafeParallel, env, parallel_env, raw_env
from .structured import layout


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: `monster-diner` -> `cardcafe/MonsterDiner-v0`."""
    return "cardcafe/" + "".join(part.capitalize() for part in game_id.split("-")) + "-v0"


def register_gym_ids() -> dict[str, str]:
    """Register a Gymnasium id for every game registered now (again is harmless) and return
    them by game. Done on import; call it again for a game registered after (a game under
    development, named in CARDCAFE_GAMES, is registered before: its id is there already)."""
    from gymnasium.envs.registration import register, registry

    from cardcafe import games

    ids = {game.id: gym_id(game.id) for game in games.all()}
    for game_id, env_id in ids.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="cardcafe.rl.gym_env:SingleSeatEnv",
                kwargs={"game_id": game_id},
            )
    return ids


# `gym.make(GYM_IDS[game])`, with kwargs players, opponents (bot specs), seat (or "random"),
# illegal ("end" or "raise") and the game's options: SingleSeatEnv's.
GYM_IDS = register_gym_ids()

__all__ = [
    "GYM_IDS",
    "OBSERVATION_SIZE",
    "CardcafeAEC",
    "CardcafeParallel",
    "SingleSeatEnv",
    "encode_view",
    "encoder_for",
    "env",
    "gym_id",
    "layout",
    "parallel_env",
    "raw_env",
    "register_gym_ids",
]
