// @ts-check
// Where a chooser menu shows. On a desktop it hangs below the element it belongs to (CSS). On a
// phone every menu is one sheet along the screen's bottom, over the move bar: the page lifts it
// into the browser's top layer (a manual popover), since the element it lies in may be a card
// that moves (its transform would pin a fixed menu to the card and keep it under the bar).

import { calmScroll } from "../dom.js";

// The widths at which the table is a phone's (table.css uses the same).
const PHONE = window.matchMedia("(max-width: 640px)");

/**
 * Open `menu` on `el` (the element clicked, which it belongs to) and `fill` it, where the screen
 * wants it: on a phone as a sheet over everything, `el` moved up above the sheet if there is
 * room.
 * @param {HTMLElement} menu
 * @param {HTMLElement} el
 * @param {() => void} fill puts the first choices in the menu (and the focus on them)
 */
export function openMenu(menu, el, fill) {
  el.append(menu);
  liftOnPhone(menu); // first: a menu out of sight could not take the focus
  fill();
  if (PHONE.matches) keepAboveSheet(el, menu);
}

/**
 * On a phone, the menu in the top layer; elsewhere, back in the page's flow beside its element.
 * @param {HTMLElement} menu
 */
function liftOnPhone(menu) {
  const lifted = menu.matches(":popover-open");
  if (PHONE.matches && !lifted) {
    menu.popover = "manual"; // closed by the page's own rules: a click elsewhere, Escape, cancel
    menu.showPopover();
  } else if (!PHONE.matches && menu.hasAttribute("popover")) {
    if (lifted) menu.hidePopover();
    menu.removeAttribute("popover");
  }
}

/**
 * Scroll the page so the clicked element shows above the sheet (the player sees what the menu
 * is about), as far as that keeps its top clear of the page's header.
 * @param {HTMLElement} el
 * @param {HTMLElement} menu
 */
function keepAboveSheet(el, menu) {
  const sheetTop = menu.getBoundingClientRect().top;
  const box = el.getBoundingClientRect();
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const by = Math.min(box.bottom + 8 - sheetTop, box.top - header - 8);
  if (by > 0) window.scrollBy({ top: by, behavior: calmScroll() });
}

// The window crosses the phone's width (a phone turned, a window resized) while a menu is open:
// the menu follows.
PHONE.addEventListener("change", () => {
  const menu = /** @type {HTMLElement|null} */ (document.querySelector(".chooser"));
  if (menu) liftOnPhone(menu);
});
