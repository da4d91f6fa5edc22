"""Wire messages: what clients may send, validated by pydantic with extra fields forbidden."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

MAX_MESSAGE_BYTES = 8 * 1024


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# -- WebSocket, client -> server ----------------------------------------------------------
class MoveMessage(Strict):
    type: Literal["move"]
    version: StrictInt
    action: dict[str, Any]


class HintMessage(Strict):
    type: Literal["hint"]
    version: StrictInt


class PingMessage(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[MoveMessage | HintMessage | PingMessage, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A message we refuse before it reaches the game; the text is for the client."""


def parse_client_message(raw: str | bytes | None) -> MoveMessage | HintMessage | PingMessage:
    if raw is None:
        raise BadMessage("empty message")
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage(f"message too large: {size} bytes (the limit is {MAX_MESSAGE_BYTES})")
    try:
        obj = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadMessage(f"message is not valid JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise BadMessage(f"a message must be a JSON object, not {type(obj).__name__}")
    kind = obj.get("type")
    if kind not in ("move", "hint", "ping"):
        raise BadMessage(f"unknown message type {kind!r}; expected 'move', 'hint' or 'ping'")
    try:
        return _client.validate_python(obj)
    except ValidationError as exc:
        raise BadMessage("bad message: " + describe(exc)) from None


def describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False, include_input=False):
        where = ".".join(str(p) for p in err["loc"] if p not in ("move", "hint", "ping"))
        parts.append(f"{where or 'message'}: {err['msg']}")
    return "; ".join(parts)


# -- HTTP bodies ----------------------------------------------------------------------------
class CreateTable(Strict):
    game: str
    players: StrictInt
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str]
    turn_seconds: float | None = Field(default=None, gt=0, le=24 * 3600)
    bank_seconds: float | None = Field(default=None, ge=0, le=24 * 3600)
    # Honoured only by a server started with allow_seed=True (tests, benchmarks): a player
    # who chose the seed would know the deal.
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**63)


class Claim(Strict):
    name: str = Field(default="Player", min_length=1, max_length=40)


class Leave(Strict):
    token: str = Field(max_length=200)
