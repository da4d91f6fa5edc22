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

# `gym.make(GYM_IDS[game])`, with kwargs players, opponents (bot specs), seat (or "random"),
# illegal ("end" or "raise") and the game's options: SingleSeatEnv's.
GYM_IDS = {
    "monster-diner": "cardcafe/MonsterDiner-v0",
    "monsters-coffee": "cardcafe/MonstersCoffee-v0",
    "coffee-break": "cardcafe/CoffeeBreak-v0",
    "monster-rejects": "cardcafe/MonsterRejects-v0",
}


def _register() -> None:
    from gymnasium.envs.registration import register, registry

    for game_id, env_id in GYM_IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="cardcafe.rl.gym_env:SingleSeatEnv",
                kwargs={"game_id": game_id},
            )


_register()

__all__ = [
    "GYM_IDS",
    "OBSERVATION_SIZE",
    "CardcafeAEC",
    "CardcafeParallel",
    "SingleSeatEnv",
    "encode_view",
    "encoder_for",
    "env",
    "layout",
    "parallel_env",
    "raw_env",
]
