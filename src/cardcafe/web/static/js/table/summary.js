// @ts-check
// The game's end: who won, the standings (standings.js: every score from the highest down, how
// far behind the winner), each seat's final breakdown, and where to go next (rematch, replay,
// the record, the finished games, the lobby). Shown once per game end.

import { h } from "../dom.js";
import { capitalised, iWon, winnerName, winnersWords } from "../games/winners.js";
import { dialogShell } from "../seat.js";
import { breakdownTables, ranking } from "./breakdowns.js";
import { dialogById } from "./page.js";
import { rematchButton } from "./rematch.js";
import { standings } from "./standings.js";

/**
 * Who won, in the viewer's words: "Bob wins.", "You share the win with Bob." (a lone winner's
 * title already says "You win!": the line under it said "Ann wins." in the third person).
 * @param {import("../types.js").DrawContext} ctx
 * @param {number[]} winners
 */
function winnersLine(ctx, winners) {
  if (!winners.length) return "Nobody wins this one.";
  if (iWon(ctx, winners)) {
    const others = winners.filter((w) => w !== ctx.seat).map((w) => winnerName(ctx, w));
    return others.length ? `You share the win with ${others.join(" and ")}.` : "Well played: nobody did better.";
  }
  return `${capitalised(winnersWords(ctx, winners))}.`;
}

/**
 * Show the summary of the finished game `ctx` shows (once for its last version).
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 * @param {import("../types.js").DrawContext} ctx
 */
export function showSummary(state, commands, ctx) {
  const snap = state.snapshot;
  if (!snap || state.summaryFor === snap.version) return;
  state.summaryFor = snap.version;
  const { tableId } = state;
  const view = ctx.view;
  const winners = view.winners || [];
  const dialog = dialogById("summary-dialog");
  dialogShell(
    dialog,
    iWon(ctx, winners) ? "You win!" : "Game over",
    h(
      "p",
      { class: "summary-lead" },
      winnersLine(ctx, winners),
    ),
    standings(ctx, () => dialog.querySelector(".summary-breakdown")),
    ...(view.breakdown
      ? [h("div", { class: "summary-breakdown" }, h("h3", { class: "breakdown-title" }, view.breakdown_title || "Final scores"), breakdownTables(ctx, ranking(view)))]
      : []),
    h(
      "div",
      { class: "row" },
      rematchButton(state, "rematch"),
      h("button", { class: "btn", type: "button", onclick: () => dialog.close() }, "Look at the table"),
      h("button", { class: "btn", type: "button", id: "replay-btn", onclick: () => { dialog.close(); commands.startReplay(); } }, "Watch the replay"),
      h("a", { class: "btn", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `${tableId}.json` }, "Download the record"),
      h("a", { class: "btn", href: "/history", id: "history-btn" }, "Finished games"),
      h("a", { class: "btn", href: "/" }, "Back to the lobby"),
    ),
  );
}
