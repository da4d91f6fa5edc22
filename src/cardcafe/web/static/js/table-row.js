// @ts-check
// One row of the lobby's table list: the game, who sits where (and who is online), whose
// turn it is, and what this visitor may do (back to my seat, join a public seat, watch).

import { seatLink, spectateLink } from "./api.js";
import { h } from "./dom.js";

/**
 * @typedef {{seat: number, kind: string, taken: boolean, name: string|null,
 *            invite_only: boolean, presence: string}} SeatSummary
 * @typedef {{id: string, game: string, title: string, players: number, status: string,
 *            seats: SeatSummary[], turn: number|null, turn_name: string|null}} TableSummary
 */

/** @type {Record<string, string>} */
const STATUS = { open: "waiting for players", playing: "in play", finished: "finished" };

/**
 * @param {TableSummary} table
 * @param {import("./api.js").StoredSeat|null} mine this browser's seat there, if any
 */
export function tableRow(table, mine) {
  const who = table.seats.map((s) => seatChip(s, table));
  const open = table.seats.filter((s) => s.kind === "human" && !s.taken);
  const joinable = open.filter((s) => !s.invite_only);
  const invited = open.length - joinable.length;
  const href = `/table/${encodeURIComponent(table.id)}`;
  return h(
    "li",
    { class: `table-item status-${table.status}`, "data-table": table.id },
    h(
      "div",
      { class: "table-meta" },
      h("b", {}, table.title || table.game),
      h("span", { class: `pill pill-${table.status}` }, STATUS[table.status] || table.status),
      table.status === "playing" && table.turn_name
        ? h("span", { class: "turn-line" }, `${table.turn_name} to play`)
        : null,
      table.status === "open" && invited
        ? h("span", { class: "muted" }, `${invited} seat${invited > 1 ? "s" : ""} kept for invited friends`)
        : null,
    ),
    h("ul", { class: "seat-chips", "aria-label": "players" }, who),
    h(
      "div",
      { class: "table-actions" },
      mine ? h("a", { class: "btn btn-primary btn-small", href }, "Back to my seat") : null,
      !mine && table.status === "open"
        ? joinable.map((s) => h("a", { class: "btn btn-primary btn-small", href: seatLink(table.id, s.seat) }, `Join seat ${s.seat + 1}`))
        : null,
      h("a", { class: "btn btn-small", href: spectateLink(table.id) }, "Watch"),
    ),
  );
}

/**
 * One seat: its player (or "free seat"), whether they are online, whose turn it is.
 * @param {SeatSummary} s
 * @param {TableSummary} table
 */
function seatChip(s, table) {
  let name = s.name;
  let state = s.presence;
  if (s.kind === "human" && !s.taken) {
    name = s.invite_only ? "invited friend" : "free seat";
    state = "free";
  }
  const turn = table.turn === s.seat;
  return h(
    "li",
    { class: `seat-chip${turn ? " turn" : ""}`, "data-seat": s.seat, "data-presence": state },
    h("i", { class: `presence-dot ${state}`, "aria-hidden": "true" }),
    name || `Seat ${s.seat + 1}`,
    h("span", { class: "sr-only" }, ` (${presenceWords(state)})`),
  );
}

/**
 * What a presence state means, for screen readers and tooltips.
 * @param {string} state
 */
export function presenceWords(state) {
  /** @type {Record<string, string>} */
  const words = { online: "online", offline: "offline", bot: "a bot", free: "seat free" };
  return words[state] || state;
}
