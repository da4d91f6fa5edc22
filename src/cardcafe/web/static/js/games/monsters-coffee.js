// Monster's Coffee's table: each player's Front Line (face up) and Rear Line (face down: mine
// marked "only you"), the centre, tokens. Drawn by the generic renderer with this game's card
// faces (names, powers, colours from the catalogue), and its actions mapped onto the cards they
// name by place (owner and slot).
// View keys from src/cardcafe/games/monsters_coffee/knowledge.py `_view`.

import generic from "./generic.js";

export function render(board, ctx) {
  generic.render(board, ctx);
  // My Rear Line is face down for everyone else: say so on each of my hidden cards.
  const mine = ctx.seat;
  if (mine === null || mine === undefined) return;
  (ctx.view.rear?.[mine] || []).forEach((slot, i) => {
    if (slot && !slot.revealed) {
      board.querySelector(`[data-targets~="rear:${mine}:${i}"]`)?.classList.add("private");
    }
  });
}

export function actionTarget(action, ctx) {
  const me = ctx.seat;
  switch (action.type) {
    case "choose-rear":
      return `hands:${me}:${action.slot}`;
    case "take":
    case "pick-front":
      return `front:${action.owner}:${action.slot}`;
    case "pick-rear":
      return `rear:${me}:${action.slot}`;
    case "pick-centre":
      return `centre:${action.slot}`;
    case "ask-player":
      return `player:${action.seat}`;
    case "ask-family": {
      const index = (ctx.view.families || []).indexOf(action.family);
      return index >= 0 ? `families:${index}` : null;
    }
    case "place-mummy":
      return `drawn_mummy:${action.which}`;
    default:
      return null;
  }
}

// What to click, from the moves open to the player (phases are names, not ids).
export function step(ctx) {
  const types = new Set(ctx.legal.map((a) => a.type));
  if (types.has("take")) return "Click a card in a Front Line to take it to the centre.";
  if (types.has("choose-rear")) return "Click a card of your hand to put it face down in your Rear Line.";
  return "";
}

export default { render, actionTarget, step };
