"""The Monster's Coffee table: the round and the centre, a line per player (Coffee, tokens,
Front Line, Rear Line) and your hand. Names of tokens and lines are the catalogue's glossary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardcafe import games

from .cards import card_name
from .parts import NONE, card_chip, chips, field, flow, hidden_chip, players

# The family whose power uses each token of the supply. 000: "Certain Monsters need particular
# tokens. Put these within easy reach of everyone": the others are not on the table.
TOKEN_FAMILIES = {
    "cookie": "cakosaurus",
    "whipped_cream": "snorkel",
    "droppings": "poopy",
    "mummy": "mummy",
}


def word(catalogue: Mapping[str, Any], key: str, default: str) -> str:
    entry = (catalogue.get("glossary") or {}).get(key) or {}
    return str(entry.get("name") or default)


def coffee(n: float) -> str:
    """The score in the game's unit (`Game.score_words`: "3 Coffee", as the cards say it)."""
    return games.get("monsters-coffee").score_words(n)


def token(value: Any, catalogue: Mapping[str, Any]) -> Text:
    """A Mummy token: face down, or its Coffee and Bones once its owner (or everyone) saw it."""
    name = word(catalogue, "mummy", "Mummy token")
    if isinstance(value, Mapping):
        bones = value.get("bones", 0)
        return hidden_chip(
            f"{name}: {value.get('coffee', 0)} Coffee, {bones} Bone{'' if bones == 1 else 's'}"
        )
    return hidden_chip(f"{name}, face down")


def extras(slot: Mapping[str, Any]) -> bool:
    """Whether a Front Line card carries something of its own (a token, Droppings)."""
    return bool(slot.get("droppings") or slot.get("snout_coffee") or slot.get("mummy") is not None)


def front_card(slot: Mapping[str, Any], catalogue: Mapping[str, Any]) -> Text:
    shown = card_chip(slot["card"], catalogue)
    extras = []
    if slot.get("droppings"):
        extras.append(word(catalogue, "droppings", "Droppings"))
    if slot.get("snout_coffee"):
        extras.append(word(catalogue, "snout_coffee", "Snout's Coffee"))
    if slot.get("mummy") is not None:
        extras.append(token(slot["mummy"], catalogue).plain.strip())
    if extras:
        shown.append(f"\u00a0+{', '.join(extras)}", style="italic")  # (with its card)
    return shown


def rear_card(slot: Mapping[str, Any], catalogue: Mapping[str, Any], mark: bool = False) -> Text:
    """A Rear Line card: face down, or its face; `mark` says which of your own cards a power
    revealed (the rest only you see: which ones the others know matters to your majorities)."""
    if slot.get("card") is None:
        return hidden_chip("face down")
    shown = card_chip(slot["card"], catalogue)
    if mark and slot.get("revealed"):
        shown.append("\u00a0revealed", style="italic")  # (kept on the chip's row)
    return shown


FOLDS = 2  # shorter for a short terminal: 1 without the footnotes, 2 rivals' cards grouped


def render(
    view: dict[str, Any], names: list[str], catalogue: dict[str, Any], fold: int = 0
) -> RenderableType:
    """The board; `fold` draws it shorter for a terminal short of rows (five players at
    80x24): first the lines under the players go (the families in play, the supply: `c` and
    the guide tell them) and an empty hand's line (the player's own says "0 in hand"), then
    alike cards of a rival's Front Line are one chip ("Rex ×2"; a move names a card by its
    kind, never by its place)."""
    centre = Text(f"Round {view['round']} of 2", style="bold")
    centre.append(" · ")
    centre.append_text(field(word(catalogue, "centre", "Centre"), chips(view["centre"], catalogue)))
    families = ", ".join(card_name(f, catalogue) for f in view.get("families", []))
    in_play = set(view.get("families", []))
    supply = {
        token: n
        for token, n in (view.get("supply") or {}).items()
        if TOKEN_FAMILIES.get(token) in in_play or token not in TOKEN_FAMILIES
    }
    lines: list[Text] = [centre]
    asker, target = view.get("asker"), view.get("ask_target")
    if asker is not None and target is not None and view.get("ask_family"):
        lines.append(
            Text(
                f"{names[asker]} asks {names[target]} for a "
                f"{card_name(view['ask_family'], catalogue)}",
                style="bold",
            )
        )
    front_name = word(catalogue, "front", "Front Line")
    rear_name = word(catalogue, "rear", "Rear Line")

    def parts(seat: int) -> list[Text]:
        hand = view["hands"][seat]
        count = len(hand) if isinstance(hand, list) else int(hand)
        out = [Text(f"{count} in hand")]
        if view["cookies"][seat]:
            n = view["cookies"][seat]
            out.append(Text(f"{n} Cookie{'s' if n != 1 else ''}"))
        if view["whipped_cream"][seat]:
            out.append(Text(f"{view['whipped_cream'][seat]} Whipped Cream"))
        cards = view["front"][seat]
        if fold >= 2 and seat != view.get("seat") and not any(map(extras, cards)):
            front = chips([s["card"] for s in cards], catalogue) if cards else Text()
        else:
            front = Text(" ").join(front_card(s, catalogue) for s in cards)
        out.append(field(front_name, front or NONE))
        line = view["rear"][seat]
        unseen = sum(1 for s in line if s.get("card") is None)
        secret = any(s.get("card") and not s.get("revealed") for s in line)  # (your own)
        rear = Text(" ").join(
            rear_card(s, catalogue, mark=secret) for s in line if s.get("card") is not None
        )
        if unseen:
            rear = Text(" ").join(p for p in (rear, hidden_chip(f"{unseen} face down")) if p)
        if secret:
            rest = "the rest " if any(s.get("revealed") for s in line) else ""
            rear.append(f" ({rest}face down: only you see them)", style="italic")
        out.append(field(rear_name, rear or NONE))
        tokens = view["mummy_tokens"][seat]
        if tokens:
            out.append(Text(" ").join(token(t, catalogue) for t in tokens))
        lacks = view["not_in_rear"][seat]
        if lacks:
            no = ", ".join(card_name(f, catalogue) for f in lacks)
            out.append(Text(f"said no {no} in the {rear_name}", style="italic"))
        return out

    own = view["hands"][view["seat"]] if view.get("seat") is not None else None
    if isinstance(own, list) and (own or not fold):  # (folded: an empty hand is "0 in hand")
        lines.append(Text.assemble(("Your hand: ", "bold"), chips(own, catalogue)))
    lines += players(view, names, parts, score=coffee)
    if fold:
        return Group(*flow(*lines))
    if families:
        lines.append(field("Families in play:", Text(families)))
    if view.get("drawn_mummy"):
        drawn = Text(" ").join(token(t, catalogue) for t in view["drawn_mummy"])
        lines.append(field("Mummy tokens drawn:", drawn))
    if supply:
        stock = ", ".join(
            f"{word(catalogue, key, key.replace('_', ' ').capitalize())}s {n}"
            for key, n in supply.items()
        )
        lines.append(field("Left in the supply:", Text(stock, style="italic")))
    return Group(*flow(*lines))
