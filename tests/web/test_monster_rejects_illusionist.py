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


def open_turn_with_illusionist(browser, server: str, on_a_card: bool = False):
    """A page at a table where Ann moves first with the Illusionist in hand, onto an empty pile
    (or, `on_a_card`, where the bot moved first and Ann plays onto its face-up card): (page,
    catalogue of its cards). Tables that deal otherwise are conceded."""
    page = browser.new_page(viewport=DESKTOP)
    for _ in range(MOST_TABLES):
        table, token = seat_ann_against_bots(server, "monster-rejects", 2)
        page.goto(f"{server}/table/{table['id']}?token={token}")
        page.wait_for_function(FIRST_TURN, timeout=TURN_TIMEOUT_MS)
        pile = page.inner_text("#board [data-place='pile']").lower()
        wanted = "to beat:" in pile if on_a_card else "0 cards" in pile
        if dataset(page)["turn"] == "mine" and wanted and page.locator(ILLUSIONIST).count():
            cards = http("GET", f"{server}/api/tables/{table['id']}/catalogue")["cards"]
            return page, cards
        http("POST", f"{server}/api/tables/{table['id']}/seats/0/concede", {"token": token})
    raise AssertionError(f"no deal of {MOST_TABLES} gave Ann the Illusionist on that turn")


def hide_a_card(page, cards) -> str:
    """Play the Illusionist and put the first Realm card the hand offers face down: its name."""
    click_and_wait(page, ILLUSIONIST)
    chosen = page.locator("#board .rj-hand .actionable").first
    hidden_id = chosen.get_attribute("data-targets").removeprefix("hand-card:")
    click_and_wait(page, f"#board .rj-hand .actionable[data-targets~='hand-card:{hidden_id}']")
    return cards[hidden_id]["name"]


def click_and_wait(page, selector: str) -> None:
    version = dataset(page)["version"]
    page.click(selector)
    wait_version_change(page, version)


def test_the_illusionist_declares_the_card_that_starts_a_pile(chromium, tmp_path: Path):
    # The bot waits before answering, so the declared card can be seen before it is answered.
    with running_server(tmp_path, 2.0, "--max-tables-per-client", "1000") as server:
        page, cards = open_turn_with_illusionist(chromium, server)
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

    page.click(FACE_DOWN)
    claims = page.locator(".chooser [role='menuitem']")
    labels = [claims.nth(i).inner_text() for i in range(claims.count())]
    assert labels and all(label.startswith("Declare it is the ") for label in labels)
    version = dataset(page)["version"]
    claims.first.click()
    wait_version_change(page, version)
    said = labels[0].removeprefix("Declare it is the ")
    assert f"You declare the face-down card is the {said}." in page.inner_text("body")
    assert errors == [], f"JavaScript errors: {errors}"
    page.close()
