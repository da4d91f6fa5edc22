"""The game's end, once its summary is closed ("Look at the table"): the banner still offers
the way on, a rematch and the lobby, beside the replay. The playtest closed the summary to look
at the final board and found only "Watch the replay": no rematch, no lobby but the site's logo.
A conceded game (a bot finishes it at once) is the cheapest game's end."""

from __future__ import annotations

from .harness import DESKTOP, PHONE, http, seat_ann_against_bots
from .tablepage import record_page_errors


def test_the_game_over_banner_offers_a_rematch_and_the_lobby(chromium, server):
    table, token = seat_ann_against_bots(server, "monster-rejects", 2)
    http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
    page = chromium.new_page(viewport=DESKTOP)
    errors = record_page_errors(page)
    try:
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.click("#summary-dialog[open] button:has-text('Look at the table')")
        banner = page.locator("#banner-next")
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            assert banner.locator("button:has-text('Rematch')").is_visible()
            assert banner.locator("a:has-text('Back to the lobby')").get_attribute("href") == "/"
            assert banner.locator("button:has-text('Watch the replay')").is_visible()
        banner.locator("button:has-text('Rematch')").click()
        page.wait_for_url(lambda url: "/table/" in url and table["id"] not in url)
        page.wait_for_selector("#table-page[data-role='seat']")
        assert errors == []
    finally:
        page.close()
