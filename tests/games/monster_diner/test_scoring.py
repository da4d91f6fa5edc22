"""Monster Diner scoring and the calculator, citing 001_7d28313ed1460a2d.txt."""

import json
import random
import subprocess
import sys
import time
from collections import Counter

import pytest

from cardcafe.engine import BadInput
from cardcafe.games.monster_diner import cards
from cardcafe.games.monster_diner.balance import used_diner
from cardcafe.games.monster_diner.cards import CardSet
from cardcafe.games.monster_diner.scoring import (
    _pair_outcomes,
    final_scores,
    plain_points,
    score_diner,
    score_json,
)

CARDS = cards.load()
PAIR = {"restaurant-critic": 1, "precept": 1}


def points(*diner):
    return score_diner(Counter(cards.parse_card(c) for c in diner), CARDS)[0]


def test_janitor_one_point_each():
    # 001_7d28313ed1460a2d.txt: "Each Janitor card brings 1 point at the end of the game."
    assert [points(*["janitor"] * n) for n in range(4)] == [0, 1, 2, 3]


def test_ice_cream_man_five_per_two():
    # 001_7d28313ed1460a2d.txt: "Every two cards of Ice Cream Man bring 5 points."
    assert [points(*["ice-cream-man"] * n) for n in range(6)] == [0, 0, 5, 5, 10, 10]


def test_pizza_maker_twelve_per_four():
    # 001_7d28313ed1460a2d.txt: "Every four cards of Pizza Maker bring 12 points."
    assert [points(*["pizza-maker"] * n) for n in (3, 4, 7, 8)] == [0, 12, 12, 24]


def test_florists_odd_six_even_zero():
    # 001_7d28313ed1460a2d.txt:
    # "Odd number of Florists give you 6 points, while even number brings 0."
    assert [points(*["florist"] * n) for n in range(5)] == [0, 6, 0, 6, 0]


def test_salad_meister_best_at_four_worst_at_one_or_seven():
    # 001_7d28313ed1460a2d.txt:
    # "4 cards will bring the maximum of winning points, 1 or 7 — the minimum."
    table = [points(*["salad-meister"] * n) for n in range(1, 8)]
    assert max(table) == table[3] and table.count(table[3]) == 1
    assert table[0] == table[6] == min(table)


def test_bartenders():
    # 001_7d28313ed1460a2d.txt:
    # "One or two Bartender cards bring 10 points, three — 0 points, four or more will
    # take away 2 points."
    assert [points(*["bartender"] * n) for n in range(6)] == [0, 10, 10, 0, -2, -2]


def test_masterchef_needs_every_listed_type():
    # 001_7d28313ed1460a2d.txt:
    # "MasterChef will bring 7 points but only if your diner has all types of cards listed"
    chef = "masterchef:ice-cream-man+florist"
    assert points(chef, "ice-cream-man", "florist") == 7 + 6
    assert points(chef, "florist") == 6
    assert points(chef, "ice-cream-man") == 0


def test_unwelcome_guest_two_points():
    # 001_7d28313ed1460a2d.txt:
    # "Another player will keep it till the end of the game and get 2 points for it."
    assert points("unwelcome-guest", "unwelcome-guest") == 4


def test_a_lone_precept_does_nothing():
    # 001_7d28313ed1460a2d.txt example: "Precept didn't work"
    assert points("precept", "janitor") == 1
    assert points("restaurant-critic", "janitor") == 1


def test_critic_and_precept_become_any_other_card():
    # 001_7d28313ed1460a2d.txt:
    # "they can become any other card ... For example, they can turn into MasterChef or Pizza
    # Maker and bring you more points."
    three_pizzas = ["pizza-maker"] * 3
    assert points(*three_pizzas) == 0
    assert points(*three_pizzas, "restaurant-critic", "precept") == 12


def test_critic_and_precept_remove_a_card():
    # 001_7d28313ed1460a2d.txt:
    # "or remove any card you don't need ... Or remove an even Florist card."
    outcomes = list(_pair_outcomes(Counter(florist=2, **PAIR), CARDS))
    assert Counter(florist=1) in [+o for o in outcomes]
    # Three Bartenders score 0; removing one makes it 10, more than anything the pair becomes.
    assert points(*["bartender"] * 3, "restaurant-critic", "precept") == 10


def test_critic_and_precept_come_before_masterchef():
    # 001_7d28313ed1460a2d.txt:
    # "First use the cards Restaurant Critic and Precept. Then count the points for
    # MasterChef." The pair can become the type a MasterChef lacks.
    only = CardSet(
        counts=(
            ("florist", 1),
            ("ice-cream-man", 1),
            ("masterchef:florist+ice-cream-man", 1),
            ("restaurant-critic", 1),
            ("precept", 1),
        ),
        salad_points=CARDS.salad_points,
    )
    diner = Counter({"masterchef:florist+ice-cream-man": 1, "florist": 1, **PAIR})
    assert score_diner(diner, only)[0] == 7 + 6  # the pair became the Ice Cream Man


