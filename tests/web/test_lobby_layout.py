"""The lobby fits its screen: on a desktop (1366x900), a phone (390x844) and a small phone
(320x640), no element sticks out past its card and the page never scrolls sideways, in every
state of the create form (each game, every option shown, 2 to the most players, the other
seats bots, friends or open), in the links shared after creating a table, and in the table
list with ten seats and long player names."""

from __future__ import annotations

import pytest

from cardcafe import games

from .harness import DESKTOP, PHONE, http

SMALL_PHONE = {"width": 320, "height": 640}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE, "small-phone": SMALL_PHONE}
# game -> its player counts, 2 to the most
PLAYERS = {game.id: game.players for game in games.all()}
# What the other seats hold in turn: a bot, a friend's private seat, a seat open to anyone.
OTHER_SEATS = ["heuristic", "friend", "anyone"]
# The longest name the lobby's name field takes (maxlength 32), with no space to wrap at.
LONG_NAME = "Bartholomew_Montgomery_Smithers3"

# Every visible element of the card `selector` whose right edge passes the card's (half a
# pixel of rounding allowed), and the page's width against the window's.
OVERFLOW = """(selector) => {
  const card = document.querySelector(selector);
  const edge = card.getBoundingClientRect().right + 0.5;
  const out = [];
  for (const el of card.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.right > edge) {
      const cls = String(el.className).split(' ')[0];
      const name = el.id ? '#' + el.id : (cls ? '.' + cls : '');
      out.push(`${el.tagName.toLowerCase()}${name} by ${(box.right - edge + 0.5).toFixed(1)} px`);
    }
  }
  return {past: out, page: document.scrollingElement.scrollWidth, window: innerWidth};
}"""

# Set the player count (the seats are drawn again) and every seat after the first to `kind`.
SET_SEATS = """([players, kind]) => {
  const count = document.getElementById('player-count');
  count.value = String(players);
  count.dispatchEvent(new Event('change'));
  for (const seat of document.querySelectorAll('#seat-list select:not(#seat-0)')) seat.value = kind;
}"""


def overflow(page, selector: str) -> list[str]:
    """What sticks out of the card `selector`, and a sideways scroll if the page has one."""
    found = page.evaluate(OVERFLOW, selector)
    problems = [f"{selector}: {what}" for what in found["past"]]
    if found["page"] > found["window"]:
        problems.append(f"the page is {found['page']} px wide in a {found['window']} px window")
    return problems


@pytest.fixture(scope="module")
def crowded_table(server):
    """A ten-seat table waiting in the lobby: long names, an invited friend, a free seat, bots."""
    table = http(
        "POST",
        f"{server}/api/tables",
        {
            "game": "monster-rejects",
            "players": 10,
            "seats": ["human"] * 4 + ["heuristic"] * 6,
            "invite_only": [2],
        },
    )
    for seat, name in ((0, LONG_NAME), (1, "Anna Maria Magdalena Wilhelmina Kay")):
        http("POST", f"{server}/api/tables/{table['id']}/seats/{seat}/claim", {"name": name})
    return table["id"]


@pytest.fixture(params=VIEWPORTS, ids=list(VIEWPORTS))
def lobby(request, chromium, server):
    """The lobby in a fresh browser window of each size, its games loaded."""
    context = chromium.new_context(viewport=VIEWPORTS[request.param], reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{server}/")
    page.wait_for_selector(".game-tile")
    yield page
    context.close()


@pytest.mark.parametrize("game_id", PLAYERS)
def test_the_create_form_fits_its_card_in_every_state(lobby, game_id):
    lobby.click(f".game-tile[data-game='{game_id}']")
    # The chosen game says what a player does in it (a newcomer picks by more than a name).
    game = games.get(game_id)
    assert lobby.inner_text("#game-pitch") == f"{game.title}: {game.pitch}"
    for advanced in lobby.locator("#options-list details").all():
        advanced.evaluate("details => { details.open = true; }")
    problems = []
    for players in PLAYERS[game_id]:
        for kind in OTHER_SEATS:
            lobby.evaluate(SET_SEATS, [players, kind])
            assert lobby.locator("#seat-list select").count() == players
            problems += [f"{players} players, {kind}: {p}" for p in overflow(lobby, "#new-table")]
    assert not problems, "\n".join(problems[:20])


def test_the_links_to_share_fit_their_card(lobby):
    lobby.click(".game-tile[data-game='monster-rejects']")
    lobby.fill("#your-name", LONG_NAME)
    lobby.evaluate(SET_SEATS, [4, "friend"])
    lobby.select_option("#seat-3", "anyone")
    lobby.click("#create-table")
    lobby.wait_for_selector("#share .share-mine")
    problems = overflow(lobby, "#new-table")
    assert not problems, "\n".join(problems)


def test_the_table_list_fits_its_card(lobby, crowded_table):
    row = lobby.locator(f".table-item[data-table='{crowded_table}']")
    row.wait_for()
    assert LONG_NAME in row.inner_text()
    problems = overflow(lobby, "#open-tables")
    assert not problems, "\n".join(problems)
