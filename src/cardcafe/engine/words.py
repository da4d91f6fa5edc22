"""Words: how one screen names seats and cards for one viewer.

Games never write a seat number or a card id into text. They log structured events and describe
actions with a `Words`, built when the text is shown: the seat names come from the screen (a
lobby's player names, "Player 1" to "Player N" by default), the card names from the game's
catalogue (so display options such as Monster Rejects' family names are honoured), and the
viewer's own seat reads "you".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# A seat whose player conceded is played on to the end by a bot, and named "Ann (conceded)" (the
# server's names, `server.table.Table.names`). The seat can still win, and that win is the bot's:
# `Words.won` says "Bot (for Ann, who conceded) wins", as the web's banner does (winners.js).
CONCEDED = " (conceded)"


def default_names(players: int) -> list[str]:
    """The seat names a screen uses when it has none of its own."""
    return [f"Player {seat + 1}" for seat in range(players)]


def join(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


class Words:
    """The seat names and card names of one screen, as one viewer reads them.

    `viewer` is the seat reading (None: a spectator, or text not meant for one seat); that seat
    is "you". Methods that start a sentence are capitalised (`Name`, `Does`).
    """

    __slots__ = ("cards", "names", "viewer")

    def __init__(
        self,
        cards: Mapping[str, Mapping[str, Any]],
        names: Sequence[str],
        viewer: int | None = None,
    ):
        self.cards = cards
        self.names = names
        self.viewer = viewer

    # -- seats -----------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        """The seat as an object: "you" or its name."""
        return "you" if seat == self.viewer else self.names[seat]

    def Seat(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]

    def seats(self, seat: int) -> str:
        """The seat's possessive: "your" or "Ann's"."""
        return "your" if seat == self.viewer else possessive(self.names[seat])

    def Seats(self, seat: int) -> str:
        return "Your" if seat == self.viewer else possessive(self.names[seat])

    def does(self, seat: int, third: str, second: str | None = None) -> str:
        """Subject and verb: "You take" or "Ann takes" (`second` defaults to `third` less its
        final s; give it for irregular verbs: does(s, "has", "have"))."""
        if seat == self.viewer:
            return f"You {second if second is not None else _second_person(third)}"
        return f"{self.names[seat]} {third}"

    def verb(self, seat: int, third: str, second: str | None = None) -> str:
        """The verb alone, agreeing with the seat."""
        if seat == self.viewer:
            return second if second is not None else _second_person(third)
        return third

    def tally(self, scores: Sequence[float]) -> str:
        """Every seat's score: "Ann 12 points, you 9 points and Cleo 4 points"."""
        return join(f"{self.seat(seat)} {points(p)}" for seat, p in enumerate(scores))

    def won(self, winners: Sequence[int]) -> str:
        """ "Ann wins", "You win", "Ann and you share the win", "Bot (for Ann, who conceded)
        wins": every game words its win here, so a log ends as the table's banner says it."""
        who = join(self._winner(s, first=i == 0) for i, s in enumerate(winners))
        if len(winners) > 1:
            return f"{who} share the win"
        return f"{who} {self.verb(winners[0], 'wins', 'win')}"

    def _winner(self, seat: int, first: bool) -> str:
        name = self.names[seat]
        if seat != self.viewer and name.endswith(CONCEDED):
            return f"Bot (for {name.removesuffix(CONCEDED)}, who conceded)"
        return self.Seat(seat) if first else self.seat(seat)

    # -- cards -----------------------------------------------------------------------------
    def card(self, card_id: str) -> str:
        """The card's display name ("Rex", "Espresso shot")."""
        entry = self.cards.get(card_id)
        return entry["name"] if entry else card_id

    def a(self, card_id: str) -> str:
        """The card's name with its article: "a Rex", "an Espresso shot"."""
        entry = self.cards.get(card_id)
        if entry and "article" in entry:
            article = entry["article"]
            return f"{article} {entry['name']}" if article else entry["name"]
        return with_article(self.card(card_id))

    def the(self, card_id: str) -> str:
        """ "the Rex"; a card whose name is a proper name (its "article" is "") goes bare."""
        entry = self.cards.get(card_id)
        if entry and entry.get("article") == "":
            return str(entry["name"])
        return f"the {self.card(card_id)}"

    def count(self, n: int, card_id: str) -> str:
        """ "1 Rex", "3 Rexes" (the catalogue's "plural" when it gives one, else name + s)."""
        entry = self.cards.get(card_id) or {}
        name = self.card(card_id)
        if n == 1:
            return f"1 {name}"
        return f"{n} {entry.get('plural') or plural(name)}"

    def some(self, card_ids: Iterable[str]) -> str:
        """Several cards in words, copies grouped in first-seen order: "2 Rexes and a Snout"."""
        counts: dict[str, int] = {}
        for card in card_ids:
            counts[card] = counts.get(card, 0) + 1
        if not counts:
            return "no cards"
        return join(self.a(c) if n == 1 else self.count(n, c) for c, n in counts.items())


def with_article(words: str) -> str:
    """`words` after "a" or "an", by their sound: "an Inferno card", "an 8 of Undead"."""
    # "an 8 of Inferno", "an 11 of Undead": by the sound of the number, not its digit.
    vowel = words[:1].lower() in "aeiou" or words.split(" ")[0] in ("8", "11", "18")
    return f"{'an' if vowel else 'a'} {words}"


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(word: str) -> str:
    head, paren, tail = word.partition(" (")
    if paren:  # "MasterChef (Florist + Janitor)": the noun is the head
        return f"{plural(head)} ({tail}"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def counted(n: float, one: str, many: str) -> str:
    """A number with its unit, one or many: "1 point", "3 points", "-2 points", "14 Coffee"."""
    n = int(n) if float(n).is_integer() else n
    return f"{n} {one if n in (1, -1) else many}"


def points(n: float) -> str:
    """ "1 point", "3 points", "-2 points"."""
    return counted(n, "point", "points")


def many_do(third: str) -> str:
    """The verb for several subjects: "draws" -> "draw" ("Ann and Bob each draw")."""
    return _second_person(third)


def _second_person(third: str) -> str:
    irregular = {"has": "have", "is": "are", "does": "do", "goes": "go"}
    if third in irregular:
        return irregular[third]
    first, _, rest = third.partition(" ")
    if first in irregular:
        return f"{irregular[first]} {rest}".strip()
    if first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("ches", "shes", "sses", "xes")):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return f"{first} {rest}".strip()
