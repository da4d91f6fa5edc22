"""The Coffee Break board in the terminal: what a player reads beside the points and piles."""

from __future__ import annotations

from rich.console import Console

from cardcafe.tui.render.coffee_break import render

from ..games.coffee_break.helpers import position


def test_coffee_break_says_why_a_seat_has_its_points_and_what_the_used_pile_is():
    # 002: "3 points for each Café Latte (Including Ice Café Latte) order card ... the points will
    # be doubled when there are more than 2 same orders" (at least 2, the default reading). The
    # line per player names each coffee taken, how many and whether it doubles; the used pile
    # names its top card and its size (it said "Hot water on 1 more").
    names = ["Ann", "Bob"]
    state = position(
        taken=[["cafe-latte", "iced-cafe-latte", "americano"], ["iced-americano"]],
        used=["milk", "water"],
    )
    console = Console(width=120, record=True, color_system=None)
    console.print(render(state.view(0, names), names, state.catalogue))
    board = " ".join(console.export_text().split())  # (chips pad their names)
    assert state.scores() == [14, 2]
    assert "Ann 14 points · 0 cards · taken Café Latte ×2 (doubled), Americano" in board
    assert "Bob 2 points · 0 cards · taken Iced Americano" in board
    assert "used: Hot water on top, 2 cards" in board


def test_a_place_left_empty_reads_vacant_as_the_rulebook_says():
    # 002: "not to disclose a new order card at the place of the order card (Vacant) completed
    # in his/her turn". The board said "no order", which reads as if there were none to come.
    names = ["Ann", "Bob"]
    state = position(slots=("espresso", None, "cafe-latte", "cappuccino"))
    console = Console(width=120, record=True, color_system=None)
    console.print(render(state.view(0, names), names, state.catalogue))
    board = console.export_text()
    assert "2. vacant" in board and "no order" not in board
