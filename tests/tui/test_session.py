"""The table without a screen: undo's stopping rule, the end summary's words, the CLI."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from cardcafe import games
from cardcafe.cli import app
from cardcafe.engine import BadInput, GameError, State
from cardcafe.tui import keys, seatbots
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import breakdown, cards_in_view, cards_text
from cardcafe.tui.render import render
from cardcafe.tui.reveal import reveals
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.summary import outcome, tie_rule

from .toy_game import TOY, value
from .toy_game import Place as Keep

DINER = games.get("monster-diner")


def test_undo_in_monster_diner_stops_at_the_last_card_drawn():
    # Find a game where player 1 must give an Unwelcome guest to a player with a diner.
    for seed in range(200):
        session = Session(Setup(DINER, 2, ["human", "human"], seed=seed))
        state = session.state
        while not state.is_over and not (state.phase == "give" and state.turn == 0):
            session.play(state.legal_actions()[0])
        if not state.is_over and any(state.diners[1].values()):
            break
    else:
        pytest.fail("no seed gives player 1 a guest")
    # The placement that filled the mat drew no card: it may be taken back. The one before it
    # drew the next card from the deck (or was the other player's): that is final.
    assert session.undo_steps() == 1
    session.play(state.legal_actions()[0])  # give the guest: its outcome is plain to see
    assert session.state.phase == "take"
    assert session.undo_steps() == 2
    session.undo()
    assert session.state.phase == "give"
    session.undo()
    assert session.state.phase == "place"
    with pytest.raises(GameError):
        session.undo()


def test_reveals_a_drawn_card_but_not_a_private_choice():
    state = TOY.new(2, seed=4)
    choose = state.legal_actions()[0]
    assert not reveals(state, choose, 0)  # the outcome is just the choice itself
    state.apply(choose)
    assert reveals(state, Keep(True), 0)  # a new card comes from the hidden deck


def test_a_draw_the_player_could_foresee_reveals_nothing():
    # Every unseen card the same: the drawn card is known before it is drawn.
    state = TOY.new(2, seed=4)
    state.apply(state.legal_actions()[0])
    state.deck = [state.deck[0]] * len(state.deck)
    state.hands[1] = [state.deck[0]] * len(state.hands[1])
    assert not reveals(state, Keep(True), 0)


def test_a_loaded_record_keeps_its_undo_points(tmp_path):
    session = Session(Setup(DINER, 2, ["human", "random"], seed=21))
    while session.undo_steps() == 0 or session.state.phase != "take":
        if session.state.is_over:
            pytest.skip("seed 21 never offers a take-back")
        session.play(session.state.legal_actions()[0])
    path = session.save(tmp_path / "game.json")
    loaded = Session.load(path, ["human", "random"])
    assert loaded.state == session.state
    assert loaded.undo_steps() == session.undo_steps()
    with pytest.raises(BadInput, match="cannot read"):
        Session.load(tmp_path / "missing.json")


def test_seats_must_match_the_players():
    with pytest.raises(BadInput, match="3 players need 3 seats"):
        Setup(DINER, 3, ["human", "random"])


class RecordingBot:
    def __init__(self):
        self.seen = []

    def choose(self, given):
        self.seen.append(given)
        legal = given.legal_actions
        return (legal() if callable(legal) else legal)[-1]


def test_a_bot_never_gets_the_true_state():
    state = TOY.new(2, seed=9)
    bot = RecordingBot()
    action = seatbots.choose(bot, state, 0, random.Random(1))
    assert action in state.legal_actions()
    (given,) = bot.seen
    assert given is not state
    if isinstance(given, State):  # no bots package: a determinization for the seat
        assert given.seed is None and given.history == []
        assert given.view(0) == state.view(0)
    else:  # the bots package: the seat's Observation
        assert given.view == state.view(0) and given.player == 0


def test_the_fallback_bot_plays_uniformly_among_legal_moves():
    state = DINER.new(3, seed=1)
    bot = seatbots.RandomFallback("random", seed=3)  # what every bot is without cardcafe.bots
    picks = {seatbots.choose(bot, state, 0, random.Random(i)) for i in range(60)}
    assert picks == set(state.legal_actions())


def test_the_hint_prefers_the_winning_move():
    # Toy Hands, the last card in play: keeping it wins, giving it away loses.
    state = TOY.new(2, seed=1)
    while sum(map(len, state.hands)) > 1 or state.chosen is not None:
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # choose the last card
    seat, other = state.current_player, 1 - state.current_player
    worth = value(state.chosen)
    state.scored = [[], []]
    state.scored[other] = [f"jade-{worth - 1}"] if worth > 1 else []
    hint = seatbots.hint(state, seat, random.Random(0), budget=0.05)
    assert hint.action == Keep(True)
    assert hint.confidence > 0.9


def test_the_summary_names_the_tie_rule_that_decided():
    names = ["Ann", "Bo", "Cy"]
    broken = outcome({"scores": [30, 30, 12], "winners": [1]}, names, DINER)
    assert broken[0] == "Winner: Bo"
    assert "Tied on 30 points: Ann, Bo; the tie was broken." in broken
    assert "Janitors" in broken[-1]  # 001: "the player with more Janitors steals a victory"
    shared = outcome({"scores": [30, 30, 12], "winners": [0, 1]}, names, DINER)
    assert shared[0] == "Winners: Ann, Bo" and "a shared victory" in shared[1]
    clear = outcome({"scores": [10, 30, 12], "winners": [1]}, names, DINER)
    assert clear == ["Winner: Bo"]  # a clear win: no word on ties, no tie rule
    one = outcome({"scores": [1, 1, 0], "winners": [0, 1]}, names, DINER)
    assert one[1].startswith("Tied on 1 point: Ann, Bo")
    # Found on any game's rules page: the passage on a tie for the win, not another tie.
    assert "a tie is a shared win" in tie_rule(games.get("coffee-break"))


CATALOGUE = {
    "cards": {
        "inferno-13": {"name": "Crown of Inferno", "text": "Beats every Inferno card.", "hue": 10},
        "aids": {"name": "Mummy's kiss", "text": "Discard a card."},
        "ruby-3": {"name": "Ruby 3", "text": "Worth 3 points."},
        "jade-5": {"name": "Jade 5", "text": "Worth 5 points."},
    },
    "terms": {"fire": {"name": "Fire realm", "text": "Hot."}},
}


def plain(renderable) -> str:
    return CardcafeApp().plain_text(renderable)


def test_the_generic_renderer_shows_a_view_it_has_never_seen():
    view = {
        "game": "unknown",
        "players": 2,
        "seat": 0,
        "current_player": 0,
        "is_over": False,
        "prompt": "Do it",
        "phase": "Laying cards",
        "scores": [0, 0],
        "hand": ["ruby-3", "jade-5"],
        "realms": [{"fire": 2}, {}],
        "secret_count": [3, 4],
        "first_player": 1,
        "reversed": False,
        "item": None,
    }
    text = plain(render(view, ["Ann (you)", "Bo"], CATALOGUE))
    for shown in ("Ruby 3", "Jade 5", "Fire realm ×2", "Ann (you)", "Bo", "Secret count"):
        assert shown in text
    # A hand as long as the table is still one hand, not one card per player.
    assert "Ruby 3" in text.split("Ann (you)")[0]
    # No engine data: ids, seat numbers, fields with nothing in them, the status line's keys.
    assert "ruby-3" not in text and "fire ×" not in text
    assert "First player  Bo" in text and "First player  1" not in text
    assert "Reversed" not in text and "Item" not in text and "None or off" not in text
    assert "Laying cards" not in text and "Scores" not in text  # the side column shows them


def test_the_generic_renderer_uses_card_names_records_and_player_panels():
    view = {
        "game": "unknown",
        "players": 2,
        "seat": 0,
        "current_player": 1,
        "is_over": False,
        "scores": [0, 0],
        "hand": ["inferno-13", "aids"],
        "pile": [
            {"card": "inferno-13", "value": 13, "face_down": False},
            {"card": None, "value": 0, "face_down": True},
        ],
        "rear": [[{"card": "aids", "revealed": True}], [{"card": None, "revealed": False}]],
        **{f"count_{n}": [n, n + 10] for n in range(5)},
    }
    text = plain(render(view, ["Ann (you)", "Bo"], CATALOGUE))
    assert "Crown of Inferno" in text and "inferno-13" not in text
    assert "Pile" in text and "Face down" in text  # a list of records: a table
    assert "Mummy's kiss · revealed" in text and "face down" in text
    # Six per-player fields: a panel per player, the one to move marked.
    assert "Bo  ◀ to move" in text and "14" in text


def test_the_monster_diner_board_names_every_card_from_the_catalogue():
    state = DINER.new(3, seed=2)
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    cards = state.catalogue["cards"]
    text = plain(render(view, ["A", "B", "C"], state.catalogue))
    assert f"{view['deck_size']} in deck" in text
    for seat in range(3):
        assert f"{view['scores'][seat]} point" in text
        for card in view["mats"][seat] + list(view["diners"][seat]):
            assert cards[card]["name"].split()[0] in text
    assert cards[view["held"]]["name"].split()[0] in text


def test_play_command_rejects_bad_seats_and_options():
    runner = CliRunner()
    result = runner.invoke(app, ["play", "monster-diner", "--players", "3", "--seats", "human"])
    assert result.exit_code == 2 and "3 players need 3 seats" in result.output
    result = runner.invoke(app, ["play", "no-such-game"])
    assert result.exit_code == 2 and "unknown game" in result.output
    result = runner.invoke(app, ["play", "monster-diner", "--options", "{oops"])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    result = runner.invoke(app, ["play", "monster-diner", "--options", "[1]"])
    assert result.exit_code == 2 and "JSON object" in result.output
    result = runner.invoke(app, ["play", "monster-diner", "--options", '{"guest_to": "x"}'])
    assert result.exit_code == 2 and "guest_to" in result.output


def test_play_sets_the_beat_before_a_forced_move_plays_itself(monkeypatch):
    # Issue 13: "a forced single move plays itself after a short beat (setting)".
    beats = []
    monkeypatch.setattr(CardcafeApp, "run", lambda self: beats.append(self.forced_beat))
    runner = CliRunner()
    for given in (["--forced-beat", "1.5"], ["--forced-beat", "off"], []):
        result = runner.invoke(app, ["play", "monster-diner", "--seats", "human,random", *given])
        assert result.exit_code == 0, result.output
    assert beats == [1.5, None, 0.6]
    result = runner.invoke(app, ["play", "monster-diner", "--forced-beat", "soon"])
    assert result.exit_code == 2 and "--forced-beat takes seconds" in result.output


def test_the_coffee_break_board_shows_the_orders_and_only_the_seats_own_hand():
    game = games.get("coffee-break")
    state = game.new(3, seed=1)
    rng = random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    names = ["A", "B", "C"]
    cards = state.catalogue["cards"]
    view = state.view(seat)
    text = plain(render(view, names, state.catalogue))
    for order in view["orders"]:
        if order is not None:
            assert cards[order["order"]]["name"] in text
    assert "Your hand" in text
    for card in view["hand"]:
        assert cards[card]["name"] in text
    spectator = plain(render(state.view(None), names, state.catalogue))
    assert "Your hand" not in spectator


def test_a_renderer_that_no_longer_fits_the_view_gives_way_to_the_generic_board():
    state = DINER.new(2, seed=1)
    view = state.view(0)
    del view["mats"]  # as if the game had renamed a field
    text = plain(render(view, ["A", "B"], state.catalogue))
    assert "Diners" in text and "Deck size" in text


def test_the_table_labels_moves_with_the_games_words_and_the_seats_names():
    session = Session(Setup(TOY, 2, ["human", "random"], seed=3))
    assert session.words_names() == ["Player 1", "Random bot 2"]
    assert session.seat_name(0, viewer=0) == "Player 1 (you)"
    cards = session.catalogue["cards"]
    labels = [session.label(a) for a in session.legal_actions()]
    assert labels == [f"Choose the {cards[a.card]['name']}" for a in session.legal_actions()]
    session.play(session.legal_actions()[0])
    chosen = cards[session.state.chosen]["name"]
    labels = [session.label(a) for a in session.legal_actions()]
    assert labels == [f"Keep the {chosen} (score it)", f"Give the {chosen} to Random bot 2"]
    # The log is worded for the seat reading it: "you" for its own seat, names for the others.
    assert session.log_text(0)[-1] == f"You choose the {chosen}."
    assert session.log_text(1)[-1] == "Player 1 chooses a card."
    search = Session(Setup(DINER, 3, ["human", "ismcts:seconds=1", "random"], seed=1))
    assert search.words_names() == ["Player 1", "Search bot 2", "Random bot 3"]


def test_the_card_details_list_the_cards_in_sight_with_their_catalogue_text():
    state = TOY.new(2, seed=4)
    view = state.view(0)
    cards = state.catalogue["cards"]
    assert cards_in_view(view, state.catalogue) == view["hand"]
    text = plain(cards_text(view, state.catalogue))
    for card in view["hand"]:
        assert cards[card]["name"] in text and cards[card]["text"] in text
    assert "Score the chosen card yourself." in text  # the glossary
    hidden = set(state.hands[1])
    assert not any(cards[c]["name"] in text for c in hidden - set(view["hand"]))


def test_a_breakdown_shows_every_seats_parts_and_total():
    view = {
        "scores": [7, 3],
        "breakdown": [
            [{"label": "Ruby 3", "points": 3}, {"label": "Cookie bonus", "points": 4}],
            [{"label": "Jade 3", "points": 3}],
        ],
        "winners": [0],
    }
    text = plain(breakdown(view, ["Ann", "Bo"]))
    for shown in ("Ann", "Bo", "Ruby 3", "Cookie bonus", "Jade 3", "Total", "7", "winner"):
        assert shown in text


def test_move_keys_stay_with_their_moves():
    first = keys.assign(["Lay A", "Lay B", "Lay C"], {})
    assert first == ["1", "2", "3"]
    before = dict(zip(["Lay A", "Lay B", "Lay C"], first, strict=True))
    # B is gone, D is new: A and C keep their keys, D takes a free one, not B's "2" (pressed
    # again, a key whose move just went does nothing rather than another move: Coffee
    # Break's "Finish laying" took the "1" that had just laid a card).
    after = keys.assign(["Lay A", "Lay C", "Lay D"], before)
    assert after == ["1", "3", "4"]
    assert keys.order(after) == [0, 1, 2]  # shown in key order
    # At the next decision "2" is free again like any other.
    kept = dict(zip(["Lay A", "Lay C", "Lay D"], after, strict=True))
    assert keys.assign(["Lay A", "Lay E"], kept) == ["1", "2"]
    # Nothing carried over (a new step of the turn): the list starts again from 1.
    assert keys.assign(["Take X", "Take Y"], before) == ["1", "2"]
    many = keys.assign([f"move {n}" for n in range(30)], {})
    assert many[:11] == [*"1234567890", "a"]
    assert not set(many) & set(keys.COMMAND_LETTERS)
    assert keys.assign(["Draw a card"], {"Draw a card": "2"}) == ["1"]  # alone: always 1
