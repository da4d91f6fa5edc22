"""The presentation contract every game keeps (issue 20): players read the game, not its data.

At every step of seeded random playouts, for every game, player count and option preset:
- every view matches the game's declared `View` and carries the running scores;
- every string a view holds is either player-facing text (the prompt, the phase's name, a
  breakdown label, keys ending in _text/_title/_reason) or an id in the game's catalogue;
- every card id an action names is in the catalogue, and the catalogue says in one line what
  the scores count and how the game is won ("scoring");
- every action label, event line, prompt and breakdown label is worded with the seat names the
  screen gives: never empty, never "player 3", never a 0-based seat, a snake_case name, an id
  or a file name; the labels of the legal actions tell them apart;
- breakdowns add up to the scores, and the game's end always shows one.
"""

from __future__ import annotations

import functools
import json
import random
import re
import typing

import pydantic
import pytest

from cardcafe import games
from cardcafe.engine.view import TEXT_KEYS

from .cases import CASES

PLAYOUTS = 2
NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hana", "Ivo", "Jo"]


# Words that betray engine data rather than the game.
LEAKY = re.compile(
    r"\b[Pp]layers? \d|\b[Ss]eats? \d|_|\bNone\b|\bTrue\b|\bFalse\b|\.(txt|toml|py|json)\b|\{|\}"
)


def is_text_key(key: str) -> bool:
    return key in TEXT_KEYS or key.endswith(("_text", "_title", "_reason"))


def check_text(text: object, catalogue: dict, what: str) -> None:
    assert isinstance(text, str) and text.strip(), f"{what}: empty text {text!r}"
    assert not LEAKY.search(text), f"{what}: engine data in {text!r}"
    found = id_pattern(tuple(catalogue["cards"]) + tuple(catalogue["terms"])).search(text)
    if found:
        raise AssertionError(f"{what}: the id {found.group(1)!r} in {text!r}")


@functools.cache
def id_pattern(idents: tuple[str, ...]) -> re.Pattern[str]:
    """Any of the catalogue's hyphenated ids standing alone in a text, in one pattern (one per
    id, compiled for every text, made the views of a 6-player game take a quarter minute)."""
    hyphenated = sorted((re.escape(i) for i in idents if "-" in i), key=len, reverse=True)
    if not hyphenated:
        return re.compile(r"(?!)")  # matches nothing
    return re.compile(rf"(?<![\w-])({'|'.join(hyphenated)})(?![\w-])")


def ids(catalogue: dict) -> set[str]:
    return set(catalogue["cards"]) | set(catalogue["terms"])


