"""Take the screenshots in docs/screenshots/: the lobby, and for every game a table mid-game and
the same game finished with its score breakdown (the summary, and the board behind it), at
desktop and phone size, through the real server and Debian's Chromium. A game with rounds also
gets its first round-end pause.

    .venv/bin/python tests/web/screenshots.py [OUT_DIR] [GAME_ID...]
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
# My moves before the mid-game shot: fewer where heuristic bots end the game quickly.
MOVES_BEFORE_SHOT = {"monster-diner": 11, "monster-rejects": 2}
DEFAULT_MOVES = 5
QUALITY = 85  # JPEG: a tenth of the PNG size, the cards still crisp


# A round end pauses the table, my move is open (a visible, enabled button), or the game is over.
READY = """() => !!document.querySelector('#round-dialog[open]')
    || document.getElementById('table-page').dataset.turn === 'over'
    || (document.getElementById('table-page').dataset.turn === 'mine'
        && [...document.querySelectorAll('#action-list button:not([disabled])')]
            .some(b => b.offsetParent !== null))"""


def shot(page, path: Path, full: bool = True) -> None:
    page.screenshot(path=str(path), quality=QUALITY, full_page=full)


def dismiss_round_end(page, out: Path | None = None, name: str = "") -> bool:
    """At a round end: shoot the pause once (when `out` is given), then "Next round"."""
    if not page.locator("#round-dialog[open]").count():
        return False
    if out is not None and not (out / f"{name}-round-end.jpg").exists():
        shot(page, out / f"{name}-round-end.jpg", full=False)
    page.click("#next-round")
    page.wait_for_selector("#round-dialog[open]", state="detached")
    return True


def settle(page, out: Path | None = None, name: str = "") -> str:
    """Wait until it is my move or the game is over, reading round ends on the way."""
    while True:
        page.wait_for_function(READY, timeout=60_000)
        if not dismiss_round_end(page, out, name):
            return page.get_attribute("#table-page", "data-turn")


def play_some(page, moves: int, out: Path | None = None, name: str = "") -> None:
    """Make `moves` of my moves by clicking the first legal action button (reading each round's
    breakdown on the way)."""
    for _ in range(moves):
        if settle(page, out, name) == "over":
            return
        version = page.get_attribute("#table-page", "data-version")
        page.click("#action-list button >> nth=0")
        page.wait_for_function(
            "v => document.getElementById('table-page').dataset.version !== v", arg=version
        )


def main(out: Path, only: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp)) as base,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        if not only:
            shoot_lobby(browser, base, out)
        for game in games.all():
            if not only or game.id in only:
                shoot_game(browser, base, game, out)
        browser.close()


def shoot_lobby(browser, base: str, out: Path) -> None:
    # A table in the room so the lobby list is not empty.
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
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=size, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{base}/")
        page.wait_for_selector(".game-tile")
        page.fill("#your-name", "Ann")
        page.wait_for_selector(".table-item")
        shot(page, out / f"lobby-{name}.jpg")
        context.close()


def shoot_game(browser, base: str, game, out: Path) -> None:
    """One game: a few moves in with a hint, then to the end, at desktop and phone size."""
    players = 3 if 3 in game.players else game.players.start
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
    # This game's first round end is shot anew (the one of an earlier run was kept for good).
    (out / f"{game.id}-round-end.jpg").unlink(missing_ok=True)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base}/table/{table['id']}?token={token}")
    play_some(page, MOVES_BEFORE_SHOT.get(game.id, DEFAULT_MOVES), out, game.id)
    if settle(page, out, game.id) == "mine":
        page.click("#hint-btn")
        page.wait_for_selector("#action-list .hinted", timeout=30000)
    shot(page, out / f"{game.id}-desktop.jpg")
    page.set_viewport_size(PHONE)
    shot(page, out / f"{game.id}-phone.jpg")
    shot(page, out / f"{game.id}-phone-fold.jpg", full=False)
    page.set_viewport_size(DESKTOP)
    while page.get_attribute("#table-page", "data-turn") != "over":
        play_some(page, 1, out, game.id)
    page.wait_for_selector("#summary-dialog[open]")
    shot(page, out / f"{game.id}-summary.jpg", full=False)
    page.set_viewport_size(PHONE)
    shot(page, out / f"{game.id}-summary-phone.jpg", full=False)
    page.click("#summary-dialog button:has-text('Look at the table')")
    shot(page, out / f"{game.id}-final-phone.jpg")
    page.set_viewport_size(DESKTOP)
    shot(page, out / f"{game.id}-final-desktop.jpg")
    context.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    target = Path(args.pop(0)) if args and "/" in args[0] else ROOT / "docs" / "screenshots"
    main(target, args)
