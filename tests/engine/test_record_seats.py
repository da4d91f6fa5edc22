"""A record may keep who sat where (the terminal saves it); replaying ignores it."""

from __future__ import annotations

import json

import pytest

from cardcafe import games
from cardcafe.engine import BadInput
from cardcafe.engine.record import Record


def test_a_record_keeps_its_seats_through_json():
    state = games.get("monster-diner").new(2, 5)
    state.apply(state.legal_actions()[0])
    base = state.record()
    kept = Record.from_json(
        json.dumps({**json.loads(base.to_json()), "seats": ["human", "ismcts"]})
    )
    assert kept.seats == ("human", "ismcts")
    assert Record.from_json(kept.to_json()) == kept
    assert base.seats is None and "seats" not in json.loads(base.to_json())


@pytest.mark.parametrize("seats", [["human"], "human,random", ["human", ""], ["human", 3]])
def test_seats_that_do_not_name_each_seat_are_refused_in_one_line(seats):
    state = games.get("monster-diner").new(2, 5)
    obj = {**json.loads(state.record().to_json()), "seats": seats}
    with pytest.raises(BadInput, match="seats"):
        Record.from_json(json.dumps(obj))
