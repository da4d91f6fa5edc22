// Coffee Break's table: the four orders in a row, each with the ingredients laid under it and
// those still missing; my hand (only I see it); everyone's hand size and the orders they took.
// View keys from src/cardcafe/games/coffee_break/state.py `_view`; anything unexpected falls
// back to the generic renderer.

import { cardFace, stack } from "../cards.js";
import { h, humanize } from "../dom.js";
import generic from "./generic.js";
import { zone } from "./kit.js";

const INGREDIENTS = {
  espresso: { name: "Espresso shot", icon: "bean", hue: 25 },
  water: { name: "Hot water", icon: "drop", hue: 200 },
  milk: { name: "Milk", icon: "bottle", hue: 45 },
  foam: { name: "Milk foam", icon: "swirl", hue: 38 },
  chocolate: { name: "Chocolate", icon: "bar", hue: 15 },
  caramel: { name: "Caramel", icon: "drop", hue: 32 },
  ice: { name: "Ice", icon: "cube", hue: 190 },
  "whipped-cream": { name: "Whipped cream", icon: "swirl", hue: 330 },
  joker: { name: "Joker", icon: "star", hue: 280, rule: "any ingredient" },
};

export function describe(id) {
  return INGREDIENTS[id] ? { id, ...INGREDIENTS[id], value: "" } : describeOrder(id);
}

// An order card: a coffee (iced ones are blue). Orders and ingredients share some ids
// ("espresso"), so order cards are always described here.
function describeOrder(id) {
  const iced = String(id).startsWith("iced");
  return { id, name: humanize(id).replace(/^Cafe/, "Café"), icon: "cup", hue: iced ? 195 : 22, value: "" };
}

function order(ctx, entry, slot) {
  if (!entry) {
    return h("div", { class: "order empty-order", "data-target": `order:${slot}` }, h("div", { class: "card-slot" }), h("small", {}, "no order"));
  }
  const laid = (entry.laid || []).map((l) =>
    cardFace({ ...describe(l.card), rule: l.card === "joker" ? `as ${describe(l.as).name}` : "" }, { class: "card-small" }),
  );
  return h(
    "div",
    { class: "order", "data-target": `order:${slot}` },
    cardFace({ ...describeOrder(entry.order), rule: `needs ${(entry.needs || []).length}` }),
    h("div", { class: "order-laid" }, laid),
    (entry.missing || []).length
      ? h("div", { class: "chips order-missing" }, h("small", {}, "missing"), entry.missing.map((m) => h("span", { class: "chip" }, describe(m).name)))
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
    describe,
    skip: ["orders", "order_pile_size", "ingredient_pile_size", "turn", "quiet_turns", "taken"],
    centreExtra: zone(`Orders · first to ${view.target} points wins`, orders),
    panelExtra: (seat) => {
      const taken = (view.taken || [])[seat] || [];
      return taken.length
        ? [zone("Orders served", h("div", { class: "card-row" }, taken.map((id) => cardFace(describeOrder(id), { class: "card-small" }))))]
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

export function step(ctx) {
  const { view } = ctx;
  if (view.phase === "choose") return "Click an order to lay a card under it, or click cards in your hand to exchange them.";
  if (view.phase === "laying") return "Lay more cards under the orders, or finish laying.";
  if (view.phase === "exchanging") return "Click more cards to exchange, then exchange them.";
  return "";
}

export default { render, actionTarget, step, describe };
