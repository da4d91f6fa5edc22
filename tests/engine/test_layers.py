"""The layers of docs/architecture.md import only what the table there allows: the kernel
nothing above it, a game only the kernel, the bots only the kernel, and so on up to the CLI.
Every import counts, those inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

import cardcafe

PACKAGE = Path(cardcafe.__file__).resolve().parent
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "high_tea" / "high_tea"

# layer -> the other layers of cardcafe it may import (docs/architecture.md, "The layers").
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "games": {"engine"},
    "bots": {"engine"},
    "guides": {"engine", "games"},
    "sim": {"engine", "games", "bots"},
    "rl": {"engine", "games", "bots"},
    "openspiel": {"engine", "games", "rl"},
    "tui": {"engine", "games", "bots", "guides"},
    "server": {"engine", "games", "bots", "guides", "web"},
    "cli": {"engine", "games", "bots", "sim", "tui", "server", "__version__"},
    "web": set(),  # the pages' static files and templates (its Python only says where they are)
    "__main__": {"cli"},
    "__init__": set(),
}


def imported_layers(source: str) -> set[str]:
    """The top-level parts of cardcafe (`cardcafe.X`, `from cardcafe import X`) `source`
    imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("cardcafe.")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            parts = node.module.split(".")
            if parts[0] == "cardcafe":
                found |= {parts[1]} if len(parts) > 1 else {a.name for a in node.names}
    return found


def layer_of(path: Path) -> str:
    first = path.relative_to(PACKAGE).parts[0]
    return first.removesuffix(".py")


def test_each_module_imports_only_the_layers_below_it():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = layer_of(path)
        assert layer in ALLOWED, f"{layer} is a new layer: add it to docs/architecture.md, here"
        beyond = imported_layers(path.read_text(encoding="utf-8")) - ALLOWED[layer] - {layer}
        if beyond:
            wrong.append(f"{path.relative_to(PACKAGE)} ({layer}) imports {sorted(beyond)}")
    assert not wrong, "\n".join(wrong)


def test_the_example_game_imports_only_the_kernel():
    for path in sorted(EXAMPLE.rglob("*.py")):
        assert imported_layers(path.read_text(encoding="utf-8")) <= {"engine"}, path.name


def test_the_check_sees_every_form_of_import():
    source = """
import cardcafe.server.app
from cardcafe.engine import Game
from cardcafe import games, bots
from . import words
def later():
    from cardcafe.tui.app import CardcafeApp
"""
    assert imported_layers(source) == {"server", "engine", "games", "bots", "tui"}
