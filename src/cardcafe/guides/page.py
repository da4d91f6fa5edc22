"""A player guide as a web page: its Markdown rendered to HTML, each card reference a marked
element the page's script draws as the card's picture, and the few cards worth a glance first.

The HTML reads well without the script: a reference is the card's name (its effect as the
tooltip), the glance strip a list of names.
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt

from . import CARD_REF, guide_source

_markdown = MarkdownIt("commonmark")
# The cards that start an item of a list ("- {card:a} and {card:b}: ..."): the guide's key cards
# (powers, special cards, scoring rules).
_LISTED_CARDS = re.compile(r"^\s*[-*] ((?:\{card:[^}]+\}(?:,| and)? ?)+)", re.MULTILINE)
_TITLE = re.compile(r"\A\s*# [^\n]*\n")


@dataclass(frozen=True)
class GuidePage:
    body_html: str  # the guide below its title
    sections: list[tuple[str, str]]  # (anchor, heading) of each section, in order
    glance: list[str]  # the key cards of this game, in the guide's order
    cards: dict[str, dict[str, Any]]  # catalogue entry of every card the guide names


def guide_page(game_id: str, catalogue: dict[str, Any]) -> GuidePage:
    """The guide of `game_id` with its cards named and described by `catalogue` (the game's,
    under the options the reader plays with). Raises NoGuide if the game has none."""
    known = catalogue.get("cards", {})
    source = _TITLE.sub("", guide_source(game_id), count=1)
    named = [key for key in CARD_REF.findall(source) if key in known]
    env: dict[str, Any] = {}
    tokens = _markdown.parse(CARD_REF.sub(lambda m: _card_ref(m.group(1), known), source), env)
    sections = _anchor_sections(tokens)
    listed = [key for lead in _LISTED_CARDS.findall(source) for key in CARD_REF.findall(lead)]
    glance = [key for key in dict.fromkeys(listed) if _in_game(known, key)]
    return GuidePage(
        body_html=_markdown.renderer.render(tokens, _markdown.options, env),
        sections=sections,
        glance=glance,
        cards={key: known[key] for key in dict.fromkeys(named)},
    )


def _card_ref(key: str, known: dict[str, Any]) -> str:
    """A reference as inline HTML: the card's name, marked for the script to draw."""
    card = known.get(key)
    if card is None:  # a typo in a guide (the tests catch it): shown as written
        return html.escape(key)
    return (
        f'<span class="card-ref" data-card="{html.escape(key)}" '
        f'title="{html.escape(card.get("text", ""))}">{html.escape(card["name"])}</span>'
    )


def _anchor_sections(tokens: list[Any]) -> list[tuple[str, str]]:
    """Give each second-level heading an id to link to; return (id, heading) in order."""
    sections = []
    for opening, inline in itertools.pairwise(tokens):
        if opening.type == "heading_open" and opening.tag == "h2":
            heading = inline.content
            anchor = re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")
            opening.attrSet("id", anchor)
            sections.append((anchor, heading))
    return sections


def _in_game(known: dict[str, Any], key: str) -> bool:
    """Whether a card is dealt in this game, as the catalogue says (a Battle Pack item left
    out, a monster family not on the Menu coffee: not)."""
    card = known.get(key)
    return card is not None and card.get("in_deck", True) and card.get("in_play", True)
