"""docs/protocol.md names every close code the server ends a WebSocket with (issue 15: "a
clear error, WebSocket error then close"; a client reads the code to know what to do)."""

from __future__ import annotations

import re
from pathlib import Path

import cardcafe.server

SERVER = Path(cardcafe.server.__file__).parent
PROTOCOL = Path(__file__).parents[2] / "docs" / "protocol.md"


def test_every_close_code_the_server_sends_is_in_the_protocol():
    sent = {
        int(code)
        for path in SERVER.rglob("*.py")
        for code in re.findall(r"close\(code=(\d+)", path.read_text(encoding="utf-8"))
    }
    assert {1013, 4403, 4404, 4429} <= sent  # (the check sees them)
    text = PROTOCOL.read_text(encoding="utf-8")
    missing = sorted(code for code in sent if not re.search(rf"\bclose[^.]*\b{code}\b", text))
    assert not missing, f"docs/protocol.md does not say when a socket is closed {missing}"
