"""A game's rules reference as a player reads it.

The rules page (`Game.rules_text()`, e.g. `cardcafe/rules/monster-diner.md`) is one document for
two readers: every rule with the rulebook's sentence, the decisions where the rulebook is silent,
the assumed data (for players and developers alike), and where each rule lives in the code, the
file formats and the bots (for developers only). The web page `/rules/{game}` and the terminal's
`r` show a player the first part: a table's "Code" column is left out, and so is every passage
between the markers

    <!-- developers -->
    ...
    <!-- /developers -->

(invisible where Markdown is rendered whole: in docs/, on GitHub, in `cardcafe rules`): the
code's paths, the options' ids (the lobby and the start screen word the options), the file
formats, the bots. A heading's code in brackets ("Assumed data (`cards.toml`)") goes too, and
the page's title (each screen shows the game's title its own way); the rulebook, cited by its
seed's number ("003: ...", "001 says"), is "The rulebook" (and "FAQ" for the publisher's FAQ).
"""

from __future__ import annotations

import re

_FOR_DEVELOPERS = re.compile(r"^<!-- developers -->\n.*?^<!-- /developers -->\n?", re.M | re.S)
_CODE_IN_HEADING = re.compile(r"^(#+ .*?) \(`[^`]*`\)$", re.M)
_TITLE = re.compile(r"\A# [^\n]*\n+")
_CODE_COLUMN = "Code"
# A quote column's head names the rulebook by its seed's number ("001 says"), which the page
# defines for its citations; a player's table just says whose words they are.
_QUOTE_HEAD = re.compile(r"^(\s*)\d{3} says(\s*)$")
_QUOTE_HEAD_FOR_PLAYERS = r"\1The rulebook says\2"
# The running text cites the rulebook by its seed's number too ("003: ...", "003 (FAQ): ...",
# "001's example"): a player reads whose words they are. In order: the FAQ's answers first.
_CITATIONS = [
    (re.compile(r"\b00\d\s+\(FAQ\)"), "FAQ"),
    (re.compile(r"\b00\d\s+FAQ\b"), "FAQ"),
    (re.compile(r"\b00\d's\b"), "the rulebook's"),
    (re.compile(r"\b00\d says\b"), "the rulebook says"),
    (re.compile(r"\(00\d:"), "(the rulebook:"),
    (re.compile(r"\b00\d:"), "The rulebook:"),
]


def for_players(text: str) -> str:
    """The rules page `text` without what only a developer needs (see the module's text)."""
    text = _TITLE.sub("", _FOR_DEVELOPERS.sub("", text), count=1)
    text = _CODE_IN_HEADING.sub(r"\1", text)
    lines = text.split("\n")
    out: list[str] = []
    drop: set[int] = set()  # the columns left out of the table being read
    for line in lines:
        if not line.startswith("|"):
            drop = set()
            out.append(line)
            continue
        cells = _cells(line)
        if not out or not out[-1].startswith("|"):  # a table's header
            drop = {i for i, cell in enumerate(cells) if cell.strip() == _CODE_COLUMN}
            cells = [_QUOTE_HEAD.sub(_QUOTE_HEAD_FOR_PLAYERS, cell) for cell in cells]
            line = "|" + "|".join(cells) + "|"
        if drop:
            line = "|" + "|".join(c for i, c in enumerate(cells) if i not in drop) + "|"
        out.append(line)
    text = "\n".join(out)
    for citation, words in _CITATIONS:
        text = citation.sub(words, text)
    return text


def _cells(row: str) -> list[str]:
    """A table row's cells, as written (a "|" inside a code span or escaped is no border)."""
    cells, cell, in_code, escaped = [], "", False, False
    for char in row.strip()[1:-1]:
        if char == "|" and not in_code and not escaped:
            cells.append(cell)
            cell = ""
            continue
        if char == "`" and not escaped:
            in_code = not in_code
        escaped = char == "\\" and not escaped
        cell += char
    cells.append(cell)
    return cells
