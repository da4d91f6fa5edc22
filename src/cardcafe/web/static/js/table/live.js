// @ts-check
// The live link to the table for the seat this page plays (or for watching): the socket and
// what it says (snapshots, refusals, hints, chat, its own state), the chat panel, who is
// online, and the personal seat link offered once after a claim.

import { seats } from "../api.js";
import { Chat } from "../chat.js";
import { Connection } from "../connection.js";
import { toast } from "../dom.js";
import { Presence } from "../presence.js";
import { offerRecoveryLink } from "../seat.js";
import { liveContext } from "./context.js";
import { onHint, onRefused } from "./moves.js";
import { byId, page } from "./page.js";
import { followRematch } from "./rematch.js";
import { renderScores } from "./side.js";
import { receiveSnapshot } from "./snapshot.js";
import { markTargets, renderActions } from "./targets.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").Commands} Commands */

/** The connection badge's words for each state of the socket. */
const BADGE = { connecting: "connecting", online: "live", offline: "reconnecting…", refused: "refused" };

/**
 * Open the table as `token`'s seat (null: watch it).
 * @param {TableState} state
 * @param {Commands} commands
 * @param {string|null} token
 */
export function start(state, commands, token) {
  const { tableId } = state;
  state.token = token;
  page.dataset.role = token ? "seat" : "spectator";
  if (state.conn) state.conn.close();
  let attached = false; // this connection's first snapshot has come (the seat is online)
  const conn = new Connection(tableId, token, {
    snapshot: (message) => {
      receiveSnapshot(state, commands, message);
      if (attached) return;
      attached = true;
      // Who is online, read again now: the read at load came before this socket was there,
      // and showed this very seat as away until the next read.
      if (state.presence) state.presence.refresh();
    },
    error: (message) => onRefused(state, commands, message),
    hint: (message) => onHint(state, commands, message),
    state: (connState, reason) => {
      if (connState === "connecting") attached = false;
      onConnState(state, commands, connState, reason);
    },
    chat: (line) => state.chat && state.chat.receive(line),
  });
  state.conn = conn;
  state.chat = state.chat || new Chat(tableId, (message) => conn.send(message));
  conn.open();
  if (!state.presence) {
    state.presence = new Presence(tableId, (summary) => onPresence(state, commands, summary));
    state.presence.start();
  }
  if (token) offerRecoveryLink(tableId, seats.get(tableId), byId("side"));
}

/**
 * Every few seconds: who is online; a seat's player away long enough may be replaced by a bot.
 * @param {TableState} state
 * @param {Commands} commands
 * @param {import("../presence.js").TableSummary} summary
 */
function onPresence(state, commands, summary) {
  state.chat?.setPeople(summary.seats.filter((s) => s.kind === "human").map((s) => s.seat));
  const snap = state.snapshot;
  if (snap && !state.replay) {
    renderScores(state, liveContext(state, commands), snap.status === "finished");
  }
  // (Only once the first snapshot said whether the rematch was there before this page.)
  if (summary.rematch && state.rematchSeen !== undefined) followRematch(state, summary.rematch);
}

/**
 * The socket's state changed: say so; while it is down nothing can be played. A refused seat
 * token is forgotten and the page watches instead.
 * @param {TableState} state
 * @param {Commands} commands
 * @param {TableState["connState"]} connState
 * @param {string} [reason]
 */
function onConnState(state, commands, connState, reason) {
  const badge = byId("conn");
  badge.dataset.state = connState;
  const words = badge.querySelector("span");
  if (words) words.textContent = BADGE[connState] || connState;
  page.dataset.conn = connState;
  state.connState = connState;
  // While the socket is down nothing can be played: the moves wait, and the page says why.
  byId("offline-line").hidden = connState === "online" || !state.snapshot;
  if (state.snapshot && !state.replay) {
    renderActions(state, commands);
    markTargets(state, commands);
  }
  if (connState === "refused") {
    if (state.token) {
      // The stored token no longer opens this seat: forget it and watch instead.
      seats.forget(state.tableId);
      toast(`Your seat link was refused (${reason}). Watching instead.`, "error", 6000);
      start(state, commands, null);
    } else {
      toast(`The table refused the connection: ${reason}`, "error", 8000);
    }
  }
}
