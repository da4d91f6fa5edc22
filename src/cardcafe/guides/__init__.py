"""Player guides: a short how-to-play page per game, in players' words.

One Markdown file per game (`<game-id>.md` beside this module) is the single source for the web
page `/guide/{game_id}` and the terminal's how-to-play screen. A card is named in a guide as
`{card:KEY}` (KEY: a card key of the game's catalogue) so each screen can draw it its own way:
the terminal shows the card's display name, the web page its picture and text.
"""

from __future__ import annotations

import re
from pathlib import Path

GUIDES_DIR = Path(__file__).parent
CARD_REF = re.compile(r"\{card:([A-Za-z0-9_.:+-]+)\}")  # "+": Monster Diner's MasterChefs


class NoGuide(LookupError):
    """The game has no player guide."""


def guide_source(game_id: str) -> str:
    """The guide's Markdown as written, card references `{card:KEY}` included."""
    if not game_id.replace("-", "").isalnum():
        raise NoGuide(f"no player guide for {game_id!r}")
    path = _guide_path(game_id)
    if not path.is_file():
        raise NoGuide(f"no player guide for {game_id!r}")
    return path.read_text(encoding="utf-8")


def _guide_path(game_id: str) -> Path:
    # A registered game says where its guide is (a plugin game keeps it in its own package).
    from cardcafe import games
    from cardcafe.engine import BadInput

    try:
        return games.get(game_id).guide_path
    except BadInput:
        return GUIDES_DIR / f"{game_id}.md"


def guide_text(game_id: str, card_name: dict[str, str] | None = None) -> str:
    """The guide as plain Markdown: each card reference replaced by the card's display name
    (`card_name`: catalogue key -> name; a key it lacks is shown as written in the guide)."""
    names = card_name or {}
    return CARD_REF.sub(lambda m: names.get(m.group(1), m.group(1)), guide_source(game_id))
