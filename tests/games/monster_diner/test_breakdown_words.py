"""Monster Diner's breakdown in players' words: what a Critic and Precept pair did is said on
the line of the cards it made or removed (a line of its own, "Critic and Precept pair: became a
Pizza Maker · 0", read as a pair worth nothing), and the running scores say why during play.
Rulebook: seed 001_7d28313ed1460a2d.txt ("001")."""

from __future__ import annotations

from collections import Counter

from cardcafe.games.monster_diner.actions import Place

from .helpers import position

PAIR = ["restaurant-critic", "precept"]


def final(diner: list[str]):
    """The final breakdown of seat 0 with `diner`: the last card (a Janitor) goes on seat 1's
    mat and ends the game."""
    s = position(players=2, diners=[[*diner], []], held="janitor", leftover_to=1)
    s.apply(Place(1))
    assert s.is_over
    title, parts = s.breakdown()
    assert title == "Final scores" and s.view(0)["breakdown"] == parts
    return parts[0], s.scores()[0]


def test_a_pair_that_became_a_card_is_said_on_that_cards_line():
    # 001: "Restaurant Critic and Precept is a combo. If you have these two cards then at the end
    # of the game they can become any other card ... For example, they can turn into MasterChef
    # or Pizza Maker and bring you more points." "Every four cards of Pizza Maker bring 12".
    parts, score = final([*PAIR, "pizza-maker", "pizza-maker", "pizza-maker"])
    assert parts == [
        {"label": "4 Pizza Makers (1 made by the Critic and Precept pair)", "points": 12}
    ]
    assert score == 12 == sum(p["points"] for p in parts)


def test_a_pair_that_removed_a_card_is_said_on_that_cards_line():
    # 001: "... or remove any card you don't need." "One or two Bartender cards bring 10
    # points, three — 0 points".
    parts, score = final([*PAIR, "bartender", "bartender", "bartender"])
    assert parts == [
        {"label": "2 Bartenders (1 removed by the Critic and Precept pair)", "points": 10}
    ]
    assert score == 10


def test_no_line_reads_as_a_pair_worth_nothing():
    parts, score = final([*PAIR, "pizza-maker", "pizza-maker", "pizza-maker", "janitor"])
    assert sum(p["points"] for p in parts) == score
    for part in parts:
        assert not part["label"].startswith("Critic and Precept"), part


def test_the_running_scores_say_why_during_play():
    # 001: "Each Janitor card brings 1 point", "One or two Bartender cards bring 10 points".
    s = position(
        players=3,
        diners=[["janitor", "janitor", "bartender"], [*PAIR, "pizza-maker"], []],
        deck=["florist", "florist"],
    )
    view = s.view(2)
    assert view["scores_so_far_title"] == "Scores so far"
    mine, theirs, none = view["scores_so_far"]
    assert mine == [
        {"label": "2 Janitors", "points": 2},
        {"label": "1 Bartender", "points": 10},
    ]
    # The same words as the final breakdown, the pair's use included, and every seat's parts
    # add up to its running score.
    assert any("made by the Critic and Precept pair" in p["label"] for p in theirs), theirs
    assert none == []
    for parts, score in zip(view["scores_so_far"], view["scores"], strict=True):
        assert sum(p["points"] for p in parts) == score
    # Everyone and a spectator see the same (a diner is public), and nothing is a round end.
    assert s.view(None)["scores_so_far"] == s.view(0)["scores_so_far"] == view["scores_so_far"]
    assert "breakdown" not in view


def test_at_the_end_the_final_breakdown_says_it_alone():
    s = position(players=2, diners=[["janitor"], []], held="janitor", leftover_to=1)
    s.apply(Place(0))
    view = s.view(0)
    assert s.is_over and view["scores_so_far"] is None and view["scores_so_far_title"] is None
    assert view["breakdown"][0] == [{"label": "2 Janitors", "points": 2}]


def test_a_views_parts_are_its_own():
    # The parts are remembered per diner: a reader changing one view changes no other.
    s = position(players=2, diners=[["janitor"], []], deck=["florist"])
    s.view(0)["scores_so_far"][0][0]["points"] = 99
    assert s.view(1)["scores_so_far"][0] == [{"label": "1 Janitor", "points": 1}]
    assert Counter(s.diners[0]) == Counter({"janitor": 1})
