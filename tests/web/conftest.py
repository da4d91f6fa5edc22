"""Fixtures for the browser tests: one real server and one Chromium per test session.

Debian's Chromium is required; without it these tests skip with the reason, except with
CI=true, where a missing browser fails the run (docs/web.md, "Tests and screenshots").
"""

from __future__ import annotations

import pytest

from .harness import browser_missing_reason, in_ci, launch_chromium, running_server


@pytest.fixture(scope="session")
def chromium():
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


@pytest.fixture(scope="session")
def server(tmp_path_factory, chromium):
    """The base URL of `cardcafe serve` over a temporary SQLite database (bots move at once)."""
    with running_server(tmp_path_factory.mktemp("cardcafe-web")) as base:
        yield base
