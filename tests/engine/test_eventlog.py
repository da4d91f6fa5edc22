"""The packed event log gives back exactly the events logged (engine/eventlog.py)."""

from __future__ import annotations

import pickle

import pytest

from cardcafe.engine import Event
from cardcafe.engine.eventlog import EventLog

EVENTS = [
    Event("start", None, None, {"players": 3, "deck": 90}),
    Event("deal", 1, frozenset({1}), {"cards": ["rex", "skeeter"], "short": 2}),
    Event("deal", 1, None, {"count": 2}, frozenset({1})),
    Event("flag", 0, None, {"yes": True, "one": 1, "half": 0.5, "real": 1.0, "none": None}),
    Event("flag", 0, None, {"yes": 1.0, "one": True, "half": 0.5, "real": 1, "none": None}),
    Event("nested", 2, None, {"rows": [[1, True], (2, "a")], "map": {"b": [1], "a": False}}),
    Event("pass", 2),
]


def test_every_event_comes_back_equal_and_of_the_same_types():
    log = EventLog(EVENTS)
    assert list(log) == EVENTS
    flag, swapped = log[3].data, log[4].data
    assert [type(v) for v in flag.values()] == [bool, int, float, float, type(None)]
    assert [type(v) for v in swapped.values()] == [float, bool, float, int, type(None)]
    nested = log[5].data
    assert nested == EVENTS[5].data
    assert type(nested["rows"][0]) is list and type(nested["rows"][1]) is tuple
    assert type(nested["rows"][0][1]) is bool and list(nested["map"]) == ["b", "a"]


def test_indexing_slicing_and_length_read_as_a_list():
    log = EventLog(EVENTS)
    assert len(log) == len(EVENTS)
    assert log[-1] == EVENTS[-1] and log[1:3] == EVENTS[1:3] and log[::-2] == EVENTS[::-2]
    with pytest.raises(IndexError):
        log[len(EVENTS)]


def test_a_reader_that_changes_an_event_changes_nothing_in_the_log():
    log = EventLog(EVENTS)
    log[1].data["cards"].append("poopy")
    assert log[1].data["cards"] == ["rex", "skeeter"]


def test_a_copy_grows_on_its_own():
    log = EventLog(EVENTS[:2])
    copy = log.copy()
    copy.tail.append(EVENTS[2])
    copy += EVENTS[3:5]
    assert list(log) == EVENTS[:2] and list(copy) == EVENTS[:5]


def test_what_a_seat_may_see_is_filtered_by_the_events_own_visibility():
    log = EventLog(EVENTS)
    for seat in (None, 0, 1, 2):
        assert list(log.seen_by(seat)) == [e for e in EVENTS if e.visible(seat)]
    both = [e for e in EVENTS if e.visible(0) or e.visible(None)]
    assert list(log.seen_by(0, also_public=True)) == both
    assert list(EventLog().seen_by(0)) == []


def test_the_same_event_object_logged_again_reads_the_same():
    log = EventLog()
    for _ in range(3):
        log.tail.append(EVENTS[1])
    log.log("deal", 1, frozenset({1}), {"cards": ["rex", "skeeter"], "short": 2})
    assert list(log) == [EVENTS[1]] * 4


def test_a_log_pickles_as_its_events():
    log = EventLog(EVENTS)
    assert list(pickle.loads(pickle.dumps(log))) == EVENTS
