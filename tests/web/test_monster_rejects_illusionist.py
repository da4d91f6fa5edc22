"""Monster Rejects in the browser: the Illusionist who starts a pile puts a Realm card face down
and declares it by clicking that card, drawn where the pile begins; the table says which card it
really is, that it starts a new pile, what clicking does, and (in the engine's words, the view's
`next_play_text`) what it may be declared as.

The test server deals from a seed a request names (`--allow-seed`): the deals where Ann holds
the Illusionist and moves first (or second, after the bot's first card) are found beforehand in
the engine, in a moment (the test opened up to 150 tables until one came).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from websockets.sync.client import connect

from .boards import horizontal_overflow, seeds_where
from .harness import DESKTOP, PHONE, http
from .tablepage import (
    TURN_TIMEOUT_MS,
    dataset,
    menu_whole_and_on_top,
    record_page_errors,
    wait_version_change,
)

# Deals that bring the moment, tried in turn (the bot's first card is its own random choice: it
# may be its own Illusionist, face down).
MOST_TABLES = 10
ILLUSIONIST = "#board .rj-hand .actionable[data-targets~='hand-card:illusionist']"
FACE_DOWN = "#board [data-place='pile'] .card-back[data-target='declared']"
FIRST_TURN = """() => {
    const page = document.getElementById('table-page');
    if (page.dataset.turn === 'theirs' || page.dataset.turn === 'over') return true;
    return page.dataset.turn === 'mine' && !!document.querySelector('#board .actionable');
}"""


def open_turn_with_illusionist(browser, server: str, on_a_card: bool = False, rival="random"):
    """A page at a table where Ann moves first with the Illusionist in hand, onto an empty pile
    (or, `on_a_card`, where the bot moved first and Ann plays onto its face-up card): (page,
    catalogue of its cards). Tables that deal otherwise are conceded. `rival`: the other
    seat's bot, or "human": Bob sits there and never moves (what Ann plays stays unanswered)."""
    page = browser.new_page(viewport=DESKTOP)
    for seed in deals_with_the_illusionist(first=1 if on_a_card else 0):
        body = {"game": "monster-rejects", "players": 2, "seats": ["human", rival], "seed": seed}
        table = http("POST", f"{server}/api/tables", body)
        claim = f"{server}/api/tables/{table['id']}/seats/{{}}/claim"
        token = http("POST", claim.format(0), {"name": "Ann"})["token"]
        if rival == "human":
            http("POST", claim.format(1), {"name": "Bob"})
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.wait_for_function(FIRST_TURN, timeout=TURN_TIMEOUT_MS)
        pile = page.inner_text("#board [data-place='pile']").lower()
        face_up = page.locator("#board [data-place='pile'] .card-face[data-card]").count()
        wanted = face_up > 0 if on_a_card else "0 cards" in pile
        if dataset(page)["turn"] == "mine" and wanted and page.locator(ILLUSIONIST).count():
            cards = http("GET", f"{server}/api/tables/{table['id']}/catalogue")["cards"]
            return page, cards
        http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
    raise AssertionError(f"no deal of {MOST_TABLES} gave Ann the Illusionist on that turn")


def deals_with_the_illusionist(first: int) -> list[int]:
    """Seeds of 2-player deals where Ann (seat 0) holds the Illusionist and seat `first` moves
    first: the first `MOST_TABLES` of them."""
    return seeds_where(
        "monster-rejects",
        2,
        lambda s: s.current_player == first and "illusionist" in s.hands[0],
        MOST_TABLES,
    )


def hide_a_card(page, cards) -> str:
    """Play the Illusionist and put the first Realm card the hand offers face down: its name."""
    click_and_wait(page, ILLUSIONIST)
    chosen = page.locator("#board .rj-hand .actionable").first
    hidden_id = chosen.get_attribute("data-targets").removeprefix("hand-card:")
    click_and_wait(page, f"#board .rj-hand .actionable[data-targets~='hand-card:{hidden_id}']")
    return cards[hidden_id]["name"]


def realm_cards(cards) -> dict[str, list[str]]:
    """Each realm's name (catalogue order) and the names of its Realm cards."""
    realms: dict[str, list[str]] = {}
    for card in cards.values():
        if card.get("kind") == "realm":
            realms.setdefault(card["realm_name"], []).append(card["name"])
    return realms


def cards_named(cards) -> dict[str, dict]:
    return {card["name"]: card for card in cards.values()}


def open_sections(page) -> set[str]:
    """The groups whose section of the move list is open."""
    return set(
        page.locator("#action-list details.action-group[open]").evaluate_all(
            "sections => sections.map(d => d.dataset.group)"
        )
    )


