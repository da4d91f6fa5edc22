"""The example game of docs/adding-a-game.md, registered the way a game under development is:
its package on the path and its module named in CARDCAFE_GAMES (no edit to cardcafe)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardcafe import games

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "high_tea"


@pytest.fixture
def high_tea(monkeypatch):
    """The High Tea game, registered for the test (and forgotten after it)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setenv(games.ENVIRONMENT_VARIABLE, "high_tea")
    games.reload()
    yield games.get("high-tea")
    sys.modules.pop("high_tea", None)
    monkeypatch.undo()
    games.reload()


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium for one module, as tests/guides has it (skipped without it, except in
    CI). Closed at the module's end: Playwright's sync API keeps an event loop marked running
    while it lives, which would break the asyncio tests (terminal, server) after it."""
    from tests.web.harness import browser_missing_reason, in_ci, launch_chromium

    reason = browser_missing_reason()
    if reason:
        if in_ci():
            pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()
