// @ts-check
// The player's decisions on their way to the table: a move (one legal action of the last
// snapshot), a request for a hint; and the table's answers that are not snapshots (a refused
// move, a hint).

import { toast } from "../dom.js";
import { sameAction } from "./context.js";
import { showHintedMove } from "./hint-in-sight.js";
import { byId, page } from "./page.js";
import { markTargets, renderActions } from "./targets.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").Commands} Commands */

/**
 * Send the legal action at `index` of the last snapshot (once: the buttons wait for the answer).
 * @param {TableState} state
 * @param {number} index
 */
export function play(state, index) {
  const snap = state.snapshot;
  if (!snap || state.sending || !state.conn) return;
  if (state.connState !== "online") {
    toast("Reconnecting to the table: try again in a moment.", "error");
    return;
  }
  // A newer snapshot waits for its frame to be drawn (frame.js): the click was on the table
  // as it was, and its index may name another move now.
  if (page.dataset.version !== String(snap.version)) return;
  const chosen = (snap.legal || [])[index];
  if (!chosen) return;
  const { label, ...action } = chosen;
  if (state.conn.send({ type: "move", version: snap.version, action })) {
    state.sending = true;
    page.dataset.sending = "1";
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#action-list button"))) {
      button.disabled = true;
    }
  } else {
    toast("Not connected: the move was not sent. Reconnecting…", "error");
  }
}

/**
 * Ask the café's best bot what it would play now.
 * @param {TableState} state
 */
export function askHint(state) {
  const snap = state.snapshot;
  if (!snap || !(snap.legal || []).length || !state.conn) return;
  if (state.conn.send({ type: "hint", version: snap.version })) {
    const line = byId("hint-line");
    line.hidden = false;
    line.textContent = "Asking the café's best bot…";
  }
}

/**
 * The table refused a message (a move too late, say): say why; the moves are open again.
 * @param {TableState} state
 * @param {Commands} commands
 * @param {{message?: string}} message
 */
export function onRefused(state, commands, message) {
  state.sending = false;
  toast(message.message || "That move was refused.", "error");
  renderActions(state, commands);
}

/**
 * The hint arrived: mark its move in the list (scrolled into sight) and on the table.
 * @param {TableState} state
 * @param {Commands} commands
 * @param {{action: Object, label: string, sure?: string}} message
 */
export function onHint(state, commands, message) {
  const snap = state.snapshot;
  if (!snap) return;
  const index = (snap.legal || []).findIndex((a) => sameAction(a, message.action));
  state.hint = { version: snap.version, index, label: message.label, sure: message.sure };
  renderActions(state, commands);
  markTargets(state, commands);
  showHintedMove();
}
