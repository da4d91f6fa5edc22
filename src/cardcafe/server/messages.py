"""Wire messages: what clients may send, validated by pydantic with extra fields forbidden."""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    TypeAdapter,
    ValidationError,
    field_validator,
)

from cardcafe.engine import BadInput
from cardcafe.engine.data import parse_json

MAX_MESSAGE_BYTES = 8 * 1024
MAX_DEPTH = 32  # lists and objects within one another: a real message needs about 4
MAX_INT_DIGITS = 30  # no count, index or version comes near this


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


class ResyncMessage(Strict):
    """The client asks for its whole snapshot again (a delta did not fit what it holds)."""

    type: Literal["resync"]


MAX_CHAT = 300  # characters in one chat line


class ChatMessage(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)

    @field_validator("text")
    @classmethod
    def _readable(cls, text: str) -> str:
        text = " ".join(text.split())  # newlines and runs of spaces: one space
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs") for ch in text):
            raise ValueError("a chat line holds no control characters")
        if not text:
            raise ValueError("say something")
        return text


ClientMessage = Annotated[
    MoveMessage | HintMessage | PingMessage | ChatMessage | ResyncMessage,
    Field(discriminator="type"),
]
_client = TypeAdapter(ClientMessage)
KINDS = ("move", "hint", "ping", "chat", "resync")


class BadMessage(Exception):
    """A message we refuse before it reaches the game; the text is for the client."""


def parse_client_message(
    raw: str | bytes | None,
) -> MoveMessage | HintMessage | PingMessage | ChatMessage | ResyncMessage:
    if raw is None:
        raise BadMessage("empty message")
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage(f"message too large: {size} bytes (the limit is {MAX_MESSAGE_BYTES})")
    obj = _plain_json(raw)
    if obj is None:  # refused, or not plain: the careful parser says exactly why
        try:
            obj = parse_json(raw, "message", max_depth=MAX_DEPTH, max_int_digits=MAX_INT_DIGITS)
        except BadInput as exc:
            raise BadMessage(str(exc)) from None
    if not isinstance(obj, dict):
        raise BadMessage(f"a message must be a JSON object, not {type(obj).__name__}")
    kind = obj.get("type")
    if kind not in KINDS:
        raise BadMessage(
            f"unknown message type {kind!r}; expected 'move', 'hint', 'ping', 'chat' or 'resync'"
        )
    try:
        return _client.validate_python(obj)
    except ValidationError as exc:
        raise BadMessage("bad message: " + describe(exc)) from None


_INT_LIMIT = 10**MAX_INT_DIGITS


def _plain_json(raw: str | bytes) -> Any:
    """`raw` parsed by the plain (C) JSON parser if it is within the limits `parse_json`
    enforces (integers of at most MAX_INT_DIGITS digits, finite numbers, at most MAX_DEPTH
    deep), else None. Four times faster than `parse_json`, whose hooks run Python for every
    number; a message it would refuse is handed to it, so its refusals are worded as ever."""
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    stack = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth > MAX_DEPTH:
                return None
            stack.extend((child, depth + 1) for child in (item.values() if kind is dict else item))
        elif kind is int:
            if not -_INT_LIMIT < item < _INT_LIMIT:
                return None
        elif kind is float and not math.isfinite(item):
            return None
    return obj


def describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False, include_input=False):
        where = ".".join(str(p) for p in err["loc"] if p not in KINDS)
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
    # Human seats only a seat link opens (a friend's); the others anyone may take from the
    # lobby.
    invite_only: list[StrictInt] = Field(default_factory=list, max_length=64)


class Claim(Strict):
    # No name (or an empty one): the server makes up a friendly one ("Sleepy Latte").
    name: str | None = Field(default=None, max_length=40)
    # The invitation in an invite-only seat's link.
    invite: str | None = Field(default=None, max_length=200)
    # The client's own secret for this claim (at least 22 URL-safe characters, chosen at
    # random: 128 bits or more). Sent again, it answers again with the same token, so a claim
    # whose answer was lost is recovered (issue 15, D9); the token is made from it.
    request_id: str | None = Field(
        default=None, min_length=22, max_length=128, pattern=r"^[A-Za-z0-9_-]+$"
    )

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str | None) -> str | None:
        if name is None or name == "":
            return None
        # A NUL cannot be stored in PostgreSQL text, and no control character belongs in a name.
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs") for ch in name):
            raise ValueError("a name holds no control characters")
        if not name.strip():
            raise ValueError("a name needs a visible character")
        return name


class Leave(Strict):
    token: str = Field(max_length=200)


class SeatRequest(Strict):
    """A player's request about a seat (concede, hand to a bot, rematch): their token."""

    token: str = Field(max_length=200)
