"""Card names on the Monster Diner and Monster's Coffee tables break only where a word may
(a space or the hyphen the table puts in), never inside a syllable: a face too narrow for a
name's longest part showed "Maste / rChef", "Resta / urant", "Cako-sauru / s". And two seats'
final score tables share the summary's width instead of leaving an empty third column."""

from __future__ import annotations

import pytest

from .boards import finished_table, mid_game_table
from .harness import DESKTOP, PHONE

# For every card name on the table: its longest unbreakable part (split at spaces, hyphens and
# soft hyphens, a part ending at a hyphen keeping it), set in the name's own font, is wider
# than the name's box. Returns those names with the part and the widths.
NAMES_CUT = r"""() => {
  const cut = [];
  for (const name of document.querySelectorAll('#board .card .card-name')) {
    const box = name.getBoundingClientRect();
    if (!box.width) continue;
    // What the face shows: its text, in words' boxes too, not what is there for screen readers.
    const text = [...name.childNodes].filter(n => !n.classList?.contains('sr-only'))
      .map(n => n.textContent).join('');
    const parts = text.split(/(?<=[\s\u00ad-])/)
      .map(p => p.replace(/\s$/, '').replace(/\u00ad$/, '-'));
    const style = getComputedStyle(name);
    for (const part of parts) {
      const probe = document.createElement('span');
      probe.textContent = part;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;` +
        `font:${style.font};letter-spacing:${style.letterSpacing}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      if (width > box.width + 0.05) cut.push(`${part}: ${width.toFixed(1)} > ${box.width}`);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game_id", ["monster-diner", "monsters-coffee"])
def test_card_names_break_only_between_their_parts(chromium, server, game_id, viewport):
    for attempt in range(3):  # names met mid-game: a few deals, to meet more of them
        page, _ = mid_game_table(chromium, server, game_id, 2, viewport, None)
        try:
            cut = page.evaluate(NAMES_CUT)
            assert cut == [], f"{game_id} at {viewport['width']} px, deal {attempt + 1}: {cut}"
        finally:
            page.close()


def test_two_seats_final_scores_share_the_summary_width(chromium, server):
    page, _ = finished_table(chromium, server, "monster-diner", 2, viewport=DESKTOP)
    grid = page.locator("#summary-dialog .breakdown-tables").bounding_box()
    tables = page.locator("#summary-dialog table.breakdown")
    widths = [tables.nth(i).bounding_box()["width"] for i in range(tables.count())]
    assert len(widths) == 2
    assert sum(widths) >= 0.9 * grid["width"], f"tables {widths} in {grid['width']} px"
    page.close()
