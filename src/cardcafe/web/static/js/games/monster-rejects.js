// Monster Rejects's table: the pile being played on, my hand (only I see it), everyone's hand
// size, the graveyard and the Chaos cards in force. Drawn by the generic renderer with the
// catalogue's realm colours, pictures and Chaos texts; actions that name a card are played by
// clicking it, a player target by clicking their panel. View keys from src/cardcafe/games/monster_rejects/state.py `_view`.

import generic from "./generic.js";

// The draw for the first player is told in the log; the board need not keep it.
export function render(board, ctx) {
  generic.render(board, ctx, { skip: ["first_draws"] });
}

export function actionTarget(action) {
  if (action.type === "target") return `player:${action.seat}`;
  if (typeof action.card === "string") return `hand-card:${action.card}`;
  return null;
}

// Only cards in my hand are played by clicking; mark them so actionTarget can find them.
function tagHand(board) {
  for (const el of board.querySelectorAll("[data-targets*=' hand:']")) {
    const id = el.dataset.card;
    if (id) el.dataset.target = `hand-card:${id}`;
  }
}

export default {
  render(board, ctx) {
    render(board, ctx);
    tagHand(board);
  },
  actionTarget,
};
