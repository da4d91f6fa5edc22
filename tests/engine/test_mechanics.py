import random

import pytest

from cardcafe.engine.mechanics import (
    best_by,
    draw,
    draw_reshuffling,
    next_seat,
    resample_into,
    unique_leader,
)


def test_next_seat_wraps_both_ways():
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert next_seat(0, 4, -1) == 3


def test_draw_takes_from_the_top_and_stops_when_empty():
    pile = [1, 2, 3, 4, 5]
    assert draw(pile, 2) == [5, 4] and pile == [1, 2, 3]
    assert draw(pile, 7) == [3, 2, 1] and pile == []


def test_draw_reshuffles_the_discard_only_when_needed():
    pile, discard = [1], [7, 8, 9]
    taken = draw_reshuffling(pile, discard, 3, random.Random(1))
    assert taken[0] == 1 and sorted(taken[1:] + pile) == [7, 8, 9] and discard == []
    assert draw_reshuffling([], [], 2, random.Random(1)) == []


def test_unique_leader_and_favoured_tie_break():
    assert unique_leader([1, 5, 2]) == 1
    assert unique_leader([5, 5, 2]) is None
    assert unique_leader([5, 5, 2], favoured=1) == 1
    assert unique_leader([5, 5, 2], favoured=2) is None


def test_best_by_keeps_full_ties():
    assert best_by([(3, 1), (3, 2), (1, 9)]) == [1]
    assert best_by([(3, 1), (3, 1)]) == [0, 1]


def test_resample_into_keeps_sizes_and_contents():
    a, b = [1, 2, 3], [4, 5]
    resample_into([a, b], random.Random(3))
    assert len(a) == 3 and len(b) == 2 and sorted(a + b) == [1, 2, 3, 4, 5]


def test_card_data_is_parsed_once_per_content_and_errors_name_the_file(tmp_path):
    from cardcafe.engine import BadInput
    from cardcafe.engine.data import load_toml

    calls = []

    def validate(data):
        calls.append(data)
        if "bad" in data:
            raise BadInput("[bad] is not allowed")
        return dict(data)

    path = tmp_path / "set.toml"
    path.write_text("a = 1\n")
    assert load_toml(path, path, validate) == {"a": 1}
    assert load_toml(None, path, validate) == {"a": 1}
    assert len(calls) == 1  # the second load came from the cache
    path.write_text("bad = 1\n")
    with pytest.raises(BadInput, match=r"card set .*set.toml: \[bad\] is not allowed"):
        load_toml(path, path, validate)
    path.write_text("a = \n")
    with pytest.raises(BadInput, match="is not valid TOML"):
        load_toml(path, path, validate)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(BadInput, match="not UTF-8"):
        load_toml(path, path, validate)
    with pytest.raises(BadInput, match="cannot read card set"):
        load_toml(tmp_path / "missing.toml", path, validate)
