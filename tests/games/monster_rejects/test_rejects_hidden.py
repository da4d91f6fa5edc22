"""Hidden information: hands, the deck, the smuggled card, the Illusionist's face-down card
until called (issue 5), and what a player saw staying true in a determinization."""

import json
import random
from collections import Counter

from cardcafe.games.monster_rejects.actions import (
    Accept,
    Declare,
    Draw,
    GiveBack,
    Hide,
    PlayChaos,
    Target,
)

from .helpers import GAME, arrange


def _strings(value) -> set[str]:
    """Every string value in a view (keys aside)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value))
    return set()


def test_views_hide_other_hands_and_the_deck():
    s = GAME.new(3, seed=4)
    public = set(s.hands[1]) | {c for r in s.first_draws for c in r}
    secret = [c for c in s.hands[0] + s.deck if c not in public]
    assert secret
    for seat in (1, 2, None):
        json.dumps(s.view(seat))
        shown = _strings(s.view(seat))
        mine = set(s.hands[seat]) if seat is not None else set()
        assert not [c for c in secret if c not in mine and c in shown]
    assert s.view(1)["hand"] == sorted(s.hands[1]) and s.view(None)["hand"] is None
    assert s.view(1)["hand_sizes"] == [8, 8, 8]


def _cosby():
    s = arrange(
        players=3,
        hands=[
            ["cosby", "trip", "inferno-5"],
            ["undead-13", "mutant-2", "undead-4"],
            ["inferno-2"],
        ],
        pile=["nightmare-9"],
    )
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    s.apply(GiveBack("trip"))
    return s


def test_determinize_keeps_the_cards_a_cosby_exchange_showed():
    s = _cosby()
    for seed in range(20):
        rng = random.Random(seed)
        taker = s.determinize(0, rng)
        assert "trip" in taker.hands[1], "the taker saw the trip go to player 2"
        victim = s.determinize(1, rng)
        assert "undead-13" in victim.hands[0], "everyone saw the Crown taken"
        other = s.determinize(2, rng)
        assert "undead-13" in other.hands[0]


def test_determinize_does_not_leak_the_card_given_back_to_a_third_player():
    s = _cosby()
    where = Counter()
    for seed in range(40):
        det = s.determinize(2, random.Random(seed))
        where["victim" if "trip" in det.hands[1] else "elsewhere"] += 1
        assert all(k[0] == 2 for k in det.known), "others' knowledge is not for player 3's bot"
    assert where["elsewhere"] > 0


def test_the_smuggled_card_is_resampled_for_others_and_kept_for_its_owner():
    s = arrange(hands=[["smuggle", "aids", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    s.apply(PlayChaos("smuggle"))
    s.apply(Hide("aids"))
    seen = {s.determinize(1, random.Random(seed)).smuggled[0][1] for seed in range(30)}
    assert len(seen) > 1
    assert all(s.determinize(0, random.Random(k)).smuggled == [(0, "aids")] for k in range(5))


def test_the_illusionists_card_is_resampled_for_others_until_called():
    s = arrange(
        players=3,
        hands=[["illusionist", "mutant-2", "undead-1"], ["nightmare-9", "mutant-3"], ["undead-12"]],
        pile=["inferno-7"],
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-9"))
    reals = {s.determinize(1, random.Random(seed)).pile[-1][0] for seed in range(30)}
    assert len(reals) > 1
    assert s.determinize(0, random.Random(1)).pile[-1][0] == "mutant-2"


def test_a_picked_up_pile_stays_in_the_pickers_hand_for_everyone():
    s = arrange(
        players=3,
        hands=[["suicide-bomber", "undead-2"], ["mutant-1"], ["mutant-3"]],
        pile=["inferno-7", "inferno-9"],
        deck=["nightmare-1"],
    )
    s.apply(PlayChaos("suicide-bomber"))
    for seat in (0, 2):
        det = s.determinize(seat, random.Random(seat))
        assert {"inferno-7", "inferno-9"} <= set(det.hands[1])


def test_spectators_see_the_redacted_line_of_a_secret():
    # Engine: State._log_secret's public line reaches spectators (Event.hidden_from).
    s = arrange(hands=[["nightmare-2"], ["undead-1"]], pile=["inferno-7"], deck=["mutant-8"])
    s.apply(Draw())
    assert [e.data for e in s.log(None) if e.kind == "draw"] == [None]
    assert [e.data for e in s.log(0) if e.kind == "draw"] == [{"card": "mutant-8"}]
    spectator = s.log_text(None)
    assert "Player 1 draws a card." in spectator
    assert not any("8 of Mutant" in t for t in spectator)
    # Worded for another seat, with the names that seat's screen gives: the card stays hidden.
    assert "Ann draws a card." in s.log_text(1, ["Ann", "Bob"])
    assert not any("Mutant" in t for t in s.log_text(1, ["Ann", "Bob"]))
    assert "You draw the 8 of Mutant." in s.log_text(0)
    assert "Player 1 draws a card." not in s.log_text(0)


def test_a_deck_made_from_the_graveyard_holds_only_graveyard_cards_in_a_determinization():
    # 003 (FAQ): "Re-shuffle all the discarded cards (graveyard pile) to make a new draw pile."
    # Everyone saw which cards went in, so a re-deal never puts another card in that deck.
    s = arrange(
        players=3,
        hands=[["nightmare-2"], ["undead-1", "undead-2"], ["mutant-1"]],
        pile=["inferno-7"],
        rest="graveyard",
    )
    s.apply(Draw())
    assert s.deck_origin and "undead-1" not in s.deck_origin
    for seed in range(20):
        det = s.determinize(0, random.Random(seed))
        assert not Counter(det.deck) - Counter(s.deck_origin)
        assert sorted(det.hands[1] + det.hands[2]) == ["mutant-1", "undead-1", "undead-2"]


def test_who_put_a_card_face_down_knows_who_picked_it_up():
    # 003: "you place a Realm card facedown declaring its value": its owner knows the card, so
    # when another player picks up the pile (003: "The last player that is counted must pick
    # up the entire play pile") the owner knows it is in that hand; a third player does not.
    s = arrange(
        players=3,
        hands=[
            ["illusionist", "mutant-2", "undead-1"],
            ["suicide-bomber", "mutant-3"],
            ["hiroshima"],
        ],
        pile=["inferno-7"],
        deck=["nightmare-1"],
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-9"))
    s.apply(Accept())
    s.apply(PlayChaos("suicide-bomber"))  # draws the 1: the count ends on player 3
    assert "mutant-2" in s.hands[2]
    for seed in range(20):
        assert "mutant-2" in s.determinize(0, random.Random(seed)).hands[2]
    elsewhere = [
        "mutant-2" not in s.determinize(1, random.Random(seed)).hands[2] for seed in range(20)
    ]
    assert any(elsewhere), "player 2 never saw the face-down card: no leak"
