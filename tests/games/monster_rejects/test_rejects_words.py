"""Monster Rejects in players' words (issue 20): the catalogue, action labels that name cards,
structured events worded per viewer, and the score breakdown. Seed 003_59e5b48f57a6f035.txt."""

import random

from cardcafe.games.monster_rejects.actions import (
    Draw,
    GiveBack,
    Hide,
    PlayChaos,
    PlayItem,
    PlayRealm,
    Target,
)
from cardcafe.games.monster_rejects.cards import ALL_CARDS, CHAOS, load
from cardcafe.games.monster_rejects.words import PHASES

from .helpers import GAME, arrange, kinds

NAMES = ["Ann", "Bob", "Cleo"]
TWO = NAMES[:2]


def test_the_catalogue_names_and_explains_every_card():
    catalogue = GAME.catalogue()
    assert set(catalogue["cards"]) == set(ALL_CARDS)
    for card, entry in catalogue["cards"].items():
        assert entry["name"] and entry["text"] and entry["short"], card
        assert 0 <= entry["hue"] <= 360 and entry["icon"], card
    crown = catalogue["cards"]["undead-13"]
    # 003: "Crown (King/Queen) cards always hold the highest value in the game (you can assume a
    # value of 13), unless changed by a Chaos card."
    assert crown["name"] == "Crown of Undead" and crown["value"] == 13
    assert "highest" in crown["text"] and crown["realm"] == "undead"
    assert catalogue["cards"]["mutant-8"]["article"] == "an"
    # 003: "Hiroshima (killing the play pile and starting a new pile)"
    assert "Kill the pile" in catalogue["cards"]["hiroshima"]["text"]
    # ASSUMED Drop A Deuce effect (cards.toml): "the top card of the pile now counts as 2".
    assert "counts as a 2" in catalogue["cards"]["drop-a-deuce"]["text"]
    assert set(catalogue["terms"]) == {"inferno", "nightmare", "undead", "mutant"}
    assert set(catalogue["phases"].values()) == set(PHASES.values())


def test_the_catalogue_follows_the_tables_options():
    family = GAME.catalogue(names="family", bomber_chaos="zero", cosby_takes="printed")
    original = load().names(False)
    assert family["cards"]["hiroshima"]["name"] == "Nuke"
    texts = " ".join(e["text"] for e in family["cards"].values())
    assert not [original[c] for c in CHAOS if original[c] in texts]
    # 003: "if the player draws a Chaos card instead of a Realm Card, they can count it as 0"
    assert "counts 0" in family["cards"]["suicide-bomber"]["text"]
    assert "redraw" not in family["cards"]["suicide-bomber"]["text"]
    assert "printed" in family["cards"]["cosby"]["text"]
    assert GAME.catalogue()["cards"]["cosby"]["name"] == "The Cosby"


def test_labels_name_the_cards_and_seats_not_positions():
    s = arrange(
        players=3,
        hands=[["cosby", "trip", "inferno-5"], ["undead-13", "mutant-2"], ["inferno-2"]],
        pile=["inferno-3"],
    )
    labels = [s.describe(a, NAMES) for a in s.legal_actions()]
    assert "Play The Cosby" in labels and "Play the 5 of Inferno on the 3 of Inferno" in labels
    s.apply(PlayChaos("cosby"))
    assert s.describe(Target(1), NAMES) == "Take Bob's highest Realm card"
    s.apply(Target(1))
    labels = [s.describe(a, NAMES) for a in s.legal_actions()]
    assert "Give Trip The Fuck Out back to Bob" in labels
    assert "Give the Crown of Undead back to Bob" in labels
    assert len(set(labels)) == len(labels)
    assert s.prompt_text(NAMES) == "The Cosby: choose the card to give back to Bob."


def test_the_illusionists_card_is_named_by_what_was_declared():
    # 003: "you place a Realm card facedown declaring its value and realm type"
    s = arrange(hands=[["illusionist", "mutant-2", "inferno-4"], ["undead-1"]], pile=["inferno-3"])
    s.apply(PlayChaos("illusionist"))
    assert s.describe(Hide("mutant-2"), NAMES[:2]) == "Put the 2 of Mutant face down"
    s.apply(Hide("mutant-2"))
    s.apply(s.legal_actions()[-1])  # declare some card that could follow
    claim = GAME.catalogue()["cards"][s.pile[-1][1]]["name"]
    labels = [s.describe(a, NAMES[:2]) for a in s.legal_actions()]
    assert labels == [
        f"Accept Ann's face-down card as the {claim}",
        "Call the bluff: turn Ann's face-down card over",
    ]
    # Bob never learns the real card from the log before a call.
    assert not any("2 of Mutant" in t for t in s.log_text(1, NAMES[:2]))


