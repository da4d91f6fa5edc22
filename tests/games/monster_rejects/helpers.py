"""Building Monster Rejects positions for rule tests, with every card accounted for."""

from __future__ import annotations

from collections import Counter

from cardcafe import games
from cardcafe.games.monster_rejects.cards import VALUE_OF

SEED_FILE = "003_59e5b48f57a6f035.txt"  # the rulebook + FAQ every test here cites
GAME = games.get("monster-rejects")


def arrange(
    players: int = 2,
    hands=(),
    pile=(),
    deck=(),
    graveyard=(),
    rest="deck",
    turn: int = 0,
    phase: str = "start",
    last_player: int | None = None,
    beside=(),
    **options,
):
    """A state with the given hands, pile (bottom first, face up), deck (top last), graveyard
    and lasting Chaos cards beside the pile (their effects on); every other card goes to `rest`:
    "deck" (under the given deck), "graveyard", or a seat's hand."""
    s = GAME.new(players, seed=1, **options)
    pool = Counter(s.all_cards)
    given = [c for h in hands for c in h] + [*pile, *deck, *graveyard, *beside]
    for card in given:
        assert pool[card] > 0, f"no {card} left to place"
        pool[card] -= 1
    others = sorted(pool.elements())
    s.hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    s.pile = [(c, c, VALUE_OF[c], -1) for c in pile]
    s.deck, s.graveyard = list(deck), list(graveyard)
    if rest == "deck":
        s.deck = others + s.deck
    elif rest == "graveyard":
        s.graveyard += others
    else:
        s.hands[rest] += others
    s.beside, s.smuggled, s.known = list(beside), [], {}
    s.reversed_order = "right-wing" in beside
    s.cult = "join-the-cult" in beside
    s.contagious = "aids" in beside
    s.illusionist = s.illusion_card = s.cosby_target = None
    s.turn, s.phase, s.last_player = turn, phase, last_player
    s._reset_turn()
    s.quiet = 0
    s._legal = None
    s.check_invariants()
    return s


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def cards_of(state, kind: str) -> set[str]:
    return {a.card for a in state.legal_actions() if a.kind == kind}


def texts(state, seat=None) -> str:
    """The log as `seat` reads it (default seat names, "you" for `seat`)."""
    return "\n".join(state.log_text(seat))
