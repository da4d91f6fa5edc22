"""What the rules tests of every game ask of a refusal."""

from __future__ import annotations

import pytest

from cardcafe.engine import IllegalMove


def refusal(state, action) -> str:
    """The reason `state` gives for refusing `action`, checking the refusal changed nothing."""
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:
        state.apply(action)
    assert state == before
    return str(refused.value)
