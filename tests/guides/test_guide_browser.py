"""The guide pages in Debian's Chromium: readable on a phone (no sideways scrolling, no text under
12 px), every card drawn as its picture, a card's text one tap away. Also takes screenshots of a
guide (desktop and phone): into docs/screenshots/ with CARDCAFE_SCREENSHOTS=1, else a temporary
folder (so a test run leaves the repository as it was)."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import uvicorn

from cardcafe import games
from cardcafe.server import create_app
from cardcafe.server.options import SERVER_DEFAULTS
from tests.web.harness import DESKTOP, PHONE

GAME_IDS = ["coffee-break", "monster-diner", "monster-rejects", "monsters-coffee"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

# Every element with its own visible text, and its computed font size.
SMALL_TEXT = """() => [...document.querySelectorAll('body *')].filter(el => {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    return own && box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  }).map(el => [el.tagName + '.' + el.className, parseFloat(getComputedStyle(el).fontSize)])
    .filter(([, size]) => size < 12)"""
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(scope="module")
def browser(chromium):
    """This module's Chromium (tests/conftest.py: one per test module, shared with tests/web)."""
    return chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory, browser) -> Iterator[str]:
    """This checkout's app served in a thread (so the pages are the ones under test)."""
    db = tmp_path_factory.mktemp("guides") / "cardcafe.sqlite3"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(f"sqlite:///{db}"), port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def open_guide(browser, site: str, game_id: str, viewport: dict, query: str = ""):
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site}/guide/{game_id}{query}")
    page.wait_for_selector(".glance-card .card-face")
    assert errors == []
    return page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_reads_well_on_a_phone(browser, site, game_id):
    page = open_guide(browser, site, game_id, PHONE)
    assert page.evaluate(SIDEWAYS) <= 0
    assert page.evaluate(SMALL_TEXT) == []
    page.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_card_is_drawn_as_its_picture(browser, site, game_id):
    page = open_guide(browser, site, game_id, DESKTOP)
    refs = page.locator(".guide-body .card-ref")
    pictures = page.locator(".guide-body .card-ref .card-icon, .guide-body .card-item .card-face")
    assert refs.count() > 0 and pictures.count() == refs.count()
    glance = page.locator(".glance-card")
    assert glance.count() == page.locator(".glance-card .card-face .card-icon").count() > 0
    # The card faces carry the catalogue's names.
    faces = page.locator(".card-face").evaluate_all(
        "faces => faces.map(f => [f.dataset.card, f.getAttribute('aria-label')])"
    )
    cards = games.get(game_id).catalogue(**SERVER_DEFAULTS.get(game_id, {}))["cards"]
    assert faces and all(name == cards[key]["name"] for key, name in faces)
    page.close()


def test_a_tap_shows_the_cards_text(browser, site):
    page = open_guide(browser, site, "monster-diner", PHONE)
    page.locator(".guide-body .card-ref[role=button]").first.click()
    peek = page.locator(".card-peek")
    assert peek.is_visible()
    assert "Janitor" in peek.inner_text() or peek.locator(".card-face").count() == 1
    assert page.evaluate(SIDEWAYS) <= 0 and page.evaluate(SMALL_TEXT) == []
    page.keyboard.press("Escape")
    assert not peek.is_visible()
    page.close()


def test_cards_not_in_this_game_are_marked(browser, site):
    """Under a game's options (its Menu coffee) the families left out are marked; opened from
    the lobby, with none, no game is set up yet and none is (it marked the default coffee's)."""
    latte = quote(json.dumps({"menu": "latte-newbie"}))
    page = open_guide(browser, site, "monsters-coffee", DESKTOP, f"?options={latte}")
    marked = page.locator(".card-item.not-dealt .card-face").evaluate_all(
        "faces => faces.map(f => f.dataset.card)"
    )
    assert sorted(marked) == sorted(
        ["grunge", "poopy", "snout", "skyzoclop", "kandhiii", "priss", "mummy"]
    )
    page.close()
    page = open_guide(browser, site, "monsters-coffee", PHONE)
    assert page.locator(".not-dealt, .not-dealt-tag").count() == 0
    page.close()


def test_screenshots(browser, site, tmp_path):
    out = SCREENSHOTS if os.environ.get("CARDCAFE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_guide(browser, site, "monsters-coffee", viewport)
        path = out / f"guide-monsters-coffee-{name}.jpg"
        page.screenshot(path=str(path), quality=85, full_page=True)
        assert path.stat().st_size > 10_000
        page.close()
