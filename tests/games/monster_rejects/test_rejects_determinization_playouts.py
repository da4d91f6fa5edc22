"""Any legal play on a determinization goes on without error to the end (issue: the search
bot's KeyError 'suicide-bomber'). A re-deal once put Chaos cards where the Illusionist's
face-down card lay, and calling it then failed: 003: "When played you place a Realm card
facedown declaring its value and realm type", so only a hidden Realm card may take its place."""

import random
from collections import Counter

import pytest

from cardcafe.games.monster_rejects.actions import Call, Declare, Draw, Hide, Pass, PlayChaos
from cardcafe.games.monster_rejects.cards import is_realm

from .helpers import GAME, arrange

# Games per player count: longer games (more players) cost more, a few seconds in all.
GAMES = {2: 25, 3: 15, 4: 8, 5: 6}
REACT_DEALS = 4  # determinizations where the next player answers an Illusionist


def _face_down_hidden_from(state, seat: int) -> bool:
    """Does a face-down card lie on or beside the pile that `seat` cannot see?"""
    pile = any(owner not in (-1, seat) for _, _, _, owner in state.pile)
    return pile or any(owner != seat for owner, _ in state.smuggled)


def _deals(state, seat: int, rng: random.Random) -> int:
    """How many determinizations to play out here: several where a declaration waits to be
    answered (where the bug was), one at some of the other places that hide a face-down
    card, and one now and then anywhere, so that the whole of a game is covered at little
    cost."""
    if state.phase == "react":
        return REACT_DEALS
    if _face_down_hidden_from(state, seat) and rng.random() < 0.1:
        return 1
    return int(rng.random() < 0.01)


def _play_out(state, rng: random.Random) -> None:
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    state.check_invariants()


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_play_on_determinizations_always_reaches_the_end(players):
    # The search bot's property: whatever legal actions follow, a determinization for the
    # player to move plays to the end without error, every card accounted for.
    answered = 0  # declarations answered on a determinization
    for seed in range(GAMES[players]):
        s = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.current_player
            for _ in range(_deals(s, seat, rng)):
                det = s.determinize(seat, rng)
                det.check_invariants()
                answered += det.phase == "react"
                _play_out(det, rng)
            s.apply(rng.choice(s.legal_actions()))
    assert answered >= GAMES[players], "the games should often reach an Illusionist"


def test_the_illusionists_face_down_card_is_re_dealt_only_from_realm_cards():
    # Player 2 holds only Chaos cards; hidden from them are player 1's last card, the deck (a
    # Chaos card and a Realm card) and the face-down card: it can be any of the Realm ones.
    chaos = ["hiroshima", "trip", "right-wing", "join-the-cult", "suicide-bomber"]
    s = arrange(
        hands=[["illusionist", "mutant-2", "undead-1"], chaos],
        pile=["inferno-7"],
        deck=["smuggle", "nightmare-4"],
        rest="graveyard",
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("mutant-2"))
    s.apply(Declare("inferno-9"))
    reals = set()
    for seed in range(40):
        det = s.determinize(1, random.Random(seed))
        det.check_invariants()
        real = det.pile[-1][0]
        assert is_realm(real), f"a Chaos card ({real}) face down under the Illusionist"
        reals.add(real)
        det.apply(Call())  # what failed: revealing it
    assert reals <= {"mutant-2", "nightmare-4", "undead-1"} and len(reals) > 1


def test_a_known_card_gives_way_only_when_no_other_realm_card_could_lie_face_down():
    # Player 1 saw both Undead cards go into player 2's hand; player 2 hid one of them. All
    # else hidden is Chaos, so one of those two must be the face-down Realm card.
    s = arrange(
        hands=[["mutant-1"], ["illusionist", "undead-5", "undead-6", "trip"]],
        pile=["inferno-7"],
        deck=["hiroshima"],
        rest="graveyard",
        turn=1,
        known=[{"knower": 0, "holder": 1, "cards": ["undead-5", "undead-6"]}],
    )
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("undead-6"))
    s.apply(Declare("inferno-9"))
    for seed in range(20):
        det = s.determinize(0, random.Random(seed))
        det.check_invariants()
        face_down = det.pile[-1][0]
        assert face_down in ("undead-5", "undead-6")
        assert {"undead-5", "undead-6"} - {face_down} <= set(det.hands[1]), "kept as known"
        det.apply(Call())


def test_the_face_down_card_leaves_a_deck_made_from_the_graveyard_whole():
    # 003 (FAQ): "Re-shuffle all the discarded cards (graveyard pile) to make a new draw pile":
    # every hidden card of that origin is in the deck, so the face-down card is another one.
    s = arrange(
        hands=[["nightmare-2"], ["illusionist", "undead-1", "undead-2"]],
        pile=["inferno-7"],
        rest="graveyard",
    )
    s.apply(Draw())  # the graveyard becomes the deck
    s.apply(Pass())
    s.apply(PlayChaos("illusionist"))
    s.apply(Hide("undead-1"))
    s.apply(Declare("inferno-9"))
    for seed in range(20):
        det = s.determinize(0, random.Random(seed))
        det.check_invariants()
        assert not Counter(det.deck) - Counter(s.deck_origin)
        assert det.pile[-1][0] in ("undead-1", "undead-2")
