"""Fixtures for the guide tests: the app on a throwaway database, over HTTP in-process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardcafe.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'cardcafe.sqlite3'}")) as c:
        yield c
