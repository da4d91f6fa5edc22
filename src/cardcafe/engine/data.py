"""Card data files: read, parse and validate a game's TOML once per distinct content."""

from __future__ import annotations

import functools
import json
import math
import os
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import BadInput

T = TypeVar("T")

MAX_DATA_BYTES = 1024 * 1024  # a card data file (the largest shipped is a few KiB)
MAX_FILE_BYTES = 16 * 1024 * 1024  # a record, a position or a scoring input
MAX_JSON_DEPTH = 100  # a record or a position nests about 6 deep
MAX_JSON_INT_DIGITS = 100


def load_toml(
    path: str | Path | None,
    default: Path,
    validate: Callable[[dict[str, Any]], T],
    what: str = "card set",
) -> T:
    """`validate(parsed TOML)` of `path` (or `default`), every failure a `BadInput` naming the
    file. Cached by content: every new game asks for its data, and parsing dominated setup; and
    a file whose identity, size and modification time are unchanged is not even read again
    (reading it was most of the cost of dealing a game)."""
    path = Path(path) if path is not None else default
    try:
        info = os.stat(path)
    except OSError:
        info = None  # read_text names the problem
    if info is not None and stat.S_ISREG(info.st_mode):
        key = (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, validate)
        known = _unchanged.get(key)
        if known is not None:
            return known  # type: ignore[no-any-return]  # (cached under its own `validate`)
    parsed = _parse(str(path), read_text(path, what, MAX_DATA_BYTES), validate, what)
    if info is not None and stat.S_ISREG(info.st_mode):
        if len(_unchanged) >= 64:
            _unchanged.clear()
        _unchanged[key] = parsed
    return parsed  # type: ignore[no-any-return]  # (what `validate` returned)


# (path, device, inode, size, mtime, validator) -> what `load_toml` returned for it.
_unchanged: dict[tuple[Any, ...], Any] = {}


def read_text(path: str | Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file `path`, at most `limit` bytes; else a BadInput
    naming the file. Never reads a device, a pipe or a directory (`/dev/zero` would never end),
    and never more than `limit` bytes, whatever the file claims to be."""
    try:
        # Non-blocking, so that opening a FIFO with no writer does not hang before the check.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise BadInput(f"cannot read {what} {path}: {exc.strerror}") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadInput(f"cannot read {what} {path}: not a regular file")
        chunks, size = [], 0
        while size <= limit and (chunk := os.read(fd, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise BadInput(f"cannot read {what} {path}: {exc.strerror}") from exc
    finally:
        os.close(fd)
    data = b"".join(chunks)
    return decode_text(data, f"{what} {path}", limit)


def decode_text(data: bytes, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """`data` as UTF-8 text, refused (BadInput) over `limit` bytes or if it is not UTF-8."""
    if len(data) > limit:
        raise BadInput(f"{what} is too large (the limit is {limit:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(f"{what} is not UTF-8 text: {exc.reason} at byte {exc.start}") from exc


def parse_json(
    text: str | bytes,
    what: str,
    max_depth: int = MAX_JSON_DEPTH,
    max_int_digits: int = MAX_JSON_INT_DIGITS,
) -> Any:
    """`json.loads(text)` for input from outside: integers of at most `max_int_digits` digits,
    finite numbers, lists and objects nested at most `max_depth` deep. Every other input is a
    BadInput of one line naming `what` (never a RecursionError, a ValueError or a
    UnicodeDecodeError)."""

    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise _Refused(f"an integer of {len(digits)} digits (the limit is {max_int_digits})")
        return int(digits)

    def finite_float(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise _Refused(f"the number {digits[:20]} is out of range")
        return value

    def no_constant(name: str) -> Any:
        raise _Refused(f"{name} is not a number JSON allows")

    too_deep = f"{what} nests too deeply (the limit is {max_depth} levels)"
    try:
        obj = json.loads(
            text, parse_int=bounded_int, parse_float=finite_float, parse_constant=no_constant
        )
    except _Refused as exc:
        raise BadInput(f"{what} is refused: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not valid JSON: {exc}") from None
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{what} is not valid JSON: it is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    except RecursionError:
        raise BadInput(too_deep) from None
    except ValueError as exc:  # anything else the parser refuses
        raise BadInput(f"{what} is not valid JSON: {exc}") from None
    if _deeper_than(obj, max_depth):
        raise BadInput(too_deep)
    return obj


class _Refused(ValueError):
    pass


def _deeper_than(obj: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (iteratively: no recursion)."""
    stack = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item)
    return False


@functools.lru_cache(maxsize=32)
def _parse(where: str, text: str, validate: Callable[[dict[str, Any]], T], what: str) -> T:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"{what} {where} is not valid TOML: {exc}") from exc
    try:
        return validate(data)
    except BadInput as exc:
        raise BadInput(f"{what} {where}: {exc}") from exc
