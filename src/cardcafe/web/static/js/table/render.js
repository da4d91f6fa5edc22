// @ts-check
// Drawing the live table from the last snapshot: the page's data-* attributes and title, the
// banner, the board, the legal moves, the scores and the log; the round-end pause and the
// game-end summary. (A replay draws its own steps: replay-view.js.)

import { clear } from "../dom.js";
import { renderBanner } from "./banner.js";
import { drawBoard, keepRivalsScroll } from "./board.js";
import { showDeckNews } from "./deck-news.js";
import { hideCardDetails } from "./card-details.js";
import { liveContext } from "./context.js";
import { askHint } from "./moves.js";
import { board, byId, page } from "./page.js";
import { closeRoundEnd, showRoundEnd, unreadRoundEnd } from "./round-end.js";
import { renderSeatTools } from "./seat-tools.js";
import { renderLog, renderScores } from "./side.js";
import { showSummary } from "./summary.js";
import { markTargets, renderActions } from "./targets.js";
import { pollWhileOpen, waitingPanel } from "./waiting.js";

/**
 * Draw the whole live table (nothing while a replay is on screen or before the first snapshot).
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 */
export function render(state, commands) {
  const snap = state.snapshot;
  // (While the game's own module loads, a drawing asked for meanwhile, such as the games'
  // titles arriving, drew the fallback table: a page that looked ready and was not.)
  if (state.replay || !snap || state.gameLoading) return;
  const ctx = liveContext(state, commands);
  const view = snap.view;
  const over = snap.status === "finished" || Boolean(view && view.is_over);
  const mine = !over && ctx.legal.length > 0;
  page.dataset.status = snap.status || "playing";
  page.dataset.version = String(snap.version);
  page.dataset.seat = ctx.seat === null ? "" : String(ctx.seat);
  page.dataset.turn = over ? "over" : snap.status === "open" ? "waiting" : mine ? "mine" : "theirs";
  page.dataset.sending = "";
  page.classList.toggle("my-turn", mine);

  const gameId = (view && view.game) || snap.game;
  const title = (gameId && state.titles[gameId]) || gameId || "Table";
  byId("table-title").textContent = title;
  document.title = `${mine ? "● Your turn · " : ""}${title} · cardcafe`;
  const guide = /** @type {HTMLAnchorElement} */ (byId("rules-btn"));
  // (The server's link names the table's options, for the guide to mark the cards they leave
  // out: kept; a page that had no game yet gets the game's guide.)
  if (gameId && guide.hidden) {
    guide.href = `/guide/${encodeURIComponent(gameId)}`;
    guide.hidden = false;
  }
  renderSeatTools(state, ctx, over);
  const hintButton = /** @type {HTMLButtonElement} */ (byId("hint-btn"));
  // Nothing left to hint at (a replay shows no hints either), nor for a watcher, who has no
  // moves: a Hint greyed out for good told them nothing.
  hintButton.hidden = over || ctx.seat === null;
  hintButton.disabled = !mine || Boolean(state.paused);
  hintButton.onclick = () => askHint(state);

  let restoreScroll = () => {};
  // A round ends: the table pauses on its breakdown until the player moves on (round-end.js).
  if (unreadRoundEnd(state, view, over)) {
    showRoundEnd(state, commands, ctx);
  } else if (state.paused && over) {
    closeRoundEnd(state, commands, false); // the final summary says it all
  }
  const paused = state.paused;
  page.dataset.paused = paused ? "round" : "";
  renderBanner(state, commands, ctx, mine && !paused, over);
  // A round end draws the board it holds once (round-end.js); later snapshots wait.
  if (!paused || !paused.boardDrawn) {
    const shown = paused ? paused.board : ctx;
    if (paused) paused.boardDrawn = true;
    else state.boardCtx = ctx;
    hideCardDetails();
    restoreScroll = keepRivalsScroll();
    clear(board);
    if (snap.status === "open") board.append(waitingPanel(state, ctx));
    if (view) {
      drawBoard(state.game, shown);
      showDeckNews(board, shown, state.tableId);
    }
  }
  if (!paused) markTargets(state, commands);
  restoreScroll(); // (once the places to click are marked: their labels add a line)
  renderActions(state, commands);
  // While paused, the scores and the log stay at the round end too: the next deal waits.
  renderScores(state, paused ? paused.ctx : ctx, over);
  renderLog(state, paused ? paused.ctx : ctx);
  if (over && view && !state.replayAsked) showSummary(state, commands, ctx);
  if (snap.status === "open") pollWhileOpen(state);
}
