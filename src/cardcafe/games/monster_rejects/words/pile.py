"""What may go on the pile next, in a player's words: the set of Realm cards the rules allow
(follow.py, the same tables that decide which moves are legal), described by realm and value.

The words describe the set the rules give, never a second copy of the rules: "Next: a higher
Inferno card, or another 5", "Moonwalk: a lower Inferno card, or another 5", "Conga Line: a 6
of any realm". A face-down card is spoken of as declared (the rules read only the declaration).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from cardcafe.engine.words import Words, join

from ..cards import CROWN, REALM_OF, REALMS, VALUE_OF
from ..follow import adds, rank
from ..phases import GROUP
from .labels import realm_name

if TYPE_CHECKING:
    from ..state import RejectsState

ALL_RANKS = frozenset(range(1, CROWN + 1))


# The lines said, by the table's options (its names) and all a line is made of: the situation
# comes back again and again, and a view is built for every seat after every move.
_LINES: dict[tuple[object, ...], str | None] = {}
_LINES_KEPT = 1 << 14
_UNSAID = "not worded yet"  # (a marker: no line is this sentence)


def next_play(state: RejectsState) -> str | None:
    """The line the pile shows: what may be played on it next and, first, the Chaos cards in
    force that shape it ("Next:" when none does). None once the game is over. The same for
    every seat: it reads only what everyone sees (a face-down card's declaration, not the card)."""
    pile, group, options = state.pile, state.group, state.options
    key = (
        options.names,  # the card names (the only options the line's words read)
        options.cards,
        state.is_over,
        state.fx(),
        pile[-1][1:3] if pile else None,  # the top as shown (a declaration) and its value
        (group[0], len(group) == 1, state.item) if state.phase == GROUP and group else None,
    )
    line = _LINES.get(key, _UNSAID)
    if line is _UNSAID:
        if len(_LINES) >= _LINES_KEPT:
            _LINES.clear()
        line = _LINES[key] = _next_play(state, state.words(None))
    return line


def _next_play(state: RejectsState, w: Words) -> str | None:
    if state.is_over:
        return None
    reversed_order = state.reversed_order
    chaos = [w.card(card) for card in state.in_force()]
    lead = join(chaos) if chaos else "Next"
    if state.phase == GROUP:
        # A play under way: its next card joins it (003: "You can play multiple cards at once
        # if they are the same value").
        group = state.group
        may = adds(group[0], len(group), state.item, state.fx())
        if not may:
            return f"{lead}: this play is complete"
        return f"{lead}: this play may take {_cards(may, w, reversed_order, group[0], True)}"
    may = state.may_start(state.fx())
    if not state.pile:
        realms = sorted({REALM_OF[card] for card in may}, key=REALMS.index)
        if len(realms) == len(REALMS):
            return f"{lead}: a new pile, any Realm card starts it"
        names = join((realm_name(w, realm) for realm in realms), "or")
        return f"{lead}: a new pile, any {names} card starts it"
    top = state.pile[-1]
    changed = top.value != VALUE_OF[top.shown]  # an item or a Chaos card changed its value
    if not may:
        return f"{lead}: no card can follow {_a(top.value)}"
    return f"{lead}: {_cards(may, w, reversed_order, top.shown, not changed, top.value)}"


def _cards(
    may: Collection[str],
    w: Words,
    reversed_order: bool,
    top: str,
    as_printed: bool,
    value: int | None = None,
) -> str:
    """The Realm cards `may`, after the card `top` worth `value` (its printed value if None;
    `as_printed`: it counts as printed, so "another 5" and "a higher Inferno card" say it)."""
    value = VALUE_OF[top] if value is None else value
    by_realm: dict[str, frozenset[int]] = {realm: frozenset() for realm in REALMS}
    for card in may:
        by_realm[REALM_OF[card]] |= {rank(VALUE_OF[card], reversed_order)}
    # What every realm allows alike, then what a realm allows beyond it.
    common = frozenset.intersection(*by_realm.values())
    clauses = []
    for realm in sorted(by_realm, key=lambda r: r != REALM_OF[top]):  # the top's realm first
        extra = by_realm[realm] - common
        if extra:
            own = realm == REALM_OF[top] and as_printed
            clauses.append(_realm_clause(w, realm, extra, value, reversed_order, own))
    if common:
        if common == {rank(value, reversed_order)} and as_printed:
            clauses.append(f"another {_value(value)}")
        else:
            clauses.append(_any_realm_clause(common, value, reversed_order))
    return ", or ".join(clauses)


def _realm_clause(
    w: Words, realm: str, ranks: frozenset[int], value: int, reversed_order: bool, own: bool
) -> str:
    name = realm_name(w, realm)
    above = rank(value, reversed_order) + 1
    word = "lower" if reversed_order else "higher"
    if own and ranks == _from(above):
        return f"{_article(word)} {word} {name} card"
    if len(ranks) == 1:
        return f"{_a(_value_of(next(iter(ranks)), reversed_order))} of {name}"
    return f"{_article(name)} {name} card {_range(ranks, value, reversed_order)}"


def _any_realm_clause(ranks: frozenset[int], value: int, reversed_order: bool) -> str:
    if len(ranks) == 1:
        return f"{_a(_value_of(next(iter(ranks)), reversed_order))} of any realm"
    return f"any card {_range(ranks, value, reversed_order)}"


def _range(ranks: frozenset[int], value: int, reversed_order: bool) -> str:
    """'higher than 5', '5 or higher' ('lower' while the order is reversed), else the values."""
    word = "lower" if reversed_order else "higher"
    low = min(ranks)
    if ranks == _from(low):
        if low == rank(value, reversed_order) + 1:
            return f"{word} than {_value(value)}"
        return f"of {_value(_value_of(low, reversed_order))} or {word}"
    return "of " + join((_value(_value_of(r, reversed_order)) for r in sorted(ranks)), "or")


def _from(low: int) -> frozenset[int]:
    return frozenset(r for r in ALL_RANKS if r >= low)


def _value_of(rank_: int, reversed_order: bool) -> int:
    return rank(rank_, reversed_order)  # the order's reversal is its own inverse


def _value(value: int) -> str:
    return "Crown" if value == CROWN else str(value)


def _a(value: int) -> str:
    word = _value(value)
    return f"{_article(word)} {word}"


def _article(word: str) -> str:
    return "an" if word[0].lower() in "aeiou" or word in ("8", "11") else "a"
