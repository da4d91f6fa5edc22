"""A fixed-size numeric observation for any game, made from what one player may see.

The observation is built from `view(player)` alone, so it can hold nothing the rules hide from
that player. Every leaf of the view becomes features by hashing (the "hashing trick"): a number
adds its value at the bucket of its path, a string or boolean sets the bucket of path and value.
Lists keep positions (a hand is a list), and dicts of counts work as bag-of-cards. Collisions are
rare at the default size; a researcher who wants a hand-made encoding passes their own encoder.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from cardcafe import games

OBSERVATION_SIZE = 2048


def _bucket(key: str, size: int) -> int:
    # crc32, not hash(): Python salts str hashes per process, and observations must be stable.
    return zlib.crc32(key.encode("utf-8")) % size


def encode_view(view: dict[str, Any], size: int = OBSERVATION_SIZE) -> np.ndarray:
    out = np.zeros(size, dtype=np.float32)
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}/{k}", v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}/{i}", v) for i, v in enumerate(value))
            # and the bag of its plain items, so "has a Florist anywhere in the hand" is one feature
            for item in value:
                if isinstance(item, (str, bool)):
                    out[_bucket(f"{path}/*={item}", size)] += 1.0
        elif isinstance(value, (bool, str)):
            out[_bucket(f"{path}={value}", size)] = 1.0
        elif isinstance(value, (int, float)):
            out[_bucket(path, size)] += float(value)
        # None: absent, no feature
    return out


class HashedEncoder:
    """`encode_view` as an encoder object (the fallback for a game without a layout)."""

    def __init__(self, size: int = OBSERVATION_SIZE):
        self._size = size

    def size(self, players: int | None = None) -> int:
        return self._size

    def __call__(self, view: dict[str, Any]) -> np.ndarray:
        return encode_view(view, self._size)


ENCODINGS = ("structured", "hashed")


def encoder_for(game_id: str, encoding: str = "structured"):
    """The observation encoder of `game_id`: `structured` (named, seat-relative, normalised
    features; see `cardcafe.rl.structured`), or `hashed` (the hashing trick over the view, for
    any game). A game without a structured layout gets the hashed one."""
    from .structured import LAYOUTS, structured_encoder

    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, not {encoding!r}")
    games.get(game_id)  # an unknown game is one clear error, not the hashed fallback
    if encoding == "structured" and game_id in LAYOUTS:
        return structured_encoder(game_id)
    return HashedEncoder()


def observation_box(encoder):
    """The Gymnasium Box of an encoder's vectors: [-1, 1] for the structured ones."""
    from gymnasium import spaces

    from .structured import StructuredEncoder

    bound = 1.0 if isinstance(encoder, StructuredEncoder) else np.inf
    return spaces.Box(-bound, bound, (encoder.size(),), np.float32)