def test_a_secret_event_hides_its_card_from_other_seats_and_spectators():
    # 003 (FAQ, The Cosby): "the player can give back any card of their choosing": only the two
    # players see which.
    s = arrange(
        players=3,
        hands=[["cosby", "trip", "inferno-5"], ["undead-13", "mutant-2"], ["inferno-2"]],
        pile=["inferno-3"],
    )
    s.apply(PlayChaos("cosby"))
    s.apply(Target(1))
    s.apply(GiveBack("trip"))
    given = [e for e in s.events if e.kind == "cosby-give"]
    assert [e.data for e in given] == [{"card": "trip", "victim": 1}, {"victim": 1}]
    assert "You give Trip The Fuck Out to Bob." in s.log_text(0, NAMES)
    assert "Ann gives you Trip The Fuck Out." not in s.log_text(1, NAMES)
    assert "Ann gives Trip The Fuck Out to you." in s.log_text(1, NAMES)
    for viewer in (2, None):
        seen = [s.event_text(e, viewer, NAMES) for e in s.log(viewer) if e.kind == "cosby-give"]
        assert seen == ["Ann gives Bob a card."]


def test_events_hold_seats_and_card_ids_not_words():
    s = GAME.new(4, seed=3, battle_pack=True)
    rng = random.Random(3)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    known = set(GAME.catalogue()["cards"])

    def plain(value):
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, int) or value in known

    assert all(plain(v) for e in s.events for v in (e.data or {}).values())
    assert s.log_text(None) and all(s.log_text(None))


def test_the_breakdown_of_a_game_won_by_the_last_card():
    # 003: "The first player to dispose of all cards in their hand wins the game." Scores (our
    # decision): minus the cards left in hand.
    s = arrange(
        players=3,
        hands=[["inferno-8"], ["undead-1", "hiroshima", "nightmare-3"], ["mutant-5"]],
        pile=["inferno-7"],
    )
    assert s.breakdown() is None and "breakdown" not in s.view(0)
    s.apply(PlayRealm("inferno-8"))
    view = s.view(None)
    assert view["winners"] == [0] and view["scores"] == [0, -3, -1]
    assert view["breakdown"] == [
        [{"label": "Went out: no cards left", "points": 0}],
        # Hands stay hidden at the end and every seat sees every breakdown: counts only.
        [{"label": "3 cards left in hand", "points": -3}],
        [{"label": "1 card left in hand", "points": -1}],
    ]
    assert "card left in hand" in view["breakdown_title"]
    assert view["end_reason"] == "A player played their last card."
    assert s.log_text(1, NAMES)[-1] == "Ann plays their last card. Ann wins!"
    assert s.log_text(0, NAMES)[-1] == "You play your last card. You win!"


def test_the_breakdown_adds_up_when_the_turn_limit_ends_the_game():
    s = GAME.new(3, seed=5, turn_limit=6, battle_pack=True)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    _, parts = s.breakdown()
    for seat, score in enumerate(s.scores()):
        assert sum(p["points"] for p in parts[seat]) == score
        assert all("left in hand" in p["label"] for p in parts[seat])
    assert "limit" in s.view(0)["end_reason"]
    assert "Fewest cards" in s.log_text(None)[-1]


def test_the_view_speaks_in_phase_names_and_chaos_ids():
    # 003: "Right Wing Mentality will be in effect until the play pile is killed"
    s = arrange(hands=[["right-wing", "inferno-2"], ["undead-1"]], pile=["inferno-7"])
    view = s.view(0)
    assert view["phase"] == "Start of the turn" and view["in_force"] == []
    s.apply(PlayChaos("right-wing"))
    view = s.view(1)
    assert view["in_force"] == ["right-wing"] and view["beside"] == ["right-wing"]
    assert view["phase"] == "Playing Realm cards"
    assert not {"names", "turn", "winner", "right_wing_mentality", "trip"} & set(view)
    s.apply(Draw())
    assert s.view(0)["phase"] == "After the draw"


