"""Monster Rejects' phases: the decision pending. A turn is a sequence of small actions:

  react   - the Illusionist's declaration waits for this player: accept or call
  start   - beginning of the turn: one Chaos card allowed, or go straight to the Realm cards
  main    - play the first Realm card of a play (or an item first), or draw
  drawn   - after the draw: play a Realm card, or pass
  group   - a play is under way: add a card of the same value, or end the play
  smuggle / cosby-target / cosby-give / illusion-hide / illusion-declare - a Chaos card's choices

Which moves each phase allows is the phase table, `rules.PHASES` (`rules.BATTLE_PACK_PHASES`
with the Battle Pack's items). The names are the positions' `phase` values (and words.PHASES
names them for players): they never change.
"""

from __future__ import annotations

REACT, START, MAIN, DRAWN, GROUP = "react", "start", "main", "drawn", "group"
SMUGGLE, COSBY_TARGET, COSBY_GIVE = "smuggle", "cosby-target", "cosby-give"
ILLUSION_HIDE, ILLUSION_DECLARE = "illusion-hide", "illusion-declare"
# The phases in which the player to move plays Realm cards, items, draws or passes.
TURN_PHASES = frozenset({START, MAIN, DRAWN})
