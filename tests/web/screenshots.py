"""Take the screenshots in docs/screenshots/: the lobby and a Monster Diner table mid-game, at
desktop and phone size, through the real server and Debian's Chromium.

    .venv/bin/python tests/web/screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from cardcafe import games

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DESKTOP, PHONE, http, launch_chromium, running_server

ROOT = Path(__file__).resolve().parents[2]
MOVES_BEFORE_SHOT = 11
QUALITY = 85  # JPEG: a tenth of the PNG size, the cards still crisp


def shot(page, path: Path, full: bool = True) -> None:
    page.screenshot(path=str(path), quality=QUALITY, full_page=full)


def play_some(page, moves: int) -> None:
    """Make `moves` of my moves by clicking the first legal action button."""
    for _ in range(moves):
        page.wait_for_selector("#table-page[data-turn='mine'] #action-list button:not([disabled])")
        version = page.get_attribute("#table-page", "data-version")
        page.click("#action-list button >> nth=0")
        page.wait_for_function(
            "v => document.getElementById('table-page').dataset.version !== v", arg=version
        )


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp)) as base,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        # A few tables in the room so the lobby list is not empty.
        http(
            "POST",
            f"{base}/api/tables",
            {
                "game": "monster-diner",
                "players": 4,
                "options": {},
                "seats": ["human", "human", "heuristic", "random"],
                "turn_seconds": None,
            },
        )
        table = http(
            "POST",
            f"{base}/api/tables",
            {
                "game": "monster-diner",
                "players": 3,
                "options": {},
                "seats": ["human", "heuristic", "heuristic"],
                "turn_seconds": None,
            },
        )
        token = http("POST", f"{base}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})[
            "token"
        ]
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            context = browser.new_context(viewport=size, device_scale_factor=1)
            page = context.new_page()
            page.goto(f"{base}/")
            page.wait_for_selector(".game-tile")
            page.fill("#your-name", "Ann")
            page.wait_for_selector(".table-item")
            shot(page, out / f"lobby-{name}.jpg")
            context.close()
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(f"{base}/table/{table['id']}?token={token}")
        play_some(page, MOVES_BEFORE_SHOT)
        page.wait_for_selector("#table-page[data-turn='mine']")
        page.click("#hint-btn")
        page.wait_for_selector("#action-list .hinted", timeout=15000)
        shot(page, out / "monster-diner-desktop.jpg")
        page.set_viewport_size(PHONE)
        shot(page, out / "monster-diner-phone.jpg")
        shot(page, out / "monster-diner-phone-fold.jpg", full=False)
        page.set_viewport_size(DESKTOP)
        while page.get_attribute("#table-page", "data-turn") != "over":
            play_some(page, 1)
            page.wait_for_selector("#table-page:not([data-turn='theirs'])")
        page.wait_for_selector("#summary-dialog[open]")
        shot(page, out / "monster-diner-summary.jpg", full=False)
        context.close()
        for game in games.all():
            if game.id != "monster-diner":
                shoot_game(browser, base, game, out)
        browser.close()


def shoot_game(browser, base: str, game, out: Path) -> None:
    """Any other registered game, a few moves in, at desktop and phone size."""
    players = game.players.start
    table = http(
        "POST",
        f"{base}/api/tables",
        {
            "game": game.id,
            "players": players,
            "options": {},
            "seats": ["human"] + ["heuristic"] * (players - 1),
            "turn_seconds": None,
        },
    )
    token = http("POST", f"{base}/api/tables/{table['id']}/seats/0/claim", {"name": "Ann"})["token"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base}/table/{table['id']}?token={token}")
    for _ in range(6):
        page.wait_for_selector("#table-page:is([data-turn='mine'], [data-turn='over'])")
        if page.get_attribute("#table-page", "data-turn") == "over":
            break
        play_some(page, 1)
    page.wait_for_selector("#table-page:is([data-turn='mine'], [data-turn='over'])")
    shot(page, out / f"{game.id}-desktop.jpg")
    page.set_viewport_size(PHONE)
    shot(page, out / f"{game.id}-phone.jpg")
    context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
