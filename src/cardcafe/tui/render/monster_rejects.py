"""The Monster Rejects table: the deck, the play pile and the Chaos cards beside it, a line per
player (cards in hand: the fewest wins) and your hand. Words from the catalogue's glossary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from .parts import NONE, Flow, card_chip, chips, field, flow, hidden_chip, players

SIDE_BY_SIDE = 6  # from this many players on, their short lines sit in columns


def pile_card(item: Mapping[str, Any] | None, catalogue: Mapping[str, Any]) -> Text:
    if not item or item.get("card") is None:
        return hidden_chip("face down")
    shown = card_chip(item["card"], catalogue)
    # A card an item or a Chaos card changed counts as another value than its own: said as
    # the log says it ("10 of Nightmare (worth 12)"), or the pile reads as a card on a lower one.
    printed = catalogue.get("cards", {}).get(item["card"], {}).get("value")
    if item.get("value") is not None and printed is not None and item["value"] != printed:
        shown.append(f" (worth {item['value']})", style="italic")
    if item.get("face_down"):
        shown.append(" (face down)", style="italic")
    return shown


def render(view: dict[str, Any], names: list[str], catalogue: dict[str, Any]) -> RenderableType:
    pile = view.get("pile") or []
    graveyard = view.get("graveyard") or []
    centre = Text.assemble((f"{view['deck_size']} in the deck", "bold"), " · ")
    centre.append(f"{len(graveyard)} in the Graveyard")
    if view.get("turn_limit"):
        # `turns` counts the turns begun, this one included (the state's `begin_turn`).
        centre.append(f" · turn {view.get('turns', 0)} of {view['turn_limit']}", style="italic")
    top = Text("Play pile: ", style="bold")
    if pile:
        top.append_text(Text(" ").join(pile_card(item, catalogue) for item in pile[-3:]))
        if len(pile) > 3:
            top.append(f"  (top 3 of {len(pile)})", style="italic")
    else:
        top.append("empty: the next play starts a new pile", style="italic")
    lines: list[Text] = [centre, top]
    if view.get("next_play_text"):
        # What may go on the pile next, in the engine's words ("Moonwalk: a lower Inferno card,
        # or another 5").
        lines.append(Text(view["next_play_text"], style="bold"))
    if view.get("last_player") is not None and pile:
        lines.append(field("Last to play on it:", Text(names[view["last_player"]])))
    beside = view.get("beside") or []
    if beside:
        lines.append(field("Beside the pile:", chips(beside, catalogue)))
    for smuggled in view.get("smuggled") or []:
        card = smuggled.get("card")
        shown = card_chip(card, catalogue) if card else hidden_chip("a card, face down")
        lines.append(field(f"Smuggled by {names[smuggled['owner']]}:", shown))
    so_far = view.get("play_so_far") or []
    if so_far or view.get("item"):
        play = chips(so_far, catalogue, group=False) if so_far else NONE.copy()
        if view.get("item"):
            play.append("  with ")
            play.append_text(card_chip(view["item"], catalogue))
        lines.append(field("This play so far:", play))
    # The Chaos cards by the table's names (the catalogue's: "Fibber" under the family names).
    cards = catalogue.get("cards", {})
    if view.get("illusion_card"):
        illusionist = cards.get("illusionist", {}).get("name", "Illusionist")
        chip = card_chip(view["illusion_card"], catalogue)
        lines.append(field(f"Your face-down card ({illusionist}):", chip))
    if view.get("cosby_target") is not None:
        cosby = cards.get("cosby", {}).get("name", "The Cosby")
        lines.append(Text(f"{cosby} targets {names[view['cosby_target']]}", style="bold"))

    def parts(seat: int) -> list[Text]:
        count = view["hand_sizes"][seat]
        return [Text(f"{count} card{'s' if count != 1 else ''} in hand")]

    if view.get("hand") is not None:
        lines.append(
            Text.assemble(("Your hand: ", "bold"), chips(view["hand"], catalogue, group=False))
        )
    seats = players(view, names, parts, scored=False)
    end = [Text(f"Game over. {view['end_reason']}", style="bold")] if view.get("end_reason") else []
    if len(seats) < SIDE_BY_SIDE:
        return Group(*flow(*lines, *seats, *end))
    # Ten players' lines ("Heuristic bot 10 · 6 cards in hand") are a row each down a board
    # twice as wide: at 80x24 they pushed half the table below its fold. Side by side, in
    # seat order down each column, as many columns as the width takes.
    table = Columns(seats, padding=(0, 2), column_first=True)
    return Group(*flow(*lines), table, *(Flow(line) for line in end))
