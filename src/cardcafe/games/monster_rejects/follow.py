"""Which Realm card may go on the pile: values, the current order, and the pile's effects.

Pure functions of the cards and a few flags, so the state and the heuristic share them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CENTIPEDE, CROWN, ITEM_MODIFIER, REALM_CARDS, REALM_OF, UNDEAD, VALUE_OF
from .pile import FACE_UP, PileEntry


def effective_value(card: str, item: str | None) -> int:
    """The value `card` is played at with `item` (a weapon or curse), if any."""
    value = VALUE_OF[card]
    # 003: "Since a Crown card is always worth the highest value, weapons or curses will have no
    # effect."
    if value == CROWN or item is None or item == CENTIPEDE:
        return value
    # 003: "if you play a pair of 9s with a cursed item of -2, both 9s would now be worth 7".
    # Kept within 1..12 so that nothing but a Crown is ever worth a Crown (our decision).
    return max(1, min(CROWN - 1, value + ITEM_MODIFIER[item]))


def rank(value: int, reversed_order: bool) -> int:
    """Higher rank beats lower. 003: "If the Right Wing Mentality Chaos Card has been played, 1
    will become the highest value, and Crown card (King/Queen) will be lowest"."""
    return CROWN + 1 - value if reversed_order else value


@dataclass(frozen=True, slots=True)
class Top:
    """What the next card must follow: the top's realm (as shown) and its value now."""

    realm: str
    value: int


@dataclass(frozen=True, slots=True)
class Effects:
    reversed_order: bool = False  # Right Wing Mentality, until the pile is killed
    cult: bool = False  # Join The Cult, until the pile is killed
    contagious: bool = False  # AIDS, until taken or the pile is killed
    trip: bool = False  # Trip The Fuck Out, for this player's one play
    undead_only: bool = False  # the AIDS player's own play


def can_start(card: str, value: int, top: Top | None, fx: Effects) -> bool:
    """May `card`, worth `value`, be the first card of a play on `top` (None: a new pile)?"""
    realm = REALM_OF[card]
    # 003: "The AIDS Card must be played with only Undead Realm Cards" and, while contagious,
    # "all players can only play Undead Realm Cards of matching or higher value".
    if (fx.undead_only or fx.contagious) and realm != UNDEAD:
        return False
    if top is None:
        # 003: multiple cards may be played "(even to start a new play pile)": any value.
        return True
    mine, theirs = rank(value, fx.reversed_order), rank(top.value, fx.reversed_order)
    if fx.cult:
        # 003: "if a 5 Realm card is on the play pile, you must play a 6 of any Realm type ...
        # You cannot skip the order."
        return mine == theirs + 1
    if fx.contagious or fx.trip:
        # 003 (Trip): "You can only play values equal to or higher than the last value played";
        # (AIDS) "Undead Realm Cards of matching or higher value".
        return mine >= theirs
    # 003: "Any cards of matching value can be played on the play pile. Same realm of higher
    # value can be played on the play pile."
    return value == top.value or (realm == top.realm and mine > theirs)


def can_continue(card: str, first: str, count: int, item: str | None, fx: Effects) -> bool:
    """May `card` join a play that began with `first` and holds `count` cards so far?"""
    realm = REALM_OF[card]
    if (fx.undead_only or fx.contagious) and realm != UNDEAD:
        return False
    if item == CENTIPEDE:
        # 003: "the Human Centipede, where you can only use 2 Realm cards from the same Realm
        # (such as a 6 of Inferno and an 11 of Inferno)": the second is the higher one (ours).
        return (
            count == 1
            and realm == REALM_OF[first]
            and rank(VALUE_OF[card], fx.reversed_order) > rank(VALUE_OF[first], fx.reversed_order)
        )
    # 003: "You can play multiple cards at once if they are the same value".
    return VALUE_OF[card] == VALUE_OF[first]


# -- the same rules as sets of cards, asked once per situation --------------------------------
# A situation's effects as a tuple, in the order of `Effects`' fields (`RejectsState.fx()`).
Flags = tuple[bool, bool, bool, bool, bool]
# What `starts` found, by its arguments (read directly where a call would cost more).
STARTS: dict[tuple[str | None, int, Flags], frozenset[str]] = {}
_ADDS: dict[tuple[str, int, str | None, Flags], frozenset[str]] = {}


def starts(top: str | None, value: int, flags: Flags) -> frozenset[str]:
    """The Realm cards that may begin a play without an item (`can_start` at their printed
    value) on the card `top` (as shown) now worth `value` (top None: a new pile), under
    `flags`."""
    key = (top, value, flags)
    found = STARTS.get(key)
    if found is None:
        on, fx = (None if top is None else Top(REALM_OF[top], value)), Effects(*flags)
        found = frozenset(c for c in REALM_CARDS if can_start(c, VALUE_OF[c], on, fx))
        STARTS[key] = found
    return found


def adds(first: str, count: int, item: str | None, flags: Flags) -> frozenset[str]:
    """The Realm cards that may join a play begun with `first` and holding `count` cards
    (`can_continue`, which only asks whether `count` is 1), under `flags` (`trip` unused)."""
    key = (first, count == 1, item, flags)
    found = _ADDS.get(key)
    if found is None:
        fx = Effects(*flags)
        found = frozenset(c for c in REALM_CARDS if can_continue(c, first, count, item, fx))
        _ADDS[key] = found
    return found


# The same tables by the flat keys the moves build at every decision (a flat tuple is cheaper to
# build and to hash than the nested keys above, and the pile's top entry is the key as it is):
# STARTS_ON[(top entry or None, reversed_order, cult, contagious, trip, undead_only)] and
# ADDS_ON[(first, count == 1, item, reversed_order, cult, contagious, undead_only)]. Read
# directly; a key not met yet is worked out by `starts_on` / `adds_on`.
StartKey = tuple[PileEntry | None, bool, bool, bool, bool, bool]
AddKey = tuple[str, bool, str | None, bool, bool, bool, bool]
STARTS_ON: dict[StartKey, frozenset[str]] = {}
ADDS_ON: dict[AddKey, frozenset[str]] = {}
_ON_LIMIT = 1 << 14  # a guard: ADDS_ON's keys are bounded (cards, items, effects)
# Their lookups, bound once. CPython 3.11 compiles a method call on a name another module
# imported (`STARTS_ON.get(key)`) as an attribute load, which makes a new bound method at
# every call; the moves look up at every decision.
known_starts = STARTS_ON.get
known_adds = ADDS_ON.get


def starts_on(key: StartKey) -> frozenset[str]:
    """`starts` for a key of STARTS_ON, remembered there."""
    top, flags = key[0], key[1:]
    if top is None:
        found = STARTS_ON[key] = starts(None, 0, flags)
        return found
    found = starts(top.shown, top.value, flags)
    # Remembered for a face-up top at its printed value only (a few thousand keys at most): a
    # face-down or revalued top is a new entry each time, and a table that kept them grew
    # without end and made work for the garbage collector (`starts` remembers its answer).
    if top == FACE_UP.get(top.real):
        STARTS_ON[key] = found
    return found


def adds_on(key: AddKey) -> frozenset[str]:
    """`adds` for a key of ADDS_ON, remembered there (`trip`, which `adds` does not read, is
    left out of the key)."""
    first, one, item, reversed_order, cult, contagious, undead_only = key
    flags = (reversed_order, cult, contagious, False, undead_only)
    found = adds(first, 1 if one else 2, item, flags)
    if len(ADDS_ON) >= _ON_LIMIT:
        ADDS_ON.clear()
    ADDS_ON[key] = found
    return found
