// @ts-check
// The table itself: a view drawn by the game's module (with the breakdown above it at a round
// or game end). A view the module did not expect falls back to the generic drawing, then to
// the raw view: a drawing bug must not make the game unplayable.

import { clear, h } from "../dom.js";
import { generic } from "../games/registry.js";
import { breakdownSection } from "./breakdowns.js";
import { board } from "./page.js";

/**
 * Where the rivals' area is scrolled (on a desktop it scrolls inside the table when the rivals
 * have more than fits: boards.css), to set again once the table is drawn anew: every move
 * redraws it, and a bot's move must not jump the rival the player is reading out of sight.
 * @returns {() => void} puts the new rivals' area where the old one was
 */
export function keepRivalsScroll() {
  const top = board.querySelector(".opponents")?.scrollTop || 0;
  const tableTop = board.scrollTop; // (a screen too short for the table scrolls it whole)
  return () => {
    const rivals = board.querySelector(".opponents");
    if (rivals && top) rivals.scrollTop = top;
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
  if (view.breakdown) board.append(breakdownSection(ctx, { id: "board-breakdown" }));
  try {
    game.render(board, ctx);
  } catch (err) {
    console.error(err);
    clear(board);
    if (view.breakdown) board.append(breakdownSection(ctx, { id: "board-breakdown" }));
    try {
      generic.render(board, ctx);
    } catch (again) {
      console.error(again);
      clear(board).append(h("pre", { class: "raw-view" }, JSON.stringify(view, null, 2)));
    }
  }
}
