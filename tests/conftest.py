"""Fixtures every browser test shares (tests/web and tests/guides): Debian's Chromium through
Playwright, one per test module.

Why per module and not per session: while a sync Playwright is started, its asyncio event loop
counts as running in this thread, so any other asyncio code in the same process fails: the
terminal app's pytest-asyncio tests ("Cannot run the event loop while another loop is running")
and a second sync Playwright ("using Playwright Sync API inside the asyncio loop"). pytest tears
a module-scoped fixture down as soon as the next test of this process (the next one xdist hands
this worker) belongs to another module, so no other test ever runs beside an open Playwright,
whatever the order. But a module's Chromium is handed on, still open, when that next test is a
browser test too (the browser tests mostly come one module after another): starting Chromium
costs about two seconds, and there are some thirty browser modules.

Without Chromium (or the playwright package) the browser tests skip with the reason, except
with CI=true, where a missing browser fails the run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.harness import browser_missing_reason, in_ci, launch_chromium


@pytest.fixture(scope="session")
def browser_available() -> None:
    """Skip the test (fail it under CI=true) when the browser tests cannot run here."""
    reason = browser_missing_reason()
    if reason:
        if in_ci():
            pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")


# The open Playwright and its Chromium, handed from one browser module to the next; and the test
# that comes after the one being torn down (pytest knows it only in the teardown hook).
_open: dict[str, Any] = {}
_next_test: list[pytest.Item | None] = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    _next_test[0] = nextitem


@pytest.fixture(scope="module")
def chromium(browser_available: None) -> Iterator[Any]:
    """Debian's Chromium for this test module's tests: closed before any test that is not a
    browser test, handed on to the next module's when that is one."""
    from playwright.sync_api import sync_playwright

    if not _open:
        _open["playwright"] = sync_playwright().start()
        _open["browser"] = launch_chromium(_open["playwright"])
    yield _open["browser"]
    after = _next_test[0]
    if after is None or "chromium" not in after.fixturenames:
        _open.pop("browser").close()
        _open.pop("playwright").stop()