def check_view_strings(value: object, known: set[str], catalogue: dict, path: str) -> None:
    """Every string is an id the catalogue knows, but under keys that hold words."""
    if isinstance(value, str):
        assert value in known, f"view {path}: {value!r} is neither words nor a catalogue id"
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and not key.isidentifier():  # {card id: count}
                assert key in known, f"view {path}: key {key!r} is not a catalogue id"
            if is_text_key(key) and isinstance(item, str):
                check_text(item, catalogue, f"view {path}.{key}")
            elif is_text_key(key) and isinstance(item, list):
                for text in item:
                    check_text(text, catalogue, f"view {path}.{key}")
            else:
                check_view_strings(item, known, catalogue, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            check_view_strings(item, known, catalogue, f"{path}[{i}]")


def check_catalogue(game, options) -> dict:
    catalogue = game.catalogue(**options)
    json.dumps(catalogue)  # JSON-able
    assert catalogue["cards"], "the catalogue lists no cards"
    for card, entry in catalogue["cards"].items():
        check_text(entry.get("name"), catalogue, f"name of card {card!r}")
        check_text(entry.get("text"), catalogue, f"text of card {card!r}")
    for term, entry in catalogue["terms"].items():
        check_text(entry.get("name"), catalogue, f"name of term {term!r}")
    # What the running scores count and how the game is won: screens show it by the scores.
    check_text(catalogue.get("scoring"), catalogue, "the scoring line")
    return catalogue


def check_view(game, state, seat, adapter, keys, catalogue, known) -> None:
    view = state.view(seat, NAMES[: state.num_players])
    extra = set(view) - keys
    assert not extra, f"view keys not declared in {game.View.__name__}: {sorted(extra)}"
    adapter.validate_python(view)
    scores = view["scores"]
    assert len(scores) == state.num_players
    assert scores == state.scores()
    if view["prompt"] is not None:
        check_text(view["prompt"], catalogue, "prompt")
    check_text(view["phase"], catalogue, "phase")
    top = {k: v for k, v in view.items() if k not in ("game", "prompt", "phase")}
    check_view_strings(top, known, catalogue, "view")
    if state.is_over:
        assert "breakdown" in view, "the game's end shows no breakdown"
    if "breakdown" in view:
        check_text(view["breakdown_title"], catalogue, "breakdown title")
        assert len(view["breakdown"]) == state.num_players
        for s, parts in enumerate(view["breakdown"]):
            for part in parts:
                check_text(part["label"], catalogue, "breakdown label")
            total = sum(part["points"] for part in parts)
            assert abs(total - scores[s]) < 1e-9, f"seat {s}'s breakdown adds to {total}"


def check_words(game, state, catalogue, known) -> None:
    names = NAMES[: state.num_players]
    labels = []
    for action in state.legal_actions():
        for value in action.to_json().values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item != action.kind:
                    assert item in known, f"{action!r} names {item!r}, not in the catalogue"
        label = state.describe(action, names)
        check_text(label, catalogue, f"label of {action!r}")
        labels.append(label)
    assert len(set(labels)) == len(labels), f"two legal actions read the same: {sorted(labels)}"
    check_text(state.prompt_text(names), catalogue, "prompt")
    check_offers(state, catalogue, names)


def check_offers(state, catalogue, names) -> None:
    """The list a player reads (`State.offers`): every legal action in exactly one offer, in
    the order of the legal actions, offers that read apart, and nothing in them the mover
    cannot see: their own determinized copy of the table offers the same moves in the same
    words."""
    offers = state.offers(names)
    legal = state.legal_actions()
    played = [action for offer in offers for action in offer.actions]
    assert sorted(map(legal.index, played)) == list(range(len(legal))), "not one offer each"
    firsts = [legal.index(offer.action) for offer in offers]
    assert firsts == sorted(firsts), "the offers are not in the order of the moves"
    texts = [offer.text for offer in offers]
    assert len(set(texts)) == len(texts), f"two offers read the same: {sorted(texts)}"
    for offer in offers:
        check_text(offer.text, catalogue, f"offer of {offer.action!r}")
    seat = state.current_player
    det = state.determinize(seat, random.Random(len(legal)))
    assert [(o.text, o.actions) for o in det.offers(names)] == [
        (o.text, o.actions) for o in offers
    ], "the offers tell the mover something they cannot see"


def check_log(state, catalogue, seen: dict) -> None:
    names = NAMES[: state.num_players]
    for viewer in [None, *range(state.num_players)]:
        events = state.log(viewer)
        for event in events[seen.get(viewer, 0) :]:
            check_text(state.event_text(event, viewer, names), catalogue, f"event {event.kind}")
        seen[viewer] = len(events)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_players_read_the_game_not_its_data(game, players, options):
    catalogue = check_catalogue(game, options)
    known = ids(catalogue)
    adapter = pydantic.TypeAdapter(game.View)
    keys = set(typing.get_type_hints(game.View))
    for seed in range(PLAYOUTS):
        rng = random.Random(2000 + seed)
        state = game.new(players, seed=seed, **options)
        assert state.catalogue == catalogue
        seen: dict = {}
        while True:
            for seat in [None, *range(players)]:
                check_view(game, state, seat, adapter, keys, catalogue, known)
            check_log(state, catalogue, seen)
            if state.is_over:
                break
            check_words(game, state, catalogue, known)
            state.apply(rng.choice(state.legal_actions()))


def test_the_default_names_are_player_1_to_n():
    game = games.get("monster-diner")
    state = game.new(3, seed=1)
    assert state.words(None).names == ["Player 1", "Player 2", "Player 3"]
    assert state.words(1).Seat(1) == "You" and state.words(1).seats(0) == "Player 1's"
