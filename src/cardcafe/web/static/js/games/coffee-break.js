// Coffee Break's table: the four orders in a row, each with the ingredients laid under it and
// those still missing; my hand (only I see it); everyone's hand size and the orders they took.
// View keys from src/cardcafe/games/coffee_break/state.py `_view`; anything unexpected falls
// back to the generic renderer.

import { cardFace, stack } from "../cards.js";
import { h } from "../dom.js";
import generic from "./generic.js";
import { zone } from "./kit.js";

function order(ctx, entry, slot) {
  if (!entry) {
    return h("div", { class: "order empty-order", "data-target": `order:${slot}` }, h("div", { class: "card-slot" }), h("small", {}, "no order"));
  }
  const laid = (entry.laid || []).map((l) =>
    cardFace({ ...ctx.card(l.card), note: l.as && l.as !== l.card ? `as ${ctx.card(l.as).name}` : "" }, { class: "card-small" }),
  );
  return h(
    "div",
    { class: "order", "data-target": `order:${slot}` },
    cardFace(ctx.card(entry.order)),
    h("div", { class: "order-laid" }, laid),
    (entry.missing || []).length
      ? h("div", { class: "chips order-missing" }, h("small", {}, "missing"), entry.missing.map((m) => h("span", { class: "chip", title: ctx.card(m).text || null }, ctx.card(m).name)))
      : h("div", { class: "chip order-ready" }, "complete!"),
  );
}

export function render(board, ctx) {
  const { view } = ctx;
  const orders = h(
    "div",
    { class: "orders" },
    stack("orders left", view.order_pile_size ?? 0),
    (view.orders || []).map((entry, slot) => order(ctx, entry, slot)),
    stack("ingredients left", view.ingredient_pile_size ?? 0),
  );
  generic.render(board, ctx, {
    skip: ["orders", "order_pile_size", "ingredient_pile_size", "taken", "target", "picked_count"],
    centreExtra: zone(view.target ? `Orders · first to ${view.target} points wins` : "Orders", orders),
    panelExtra: (seat) => {
      const taken = (view.taken || [])[seat] || [];
      return taken.length
        ? [zone("Orders served", h("div", { class: "card-row" }, taken.map((id) => cardFace(ctx.card(id), { class: "card-small" }))))]
        : [];
    },
  });
}

export function actionTarget(action, ctx) {
  if (action.type === "lay" || action.type === "lay-joker") return `order:${action.slot}`;
  if (action.type === "pick-for-exchange") {
    const index = (ctx.view.hand || []).indexOf(action.card);
    return index >= 0 ? `hand:${index}` : null;
  }
  return null;
}

// Where the player is in a turn, from the moves open to them (phases are names, not ids).
export function step(ctx) {
  const types = new Set(ctx.legal.map((a) => a.type));
  const lay = types.has("lay") || types.has("lay-joker");
  if (lay && types.has("pick-for-exchange")) return "Click an order to lay a card under it, or click cards in your hand to exchange them.";
  if (lay) return "Lay more cards under the orders, or finish laying.";
  if (types.has("pick-for-exchange")) return "Click more cards to exchange, then exchange them.";
  return "";
}

export default { render, actionTarget, step };