def hinted_realm(page, cards) -> str:
    """The realm of the declaration the hint marks in the move list."""
    label = page.locator("#action-list .hinted").evaluate("b => b.textContent.trim()")
    return cards_named(cards)[label.removeprefix("Declare it is the ")]["realm_name"]


def menu_groups(page) -> list[str]:
    """The groups the open menu offers, as their buttons read ("Inferno (13)")."""
    return page.locator(".chooser .chooser-group").all_inner_texts()


def open_group(page, realm: str) -> list[str]:
    """Choose a realm in the open menu: the declarations it then offers (their labels)."""
    page.locator(".chooser .chooser-group", has_text=realm).click()
    assert menu_groups(page) == []
    assert page.inner_text(".chooser .chooser-title") == realm
    assert page.locator(".chooser .btn-back").is_visible()
    assert page.locator(".chooser .btn-cancel").is_visible()
    return page.locator(".chooser [role='menuitem']").all_inner_texts()


def shoot(page, tmp_path: Path, name: str) -> None:
    """Screenshots of the open menu on a desktop and on a phone, where it lies whole on the
    screen (a sheet at its bottom, on top of the move bar) and the page does not scroll
    sideways."""
    page.screenshot(path=str(tmp_path / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page) == 0
    menu_whole_and_on_top(page)
    page.screenshot(path=str(tmp_path / f"{name}-phone.png"))
    page.set_viewport_size(DESKTOP)


def click_and_wait(page, selector: str) -> None:
    version = dataset(page)["version"]
    page.click(selector)
    wait_version_change(page, version)


def test_the_illusionist_declares_the_card_that_starts_a_pile(chromium, server, tmp_path: Path):
    # Bob, across the table, never answers, so the declared card can be seen before it is
    # answered (a server of its own, whose bots waited 2 s, cost some 5 s to start).
    page, cards = open_turn_with_illusionist(chromium, server, rival="human")
    errors = record_page_errors(page)
    hidden = hide_a_card(page, cards)

    # The moment: the face-down card lies where the pile begins, ready to click.
    face_down = page.locator(FACE_DOWN)
    assert face_down.count() == 1
    assert "actionable" in face_down.get_attribute("class")
    assert face_down.get_attribute("role") == "button"
    pile_text = " ".join(page.inner_text("#board [data-place='pile']").split())
    assert f"Your face-down card is really the {hidden}" in pile_text
    assert "It starts a new pile. Click it to declare what it is" in pile_text
    # What it may be declared as: the engine's line of what may go on the pile now.
    next_play = page.locator("#board [data-place='pile'] .rj-declare .rj-next")
    assert next_play.inner_text().endswith("a new pile, any Realm card starts it")
    assert "Click the face-down card to say what it is." in page.inner_text("body")
    page.screenshot(path=str(tmp_path / "declare-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page) == 0
    assert page.locator(FACE_DOWN).is_visible()
    # The move bar stays low with its four realms open (each one line that scrolls
    # sideways): most of the screen is left to the table.
    bar = page.locator("#actions-panel").bounding_box()
    assert bar is not None and bar["height"] <= 0.4 * PHONE["height"], bar
    page.screenshot(path=str(tmp_path / "declare-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)

    # Clicking it offers the 52 claims realm by realm, in players' words; Ann bluffs.
    realms = realm_cards(cards)
    # The side list's sections all start open: every declaration in sight, one click away.
    assert open_sections(page) == set(realms)
    # Asked for, the hint's declaration stands out (and its realm is marked in the menu). A
    # section the player folds stays folded when the list is drawn again (here for a second
    # hint: the café gives one every 2 seconds), but never the hinted move's.
    page.click("#hint-btn")
    page.wait_for_selector("#action-list .hinted", state="visible")
    hinted = hinted_realm(page, cards)
    other = next(realm for realm in realms if realm != hinted)
    for realm in (other, hinted):
        page.click(f"#action-list details[data-group='{realm}'] > summary")
    assert open_sections(page) == set(realms) - {other, hinted}
    drawn = page.query_selector("#action-list details.action-group")
    page.wait_for_timeout(2000)
    page.click("#hint-btn")
    page.wait_for_function("section => !section.isConnected", arg=drawn)
    page.wait_for_selector("#action-list .hinted", state="visible")
    # (The second hint may name another card: whichever it names, its realm is open.)
    now = hinted_realm(page, cards)
    assert open_sections(page) == (set(realms) - {other, hinted}) | {now}
    page.click(FACE_DOWN)
    assert page.locator(".chooser .chooser-group.hinted").all_inner_texts() == [f"{now} (13)"]
    assert menu_groups(page) == [f"{realm} (13)" for realm in realms]
    side = page.locator("#action-list details.action-group > summary").all_inner_texts()
    assert [" ".join(t.split()) for t in side] == [f"{realm} (13)" for realm in realms]
    assert page.locator("#action-list [data-action-type='declare']").count() == 52
    shoot(page, tmp_path, "declare-realms")
    realm = next(iter(realms))
    labels = open_group(page, realm)
    assert sorted(labels) == sorted(f"Declare it is the {name}" for name in realms[realm])
    shoot(page, tmp_path, "declare-one-realm")
    page.click(".chooser .btn-back")
    assert menu_groups(page) == [f"{realm} (13)" for realm in realms]
    # By keyboard: the realm left has the focus; Escape closes the menu and gives the
    # focus back to the card, Enter opens it again and Enter chooses the first realm.
    assert page.evaluate("document.activeElement.dataset.group") == realm
    page.keyboard.press("Escape")
    assert page.locator(".chooser").count() == 0
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.group") == realm
    page.keyboard.press("Enter")
    assert page.inner_text(".chooser .chooser-title") == realm
    labels = page.locator(".chooser [role='menuitem']").all_inner_texts()
    assert len(labels) == 13
    version = dataset(page)["version"]
    claim = next(label for label in labels if label != f"Declare it is the {hidden}")
    page.locator(".chooser [role='menuitem']").filter(has_text=claim).first.click()
    wait_version_change(page, version)

    # Declared: the card lies face down on the pile; only Ann is told what it really is.
    pile_text = " ".join(page.inner_text("#board [data-place='pile']").split())
    assert (
        f"Declared: {claim.removeprefix('Declare it is the ')} (really the {hidden})" in pile_text
    )
    assert "1 card" in pile_text.lower()
    assert "You played a card face down." in page.inner_text("#board .rj-notes")
    assert f"You declare the face-down card is the {claim.removeprefix('Declare it is the ')}." in (
        page.inner_text("body")
    )
    page.screenshot(path=str(tmp_path / "declared-desktop.png"), full_page=True)
    assert errors == [], f"JavaScript errors: {errors}"
    page.close()


def test_the_illusionist_declares_the_card_laid_on_the_pile(chromium, server, tmp_path: Path):
    """On a pile already begun, the face-down card is drawn on its top card, which it covers;
    the table says what it goes on (the claims must follow that card)."""
    page, cards = open_turn_with_illusionist(chromium, server, on_a_card=True)
    errors = record_page_errors(page)
    beaten = page.inner_text("#board [data-place='pile'] .rj-beat b")
    hidden = hide_a_card(page, cards)

    face_down = page.locator(FACE_DOWN)
    assert face_down.count() == 1 and "actionable" in face_down.get_attribute("class")
    pile_text = " ".join(page.inner_text("#board [data-place='pile']").split())
    assert f"Your face-down card is really the {hidden}" in pile_text
    assert f"It goes on the {beaten}. Click it to declare what it is" in pile_text
    # Only the face-down card declares: the card it covers is not drawn as a second target.
    assert page.locator("#board [data-target='declared']").count() == 1
    page.screenshot(path=str(tmp_path / "declare-on-a-card-desktop.png"), full_page=True)

    # The claims are the cards that could follow: grouped by realm when many (more than 8 in
    # two realms or more), a plain menu when few.
    declared = page.locator("#action-list [data-action-type='declare']").evaluate_all(
        "buttons => buttons.map(b => b.textContent.trim())"
    )
    claimed = [cards_named(cards)[label.removeprefix("Declare it is the ")] for label in declared]
    by_realm = Counter(card["realm_name"] for card in claimed)
    page.click(FACE_DOWN)
    shoot(page, tmp_path, "declare-on-a-card")
    if len(declared) > 8 and len(by_realm) > 1:
        assert sorted(menu_groups(page)) == sorted(f"{r} ({n})" for r, n in by_realm.items())
        realm = next(iter(by_realm))
        labels = open_group(page, realm)
        assert len(labels) == by_realm[realm]
        assert all(
            cards_named(cards)[label.removeprefix("Declare it is the ")]["realm_name"] == realm
            for label in labels
        )
    else:
        assert menu_groups(page) == []
        labels = page.locator(".chooser [role='menuitem']").all_inner_texts()
        assert sorted(labels) == sorted(declared)
    assert labels and all(label.startswith("Declare it is the ") for label in labels)
    # Cancelled, the menu closes; the side list plays the same declaration, by the same button
    # as ever, in sight (grouped or not).
    page.click(".chooser .btn-cancel")
    assert page.locator(".chooser").count() == 0
    button = page.locator("#action-list [data-action-type='declare']", has_text=labels[0]).first
    assert button.is_visible()
    version = dataset(page)["version"]
    button.click()
    wait_version_change(page, version)
    said = labels[0].removeprefix("Declare it is the ")
    assert f"You declare the face-down card is the {said}." in page.inner_text("body")
    assert errors == [], f"JavaScript errors: {errors}"
    page.close()


def cat_asks_ann(server: str) -> tuple[str, str]:
    """Five players: Cat, before Ann, puts a card face down with the Illusionist and declares
    it (over her socket): Ann is asked to call the bluff or accept it. (table id, Ann's token)"""
    players = 5
    cat = players - 1  # Ann's right: she answers Cat
    (seed,) = seeds_where(
        "monster-rejects",
        players,
        lambda s: s.current_player == cat and "illusionist" in s.hands[cat],
    )
    seats = ["human"] + ["random"] * (players - 2) + ["human"]
    body = {"game": "monster-rejects", "players": players, "seats": seats, "seed": seed}
    table = http("POST", f"{server}/api/tables", body)
    claim = f"{server}/api/tables/{table['id']}/seats/{{}}/claim"
    token = http("POST", claim.format(0), {"name": "Ann"})["token"]
    cats = http("POST", claim.format(cat), {"name": "Cat"})["token"]
    # Cat plays the Illusionist, puts a card face down and declares it, over her socket.
    with connect(server.replace("http", "ws", 1) + f"/ws/{table['id']}?token={cats}") as ws:
        while True:
            message = json.loads(ws.recv(timeout=TURN_TIMEOUT_MS / 1000))
            if message.get("type") != "snapshot" or not message["legal"]:
                continue
            legal = message["legal"]
            move = next((a for a in legal if a.get("card") == "illusionist"), None) or next(
                a for a in legal if a["type"] in ("hide", "declare")
            )
            action = {k: v for k, v in move.items() if k != "label"}
            ws.send(json.dumps({"type": "move", "version": message["version"], "action": action}))
            if move["type"] == "declare":
                break
    return table["id"], token


# Each answer's button on the table: whether it lies wholly between the page's header and the
# move bar at the screen's foot, and is on top there (a tap at its centre hits it).
ANSWERS_IN_SIGHT = """() => {
    const head = document.querySelector('header').getBoundingClientRect().bottom;
    const foot = document.getElementById('actions-panel').getBoundingClientRect().top;
    return [...document.querySelectorAll('#board .rj-answer button')].map((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return [b.textContent, r.top >= head && r.bottom <= foot && !!hit && b.contains(hit)];
    });
}"""


def test_on_a_phone_the_answers_to_a_face_down_card_are_in_sight_when_it_comes(chromium, server):
    """Five players on a phone: Cat, before Ann, puts a card face down with the Illusionist.
    Ann's answers ("Call the bluff", "Accept it", each beside what it risks) lay under the move
    bar at the screen's foot until she scrolled (half of the one, all of the other): the page
    now brings the pile with its answers into sight when the question comes."""
    table_id, token = cat_asks_ann(server)
    page = chromium.new_page(viewport=PHONE)
    page.emulate_media(reduced_motion="reduce")  # (the page's scroll lands at once)
    errors = record_page_errors(page)
    page.goto(f"{server}/table/{table_id}?token={token}")
    page.wait_for_selector("#board .rj-answer button")
    all_seen = f"() => ({ANSWERS_IN_SIGHT})().every(([, seen]) => seen)"
    try:
        page.wait_for_function(all_seen, timeout=3000)
    except PlaywrightTimeout:
        raise AssertionError(f"answers out of sight: {page.evaluate(ANSWERS_IN_SIGHT)}") from None
    answers = [label for label, _ in page.evaluate(ANSWERS_IN_SIGHT)]
    assert answers == ["Call the bluff", "Accept it"]
    assert errors == []
    page.close()


# Each move in the phone's bar: its label, whether its words are all shown (none cut or run
# past the button) and whether the button lies wholly on the screen.
BAR_MOVES = """() => [...document.querySelectorAll('#action-list button')].map((b) => {
    const r = b.getBoundingClientRect();
    const label = b.querySelector('.action-label') || b;
    const whole = label.scrollWidth <= label.clientWidth + 1 && b.scrollWidth <= b.clientWidth + 1;
    return [b.textContent.trim(), whole && r.left >= 0 && r.right <= innerWidth];
})"""


def test_on_a_phone_the_move_bar_shows_each_answer_whole(chromium, server):
    """The move bar ran its moves sideways on one line each: the second answer read "Call the
    b..." at the screen's edge. On a phone the moves' words wrap (two lines each, two moves to a
    line): the answers are whole and within reach."""
    table_id, token = cat_asks_ann(server)
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/table/{table_id}?token={token}")
        page.wait_for_selector("#action-list button")
        moves = page.evaluate(BAR_MOVES)
        assert len(moves) >= 2 and all(seen for _, seen in moves), moves
    finally:
        page.close()
