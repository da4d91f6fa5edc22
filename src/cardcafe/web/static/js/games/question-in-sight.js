// @ts-check
// A question the table puts to the player (Monster Rejects: a face-down card to accept or
// call) brought into sight when it comes. On a phone its answers lay under the move bar at the
// screen's foot until the player scrolled (five players: "Call the bluff" half under it,
// "Accept it" wholly). Once per question: a redraw of the same moment does not pull the page
// back from where the player has since scrolled it.

import { calmScroll } from "../dom.js";

/** The question last brought into sight. */
let asked = "";

/**
 * Scroll the page, once the table is drawn, so that the element `selector` finds (the question
 * with its answers) lies between the page's header and the move bar, when it does not already.
 * @param {string} selector
 * @param {string} key names the question: the page moves for a new one only
 */
export function questionInSight(selector, key) {
  if (key === asked) return;
  asked = key;
  // In the next frame: the move bar under the table is drawn after it.
  requestAnimationFrame(() => {
    const question = document.querySelector(selector);
    if (!question) return;
    const box = question.getBoundingClientRect();
    const head = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    // The move bar covers the screen's foot where it sticks there (a phone's).
    const bar = document.getElementById("actions-panel");
    const covered = bar && !bar.hidden && getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0;
    const foot = window.innerHeight - covered;
    let by = 0;
    if (box.top < head + 8) by = box.top - head - 8;
    else if (box.bottom + 8 > foot) by = Math.min(box.bottom + 8 - foot, box.top - head - 8);
    if (by) window.scrollBy({ top: by, behavior: calmScroll() });
  });
}
