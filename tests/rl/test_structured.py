"""The structured observation: a documented layout, seat-relative, in [-1, 1], and made from
the seat's view alone (a determinization encodes the same)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardcafe import games
from cardcafe.rl import SingleSeatEnv, encoder_for, layout
from cardcafe.rl.encoding import HashedEncoder
from cardcafe.rl.structured import StructuredEncoder

GAMES = [g.id for g in games.all()]


def played(game_id: str, players: int, seed: int, steps: int):
    state = games.get(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_layout_names_every_feature_and_adds_up(game_id):
    fields = layout(game_id)
    encoder = encoder_for(game_id)
    assert isinstance(encoder, StructuredEncoder)
    assert [f["offset"] for f in fields] == list(np.cumsum([0] + [f["size"] for f in fields]))[:-1]
    assert sum(f["size"] for f in fields) == encoder.size()
    assert len({f["name"] for f in fields}) == len(fields)


@pytest.mark.parametrize("game_id", GAMES)
def test_values_are_normalised_and_a_determinization_encodes_the_same(game_id):
    encoder = encoder_for(game_id)
    players = games.get(game_id).players.start + 1
    for seed in range(3):
        state = played(game_id, players, seed, steps=15 + 10 * seed)
        if state.is_over:
            continue
        for seat in range(players):
            truth = encoder(state.view(seat))
            assert truth.dtype == np.float32 and np.all(np.abs(truth) <= 1.0)
            for s in range(3):
                sample = state.determinize(seat, random.Random(s))
                assert np.array_equal(encoder(sample.view(seat)), truth)


def _block(game_id: str, name: str, vector: np.ndarray) -> np.ndarray:
    field = next(f for f in layout(game_id) if f["name"] == name)
    return vector[field["offset"] : field["offset"] + field["size"]]


@pytest.mark.parametrize("game_id", GAMES)
def test_per_seat_features_list_the_observer_first(game_id):
    encoder = encoder_for(game_id)
    state = played(game_id, 3, seed=11, steps=40)
    scale = next(f["scale"] for f in layout(game_id) if f["name"] == "scores")
    scores = state.scores()
    for seat in range(3):
        block = _block(game_id, "scores", encoder(state.view(seat)))
        expected = [scores[(seat + i) % 3] / scale for i in range(3)]
        np.testing.assert_allclose(block[:3], np.clip(expected, -1, 1), rtol=1e-6)
        assert not block[3:].any()  # padding up to the game's most players
        to_move = _block(game_id, "to_move", encoder(state.view(seat)))
        assert to_move[(state.current_player - seat) % 3] == 1.0 and to_move.sum() == 1.0


def test_a_hand_is_a_bag_of_the_catalogues_cards():
    encoder = encoder_for("coffee-break")
    state = played("coffee-break", 2, seed=3, steps=3)
    view = state.view(state.current_player)
    hand = _block("coffee-break", "hand", encoder(view)) * 6  # the field's scale
    cards = list(games.get("coffee-break").catalogue()["cards"])
    assert {cards[i]: round(float(n)) for i, n in enumerate(hand) if n} == {
        c: view["hand"].count(c) for c in set(view["hand"])
    }


def test_hashed_encoding_is_kept_as_a_choice():
    assert isinstance(encoder_for("monster-diner", "hashed"), HashedEncoder)
    made = SingleSeatEnv("monster-diner", 2, encoding="hashed")
    obs, _ = made.reset(seed=1)
    assert obs["observation"].shape == (2048,)
    structured = SingleSeatEnv("monster-diner", 2)
    obs, _ = structured.reset(seed=1)
    assert obs["observation"].shape == (encoder_for("monster-diner").size(),)
    assert structured.observation_space["observation"].high.max() == 1.0


def test_sb3_check_env_passes_for_every_game():
    # (The submodule itself: `import stable_baselines3` does not load `common.env_checker`.)
    checker = pytest.importorskip(
        "stable_baselines3.common.env_checker", reason="needs pip install stable-baselines3"
    )
    for game_id in GAMES:
        checker.check_env(SingleSeatEnv(game_id), warn=False)


def test_an_unknown_encoding_is_one_clear_error():
    from cardcafe.engine import BadInput
    from cardcafe.rl import env

    with pytest.raises(BadInput, match="encoding must be one of structured, hashed, not 'pixels'"):
        SingleSeatEnv("coffee-break", encoding="pixels")
    with pytest.raises(BadInput, match="encoding must be one of"):
        env("coffee-break", encoding="pixels")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_phase_has_its_own_place_in_the_phase_field(game_id):
    # A hash into 16 buckets put four of Monster's Coffee's phases (Taking a card, Choosing the
    # Rear Line, Rex: choosing a Rear Line card, Game over) in one bucket: a policy could not
    # tell them apart.
    encoder = encoder_for(game_id)
    view = played(game_id, 2, seed=1, steps=2).view(0)
    phases = list(games.get(game_id).catalogue()["phases"].values())
    places = []
    for phase in phases:
        block = _block(game_id, "phase", encoder({**view, "phase": phase}))
        assert block.sum() == 1.0
        places.append(int(block.argmax()))
    assert places == list(range(len(phases)))  # the catalogue's order, one place each


def test_rex_s_rear_line_slot_is_a_slot_not_a_seat():
    # The slot was encoded as a seat relative to the observer: slot 1 read as a different
    # place from every seat.
    encoder = encoder_for("monsters-coffee")
    state = played("monsters-coffee", 3, seed=2, steps=3)
    for slot in (0, 2, None):
        views = [{**state.view(seat), "rex_rear": slot} for seat in range(3)]
        blocks = {tuple(_block("monsters-coffee", "rex_rear", encoder(v))) for v in views}
        assert len(blocks) == 1  # the same for every observing seat
        (block,) = blocks
        assert block.index(1.0) == (5 if slot is None else slot) and sum(block) == 1.0


def test_the_supply_of_monsters_coffee_counts_every_token():
    # Encoded as a bag of cards it kept the Mummy tokens alone (in the Mummy card's place): the
    # Cookies, Whipped Cream and Droppings left are no card of the catalogue.
    state = played("monsters-coffee", 2, seed=4, steps=30)
    supply = state.view(0)["supply"]
    block = _block("monsters-coffee", "supply", encoder_for("monsters-coffee")(state.view(0)))
    tokens = ["cookie", "whipped_cream", "droppings", "mummy"]
    assert list(block * 24) == [supply[t] for t in tokens] and all(supply[t] for t in tokens)


@pytest.mark.parametrize("game_id", GAMES)
def test_docs_rl_md_shows_the_layout_as_it_is(game_id):
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    title = games.get(game_id).title
    assert f"### {title} (`{game_id}`): {encoder_for(game_id).size()} features" in doc
    for f in layout(game_id):
        scale = int(f["scale"]) if float(f["scale"]).is_integer() else f["scale"]
        row = f"| `{f['name']}` | {f['kind']} | {f['offset']} | {f['size']} | {scale} | "
        assert f"{row}{f['meaning']} |" in doc, row


@pytest.mark.parametrize("game_id", GAMES)
def test_no_count_is_cut_off_by_its_scale(game_id):
    # Scales too small clipped values to 1, so a policy could not tell 15 cards in a hand from
    # 30 (Monster Rejects at 10 players: 4 views in 10 of random play), nor one open order of a
    # kind from two (Coffee Break).
    encoder = encoder_for(game_id)
    game = games.get(game_id)
    for players in (game.players.start, game.players.stop - 1):
        state, rng = game.new(players, seed=3), random.Random(3)
        while not state.is_over:
            view = state.view(state.current_player)
            for f in encoder.fields:
                raw = encoder._block(f, view, view["seat"]) / f.scale
                assert np.abs(raw).max(initial=0) <= 1.0, (players, f.name, raw.max())
            state.apply(rng.choice(state.legal_actions()))


def test_an_unknown_game_or_one_without_a_layout_is_one_clear_error(monkeypatch):
    # layout("nope") was a bare KeyError, and encoder_for("nope") a hashed encoder for no game.
    from cardcafe.engine import BadInput
    from cardcafe.rl import structured

    for call in (layout, encoder_for):
        with pytest.raises(BadInput, match="unknown game 'nope'; the games are: coffee-break"):
            call("nope")
    monkeypatch.delitem(structured.LAYOUTS, "coffee-break")
    with pytest.raises(BadInput, match="coffee-break has no structured layout"):
        layout("coffee-break")
    assert isinstance(encoder_for("coffee-break"), HashedEncoder)  # its fallback, as documented


def _until(game_id: str, phase: str, **options):
    """A 3-player game of random play (seed 0) stopped at the first decision in `phase`."""
    state, rng = games.get(game_id).new(3, seed=0, **options), random.Random(0)
    while state.view(state.current_player)["phase"] != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("game_id", "phase", "field", "options"),
    [
        ("monsters-coffee", "Mummy: choosing a token", "drawn_mummy",
         {"families": ["rex", "grunge", "snout", "priss", "mummy"]}),
        ("monster-rejects", "Declaring the face-down card", "illusion_card", {}),
    ],
)  # fmt: skip
def test_a_choice_shows_what_it_is_between(game_id, phase, field, options):
    # The Mummy's two drawn tokens, and the card put face down for the Illusionist, were in no
    # field: the seat chose between tokens, or declared a card, that its observation lacked.
    state = _until(game_id, phase, **options)
    seat = state.current_player
    encoder = encoder_for(game_id)
    mine = encoder(state.view(seat))
    assert _block(game_id, field, mine).any()
    for s in range(3):  # from the seat's view only: what it cannot see changes nothing
        assert np.array_equal(encoder(state.determinize(seat, random.Random(s)).view(seat)), mine)
    view = state.view(seat)
    if field == "drawn_mummy":
        tokens = [n for t in view["drawn_mummy"] for n in (t["coffee"], t["bones"])]
        assert list(_block(game_id, field, mine) * 3) == tokens
    else:
        cards = list(games.get(game_id).catalogue()["cards"])
        assert cards[int(_block(game_id, field, mine).argmax())] == view["illusion_card"]
        other = (seat + 1) % 3  # another seat does not see it
        assert not _block(game_id, field, encoder(state.view(other))).any()
