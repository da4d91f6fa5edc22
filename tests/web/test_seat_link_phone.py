"""The personal seat link on a phone: offered once after a claim, it lies under the table, not
over it. A newcomer's evening: above the table it took some 200 px of a 390x844 screen at every
turn of the game (until "Got it"), and the first turn's hand lay under the first screen."""

from __future__ import annotations

from .harness import PHONE

MEASURE = """() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    const panel = document.getElementById('recovery-panel');
    return {panel: panel && panel.offsetParent ? box('recovery-panel').top : null,
            board: box('board'), scores: box('scores-panel').top};
}"""


def test_on_a_phone_the_seat_link_lies_under_the_table(chromium, server):
    page = chromium.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/")
        page.click(".game-tile[data-game='monster-rejects']")
        page.click("#create-table")  # Ann claims the first seat: her link is offered
        page.wait_for_selector("#recovery-panel")
        page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
        where = page.evaluate(MEASURE)
        assert where["panel"] is not None, where  # still offered
        assert where["board"]["top"] < where["panel"] < where["scores"], where
        assert where["panel"] >= where["board"]["bottom"], where
    finally:
        page.close()
