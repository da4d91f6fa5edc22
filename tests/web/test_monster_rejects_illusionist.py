"""Monster Rejects in the browser: the Illusionist who starts a pile puts a Realm card face down
and declares it by clicking that card, drawn where the pile begins; the table says which card it
really is, that it starts a new pile, and what clicking does (not "any Realm card starts it").

The deal is the server's own (`cardcafe serve` chooses no seed on request), so the test opens
tables until Ann goes first holding the Illusionist, as a player would meet it.
"""

from __future__ import annotations

from pathlib import Path

from .boards import horizontal_overflow
from .harness import DESKTOP, PHONE, http, running_server, seat_ann_against_bots
from .tablepage import TURN_TIMEOUT_MS, dataset, record_page_errors, wait_version_change

# Some 5 deals in 100 give the first turn to Ann with the Illusionist in hand (2 players).
MOST_TABLES = 150
ILLUSIONIST = "#board .rj-hand .actionable[data-targets~='hand-card:illusionist']"
FACE_DOWN = "#board [data-place='pile'] .card-back[data-target='declared']"
FIRST_TURN = """() => {
    const page = document.getElementById('table-page');
    if (page.dataset.turn === 'theirs' || page.dataset.turn === 'over') return true;
    return page.dataset.turn === 'mine' && !!document.querySelector('#board .actionable');
}"""


def open_first_turn_with_illusionist(browser, server: str):
    """A page at a table where Ann moves first, onto an empty pile, with the Illusionist in
    hand: (page, table id, catalogue of its cards). Tables that deal otherwise are conceded."""
    page = browser.new_page(viewport=DESKTOP)
    for _ in range(MOST_TABLES):
        table, token = seat_ann_against_bots(server, "monster-rejects", 2)
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.wait_for_function(FIRST_TURN, timeout=TURN_TIMEOUT_MS)
        pile = page.inner_text("#board [data-place='pile'] .zone-label").lower()
        if (
            dataset(page)["turn"] == "mine"
            and "0 cards" in pile
            and page.locator(ILLUSIONIST).count()
        ):
            cards = http("GET", f"{server}/api/tables/{table['id']}/catalogue")["cards"]
            return page, table["id"], cards
        http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
    raise AssertionError(f"no deal of {MOST_TABLES} gave Ann the first turn and the Illusionist")


def click_and_wait(page, selector: str) -> None:
    version = dataset(page)["version"]
    page.click(selector)
    wait_version_change(page, version)


def test_the_illusionist_declares_the_card_that_starts_a_pile(chromium, tmp_path: Path):
    # The bot waits before answering, so the declared card can be seen before it is answered.
    with running_server(tmp_path, 2.0, "--max-tables-per-client", "1000") as server:
        page, _table, cards = open_first_turn_with_illusionist(chromium, server)
        errors = record_page_errors(page)
        click_and_wait(page, ILLUSIONIST)

        # Choose the Realm card to put face down: the first one the hand offers.
        chosen = page.locator("#board .rj-hand .actionable").first
        hidden_id = chosen.get_attribute("data-targets").removeprefix("hand-card:")
        hidden = cards[hidden_id]["name"]
        click_and_wait(page, f"#board .rj-hand .actionable[data-targets~='hand-card:{hidden_id}']")

        # The moment: the face-down card lies where the pile begins, ready to click.
        face_down = page.locator(FACE_DOWN)
        assert face_down.count() == 1
        assert "actionable" in face_down.get_attribute("class")
        assert face_down.get_attribute("role") == "button"
        pile_text = " ".join(page.inner_text("#board [data-place='pile']").split())
        assert f"Your face-down card is really the {hidden}" in pile_text
        assert "It starts a new pile. Click it to declare what it is" in pile_text
        assert "any Realm card starts it" not in pile_text
        assert "Click the face-down card to say what it is." in page.inner_text("body")
        page.screenshot(path=str(tmp_path / "declare-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        assert horizontal_overflow(page) == 0
        assert page.locator(FACE_DOWN).is_visible()
        page.screenshot(path=str(tmp_path / "declare-phone.png"), full_page=True)
        page.set_viewport_size(DESKTOP)

        # Clicking it offers every claim in players' words; Ann bluffs.
        page.click(FACE_DOWN)
        claims = page.locator(".chooser [role='menuitem']")
        labels = [claims.nth(i).inner_text() for i in range(claims.count())]
        assert len(labels) == 52 and all(label.startswith("Declare it is the ") for label in labels)
        version = dataset(page)["version"]
        claim = next(label for label in labels if label != f"Declare it is the {hidden}")
        claims.filter(has_text=claim).first.click()
        wait_version_change(page, version)

        # Declared: the card lies face down on the pile; only Ann is told what it really is.
        pile_text = " ".join(page.inner_text("#board [data-place='pile']").split())
        assert (
            f"Declared: {claim.removeprefix('Declare it is the ')} (really the {hidden})"
            in pile_text
        )
        assert "1 card" in pile_text.lower()
        assert "You played a card face down." in page.inner_text("#board .rj-notes")
        assert (
            f"You declare the face-down card is the {claim.removeprefix('Declare it is the ')}."
            in (page.inner_text("body"))
        )
        page.screenshot(path=str(tmp_path / "declared-desktop.png"), full_page=True)
        assert errors == [], f"JavaScript errors: {errors}"
