"""Snapshot deltas: what changed between two snapshots of one viewer, as a JSON Patch.

A client that holds the snapshot of version `base` turns it into the next one by applying
the patch (RFC 6902, only its `add`, `replace` and `remove` operations). The patch is made
from the two snapshots the viewer would be sent in full, and only ever carries values taken
from the newer one: a delta can never tell a seat more than its full snapshot would.
"""

from __future__ import annotations

from typing import Any

Patch = list[dict[str, Any]]


def make_patch(old: dict[str, Any], new: dict[str, Any]) -> Patch:
    """The operations that turn `old` into `new` (both JSON objects): objects are compared
    key by key, a list that only grew gets its new items appended, anything else that
    changed is replaced whole."""
    patch: Patch = []
    _diff_objects(old, new, "", patch)
    return patch


def _diff_objects(old: dict[str, Any], new: dict[str, Any], path: str, patch: Patch) -> None:
    for key, value in new.items():
        if key not in old:
            patch.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
            continue
        before = old[key]
        if before is value or before == value:
            continue
        where = f"{path}/{_escape(key)}"
        if type(before) is dict and type(value) is dict:
            _diff_objects(before, value, where, patch)
        elif (
            type(before) is list
            and type(value) is list
            and len(value) > len(before)
            and value[: len(before)] == before
        ):
            patch.extend(
                {"op": "add", "path": f"{where}/-", "value": item} for item in value[len(before) :]
            )
        else:
            patch.append({"op": "replace", "path": where, "value": value})
    for key in old:
        if key not in new:
            patch.append({"op": "remove", "path": f"{path}/{_escape(key)}"})


def _escape(key: Any) -> str:
    key = str(key)
    if "~" in key or "/" in key:  # rare: most keys are plain words
        return key.replace("~", "~0").replace("/", "~1")
    return key


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


class PatchError(ValueError):
    """A patch that does not fit the snapshot it is applied to."""


def apply_patch(held: dict[str, Any], patch: Patch | dict[str, Any]) -> dict[str, Any]:
    """`held` with `patch` applied (a list of operations, or a delta message holding one in
    `patch`). `held` is changed in place and returned; PatchError if the patch does not fit."""
    ops = patch["patch"] if isinstance(patch, dict) else patch
    for op in ops:
        *parents, last = [_unescape(t) for t in op["path"].split("/")[1:]]
        target: Any = held
        try:
            for token in parents:
                target = target[int(token)] if type(target) is list else target[token]
            if op["op"] == "remove":
                del target[last]
            elif type(target) is list:
                if last == "-":
                    target.append(op["value"])
                elif op["op"] == "add":
                    target.insert(int(last), op["value"])
                else:
                    target[int(last)] = op["value"]
            elif op["op"] == "replace" and last not in target:
                raise PatchError(f"nothing to replace at {op['path']}")
            else:
                target[last] = op["value"]
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise PatchError(f"the patch does not fit at {op['path']}: {exc}") from None
    return held
