"""The browser side of online play: Jinja2 page shells and static CSS / ES-module JavaScript.

The server serves `STATIC_DIR` at `/static` and renders `lobby.html`, `table.html` and
`rules.html` from `TEMPLATES_DIR`. There is no build step: the files are shipped as they are.
The pages speak docs/protocol.md and nothing else.
"""

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
STATIC_DIR = WEB_DIR / "static"
TEMPLATES_DIR = WEB_DIR / "templates"

__all__ = ["STATIC_DIR", "TEMPLATES_DIR", "WEB_DIR"]
