// @ts-check
// The seated player's tools: their personal seat link, and conceding.

import { api, recoveryLink } from "../api.js";
import { clear, h, toast } from "../dom.js";
import { copyText, dialogShell } from "../seat.js";
import { byId, dialogById } from "./page.js";

/** @typedef {import("./state.js").TableState} TableState */

/**
 * The tools of the seat this page plays (none while watching or replaying).
 * @param {TableState} state
 * @param {import("../types.js").DrawContext} ctx
 * @param {boolean} over
 */
export function renderSeatTools(state, ctx, over) {
  const tools = byId("seat-tools");
  clear(tools);
  const { token, tableId } = state;
  tools.hidden = !token || ctx.seat === null || Boolean(state.replay);
  if (!token || ctx.seat === null || tools.hidden) return;
  tools.append(
    h("button", { class: "btn btn-small", type: "button", id: "seat-link-btn", onclick: () => copyText(recoveryLink(tableId, token)), title: "the link that opens your seat in any browser" }, "Copy my seat link"),
  );
  const mine = ctx.names[ctx.seat] || "";
  if (state.snapshot && state.snapshot.status === "playing" && !over && !mine.endsWith("(conceded)")) {
    tools.append(h("button", { class: "btn btn-small", type: "button", id: "concede-btn", onclick: () => confirmConcede(state) }, "Concede"));
  }
}

/**
 * Ask before conceding; a bot then plays the seat to the end.
 * @param {TableState} state
 */
function confirmConcede(state) {
  const dialog = dialogById("join-dialog");
  dialogShell(
    dialog,
    "Concede the game?",
    h("p", {}, "A bot plays your seat to the end of the game. You can stay and watch."),
    h(
      "div",
      { class: "row" },
      h("button", {
        class: "btn btn-primary",
        type: "button",
        id: "concede-yes",
        onclick: async () => {
          dialog.close();
          try {
            await api.concede(state.tableId, state.snapshot?.seat, state.token);
            toast("You conceded: a bot finishes the game for you.");
          } catch (err) {
            toast(err instanceof Error ? err.message : String(err), "error");
          }
        },
      }, "Concede"),
      h("button", { class: "btn", type: "button", onclick: () => dialog.close() }, "Keep playing"),
    ),
  );
}
