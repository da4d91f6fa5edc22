"""Monster Rejects in the browser: the table says which turn is being played and how many the
game lasts (our turn limit, the rules page: after it the fewest cards in hand win), counting the
turn under way: Ann's first turn is turn 1 when she goes first, turn 2 after the bot's."""

from __future__ import annotations

import random
import re

import pytest

from .boards import open_table, seeds_where
from .harness import DESKTOP
from .tablepage import MOVE_OR_ROUND_END, TURN_TIMEOUT_MS, dataset, make_move

TURN = re.compile(r"Turn (\d+) of 60: then the fewest cards in hand win\.")


def turn_shown(page) -> int:
    found = TURN.search(page.inner_text("#board"))
    assert found, "the board names the turn and the limit"
    return int(found.group(1))


def a_deal_where(first_seat: int) -> int:
    """The first seed whose 2-player deal gives the first turn to `first_seat`."""
    return seeds_where("monster-rejects", 2, lambda s: s.current_player == first_seat)[0]


@pytest.mark.parametrize("went_first", [True, False], ids=["Ann first", "the bot first"])
def test_the_board_counts_the_turn_under_way_against_the_limit(chromium, server, went_first):
    page, _ = open_table(
        chromium,
        server,
        "monster-rejects",
        2,
        viewport=DESKTOP,
        options={"turn_limit": 60},
        seed=a_deal_where(0 if went_first else 1),
    )
    page.wait_for_function(MOVE_OR_ROUND_END, timeout=TURN_TIMEOUT_MS)
    first = turn_shown(page)
    assert first == (1 if went_first else 2)
    # Ann plays her turn out (moves from the list); the bot's turn follows, then hers again.
    rng = random.Random(3)
    while dataset(page)["turn"] == "mine" and turn_shown(page) == first:
        make_move(page, rng, on_board=False)
    page.wait_for_function(MOVE_OR_ROUND_END, timeout=TURN_TIMEOUT_MS)
    if dataset(page)["turn"] == "mine":
        # Her turn, then the bot's; answering the bot's Illusionist comes before her own turn.
        answering = "Call the bluff" in page.inner_text("#action-list")
        assert turn_shown(page) == first + (1 if answering else 2)
    page.close()
