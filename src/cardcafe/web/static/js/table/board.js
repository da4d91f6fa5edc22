// @ts-check
// The table itself: a view drawn by the game's module (with the breakdown above it at a round
// or game end). A view the module did not expect falls back to the generic drawing, then to
// the raw view: a drawing bug must not make the game unplayable.

import { clear, h } from "../dom.js";
import { generic } from "../games/registry.js";
import { breakdownSection } from "./breakdowns.js";
import { board } from "./page.js";

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