def test_the_prompt_offers_only_what_the_player_can_do():
    # 003: "At the beginning of a player's turn, that player can choose to play a Chaos card";
    # with none in hand the prompt does not offer one.
    s = arrange(hands=[["inferno-9", "mutant-2"], ["undead-1"]], pile=["inferno-7"])
    assert s.prompt_text(TWO) == "Play a Realm card on the 7 of Inferno, or draw."
    s = arrange(hands=[["trip", "inferno-9"], ["undead-1"]], pile=["inferno-7"])
    assert s.prompt_text(TWO) == (
        "Play a Chaos card first, or a Realm card on the 7 of Inferno, or draw."
    )


def test_the_prompt_says_why_no_realm_card_can_be_played():
    # 003: "If you are unable or choose not to play a Realm card, you must draw a card from the
    # deck." The player is told they are unable, and by which Chaos cards in force.
    s = arrange(hands=[["mutant-2", "inferno-4"], ["undead-1"]], pile=["inferno-7"])
    assert s.prompt_text(TWO) == (
        "No Realm card of yours can follow the 7 of Inferno: draw a card."
    )
    # 003: "all players can only play Undead Realm Cards" while AIDS is beside the pile.
    s = arrange(
        hands=[["hiroshima", "inferno-9", "mutant-10"], ["undead-1"]],
        pile=["undead-8"],
        beside=["aids"],
        deck=["mutant-5"],  # the top card: the one drawn
    )
    assert [a.card for a in s.legal_actions() if isinstance(a, PlayRealm)] == []
    assert s.prompt_text(TWO) == (
        "No Realm card of yours can follow the 8 of Undead while AIDS is in force: "
        "play a Chaos card first, or draw a card."
    )
    # 003: "If you still cannot play a Realm card after drawing, you must pass".
    s.apply(Draw())
    assert "mutant-5" in s.hands[0] and kinds(s) == {"pass"}
    assert s.prompt_text(TWO) == (
        "You drew: no Realm card of yours can follow the 8 of Undead while AIDS is in force: pass."
    )
    # With nothing left to draw, 003: "If they can't go, they simply pass, without drawing".
    s = arrange(hands=[["mutant-2"], ["undead-1"]], pile=["inferno-7"], rest=1)
    assert s.prompt_text(TWO) == ("No Realm card of yours can follow the 7 of Inferno: pass.")


def test_the_prompt_offers_an_item_that_would_let_a_card_follow():
    # 003 (FAQ): "You can play only one item card per turn with any number of Realm cards."
    hand = ["weapon-plus-2", "inferno-6", "mutant-1"]
    s = arrange(hands=[hand, ["undead-1"]], pile=["inferno-7", "nightmare-8"], battle_pack=True)
    assert s.prompt_text(TWO) == (
        "No Realm card of yours can follow the 8 of Nightmare without an item: "
        "play an item with one, or draw a card."
    )


def test_after_a_draw_the_prompt_offers_the_item_and_then_only_the_play():
    # 003 (FAQ): "If I can't go on my turn and I draw a card, can I play after I draw? A: Yes";
    # an item is played "with any number of Realm cards": once it is down, a card must follow.
    hand = ["weapon-plus-2", "mutant-1"]
    s = arrange(
        hands=[hand, ["undead-1"]],
        pile=["inferno-7", "nightmare-8"],
        deck=["inferno-6"],  # drawn: worth 8 with the +2, so it may follow then
        battle_pack=True,
    )
    s.apply(Draw())
    assert s.prompt_text(TWO) == (
        "You drew: no Realm card of yours can follow the 8 of Nightmare without an item: "
        "play an item with one, or pass."
    )
    s.apply(PlayItem("weapon-plus-2"))
    assert kinds(s) == {"play-realm"}
    said = s.prompt_text(TWO)
    assert said.startswith("You drew: play a Realm card with the ") and "pass" not in said
    assert said.endswith(" on the 8 of Nightmare.")


def test_the_prompt_is_the_movers_alone():
    # What the prompt says of a hand ("no Realm card of yours can follow") is for its holder:
    # the other seats' and a spectator's views carry no prompt.
    s = arrange(hands=[["mutant-2", "inferno-4"], ["undead-1"]], pile=["inferno-7"])
    assert "No Realm card of yours" in s.view(0, TWO)["prompt"]
    assert s.view(1, TWO)["prompt"] is None and s.view(None, TWO)["prompt"] is None
