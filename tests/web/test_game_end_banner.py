"""The game's end, once its summary is closed ("Look at the table"): the banner still offers
the way on, a rematch and the lobby, beside the replay. The playtest closed the summary to look
at the final board and found only "Watch the replay": no rematch, no lobby but the site's logo.
A conceded game (a bot finishes it at once) is the cheapest game's end."""

from __future__ import annotations

from .harness import DESKTOP, PHONE, http, seat_ann_against_bots
from .tablepage import record_page_errors


def conceded_and_looked_at(chromium, server, game: str, players: int, viewport):
    """Ann's page at a table she conceded (a bot finished it at once), its summary closed to look
    at the final table: (page, table, the page's JavaScript errors)."""
    table, token = seat_ann_against_bots(server, game, players)
    http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
    page = chromium.new_page(viewport=viewport)
    errors = record_page_errors(page)
    page.goto(f"{server}/table/{table['id']}?token={token}")
    page.click("#summary-dialog[open] button:has-text('Look at the table')")
    return page, table, errors


def rematch_by(page, table, button) -> None:
    """Click `button` (a Rematch): Ann is taken to her seat at a new table."""
    button.click()
    page.wait_for_url(lambda url: "/table/" in url and table["id"] not in url)
    page.wait_for_selector("#table-page[data-role='seat']")


def test_the_game_over_banner_offers_a_rematch_and_the_lobby(chromium, server):
    page, table, errors = conceded_and_looked_at(chromium, server, "monster-rejects", 2, DESKTOP)
    try:
        banner = page.locator("#banner-next")
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            assert banner.locator("button:has-text('Rematch')").is_visible()
            assert banner.locator("a:has-text('Back to the lobby')").get_attribute("href") == "/"
            assert banner.locator("button:has-text('Watch the replay')").is_visible()
        rematch_by(page, table, banner.locator("button:has-text('Rematch')"))
        assert errors == []
    finally:
        page.close()


# The ways on a player can tap where the page is scrolled: each one's label, for those wholly on
# the screen and on top there (a tap at its centre hits it).
WAYS_IN_SIGHT = """() => [...document.querySelectorAll('#table-page a, #table-page button')]
    .filter((b) => {
        const r = b.getBoundingClientRect();
        if (!r.width || r.top < 0 || r.bottom > innerHeight) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && b.contains(hit);
    })
    .map((b) => b.textContent.trim())"""


def test_at_the_foot_of_a_finished_table_on_a_phone_the_ways_on_are_in_sight(chromium, server):
    """The summary closed, a player on a phone reads the final table down to its foot: the
    rematch and the lobby were only in the banner, a long scroll back up. The move bar, at the
    screen's foot while the game was played, offers them there; on a desktop the banner beside
    the table holds them (one screen), and the bar stays away."""
    page, table, errors = conceded_and_looked_at(chromium, server, "coffee-break", 3, PHONE)
    try:
        for scroll in ("document.body.scrollHeight / 2", "document.body.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            ways = page.evaluate(WAYS_IN_SIGHT)
            for way in ("Rematch", "Watch the replay", "Back to the lobby"):
                assert way in ways, f"scrolled to {scroll}: {way!r} is not in sight: {ways}"
        page.set_viewport_size(DESKTOP)
        assert page.locator("#end-next").is_hidden()
        assert page.locator("#banner-next button:has-text('Rematch')").is_visible()
        page.set_viewport_size(PHONE)
        rematch_by(page, table, page.locator("#end-next button:has-text('Rematch')"))
        assert errors == []
    finally:
        page.close()