def test_rulebook_example_totals_32():
    # 001_7d28313ed1460a2d.txt:
    # "Extra card Pizza Maker is discarded. MasterChef is also discarded since there is no
    # Ice Cream Man and Florist. Total: 32 points" (captions: Precept didn't work; 12 points;
    # 2 points; 2 points; 6 points; 10 points; 0 points)
    diner = ["precept"] + ["pizza-maker"] * 5 + ["janitor"] * 2 + ["unwelcome-guest"]
    diner += ["salad-meister", "salad-meister", "bartender", "masterchef:ice-cream-man+florist"]
    salad_two = CARDS.salad(2)
    assert points(*diner) == 12 + 2 + 2 + salad_two + 10 + 0
    diner_with_florist = [c for c in diner if c != "salad-meister"] + ["florist"]
    assert points(*diner_with_florist) == 32


def test_the_best_use_of_the_pairs_is_the_best_of_every_outcome():
    # 001_7d28313ed1460a2d.txt:
    # "they can become any other card, or remove any card you don't need": score_diner
    # finds the best of all the outcomes without listing them; listing them checks it.
    rng = random.Random(7)
    types = list(CARDS.types)
    for _ in range(60):
        diner = Counter(rng.choice(types) for _ in range(rng.randint(0, 12)))
        diner["restaurant-critic"] += rng.randint(1, 3)
        diner["precept"] += rng.randint(1, 3)
        every = [(plain_points(o, CARDS), o["janitor"]) for o in _pair_outcomes(diner, CARDS)]
        assert score_diner(diner, CARDS) == max(every), diner


def test_many_pairs_score_at_once():
    # A user card set (or a calculator table) may hold many pairs: listing every outcome took
    # minutes for 8 pairs. Each pair left over becomes a MasterChef whose types are present.
    diner = Counter({"restaurant-critic": 40, "precept": 40, "ice-cream-man": 2, "florist": 1})
    start = time.perf_counter()
    points, _ = score_diner(diner, CARDS)
    assert time.perf_counter() - start < 5
    assert points >= 5 + 6 + 7 * 40


def test_most_points_win():
    # 001_7d28313ed1460a2d.txt: "The player with the biggest score wins."
    scores, winners = final_scores([Counter({"janitor": 3}), Counter({"florist": 1})], CARDS)
    assert scores == [3, 6] and winners == [1]


def test_janitors_break_a_tie():
    # 001_7d28313ed1460a2d.txt:
    # "If the number of points is equal, the player with more Janitors steals a victory."
    a = Counter({"florist": 1, "janitor": 1})  # 7 points, 1 Janitor
    b = Counter({"ice-cream-man": 2, "janitor": 2})  # 7 points, 2 Janitors
    assert final_scores([a, b], CARDS) == ([7, 7], [1])


def test_an_equal_tie_is_a_fair_draw():
    # 001_7d28313ed1460a2d.txt:
    # "If even in this case the number of such cards is the same, it's a fair draw."
    a = Counter({"florist": 1, "janitor": 1})
    assert final_scores([a, Counter(a)], CARDS) == ([7, 7], [0, 1])


def test_the_pair_is_used_for_the_janitor_tie_break_too():
    # Best for its owner: most points, then most Janitors (001: "more Janitors steals a victory").
    # With only Janitors and Salad-meisters about, becoming either scores 1: the Janitor wins.
    few = CardSet(
        counts=(("janitor", 1), ("salad-meister", 1), ("restaurant-critic", 1), ("precept", 1)),
        salad_points=CARDS.salad_points,
    )
    assert score_diner(Counter(PAIR), few) == (1, 1)


def test_calculator_json():
    result = score_json({"diners": [["janitor", "janitor"], ["florist"], ["florist", "janitor"]]})
    assert result == {"scores": [2, 6, 7], "winners": [2]}


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "exactly one field"),
        ({"diners": []}, "non-empty"),
        ({"diners": ["janitor"]}, "diner 0"),
        ({"diners": [["cook"]]}, "unknown card 'cook'"),
        ({"diners": [["masterchef:chef"]]}, "MasterChef"),
        ({"diners": [[1]]}, "string"),
    ],
)
def test_calculator_bad_input(obj, message):
    with pytest.raises(BadInput, match=message):
        score_json(obj)


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "cardcafe", *args], input=stdin, capture_output=True, text=True
    )


def test_score_command_reads_stdin_and_prints_json():
    done = run_cli("score", "monster-diner", "-", stdin=json.dumps({"diners": [["florist"], []]}))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"scores": [6, 0], "winners": [0]}


