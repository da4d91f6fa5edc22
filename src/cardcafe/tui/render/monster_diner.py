"""The Monster Diner table: the deck, the card to place, and a line per player (mat, diner).

Everything in a Monster Diner view is public, so every seat sees the same board. Card names,
reminders and colours come from the game's catalogue.

Six diners late in a game are more rows than a 120x40 terminal has: the table asks for the
board folded (`fold`, 1 to `FOLDS`) until it fits. Only the rivals fold, the viewer's own
place stays whole: first their running breakdowns go (their totals stay), then their diners
become a tally by kind ("MasterChef ×4", each recipe a key away: `c`), last each rival takes
one row: the points, the kinds they collect most first, their mat, and how many of those did not
fit ("+2 more"; cut at "…", the row had said "Ice Cr…"). Rows the board would leave blank then
go to the rivals whose row left the most out, a second row each (the least folded that fits).
Last, your own running breakdown goes too (your total stays): every rival stays in sight.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from .cards import card_short
from .parts import NONE, Flow, OneRow, SpareRows, card_chip, chips, field, player_line

RIVALS = 5  # at most
# The ways to draw the board shorter, each shorter than the last: 1 and 2 as below, then the
# rivals a row each, 3 with a second row for every rival whose row leaves kinds out, ... 3 +
# RIVALS with none; then the same again without your own running breakdown, your total stays
# (at 80x24 late in a game of six, a long diner of your own pushed two rivals out of sight).
FOLDS = 3 + 2 * (RIVALS + 1) - 1


def why(parts: list[dict[str, Any]]) -> Text:
    """A seat's running breakdown on one line: "2 Janitors +2 · 1 Bartender +10"."""
    text = Text()
    for n, part in enumerate(parts):
        if n:
            text.append(" · ", style="dim")
        # A part wraps only inside its note of what a Critic and Precept pair did.
        label, bracket, note = str(part["label"]).partition(" (")
        text.append(label.replace(" ", "\u00a0") + bracket + note + "\u00a0")
        text.append(f"{part['points']:+g}" if part["points"] else "0", style="bold")
    return text


def render(
    view: dict[str, Any], names: list[str], catalogue: dict[str, Any], fold: int = 0
) -> RenderableType:
    centre = Text.assemble((f"{view['deck_size']} in deck", "bold"))
    if view.get("held"):
        held = view["held"]
        centre.append("  ·  to place: ")
        centre.append_text(card_chip(held, catalogue))
        short = card_short(held, catalogue)
        if short:
            centre.append(f" {short}", style="italic")

    def parts(seat: int, folded: int) -> list[Text]:
        diner = [card for card, n in view["diners"][seat].items() for _ in range(n)]
        if folded >= 2:  # by kind: the chef cards' recipes apart make a row each
            diner = [kind_of(card, catalogue) for card in diner]
        out = [
            field("mat", chips(view["mats"][seat], catalogue)),
            field("diner", chips(diner, catalogue)),
        ]
        if view.get("guest_target") == seat:
            out.append(Text("the guest takes a card from here", style="bold"))
        so_far = (view.get("scores_so_far") or [[]] * view["players"])[seat]
        if so_far and not folded:
            # Why the running score is what it is, in the engine's words.
            out.append(field(f"{view.get('scores_so_far_title') or 'Scores so far'}:", why(so_far)))
        return out

    def one_row(seat: int) -> OneRow:
        """A rival on one row: the points, their diner by kind, most first (what they are
        collecting), then what waits on their mat; what does not fit is counted ("+2 more")."""
        guest = view.get("guest_target") == seat
        note = Text("the guest takes a card from here", style="bold") if guest else Text()
        head = player_line(view, seat, names, note)
        head.append(" · ", style="italic")
        diner = Counter(
            kind_of(card, catalogue) for card, n in view["diners"][seat].items() for _ in range(n)
        )
        items = [card_chip(kind, catalogue, n) for kind, n in diner.most_common()]
        items = items or [field("diner", NONE.copy())]
        if view["mats"][seat]:
            items.append(field("· mat", chips(view["mats"][seat], catalogue)))
        return OneRow(head, items)

    lines: list[Flow | OneRow] = [Flow(centre)]
    for seat in range(view["players"]):
        mine = int(fold > 3 + RIVALS)  # (1: your breakdown goes)
        folded = mine if seat == view.get("seat") else fold
        if folded >= 3:  # a row each
            lines.append(one_row(seat))
        else:
            lines.append(Flow(player_line(view, seat, names, *parts(seat, folded))))
    if fold >= 3:
        return SpareRows(lines, RIVALS - (fold - 3) % (RIVALS + 1))
    return Group(*lines)


def kind_of(card: str, catalogue: dict[str, Any]) -> str:
    """The card its kind is named after ("masterchef" for "masterchef:janitor")."""
    kind = str(catalogue.get("cards", {}).get(card, {}).get("kind") or card)
    return kind if kind in catalogue.get("cards", {}) else card
