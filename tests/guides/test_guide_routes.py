"""The guide pages: /guide/{game_id} for each game, a friendly 404, the index."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from urllib.parse import quote

import pytest

from cardcafe import games
from cardcafe.server.options import SERVER_DEFAULTS

GAME_IDS = ["coffee-break", "monster-diner", "monster-rejects", "monsters-coffee"]


class Page(HTMLParser):
    """What a test reads in a page: its title, links, card references and embedded cards."""

    def __init__(self, text: str):
        super().__init__()
        self.title = ""
        self.links: list[str] = []
        self.card_refs: list[str] = []
        self.glance: list[str] = []
        self.section_ids: list[str] = []
        self._in: str | None = None
        self.cards_json = ""
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("title", "script") and (tag == "title" or attrs.get("id") == "guide-cards"):
            self._in = tag
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if "card-ref" in (attrs.get("class") or "").split():
            self.card_refs.append(attrs["data-card"])
        if "glance-card" in (attrs.get("class") or "").split():
            self.glance.append(attrs["data-card"])
        if tag == "h2" and attrs.get("id"):
            self.section_ids.append(attrs["id"])

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in == "script":
            self.cards_json += data


def visible_text(html: str) -> str:
    body = re.sub(r"<script.*?</script>", "", html, flags=re.DOTALL)
    return re.sub(r"<[^>]+>", " ", body)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_page_for_each_game(client, game_id):
    response = client.get(f"/guide/{game_id}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = Page(response.text)
    title = games.get(game_id).title
    assert page.title == f"cardcafe · How to play {title}"
    assert f"<h1>{title}</h1>" in response.text.replace("&#39;", "'")
    assert "/" in page.links and f"/rules/{game_id}" in page.links
    for section in ("setup", "a-turn", "scoring", "the-end", "playing-on-cardcafe"):
        assert section in page.section_ids
        assert f"#{section}" in page.links


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_page_draws_its_cards_from_the_catalogue(client, game_id):
    page = Page(client.get(f"/guide/{game_id}").text)
    # The server's defaults for online tables name the cards (Monster Rejects: family names).
    catalogue = games.get(game_id).catalogue(**SERVER_DEFAULTS.get(game_id, {}))["cards"]
    cards = json.loads(page.cards_json)
    assert page.card_refs and set(page.card_refs) == set(cards)
    # (with no options, no card is left out of the deal: the guide of a game not set up yet)
    dealt = ("in_deck", "in_play")
    unmarked = {
        key: {k: v for k, v in entry.items() if k not in dealt} for key, entry in catalogue.items()
    }
    assert all(cards[key] == unmarked[key] for key in cards)
    assert page.glance and set(page.glance) <= set(cards)
    text = visible_text(client.get(f"/guide/{game_id}").text)
    assert "{card:" not in text and "_" not in text


def test_the_glance_shows_the_cards_of_this_game(client):
    """Monster's Coffee: the five families of the chosen Menu coffee, nothing else; before any
    game is set up (the lobby's link, no options), every family, none "not in this game"."""
    default = Page(client.get("/guide/monsters-coffee").text).glance
    newbie_families = ["rex", "cakosaurus", "skeeter", "snorkel", "bliblop"]
    others = ["grunge", "poopy", "snout", "skyzoclop", "kandhiii", "priss", "mummy"]
    assert set(newbie_families + others) <= set(default)
    assert "not in this game" not in client.get("/guide/monsters-coffee").text
    latte = quote(json.dumps({"menu": "latte-newbie"}))
    newbie = Page(client.get(f"/guide/monsters-coffee?options={latte}").text).glance
    assert newbie == newbie_families
    options = quote(json.dumps({"menu": "prissato"}))
    prissato = Page(client.get(f"/guide/monsters-coffee?options={options}").text).glance
    assert sorted(prissato) == sorted(["priss", "mummy", "skyzoclop", "snout", "skeeter"])


@pytest.mark.parametrize("names", ["original", "family"])
def test_options_choose_the_card_names(client, names):
    options = quote(json.dumps({"names": names}))
    response = client.get(f"/guide/monster-rejects?options={options}")
    assert response.status_code == 200
    catalogue = games.get("monster-rejects").catalogue(names=names)["cards"]
    other = games.get("monster-rejects").catalogue(
        names="family" if names == "original" else "original"
    )["cards"]
    text = visible_text(response.text)
    assert catalogue["hiroshima"]["name"] in text
    assert other["hiroshima"]["name"] not in text


@pytest.mark.parametrize(
    ("game_id", "status", "says"),
    [
        ("no-such-game", 404, "There is no game called “no-such-game” here."),
        ("coffee_break", 404, "There is no game called “coffee_break” here."),
    ],
)
def test_an_unknown_game_gets_a_friendly_page(client, game_id, status, says):
    response = client.get(f"/guide/{game_id}")
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert says in response.text
    page = Page(response.text)
    assert "/" in page.links
    assert [f"/guide/{g}" for g in GAME_IDS] == [a for a in page.links if a.startswith("/guide/")]


@pytest.mark.parametrize("options", ["not json", "[1, 2]", '{"names": "rude"}', '{"colour": 1}'])
def test_bad_options_get_one_clear_line(client, options):
    response = client.get(f"/guide/monster-rejects?options={quote(options)}")
    assert response.status_code == 400
    message = re.search(r'<p class="guide-missing">(.*?)</p>', response.text, re.DOTALL)
    assert message and "\n" not in message.group(1)
    assert message.group(1).startswith("These options do not work for Monster Rejects: ")
    assert "Traceback" not in response.text


def test_the_index_links_every_guide_and_its_rules(client):
    response = client.get("/guide")
    assert response.status_code == 200
    page = Page(response.text)
    for game_id in GAME_IDS:
        assert f"/guide/{game_id}" in page.links and f"/rules/{game_id}" in page.links
    assert "/" in page.links


def test_monster_rejects_glance_shows_the_four_realms_before_the_chaos_cards(client):
    """003: "the shuffled deck of Realm and Chaos cards": a newcomer sees a card of each
    realm first (the glance showed the Chaos cards alone, each the same picture)."""
    glance = Page(client.get("/guide/monster-rejects").text).glance
    realms = ["inferno-13", "nightmare-13", "undead-13", "mutant-13"]
    assert glance[:4] == realms and "hiroshima" in glance[4:]


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("monsters-coffee", {"menu": "prissato"}), ("coffee-break", {"direction": "left"})],
)
def test_a_tables_how_to_play_is_the_guide_under_its_options(client, game_id, options):
    """The table's "How to play" opened the guide with no options: a Prissato table's guide
    named Rex, not in its deal, as if it were (and once marked the default coffee's families
    instead). It names the table's options, and the guide marks what they leave out."""
    body = {"game": game_id, "players": 2, "options": options, "seats": ["human", "random"]}
    table = client.post("/api/tables", json=body).json()
    page = client.get(f"/table/{table['id']}").text
    (link,) = re.findall(r'id="rules-btn" href="([^"]+)"', page)
    guide = client.get(html.unescape(link))
    assert guide.status_code == 200
    if game_id == "monsters-coffee":
        glance = Page(guide.text).glance
        assert sorted(glance) == sorted(["priss", "mummy", "skyzoclop", "snout", "skeeter"])
