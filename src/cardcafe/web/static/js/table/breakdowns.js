// @ts-check
// Score breakdowns as tables: each seat's parts (label and points) and its total, for the
// round-end pause, the board at a game end and the final summary.

import { h } from "../dom.js";
import { avatar, playerName, seatHue } from "../games/kit.js";
import { winnerMark } from "../games/winners.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").View} View */

/** @param {number} n */
const fmt = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/**
 * A breakdown's identity: the same round end is paused on once, however many snapshots show it.
 * @param {View} view
 */
export function breakdownKey(view) {
  return JSON.stringify([view.breakdown_title || "", view.breakdown, view.scores]);
}

/**
 * The seats from the highest score down (ties: seat order).
 * @param {View} view
 * @returns {number[]}
 */
export function ranking(view) {
  const scores = view.scores || [];
  return Array.from({ length: view.players }, (_, seat) => seat).sort(
    (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b,
  );
}

/**
 * One table per seat: each part's label and points, and the total (the seat's score).
 * @param {DrawContext} ctx
 * @param {number[]} [order] the seats in the order to show them
 */
export function breakdownTables(ctx, order) {
  const view = ctx.view;
  const seatsInOrder = order || Array.from({ length: view.players }, (_, seat) => seat);
  return h(
    "div",
    { class: "breakdown-tables" },
    seatsInOrder.map((seat) => {
      const parts = (view.breakdown || [])[seat] || [];
      const total = parts.reduce((sum, part) => sum + Number(part.points || 0), 0);
      const won = view.is_over && (view.winners || []).includes(seat);
      return h(
        "table",
        {
          class: `breakdown${seat === ctx.seat ? " me" : ""}${won ? " won" : ""}`,
          "data-seat": seat,
          style: { "--seat-hue": String(seatHue(seat)) },
        },
        // The caption stays a table caption (as wide as the table) and lays out its line
        // inside: a flex caption became the table's first row, one column wide, and the name
        // wrapped beside the winner's badge.
        h(
          "caption",
          {},
          h(
            "div",
            { class: "breakdown-who" },
            avatar(ctx, seat),
            h("span", { class: "breakdown-name" }, playerName(ctx, seat), seat === ctx.seat ? " (you)" : ""),
            won ? h("span", { class: "badge badge-won" }, winnerMark(ctx, seat)) : null,
          ),
        ),
        h(
          "tbody",
          {},
          parts.length
            ? parts.map((part) =>
                h(
                  "tr",
                  { class: "breakdown-part" },
                  h("td", { class: "part-label" }, part.label),
                  h("td", { class: `part-points${part.points < 0 ? " minus" : ""}` }, fmt(part.points)),
                ),
              )
            : h("tr", {}, h("td", { class: "part-label muted", colspan: 2 }, "no points")),
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row" }, "Total"),
            h("td", { class: "part-total" }, fmt((view.scores || [])[seat] ?? total)),
          ),
        ),
      );
    }),
  );
}

/**
 * The breakdown as a part of the board (the final summary stays there; a replay shows each).
 * @param {DrawContext} ctx
 * @param {Record<string, string>} [attrs]
 */
export function breakdownSection(ctx, attrs = {}) {
  const view = ctx.view;
  return h(
    "section",
    { class: "breakdown-panel", "aria-label": view.breakdown_title || "Scores", ...attrs },
    h("h2", { class: "breakdown-title" }, view.breakdown_title || (view.is_over ? "Final scores" : "Scores")),
    breakdownTables(ctx, ranking(view)),
  );
}
