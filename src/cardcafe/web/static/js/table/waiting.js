// @ts-check
// A table still waiting for players: the seat links to share (and leaving one's seat), and a
// watch for the start in case it is not pushed to this page.

import { api, seatLink, seats, spectateLink } from "../api.js";
import { h, toast } from "../dom.js";
import { copyText, tableInfo } from "../seat.js";

/** @typedef {import("./state.js").TableState} TableState */

/**
 * The panel drawn on the board while seats are empty.
 * @param {TableState} state
 * @param {import("../types.js").DrawContext} ctx
 */
export function waitingPanel(state, ctx) {
  const { tableId, token } = state;
  const box = h("section", { class: "waiting panel", id: "waiting" }, h("h2", {}, "Waiting for players"));
  const list = h("ul", { class: "seat-links" });
  box.append(list, h("p", { class: "muted" }, "Send each friend their seat link. Anyone with the watch link sees only what is public."));
  /**
   * @param {string} label
   * @param {string} url
   */
  const copyRow = (label, url) =>
    h(
      "li",
      {},
      h("span", { class: "seat-label" }, label),
      h("input", { readonly: true, value: url, "aria-label": `${label} link`, onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
      h("button", { class: "btn btn-small", type: "button", onclick: () => copyText(url) }, "Copy"),
    );
  tableInfo(tableId).then((info) => {
    if (!info) return;
    for (const s of info.seats || []) {
      if (s.kind !== "human") {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", { class: "muted" }, `${s.kind} bot`)));
      } else if (s.taken) {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", {}, s.seat === ctx.seat ? "you" : `${s.name} is here`)));
      } else if (s.invite_only) {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", { class: "muted" }, "kept for the friend you sent its link")));
      } else {
        list.append(copyRow(`Seat ${s.seat + 1}`, seatLink(tableId, s.seat)));
      }
    }
    list.append(copyRow("Watch", spectateLink(tableId)));
  });
  if (ctx.seat !== null && token) {
    const seat = ctx.seat;
    box.append(
      h("button", {
        class: "btn btn-small",
        type: "button",
        onclick: async () => {
          try {
            await api.leave(tableId, seat, token);
            seats.forget(tableId);
            location.href = "/";
          } catch (err) {
            toast(err instanceof Error ? err.message : String(err), "error");
          }
        },
      }, "Leave this seat"),
    );
  }
  return box;
}

/**
 * If the start is not pushed to us, notice it and open the socket again (a fresh snapshot).
 * @param {TableState} state
 */
export function pollWhileOpen(state) {
  if (state.poll) return;
  state.poll = window.setInterval(async () => {
    if (!state.snapshot || state.snapshot.status !== "open") {
      clearInterval(state.poll ?? undefined);
      state.poll = null;
      return;
    }
    const info = await tableInfo(state.tableId);
    if (info && info.status !== "open" && state.conn) state.conn.reconnect();
  }, 3000);
}
