"""The score tables of a game's end (the summary dialog and the board behind it): each seat's
caption (avatar, name, the winner's badge) is one line as wide as its table, and the parts'
labels get the table's width less the points. The playtest found the caption laid out as the
table's first row, one column wide: "Random bot 3" wrapped beside the WINNER badge and every
label ("Round 2: Snorkel majority") wrapped in half the table."""

from __future__ import annotations

from .boards import finished_table
from .harness import DESKTOP, PHONE

# Every score table shown: its width, its caption's, the name's lines, the label column's.
MEASURE = """(scope) => [...document.querySelectorAll(`${scope} table.breakdown`)]
    .filter((t) => t.offsetParent)
    .map((t) => {
        const name = t.querySelector('.breakdown-name')
            || t.querySelector('caption span:not(.avatar)');
        const range = document.createRange();
        range.selectNodeContents(name);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const label = t.querySelector('td.part-label');
        return {
            seat: t.dataset.seat,
            name: name.textContent,
            won: t.classList.contains('won'),
            table: t.getBoundingClientRect().width,
            caption: t.querySelector('caption').getBoundingClientRect().width,
            nameLines: tops.size,
            label: label ? label.getBoundingClientRect().width : null,
        };
    })"""


def test_a_finished_games_score_tables_read_in_one_line(chromium, server):
    page, _ = finished_table(chromium, server, "monsters-coffee", 4, viewport=DESKTOP)
    try:
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            page.evaluate(
                "() => { const d = document.getElementById('summary-dialog');"
                " if (!d.open) d.showModal(); }"
            )
            for where, scope in (("summary", "#summary-dialog"), ("board", "#board")):
                if where == "board":
                    page.click("#summary-dialog button:has-text('Look at the table')")
                tables = page.evaluate(MEASURE, scope)
                assert len(tables) == 4, (where, tables)
                assert any(t["won"] for t in tables)
                for t in tables:
                    at = f"{viewport['width']} px, {where}: {t}"
                    assert t["caption"] >= t["table"] - 2, f"the caption is narrower: {at}"
                    assert t["nameLines"] == 1, f"the name wraps: {at}"
                    assert t["label"] is None or t["label"] > t["table"] * 0.6, at
    finally:
        page.close()
