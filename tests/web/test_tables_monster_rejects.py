"""The Monster Rejects table as a newcomer plays it (what every table is checked for is in
test_tables.py): five opponents sit on one row, so my hand stays on a desktop screen; the top
card of the pile goes by its name ("Crown of Inferno", as the prompts say), and when an item
changed its value the pile says so and why; a face-down card of the Illusionist says what it lies
on and what calling the bluff risks, to both players.

Most deals are the server's own, and the tests play until the moment comes, as a player would
meet it; the two that need a card in the first player's hand ask a test server for a deal found
beforehand.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

from cardcafe.server.seatbots import quick_choice
from cardcafe.server.table import bots_rng

from .boards import finished_table, horizontal_overflow, open_table, seeds_where, vertical_overflow
from .harness import DESKTOP, PHONE, http
from .tablepage import (
    MOVE_OR_ROUND_END,
    TURN_TIMEOUT_MS,
    dataset,
    record_page_errors,
    wait_version_change,
)

GAME = "monster-rejects"
PILE = "#board [data-place='pile']"
NOTES = f"{PILE} .rj-pile-notes"


def pile_text(page) -> str:
    return " ".join(page.inner_text(PILE).split())


def notes_fit_a_phone_too(page, tmp_path: Path, name: str) -> None:
    """The pile's notes, shot on a desktop, are still in sight on a phone, with no sideways
    scrolling (both shots kept under `tmp_path` for a person to look at)."""
    page.screenshot(path=str(tmp_path / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page) == 0
    assert page.locator(NOTES).is_visible()
    page.screenshot(path=str(tmp_path / f"{name}-phone.png"), full_page=True)


def first_turn_answering_a_face_down_card(players: int, count: int) -> list[int]:
    """The first `count` seeds whose deal, its `random` bots moving first as the test server's
    do (`bots_rng`), brings Ann's first turn with a face-down card to answer: the board's
    tallest moment (how tall depends on the card declared and what it lies on)."""

    def answer_first(state) -> bool:
        rng = bots_rng(state.seed, 0)
        while state.current_player != 0 and not state.is_over:
            state.apply(quick_choice("random", state, state.current_player, rng))
        return any(a.to_json()["type"] == "call" for a in state.legal_actions())

    return seeds_where(GAME, players, answer_first, count, battle_pack=True)


def my_move_or_the_end(page) -> str:
    """Wait for my move (or a round end) or the game's end: the page's turn state."""
    page.wait_for_function(
        f"() => document.getElementById('table-page').dataset.turn === 'over' || "
        f"({MOVE_OR_ROUND_END})()",
        timeout=TURN_TIMEOUT_MS,
    )
    return dataset(page)["turn"]


def test_five_opponents_sit_on_one_row_and_my_hand_stays_on_screen(chromium, server, tmp_path):
    # Two rows of opponents pushed my hand below a 1366x900 screen once the Illusionist's
    # buttons were on the table (6 players: 924 px).
    page, _ = open_table(chromium, server, GAME, 6, viewport=DESKTOP, options={"battle_pack": True})
    page.wait_for_function(MOVE_OR_ROUND_END, timeout=TURN_TIMEOUT_MS)
    tops = page.locator("#board .opponents > *").evaluate_all(
        "panels => panels.map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(tops) == 5 and len(set(tops)) == 1, tops
    # Every opponent's hand lies inside their panel, however many cards they hold.
    spill = page.evaluate("""() => [...document.querySelectorAll('#board .opponents > *')]
        .filter(p => p.querySelector('.fan').getBoundingClientRect().right
                     > p.getBoundingClientRect().right + 0.5).length""")
    assert spill == 0
    # My whole hand in sight without scrolling (the moves are in the side column on a desktop):
    # the pile's notes and the last moves' lines above it vary with the deal, by some 110 px
    # when a face-down card is to be answered (its stakes and two buttons: 894 px in a CI run
    # when the buttons took a row each under the pile).
    hand = page.locator("#board .rj-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= DESKTOP["height"] - 20, hand
    assert vertical_overflow(page) <= 0
    page.screenshot(path=str(tmp_path / "six-players-desktop.png"))
    # On a 1024 px desktop the board is narrower: the Chaos in force took a column with no
    # width left and its words ran over the board's edge. They stay inside it.
    page.set_viewport_size({"width": 1024, "height": 768})
    spill = page.evaluate("""() => {
        const board = document.getElementById('board').getBoundingClientRect();
        const words = document.createRange();
        words.selectNodeContents(document.querySelector('#board .rj-in-force'));
        return words.getBoundingClientRect().right - (board.right - 10); }""")
    assert spill <= 0, f"the Chaos in force runs {spill:.0f} px over the board at 1024 px"
    # On a phone they sit on one row too, two and a part in sight, that scrolls sideways by
    # itself (three rows of them, two by two, pushed my hand a screen down): the page does not.
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page) == 0
    tops = page.locator("#board .opponents > *").evaluate_all(
        "panels => panels.map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops
    assert page.locator("#board .opponents").evaluate("e => e.scrollWidth > e.clientWidth")
    page.screenshot(path=str(tmp_path / "six-players-phone.png"), full_page=True)
    page.close()


def test_answering_a_face_down_card_at_six_players_fits_a_desktop(chromium, server, tmp_path):
    # The answers' stakes under the pile, three lines each, pushed the board 2 px past a
    # 1366x900 screen (CI) when a bot's face-down card waited for my first answer.
    for seed in first_turn_answering_a_face_down_card(6, count=4):
        page, _ = open_table(
            chromium, server, GAME, 6, viewport=DESKTOP, options={"battle_pack": True}, seed=seed
        )
        page.wait_for_selector("#action-list [data-action-type='call']", timeout=TURN_TIMEOUT_MS)
        page.screenshot(path=str(tmp_path / f"answer-six-players-{seed}.png"))
        hand = page.locator("#board .rj-hand").bounding_box()
        assert hand is not None and hand["y"] + hand["height"] <= DESKTOP["height"] - 20, hand
        assert vertical_overflow(page) <= 0, f"deal {seed}: the page scrolls"
        page.close()


def table_at(browser, server: str, holds, prefer: tuple[str, ...]):
    """A page at a two-player table (Ann against the heuristic bot, the family names) brought
    over Ann's socket to her turn where `holds(view)`, her moves those of a `prefer`red type
    where she has one: (page, that view). Seeded deals, tried in turn in case a game ends
    first: the same deal and moves every run (a table's bots draw from its seed; unseeded deals
    once failed CI, three games ending before the moment)."""
    rng = random.Random(7)
    moment: dict = {}

    def until(view) -> bool:
        moment["view"] = view
        return holds(view)

    def choose(snapshot):
        preferred = [a for a in snapshot["legal"] if a["type"] in prefer]
        return rng.choice(preferred) if preferred else None

    for seed in range(1, 7):
        try:
            page, _ = open_table(
                browser, server, GAME, 2, viewport=DESKTOP, bot="heuristic",
                options={"names": "family"}, seed=seed, until=until, choose=choose,
            )  # fmt: skip
        except AssertionError:  # this game ended before the moment came
            continue
        my_move_or_the_end(page)
        return page, moment["view"]
    raise AssertionError("six seeded games ended before the moment came")


def test_the_pile_says_what_may_be_played_next_in_the_engines_words(chromium, server, tmp_path):
    """003: "You can either play Realm cards of matching value, or Realm cards of higher value
    from the same realm." The pile read "To beat:" whatever Chaos card was in force (under Join
    The Cult only the next value may follow, any realm). It now shows the engine's line, which
    names the Chaos cards in force ("Moonwalk: a lower Inferno card, or another 5")."""
    moments = {
        "chaos": (lambda v: bool(v["in_force"] and v["pile"]), ("play-chaos", "play-realm")),
        "plain": (lambda v: bool(not v["in_force"] and v["pile"]), ("play-realm",)),
    }
    for name, (holds, prefer) in moments.items():
        page, view = table_at(chromium, server, holds, prefer)
        errors = record_page_errors(page)
        shown = " ".join(page.inner_text(f"{PILE} .rj-beat").split())
        assert "To beat" not in shown
        line = page.locator(f"{PILE} .rj-next")
        assert line.count() == 1 and line.inner_text() == view["next_play_text"], shown
        if name == "chaos":
            # It names the card in force by the table's names, as the list beside the pile.
            names = page.locator("#board [data-place='in-force'] b").all_inner_texts()
            assert any(line.inner_text().startswith(n) for n in names), (line.inner_text(), names)
            page.screenshot(path=str(tmp_path / "next-chaos-desktop.png"), full_page=True)
        else:
            assert line.inner_text().startswith("Next: ")
            page.screenshot(path=str(tmp_path / "next-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            assert horizontal_overflow(page) == 0 and line.is_visible()
            page.screenshot(path=str(tmp_path / "next-phone.png"), full_page=True)
        assert errors == []
        page.close()


# (A card goes by its name: "The 9 of Inferno", "The Crown of Inferno", the 13.)
CHANGED = re.compile(r"The (\d+|Crown) of (\w+) counts as (-?\d+): it was played with (.+?)\.")
# A top card worth another value for another reason (a Chaos card played on it since: Drop A
# Deuce).
OTHERWISE_CHANGED = re.compile(r"The (\d+|Crown) of (\w+) counts as (-?\d+): ")


def play_a_move(page, rng: random.Random, prefer: tuple[str, ...]) -> None:
    """One of my moves from the move list: one whose type is preferred if any, else any."""
    version = dataset(page)["version"]
    buttons = page.locator("#action-list button")
    types = buttons.evaluate_all("bs => bs.map(b => b.dataset.actionType || '')")
    for kind in prefer:
        chosen = [i for i, t in enumerate(types) if t == kind]
        if chosen:
            break
    else:
        chosen = list(range(len(types)))
    button = buttons.nth(rng.choice(chosen))
    if button.evaluate("b => !!b.closest('details:not([open])')"):
        button.locator("xpath=ancestor::details[1]/summary").click()
    button.click()
    wait_version_change(page, version)


def test_the_top_card_says_why_an_item_changed_its_value(chromium, server, tmp_path):
    """003 (FAQ): "if you play a pair of 9s with a cursed item of -2, both 9s would now be
    worth 7". The pile showed "To beat: 7 of Inferno" on the 9 of Inferno, and nothing said why;
    now it names the card played with its worth, as the log does ("9 of Inferno (worth 7)"), and
    says which item did it. A card worth its printed value goes by its own name."""
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page, _ = open_table(
            chromium, server, GAME, 2, viewport=DESKTOP, options={"battle_pack": True}
        )
        errors = record_page_errors(page)
        while time.monotonic() < deadline:
            if my_move_or_the_end(page) == "over":
                break
            face_up = page.locator(f"{PILE} .card-face[data-card]")
            beaten = page.locator(f"{PILE} .rj-beat b")
            if beaten.count() and face_up.count():
                found = CHANGED.search(pile_text(page))
                if found:
                    printed, realm, worth, item = found.groups()
                    assert printed != worth
                    assert beaten.inner_text() == f"{printed} of {realm} (worth {worth})"
                    log = " ".join(page.inner_text("#log").split())
                    assert f"play the item {item}." in log or f"plays the item {item}." in log
                    assert f"the {printed} of {realm} (worth {worth})." in log
                    notes_fit_a_phone_too(page, tmp_path, "item")
                    assert errors == []
                    page.close()
                    return
                otherwise = OTHERWISE_CHANGED.search(pile_text(page))
                if otherwise:  # worth another value for another reason: told the same way
                    printed, realm, worth = otherwise.groups()
                    assert beaten.inner_text() == f"{printed} of {realm} (worth {worth})"
                else:
                    # Worth its printed value: the card's own name, "Crown of Undead", not
                    # "13 of Undead".
                    name = face_up.first.get_attribute("aria-label") or ""
                    assert beaten.inner_text() in name, (beaten.inner_text(), name)
            play_a_move(page, rng, ("play-item", "play-realm"))
        page.close()
    raise AssertionError("no item changed a top card's value in 120 s of play")


def in_hand(card: str) -> str:
    """My card `card` (an id) when a move plays it."""
    return f"#board .rj-hand .actionable[data-targets~='hand-card:{card}']"


ILLUSIONIST = in_hand("illusionist")
FIRST_MOVE = """() => document.getElementById('table-page').dataset.turn === 'mine'
    && !!document.querySelector('#board .actionable')"""


def a_deal_where_the_first_player_holds(card: str) -> int:
    """The first seed whose 2-player deal has the player who moves first holding `card` (an
    id), found here in a moment (the server deals a table from it as the engine does)."""
    return seeds_where(GAME, 2, lambda s: card in s.hands[s.current_player])[0]


def two_players_first_holding(browser, server: str, card: str):
    """Pages of Ann and Bob at a table where whoever moves first holds `card` (an id): (the
    first player's page, the other's page, the other's name). The server must deal from a
    requested seed (`--allow-seed`)."""
    body = {
        "game": GAME,
        "players": 2,
        "options": {},
        "seats": ["human", "human"],
        "seed": a_deal_where_the_first_player_holds(card),
    }
    table = http("POST", f"{server}/api/tables", body)
    pages = {}
    for seat, name in enumerate(("Ann", "Bob")):
        claim = http(
            "POST", f"{server}/api/tables/{table['id']}/seats/{seat}/claim", {"name": name}
        )
        page = browser.new_page(viewport=DESKTOP)
        page.goto(f"{server}/table/{table['id']}?token={claim['token']}")
        pages[name] = page
    for page in pages.values():
        page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
    first = None
    for _ in range(50):
        first = next((n for n, p in pages.items() if p.evaluate(FIRST_MOVE)), None)
        if first:
            break
        time.sleep(0.1)
    assert first, "nobody's first move was drawn"
    assert pages[first].locator(in_hand(card)).count(), f"the first player's hand shows no {card}"
    other = "Bob" if first == "Ann" else "Ann"
    return pages[first], pages[other], other


def click_and_wait(page, selector: str) -> None:
    version = dataset(page)["version"]
    page.click(selector)
    wait_version_change(page, version)


def test_a_face_down_card_says_what_calling_the_bluff_risks(chromium, server, tmp_path: Path):
    """003 (FAQ): "If they are correct in revealing your dirty lies, you must pick up all the
    cards in the play pile. If you were truthful and they were wrong by calling bullshit, then
    that player must pick up the play pile." The table showed only "Declared: ..." to the
    player who must answer: not what is at stake, nor what the card lies on."""
    bluffer, answerer, answerer_name = two_players_first_holding(chromium, server, "illusionist")
    errors = record_page_errors(answerer)
    click_and_wait(bluffer, ILLUSIONIST)
    click_and_wait(bluffer, "#board .rj-hand .actionable >> nth=0")
    claim = bluffer.locator("#action-list [data-action-type='declare']").first
    said = claim.inner_text().strip().removeprefix("Declare it is the ")
    version = dataset(bluffer)["version"]
    if claim.evaluate("b => !!b.closest('details:not([open])')"):
        claim.locator("xpath=ancestor::details[1]/summary").click()
    claim.click()
    wait_version_change(bluffer, version)

    # The bluffer is told what a call would cost either way.
    text = pile_text(bluffer)
    assert "It starts the pile." in text
    assert (
        f"If {answerer_name} calls the bluff: a lie and you pick up the pile (1 card); "
        f"the truth and {answerer_name} does." in text
    )
    # The one who answers: what it lies on, what a call risks, what accepting means.
    answerer.wait_for_selector("#action-list [data-action-type='call']")
    bluffer_name = "Bob" if answerer_name == "Ann" else "Ann"
    text = pile_text(answerer)
    assert f"Declared: {said}" in text
    assert "It starts the pile." in text
    # Each answer's button sits beside what it leads to (beside the turn's notes they took a
    # row each and pushed my hand off a desktop screen).
    answers = answerer.locator(f"{PILE} .rj-answer").evaluate_all(
        "rows => rows.map(r => [r.querySelector('button'), r.querySelector('p')]"
        "    .map(part => part.innerText))"
    )
    assert answers == [
        [
            "Call the bluff",
            f"If it is not the {said}, {bluffer_name} picks up the pile (1 card); "
            "if it is, you pick it up.",
        ],
        ["Accept it", f"It counts as the {said} and you play on it."],
    ]
    # Nothing hidden leaks to the answerer: not what the card really is.
    assert "really" not in text
    notes_fit_a_phone_too(answerer, tmp_path, "answer")
    assert errors == []
    bluffer.close()
    answerer.close()


def test_the_cosby_says_whose_card_was_taken_and_what_to_click_next(
    chromium, server, tmp_path: Path
):
    """003 (FAQ): "the player can give back any card of their choosing". After taking, the
    banner said nothing to click (its hint line was empty) and the table said "Ann takes a card
    from Bob" to Ann herself."""
    taker, victim, victim_name = two_players_first_holding(chromium, server, "cosby")
    errors = record_page_errors(taker)
    click_and_wait(taker, in_hand("cosby"))
    assert "Click the player you take from." in taker.inner_text("#table-page")
    victim_seat = 1 if victim_name == "Bob" else 0
    click_and_wait(taker, f"#board .actionable[data-target='player:{victim_seat}']")
    assert "Click the card of your hand to give back." in taker.inner_text("#table-page")
    notes = " ".join(taker.inner_text("#board .rj-notes").split())
    assert f"You take a card from {victim_name}." in notes
    taker_name = "Bob" if victim_name == "Ann" else "Ann"
    assert taker_name not in notes
    victim.wait_for_function(
        "n => document.querySelector('#board .rj-notes')?.textContent.includes(n)",
        arg=f"{taker_name} takes a card from you.",
    )
    taker.screenshot(path=str(tmp_path / "give-back-desktop.png"), full_page=True)
    taker.set_viewport_size(PHONE)
    taker.screenshot(path=str(tmp_path / "give-back-phone.png"), full_page=True)
    assert errors == []
    taker.close()
    victim.close()


def test_a_finished_game_leaves_nothing_to_beat(chromium, server, tmp_path: Path):
    """003: "The first player to dispose of all cards in their hand wins the game." Once it is
    won the pile still read "To beat: ...", as if a turn were to come."""
    page, _ = finished_table(chromium, server, GAME, 2, viewport=DESKTOP)
    errors = record_page_errors(page)
    page.wait_for_selector("#board .rj-beat")
    page.keyboard.press("Escape")  # the summary, over the pile
    text = pile_text(page)
    assert "To beat" not in text and "any Realm card starts it" not in text
    assert any(words in text for words in ("Last played: ", "The pile is empty.", "Declared: "))
    page.screenshot(path=str(tmp_path / "over-desktop.png"), full_page=True)
    assert errors == []
    page.close()
