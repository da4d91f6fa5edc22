// @ts-check
// The context a game module draws from: the last snapshot as this viewer sees it, the
// catalogue's words, and the two things a drawing may ask (play an action, draw again).

import { catalogueContext } from "./state.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */

/**
 * Whether two actions are the same move (their labels aside).
 * @param {Record<string, any>|null|undefined} a
 * @param {Record<string, any>|null|undefined} b
 */
export function sameAction(a, b) {
  if (!a || !b) return false;
  /** @param {Record<string, unknown>} x */
  const strip = (x) => JSON.stringify(Object.keys(x).filter((k) => k !== "label").sort().map((k) => [k, x[k]]));
  return strip(a) === strip(b);
}

/**
 * The live table's drawing context (call only once a snapshot has arrived).
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 * @returns {DrawContext}
 */
export function liveContext(state, commands) {
  const snap = /** @type {import("../types.js").Snapshot} */ (state.snapshot);
  return {
    view: /** @type {import("../types.js").View} */ (snap.view),
    seat: snap.seat ?? null,
    names: snap.names || [],
    legal: snap.legal || [],
    status: snap.status,
    log: snap.log || [],
    // For a table that stages a move made of several steps (Coffee Break's exchange): play
    // one legal action, given as its JSON; false when it is not legal now.
    send: (action) => {
      const index = (snap.legal || []).findIndex((a) => sameAction(a, action));
      if (index >= 0) commands.play(index);
      return index >= 0;
    },
    // Draw the table again (a table's own choice changed, e.g. a card staged for an exchange).
    redraw: () => commands.render(),
    ...catalogueContext(state),
  };
}
