"""Monster Rejects in players' words: the catalogue, phase names, prompts, action labels, event
lines, the end-of-game reasons and the score breakdown. The only place this game's text is
written; both screens read it. Card names come from the table's catalogue (`names="family"`)."""

from __future__ import annotations

from cardcafe.engine.view import Part

from .catalogue import END_REASONS, PHASES, catalogue
from .events import EVENT_TEXTS
from .labels import describe, prompt, realm_name, the
from .pile import next_play

__all__ = [
    "BREAKDOWN_TITLE",
    "END_REASONS",
    "EVENT_TEXTS",
    "PHASES",
    "breakdown",
    "catalogue",
    "describe",
    "next_play",
    "prompt",
    "realm_name",
    "the",
]

# -- the breakdown -------------------------------------------------------------------------
BREAKDOWN_TITLE = "Final scores: 1 point off for each card left in hand"


def breakdown(hand: list[str], went_out: bool) -> list[Part]:
    """One seat's score (minus the cards left in hand, our decision). Everyone sees every
    breakdown and hands stay hidden at the end, so it tells only how many cards are left."""
    if not hand:
        return [{"label": "Went out: no cards left" if went_out else "No cards left", "points": 0}]
    count = len(hand)
    return [{"label": f"{count} card{'s' if count > 1 else ''} left in hand", "points": -count}]
