"""Fixtures for the browser tests: one real server per test session. Chromium (`chromium`) is
tests/conftest.py's, shared with the guide tests: one per test module.

Debian's Chromium is required; without it these tests skip with the reason, except with
CI=true, where a missing browser fails the run (docs/web.md, "Tests and screenshots").
"""

from __future__ import annotations

import pytest

from .harness import running_server


@pytest.fixture(scope="session")
def server(tmp_path_factory, browser_available):
    """The base URL of `cardcafe serve` over a temporary SQLite database (bots move at once; a
    new table's request may name the seed of its deal, for tests that need a given deal)."""
    with running_server(tmp_path_factory.mktemp("cardcafe-web"), 0.0, "--allow-seed") as base:
        yield base
