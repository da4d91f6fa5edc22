// @ts-check
// The replay of a finished game on the table page: the server's replay (this seat's, with its
// token, else the public one) stepped through with replay.js's controls in the banner, each
// step drawn by the same game module as the live table; leaving it draws the live table again.

import { api } from "../api.js";
import { clear, toast } from "../dom.js";
import { Replay } from "../replay.js";
import { renderReplayBanner } from "./banner.js";
import { drawBoard, keepRivalsScroll } from "./board.js";
import { hideCardDetails } from "./card-details.js";
import { board, byId, dialogById, page } from "./page.js";
import { renderLog, renderScores } from "./side.js";
import { catalogueContext } from "./state.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").Commands} Commands */

/**
 * Fetch the replay and show its first step.
 * @param {TableState} state
 * @param {Commands} commands
 */
export async function startReplay(state, commands) {
  let data;
  try {
    data = await api.replay(state.tableId, state.token);
  } catch (err) {
    toast(`No replay: ${err instanceof Error ? err.message : err}`, "error");
    return;
  }
  if (!data.steps || !data.steps.length) return;
  const summary = dialogById("summary-dialog");
  if (summary.open) summary.close();
  const replay = new Replay(data, (step) => drawStep(state, replay, step), () => stopReplay(state, commands));
  state.replay = replay;
  page.dataset.mode = "replay";
  byId("actions-panel").hidden = true;
  // The socket's "live" says nothing of a finished game played back, and there is no hint.
  byId("conn").hidden = true;
  byId("hint-btn").hidden = true;
  byId("banner").append(replay.element());
  replay.first();
}

/**
 * Draw one step of the replay: banner, board, scores and the log up to it.
 * @param {TableState} state
 * @param {Replay} replay
 * @param {Omit<import("../types.js").DrawContext, "catalogue"|"card"|"term">} step
 */
function drawStep(state, replay, step) {
  const ctx = { ...step, ...catalogueContext(state) };
  renderReplayBanner(ctx, replay.position());
  hideCardDetails();
  const restoreScroll = keepRivalsScroll();
  clear(board);
  drawBoard(state.game, ctx);
  restoreScroll();
  renderScores(state, ctx, ctx.view.is_over);
  state.logLength = -1;
  renderLog(state, ctx);
}

/**
 * Leave the replay: the live table again.
 * @param {TableState} state
 * @param {Commands} commands
 */
function stopReplay(state, commands) {
  document.getElementById("replay-bar")?.remove();
  state.replay = null;
  page.dataset.mode = "";
  byId("conn").hidden = false;
  state.logLength = -1;
  commands.render();
}
