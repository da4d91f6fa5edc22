"""Card data files: read, parse and validate a game's TOML once per distinct content."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import BadInput

T = TypeVar("T")


def load_toml(
    path: str | Path | None,
    default: Path,
    validate: Callable[[dict[str, Any]], T],
    what: str = "card set",
) -> T:
    """`validate(parsed TOML)` of `path` (or `default`), every failure a `BadInput` naming the
    file. Cached by content: every new game asks for its data, and parsing dominated setup."""
    path = Path(path) if path is not None else default
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {what} {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise BadInput(f"{what} {path} is not UTF-8 text: {exc.reason}") from exc
    return _parse(str(path), text, validate, what)


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
