// @ts-check
// The game's end at a glance: who won and by how much, and every player's score from the
// highest down, each a tap from its breakdown. On a phone the breakdown tables stood one under
// another (a six-player game's some 1,800 px) and the winner's panel could lie out of sight in
// the rivals' strip: the standings come first, in the summary and on the board.

import { calmScroll, h } from "../dom.js";
import { avatar, playerName, scoreWords, seatHue } from "../games/kit.js";
import { winnerMark } from "../games/winners.js";
import { ranking } from "./breakdowns.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").View} View */

/**
 * How far the winners stand above the best of the others: their lowest score less that
 * player's score (0: level on points, the game's tie-break decided), or null when there is
 * nobody else to compare with (or the scores do not say who won).
 * @param {View} view
 * @returns {number|null}
 */
export function winningMargin(view) {
  const scores = view.scores || [];
  const winners = view.winners || [];
  const others = ranking(view).filter((seat) => !winners.includes(seat));
  if (!winners.length || !others.length) return null;
  const gap = Math.min(...winners.map((w) => scores[w] ?? 0)) - (scores[others[0]] ?? 0);
  return gap >= 0 ? gap : null;
}

/**
 * "by 4 points" ("by 4 Coffee": the game's unit), "on the tie-break" (level on points), or ""
 * (nothing to compare).
 * @param {DrawContext} ctx
 */
export function marginWords(ctx) {
  const gap = winningMargin(ctx.view);
  if (gap === null) return "";
  return gap ? `by ${scoreWords(ctx, gap)}` : "on the tie-break";
}

/**
 * What a player's line says beside the score: "winner", "4 behind", "level on points".
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function standingNote(ctx, seat) {
  const view = ctx.view;
  const scores = view.scores || [];
  const winners = view.winners || [];
  if (winners.includes(seat)) return winnerMark(ctx, seat);
  if (!winners.length) return "";
  const gap = Math.min(...winners.map((w) => scores[w] ?? 0)) - (scores[seat] ?? 0);
  if (gap < 0) return "";
  return gap ? `${scoreWords(ctx, gap)} behind` : "level on points";
}

/**
 * Every player from the highest score down: rank, name, how far behind the winner, score. With
 * breakdown tables beside it (`table.breakdown[data-seat]` under `scope`), a line is a button
 * that brings that player's table into sight.
 * @param {DrawContext} ctx
 * @param {() => ParentNode|null} [scope] where the breakdown tables are
 */
export function standings(ctx, scope) {
  const view = ctx.view;
  const scores = view.scores || [];
  const winners = view.winners || [];
  return h(
    "ol",
    { class: "summary-list standings", "aria-label": "Final standings" },
    ranking(view).map((seat, i) => {
      const note = standingNote(ctx, seat);
      const line = [
        h("span", { class: "standing-rank", "aria-hidden": "true" }, String(i + 1)),
        avatar(ctx, seat),
        // The note under the name: beside it, it left a phone's line too narrow for a name.
        h(
          "span",
          { class: "standing-who" },
          h("span", { class: "standing-name" }, playerName(ctx, seat), seat === ctx.seat ? " (you)" : ""),
          note ? h("small", { class: "standing-note" }, note) : null,
        ),
        h("b", { class: "standing-points" }, String(scores[seat] ?? "")),
      ];
      const table = () => /** @type {HTMLElement|null|undefined} */ (scope?.()?.querySelector(`table.breakdown[data-seat="${seat}"]`));
      return h(
        "li",
        { class: winners.includes(seat) ? "won" : "", "data-seat": seat, style: { "--seat-hue": String(seatHue(seat)) } },
        view.breakdown && scope
          ? h(
              "button",
              {
                type: "button",
                class: "standing",
                title: `${playerName(ctx, seat)}'s score, part by part`,
                onclick: () => table()?.scrollIntoView({ behavior: calmScroll(), block: "nearest" }),
              },
              line,
            )
          : line,
      );
    }),
  );
}

/**
 * At the game's end, the standings at the head of the breakdown on the board (under its title,
 * above the tables they lead to); a round's breakdown is left as it is.
 * @param {HTMLElement} section the board's breakdown (breakdowns.js: breakdownSection)
 * @param {DrawContext} ctx
 */
export function leadWithStandings(section, ctx) {
  if (!ctx.view.is_over) return section;
  section.querySelector(".breakdown-title")?.after(standings(ctx, () => section));
  return section;
}
