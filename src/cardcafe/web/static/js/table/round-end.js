// @ts-check
// A round ends: the table pauses on its breakdown until the player reads it and goes on
// ("Next round"). The engine and the server do not wait: later snapshots are kept and drawn
// after it, and the scores and the log stay at the round end meanwhile.

import { h } from "../dom.js";
import { dialogShell } from "../seat.js";
import { breakdownKey, breakdownTables, ranking } from "./breakdowns.js";
import { hideCardDetails } from "./card-details.js";
import { dialogById } from "./page.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").Commands} Commands */

/**
 * Whether this view is a round end the player has not read yet.
 * @param {TableState} state
 * @param {import("../types.js").View|null} view
 * @param {boolean} over the game is over (its summary says it all)
 */
export function unreadRoundEnd(state, view, over) {
  return Boolean(view && view.breakdown && !over && !state.roundSeen.has(breakdownKey(view)));
}

/**
 * Whether this snapshot brings a round end the table is not paused on yet (snapshot.js draws
 * it at once rather than in the next frame).
 * @param {TableState} state
 * @param {import("../types.js").Snapshot} snap
 */
export function bringsRoundEnd(state, snap) {
  const view = snap.view || null;
  const over = snap.status === "finished" || Boolean(view && view.is_over);
  if (!view || !unreadRoundEnd(state, view, over)) return false;
  return !state.paused || state.paused.key !== breakdownKey(view);
}

/**
 * The log up to the round's end: through its last "round-end" event (the kind a game gives the
 * event that closes a round), or whole when the game logs none.
 * @param {import("../types.js").LogEvent[]} log
 */
export function untilRoundEnd(log) {
  const end = log.map((event) => event.kind).lastIndexOf("round-end");
  return end < 0 ? log : log.slice(0, end + 1);
}

/**
 * Pause on the round end `ctx` shows (once per round end).
 * @param {TableState} state
 * @param {Commands} commands
 * @param {import("../types.js").DrawContext} ctx
 */
export function showRoundEnd(state, commands, ctx) {
  const view = ctx.view;
  const key = breakdownKey(view);
  if (state.paused && state.paused.key === key) return;
  // The engine has dealt the next round already: its lines wait in the log, and the board stays
  // as the round ended, with the round's points (it showed those from before the scoring,
  // under a dialog with the new ones) and nobody to play.
  const before = state.boardCtx && state.boardCtx.view ? state.boardCtx : ctx;
  const board = { ...before, legal: [], view: { ...before.view, scores: view.scores, current_player: null } };
  state.paused = { key, ctx: { ...ctx, log: untilRoundEnd(ctx.log) }, board, boardDrawn: false };
  document.querySelector(".chooser")?.remove();
  hideCardDetails();
  const dialog = dialogById("round-dialog");
  const next = h("button", { class: "btn btn-primary", type: "button", id: "next-round", onclick: () => closeRoundEnd(state, commands, true) }, "Next round");
  dialogShell(
    dialog,
    view.breakdown_title || "The round is over",
    h("p", { class: "summary-lead" }, "The round is over. Here is how everyone scored."),
    breakdownTables(ctx, ranking(view)),
    h("div", { class: "row" }, next),
  );
  // Escape closes it like the button does.
  dialog.oncancel = (event) => {
    event.preventDefault();
    closeRoundEnd(state, commands, true);
  };
  next.focus();
}

/**
 * End the pause: `read` when the player dismissed it (the table is drawn at its latest
 * snapshot), not when the game's end replaces it.
 * @param {TableState} state
 * @param {Commands} commands
 * @param {boolean} read
 */
export function closeRoundEnd(state, commands, read) {
  const dialog = dialogById("round-dialog");
  if (state.paused && read) state.roundSeen.add(state.paused.key);
  state.paused = null;
  if (dialog.open) dialog.close();
  state.logLength = -1;
  if (read && state.snapshot) commands.render();
}
