"""Building Monster Rejects positions for rule tests, with every card accounted for.

Situations are set up through the public API only (issue 14): a position (the rules page,
"Positions") made from a new game's and changed where the test needs it, then
`GAME.from_position`. No test writes a field of a state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

from cardcafe import games
from cardcafe.games.monster_rejects.cards import VALUE_OF

SEED_FILE = "003_59e5b48f57a6f035.txt"  # the rulebook + FAQ every test here cites
GAME = games.get("monster-rejects")
OPTIONS = {f.name for f in fields(GAME.Options)}


def base(players: int = 2, **options) -> dict:
    """The position of a new game (seed 1): its random generator, first draws and turn count."""
    return GAME.new(players, seed=1, **options).to_position()


def position(
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
    **kwargs,
) -> dict:
    """A position with the given hands, pile (bottom first, face up), deck (top last),
    graveyard and lasting Chaos cards beside the pile (their effects on); every other card goes
    to `rest`: "deck" (under the given deck), "graveyard", or a seat's hand. A pile needs a last
    player (the seat before `turn` unless given). Other keywords are the game's options or
    other position keys (`known=[...]`, `quiet_turns=1`)."""
    options = {k: v for k, v in kwargs.items() if k in OPTIONS}
    keys = {k: v for k, v in kwargs.items() if k not in OPTIONS}
    out = base(players, **options)
    supply = Counter(GAME.new(players, seed=1, **options).all_cards)
    given = [c for h in hands for c in h] + [*pile, *deck, *graveyard, *beside]
    for card in given:
        assert supply[card] > 0, f"no {card} left to place"
        supply[card] -= 1
    others = sorted(supply.elements())
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    deck, graveyard = list(deck), list(graveyard)
    if rest == "deck":
        deck = others + deck
    elif rest == "graveyard":
        graveyard += others
    else:
        hands[rest] += others
    if pile and last_player is None:
        last_player = (turn - 1) % players
    out.update(
        hands=hands,
        deck=deck,
        graveyard=graveyard,
        pile=[
            {"card": c, "value": VALUE_OF[c], "face_down_by": None, "really": None} for c in pile
        ],
        beside=list(beside),
        turn=turn,
        phase=phase,
        last_player=last_player,
    )
    out.update(keys)
    return out


def arrange(*args, **kwargs):
    """The state of `position(...)` (same arguments), every card accounted for."""
    s = GAME.from_position(position(*args, **kwargs))
    s.check_invariants()
    return s


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def cards_of(state, kind: str) -> set[str]:
    return {a.card for a in state.legal_actions() if a.kind == kind}


def texts(state, seat=None) -> str:
    """The log as `seat` reads it (default seat names, "you" for `seat`)."""
    return "\n".join(state.log_text(seat))
