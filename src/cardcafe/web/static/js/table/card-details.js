// @ts-check
// A card's details beside it: its name, value and effect, on focus, tap or long press (and
// what clicking it does, when it is a move).

import { clear, h } from "../dom.js";
import { byId } from "./page.js";

/**
 * Show the details of the card face `el` (a `.card-face[data-card]`).
 * @param {import("./state.js").TableState} state
 * @param {HTMLElement} el
 */
function showCardDetails(state, el) {
  const id = el.dataset.card;
  if (!id) return;
  const info = state.card(id);
  const box = byId("card-details");
  clear(box).append(
    h("strong", { class: "details-name" }, info.name),
    info.value !== undefined && info.value !== null && info.value !== "" ? h("span", { class: "details-value" }, ` · ${info.value}`) : "",
    info.text ? h("p", { class: "details-text" }, info.text) : "",
    el.dataset.actions ? h("p", { class: "details-actions" }, `Click: ${el.dataset.actions}`) : "",
  );
  box.dataset.card = id;
  box.hidden = false;
  box.style.setProperty("--hue", String(info.hue ?? 30));
  // Beside the card: below it when there is room, else above; always on screen.
  const rect = el.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, rect.left + rect.width / 2 - width / 2));
  box.style.left = `${left}px`;
  const height = box.offsetHeight;
  const below = rect.bottom + 8 + height <= window.innerHeight;
  box.style.top = `${window.scrollY + (below ? rect.bottom + 8 : Math.max(8, rect.top - height - 8))}px`;
  box.style.left = `${window.scrollX + left}px`;
}

/** Hide the card details. */
export function hideCardDetails() {
  const box = document.getElementById("card-details");
  if (box) box.hidden = true;
}

/**
 * The card face an event happened on, or null.
 * @param {EventTarget|null} target
 * @returns {HTMLElement|null}
 */
function cardOf(target) {
  return target instanceof Element ? target.closest(".card-face[data-card]") : null;
}

/**
 * Show a card's details when one of the board's cards is focused or long-pressed; hide them on
 * Escape or a click elsewhere (a click anywhere also closes the menu of several moves).
 * @param {import("./state.js").TableState} state
 * @param {HTMLElement} board
 */
export function listenForCardDetails(state, board) {
  board.addEventListener("focusin", (event) => {
    const el = cardOf(event.target);
    if (el) showCardDetails(state, el);
  });
  board.addEventListener("focusout", (event) => {
    if (!cardOf(event.relatedTarget)) hideCardDetails();
  });
  // A long press on a phone (or a right click): the details, not the browser's menu.
  board.addEventListener("contextmenu", (event) => {
    const el = cardOf(event.target);
    if (!el) return;
    event.preventDefault();
    showCardDetails(state, el);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideCardDetails();
  });
  document.addEventListener("click", (event) => {
    document.querySelector(".chooser")?.remove();
    if (!cardOf(event.target)) hideCardDetails();
  });
}
