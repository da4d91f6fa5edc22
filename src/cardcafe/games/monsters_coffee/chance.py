"""Monster's Coffee draws chance through the kernel (`engine/chance.py`: `rng.shuffle`'s draws,
faster)."""

from cardcafe.engine.chance import shuffle

__all__ = ["shuffle"]