def test_score_command_bad_input_exits_2_with_a_message():
    done = run_cli("score", "monster-diner", "-", stdin='{"diners": [["cook"]]}')
    assert done.returncode == 2
    assert "unknown card 'cook'" in done.stderr and "Traceback" not in done.stderr
    done = run_cli("score", "monster-diner", "-", stdin="{not json")
    assert done.returncode == 2 and "not valid JSON" in done.stderr
    # A card id that looks like console markup is quoted as written, and does not crash it.
    done = run_cli("score", "monster-diner", "-", stdin='{"diners": [["[/cook]"]]}')
    assert done.returncode == 2 and "unknown card '[/cook]'" in done.stderr


# Card sets to score with: the shipped set; one where a pair may become few types (no Janitor,
# no Florist to add); one with a MasterChef that needs nothing (always 7).
CARD_SETS = [
    None,
    (("ice-cream-man", 3), ("bartender", 3), ("masterchef:bartender+ice-cream-man", 1)),
    (("salad-meister", 2), ("unwelcome-guest", 2), ("masterchef", 1)),
]
OTHER_TYPES = [c for c in CARDS.types if c not in ("restaurant-critic", "precept")]


def card_set_of(counts):
    return CARDS if counts is None else CardSet(counts=counts, salad_points=CARDS.salad_points)


@pytest.mark.parametrize("counts", CARD_SETS)
def test_scores_match_the_listed_outcomes_in_every_card_set(counts):
    # The scorer keeps tables per card set and skips the types no pair can change; listing
    # every outcome checks it, on diners holding types the set lacks as well.
    card_set = card_set_of(counts)
    rng = random.Random(11)
    for _ in range(150):
        diner = Counter(rng.choice(OTHER_TYPES) for _ in range(rng.randint(0, 10)))
        diner["restaurant-critic"] += rng.randint(0, 2)
        diner["precept"] += rng.randint(0, 2)
        if rng.random() < 0.3:
            diner[rng.choice(OTHER_TYPES)] = 0  # a type gone from the diner stays as a zero
        every = [(plain_points(o, card_set), o["janitor"]) for o in _pair_outcomes(diner, card_set)]
        assert score_diner(diner, card_set) == max(every), diner
        assert score_diner(diner, card_set) == max(every), diner  # remembered, the same


def test_many_cards_of_a_type_score_as_every_outcome_says():
    # A diner is scored through its simplest form (the fewest cards of each type the pairs
    # play alike) plus what the extra cards score: full diners, many of a type, check it.
    rng = random.Random(5)
    types = [c for c in CARDS.types if c not in ("restaurant-critic", "precept")]
    for _ in range(120):
        diner = Counter({t: rng.randint(0, 14) for t in rng.sample(types, 5)})
        diner["restaurant-critic"] += rng.randint(1, 2)
        diner["precept"] += rng.randint(1, 3)
        every = [(plain_points(o, CARDS), o["janitor"]) for o in _pair_outcomes(diner, CARDS)]
        assert score_diner(diner, CARDS) == max(every), diner


@pytest.mark.parametrize("counts", CARD_SETS)
def test_the_breakdown_uses_the_pairs_as_the_best_of_every_listed_outcome(counts):
    # 001_7d28313ed1460a2d.txt: "they can become any other card, or remove any card you don't
    # need". The breakdown says what the pairs did (`balance.used_diner`, worked out type by
    # type): it must be the very outcome that the search over every listed outcome picks (most
    # points, then most Janitors, then type by type in name order, MasterChefs last: left
    # alone first, then more cards before fewer), and score as scored.
    card_set = card_set_of(counts)
    rng = random.Random(13)
    for _ in range(120):
        diner = Counter({t: rng.randint(0, 6) for t in rng.sample(OTHER_TYPES, rng.randint(1, 6))})
        diner["restaurant-critic"] += rng.randint(1, 3)
        diner["precept"] += rng.randint(1, 3)
        pairs = min(diner["restaurant-critic"], diner["precept"])
        start = diner - Counter({"restaurant-critic": pairs, "precept": pairs})
        types = sorted(
            {*card_set.types, *diner} - {"restaurant-critic", "precept"},
            key=lambda t: (t.startswith("masterchef"), t),
        )

        def shown_first(d, start=start, types=types):
            changes = [d[t] - start[t] for t in types]
            return (plain_points(d, card_set), d["janitor"], [(c == 0, c) for c in changes])

        best = max(_pair_outcomes(Counter(+diner), card_set), key=shown_first)
        used = used_diner(diner, card_set)
        assert +used == +best, diner
        assert (plain_points(used, card_set), used["janitor"]) == score_diner(diner, card_set)
