"""Fixtures for the web tests: one real server per test session (the one Chromium is
tests/conftest.py's, shared with the guide tests)."""

from __future__ import annotations

import pytest

from .harness import running_server


@pytest.fixture(scope="session")
def server(tmp_path_factory, chromium):
    """The base URL of `cardcafe serve` over a temporary SQLite database (bots move at once)."""
    with running_server(tmp_path_factory.mktemp("cardcafe-web")) as base:
        yield base
