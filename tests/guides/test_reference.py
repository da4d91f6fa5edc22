"""The rules reference as a player reads it (guides/reference.py): the web page /rules/{game}
and the terminal's `r` show every rule with the rulebook's sentence, the decisions and the
assumed data, without the code that carries each rule, the file formats or the bots. The page
showed "cards.check_families, MonstersCoffee._setup" beside "Choose the 5 families of Monsters",
and the repository's paths, to players."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from cardcafe import games
from cardcafe.guides.reference import for_players
from cardcafe.server import create_app

GAMES = ["coffee-break", "monster-diner", "monster-rejects", "monsters-coffee"]
# What only a developer reads: the repository's paths, a code column, a section of the file
# formats, the bots or the presentation layer.
FOR_DEVELOPERS = re.compile(
    r"src/cardcafe|tests/games|shared/seeds|\| Code \||^#+ (Positions|Presentation|Heuristic "
    r"player|Bots|Scoring calculator|Actions)\b",
    re.M,
)


def quotes(text: str) -> set[str]:
    """The rulebook's sentences a page quotes (a code value or a button's words in quotes is
    shorter). Quote marks pair in order, so a short quote does not pair its closing mark with
    the next quote's opening one."""
    said = re.findall(r'"([^"]*)"', " ".join(text.split()))
    return {q for q in said if len(q) >= 25 and not re.search(r"[`|]", q)}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_reads_every_rule_without_the_code(game_id):
    full = games.get(game_id).rules_text()
    shown = for_players(full)
    assert FOR_DEVELOPERS.search(full), "the full page names its code (else this proves nothing)"
    assert not FOR_DEVELOPERS.search(shown), FOR_DEVELOPERS.search(shown)
    assert "developers" not in shown
    # Every quote of the rulebook is still there, and every decision.
    for_all = "".join(_outside_developer_passages(full))
    assert len(quotes(for_all)) > 20 and quotes(shown) == quotes(for_all)
    assert shown.count("**Decision") == for_all.count("**Decision") > 0


def _outside_developer_passages(text: str) -> list[str]:
    return re.split(r"<!-- developers -->.*?<!-- /developers -->", text, flags=re.S)


def test_a_code_column_goes_and_the_others_stay_whole():
    """And the quote column's head says whose words they are, not the seed's number."""
    text = (
        "## Setup\n| Rule | 000 says | Code |\n|---|---|---|\n"
        '| Deal | "Each player draws 10" | `state.deal(a | b)` |\n\n'
        "| Option | Default |\n|---|---|\n| `menu` | the Latte Newbie |\n"
    )
    assert for_players(text) == (
        '## Setup\n| Rule | The rulebook says |\n|---|---|\n| Deal | "Each player draws 10" |\n\n'
        "| Option | Default |\n|---|---|\n| `menu` | the Latte Newbie |\n"
    )


def test_the_rulebook_is_cited_by_name_not_by_its_seeds_number():
    # The pages read "003: ...", "003 (FAQ): ..." and "001's example" to players.
    text = (
        '- 003: "Each player draws". After it (003 FAQ: "Yes"). 003\n  (FAQ): "Combining".\n'
        '- The first recipe is 001\'s, as 001 says (001: "MasterChef").\n'
    )
    assert for_players(text) == (
        '- The rulebook: "Each player draws". After it (FAQ: "Yes"). FAQ: "Combining".\n'
        "- The first recipe is the rulebook's, as the rulebook says (the rulebook: "
        '"MasterChef").\n'
    )


def test_a_developer_passage_a_headings_file_and_the_title_go():
    text = (
        "# Game\nEvery rule.\n\n<!-- developers -->\nCode in `src/x`.\n<!-- /developers -->\n"
        "\n## Assumed data (`cards.toml`)\nThe data.\n"
    )
    assert for_players(text) == "Every rule.\n\n\n## Assumed data\nThe data.\n"


def test_the_rules_web_page_is_the_players(tmp_path):
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'r.db'}"))
    page = client.get("/rules/monsters-coffee").text
    assert "Choose the 5 families of Monsters" in page
    assert "cards.check_families" not in page and "src/cardcafe" not in page
    assert "<th>Code</th>" not in page


# What a player must never read on the rules page (the project's standard: no internal
# identifier, file name or 0-based seat reaches a player). The pages showed
# "`PickFront(owner, slot)`", "`scoring.cookie_bonus`", "`BadInput`", "`turn_limit=30`",
# "`shared/RESEARCH.md`" and "seat 0 is the first player".
ENGINE_WORDS = {
    "code": re.compile(r"`[^`\n]+`"),
    "file name": re.compile(r"\b[\w-]+\.(?:toml|md|py|json|txt)\b"),
    "path": re.compile(r"\b[A-Za-z_][\w.-]*/(?:[A-Za-z_][\w.-]*/)+|\b[a-z_][\w.-]*/(?=[\s),;:]|$)"),
    "snake_case": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a call": re.compile(r"\b[A-Za-z_]\w*\([\w ,=.\"']*\)"),
    "0-based seat": re.compile(r"\b(?:seats?|players?|order of play is)(?: [a-z]+){0,2} \(?0\b"),
    # The seed file's number, by which the page cites its rulebook ("003 (FAQ): ...").
    "seed's number": re.compile(r"\b00\d\b"),
}


@pytest.mark.parametrize("game", games.all(), ids=lambda game: game.id)
def test_a_player_reads_no_engine_word(game):
    shown = for_players(game.rules_text())
    found = {what: pattern.findall(shown) for what, pattern in ENGINE_WORDS.items()}
    assert not any(found.values()), {what: words for what, words in found.items() if words}


def test_the_engine_words_are_caught():
    for what, example in [
        ("code", "option `guest_to`"),
        ("file name", "see RESEARCH.md"),
        ("path", "code in src/cardcafe/games; text in words/ only"),
        ("snake_case", "the turn_limit"),
        ("a call", "PickFront(owner, slot) and scores()"),
        ("0-based seat", "seat 0 starts; seats from 0; the order of play is 0, 2, 1"),
        ("seed's number", '003 (FAQ): "Yes"'),
    ]:
        assert ENGINE_WORDS[what].search(example), what
    rules = '"(or a made up value/realm type)" pays 1/3/6/10 for a MasterChef; seat 1 has 0 cards'
    assert not any(pattern.search(rules) for pattern in ENGINE_WORDS.values())


@pytest.mark.parametrize("game", games.all(), ids=lambda game: game.id)
def test_every_option_is_told_by_its_name_on_the_start_screen(game):
    # The options' ids (`guest_to`, `cosby_takes="printed"`) are for developers; a player
    # reads each option under the label the lobby and the start screen give it.
    shown = " ".join(for_players(game.rules_text()).split())
    for option, words in game.option_texts().items():
        assert f'"{words["label"]}"' in shown, option
