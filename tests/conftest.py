"""Fixtures every browser test shares: one Chromium per test session (Playwright's sync API
allows one running instance per process, so the web and guide tests must share it).

Debian's Chromium is required; without it these tests skip with the reason, except with
CI=true, where a missing browser fails the run.
"""

from __future__ import annotations

import pytest

from tests.web.harness import browser_missing_reason, in_ci, launch_chromium


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
