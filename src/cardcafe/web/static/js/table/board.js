// @ts-check
// The table itself: a view drawn by the game's module (with the breakdown above it at a round
// or game end, and on a phone the row of the rivals over their strip: rivals-strip.js). A view the module did not expect falls back to the generic drawing, then to
// the raw view: a drawing bug must not make the game unplayable.

import { clear, h } from "../dom.js";
import { generic } from "../games/registry.js";
import { breakdownSection } from "./breakdowns.js";
import { board } from "./page.js";
import { addRivalsRow } from "./rivals-strip.js";
import { leadWithStandings } from "./standings.js";

/**
 * Where the rivals' area is scrolled (on a desktop it scrolls down inside the table when the
 * rivals have more than fits, on a phone sideways: boards.css), to set again once the table is
 * drawn anew: every move redraws it, and a bot's move must not jump the rival the player is
 * reading out of sight.
 * @returns {() => void} puts the new rivals' area where the old one was
 */
export function keepRivalsScroll() {
  const old = board.querySelector(".opponents");
  const top = old?.scrollTop || 0;
  const left = old?.scrollLeft || 0;
  const tableTop = board.scrollTop; // (a screen too short for the table scrolls it whole)
  return () => {
    const rivals = board.querySelector(".opponents");
    if (rivals && top) rivals.scrollTop = top;
    if (rivals && left) rivals.scrollLeft = left;
    if (tableTop) board.scrollTop = tableTop;
  };
}

/**
 * Draw `ctx.view` on the (cleared) board with `game`.
 * @param {import("../types.js").GameModule} game
 * @param {import("../types.js").DrawContext} ctx
 */
export function drawBoard(game, ctx) {
  const view = ctx.view;
  if (view.breakdown) board.append(leadWithStandings(breakdownSection(ctx, { id: "board-breakdown" }), ctx));
  try {
    game.render(board, ctx);
    addRivalsRow(board, ctx);
  } catch (err) {
    console.error(err);
    clear(board);
    if (view.breakdown) board.append(leadWithStandings(breakdownSection(ctx, { id: "board-breakdown" }), ctx));
    try {
      generic.render(board, ctx);
    } catch (again) {
      console.error(again);
      clear(board).append(h("pre", { class: "raw-view" }, JSON.stringify(view, null, 2)));
    }
  }
}
