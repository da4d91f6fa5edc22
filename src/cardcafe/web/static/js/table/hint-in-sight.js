// @ts-check
// The hinted move brought into sight in the move list: the list (or the section of it that
// scrolls, sideways on a phone's move bar) scrolls itself to show it. Only the list's own
// scrolling boxes move, never the page, and the keyboard's focus stays where it is.

import { calmScroll } from "../dom.js";
import { byId } from "./page.js";

/** Scroll the move list so its hinted move is in sight (nothing when none is marked). */
export function showHintedMove() {
  const list = byId("action-list");
  const hinted = /** @type {HTMLElement|null} */ (list.querySelector(".action.hinted"));
  if (hinted) scrollInto(hinted, list);
}

/**
 * Scroll each box from `item`'s parent out to `outer` (both included) that scrolls, so `item`
 * lies within what it shows (with a small margin), innermost first.
 * @param {HTMLElement} item
 * @param {HTMLElement} outer
 */
function scrollInto(item, outer) {
  const rect = item.getBoundingClientRect();
  // Where the item will be once the boxes inside have scrolled (they scroll smoothly: later).
  let { top, bottom, left, right } = rect;
  for (let box = item.parentElement; box; box = box === outer ? null : box.parentElement) {
    const style = getComputedStyle(box);
    const seen = box.getBoundingClientRect();
    const down = scrolls(style.overflowY) && box.scrollHeight > box.clientHeight ? delta(top, bottom, seen.top, seen.top + box.clientHeight) : 0;
    const across = scrolls(style.overflowX) && box.scrollWidth > box.clientWidth ? delta(left, right, seen.left, seen.left + box.clientWidth) : 0;
    if (!down && !across) continue;
    box.scrollBy({ top: down, left: across, behavior: calmScroll() });
    top -= down;
    bottom -= down;
    left -= across;
    right -= across;
  }
}

/** @param {string} overflow a computed overflow value */
function scrolls(overflow) {
  return overflow === "auto" || overflow === "scroll";
}

// Room left beside the item once scrolled to: its neighbours' edge shows that more follows.
const MARGIN = 8;

/**
 * How far to scroll so [start, end] lies inside [from, to] (0 when it does already); an item
 * longer than the box shows its start.
 * @param {number} start
 * @param {number} end
 * @param {number} from
 * @param {number} to
 */
function delta(start, end, from, to) {
  if (start < from) return start - from - MARGIN;
  if (end > to) return Math.min(end - to + MARGIN, start - from);
  return 0;
}
