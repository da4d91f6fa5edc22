// @ts-check
// A rematch: asked for at the end, and followed when it is agreed. A player goes to the new
// table with their seat (the same token opens it), a watcher to watch it. An old rematch (the
// page was opened after it) is not followed by itself: the summary links to it instead.

import { api, seats } from "../api.js";
import { h, toast } from "../dom.js";

/** @typedef {import("./state.js").TableState} TableState */

/**
 * Go to the rematch table `newId` (`asked`: the player asked for it, even an old one).
 * @param {TableState} state
 * @param {string} newId
 * @param {{asked?: boolean}} [opts]
 */
export function followRematch(state, newId, { asked = false } = {}) {
  if ((newId === state.rematchSeen && !asked) || state.leaving) return;
  state.leaving = true;
  if (state.token && state.snapshot && state.snapshot.seat !== null) {
    seats.set(newId, state.snapshot.seat, state.token);
    location.href = `/table/${encodeURIComponent(newId)}`;
  } else {
    location.href = `/table/${encodeURIComponent(newId)}?spectate=1`;
  }
}

/**
 * Ask for a rematch and go there.
 * @param {TableState} state
 */
export async function askRematch(state) {
  try {
    const made = await api.rematch(state.tableId, state.token);
    followRematch(state, made.id, { asked: true });
  } catch (err) {
    toast(`No rematch: ${err instanceof Error ? err.message : err}`, "error");
  }
}

/**
 * Where the game's end offers a rematch: "Rematch" to a seated player when none is made yet,
 * "Go to the rematch" once there is one, else nothing (a watcher follows it by itself).
 * @param {TableState} state
 * @param {string} [idPrefix] the buttons' ids: "rematch" gives #rematch-btn and #rematch-link
 */
export function rematchButton(state, idPrefix) {
  const snap = state.snapshot;
  if (!snap) return null;
  const id = (/** @type {string} */ suffix) => (idPrefix ? `${idPrefix}-${suffix}` : undefined);
  if (snap.rematch) {
    const made = snap.rematch;
    return h("button", { class: "btn btn-primary", type: "button", id: id("link"), "data-rematch": "go", onclick: () => followRematch(state, made, { asked: true }) }, "Go to the rematch");
  }
  if (!state.token || snap.seat === null) return null;
  return h("button", { class: "btn btn-primary", type: "button", id: id("btn"), "data-rematch": "ask", onclick: () => askRematch(state) }, "Rematch");
}
