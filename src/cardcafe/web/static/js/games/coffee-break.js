// @ts-check
// Coffee Break's table: the four orders in a row, each with its recipe as slots (the
// ingredients laid under it, and those still missing), the order pile, the ingredient pile and
// the used pile (its top card and a count); the opponents' hands (face down) and served orders
// across the table; my hand at the bottom.
//
// A turn is one of two explicit choices. Laying: click an order to lay a card under it (several
// if you like), then "Finish laying". Exchanging: pick 1 to 4 cards of your hand, then confirm;
// until "Confirm" nothing is sent, so an exchange can be cancelled. On "Confirm" its steps go to
// the server one by one (the engine's pick-for-exchange... exchange), so no engine change.
// View keys from src/cardcafe/games/coffee_break/state.py `_view`.

import { cardBack, cardFace, stack } from "../cards.js";
import { h } from "../dom.js";
import { canLay, canStage, controls, exchangeBar, exchangeInstead, foldedPick, myHand, sendQueued, syncTurn, turn, types } from "./coffee-break/turn.js";
import { lastMoveLine, markArrivals, othersThenMe, seatPanel } from "./kit.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").LegalAction} LegalAction */

/**
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {string} size
 * @param {Record<string, any>} [extra]
 */
function ingredientCard(ctx, id, size, extra = {}) {
  return cardFace({ ...ctx.card(id), ...extra }, { class: size, attrs: extra.attrs || {} });
}

/**
 * One order: its card, then its recipe as slots: filled by the cards laid, or waiting.
 * @param {DrawContext} ctx
 * @param {any} entry
 * @param {number} slot
 */
function order(ctx, entry, slot) {
  if (!entry) {
    // 002: "not to disclose a new order card at the place of the order card (Vacant) completed
    // in his/her turn": the rulebook's word, as the terminal says it, and when the place fills
    // ("no order" read as if none would come).
    const coming = (ctx.view.order_pile_size ?? 0) > 0 && !ctx.view.is_over;
    const words = coming ? "vacant · a new order at the turn's end" : "vacant";
    return h("div", { class: "cb-order empty-order", "data-target": `order:${slot}` }, h("div", { class: "card-slot card-mid" }), h("small", {}, words));
  }
  const laid = [...(entry.laid || [])];
  const slots = (entry.needs || []).map((/** @type {string} */ need) => {
    const i = laid.findIndex((l) => l.as === need);
    const info = ctx.card(need);
    if (i >= 0) {
      const [l] = laid.splice(i, 1);
      const card = ctx.card(l.card);
      const joker = l.card !== l.as;
      return h(
        "li",
        { class: "cb-need filled", "data-card": l.card, title: joker ? `${card.name} as ${info.name}: ${card.text}` : info.text, style: { "--hue": String(info.hue ?? 30) } },
        h("span", { class: "cb-tick", "aria-hidden": "true" }, "✔"),
        joker ? `${card.name} as ${info.name}` : info.name,
      );
    }
    return h("li", { class: "cb-need", title: info.text, style: { "--hue": String(info.hue ?? 30) } }, h("span", { class: "cb-box", "aria-hidden": "true" }), info.name);
  });
  const ready = (entry.missing || []).length === 0;
  return h(
    "div",
    { class: "cb-order", "data-target": `order:${slot}`, "data-place": `order:${slot}` },
    cardFace(ctx.card(entry.order), { class: "card-mid" }),
    // The recipe: each ingredient ticked off by the card laid for it (a card just laid glows).
    h("ul", { class: "cb-recipe", "data-place": `laid:${slot}`, "aria-label": `${ctx.card(entry.order).name}: recipe` }, slots, ready ? h("li", { class: "cb-need ready" }, "complete!") : null),
  );
}

/**
 * @param {DrawContext} ctx
 */
function usedPile(ctx) {
  const used = ctx.view.used_pile || [];
  const top = used.at(-1);
  return h(
    "figure",
    { class: "heap-stack cb-used", "data-place": "used" },
    top ? h("div", { class: `pile${used.length > 1 ? " many" : ""}` }, ingredientCard(ctx, top, "card-xs")) : h("div", { class: "card-slot card-xs" }),
    h("figcaption", {}, h("b", {}, used.length), " used", used.length ? " · top card shown" : ""),
  );
}

/**
 * @param {DrawContext} ctx
 */
function centre(ctx) {
  const { view } = ctx;
  return h(
    "section",
    { class: "centre cb-centre", "aria-label": "the centre of the table" },
    stack("orders left", view.order_pile_size ?? 0, { attrs: { class: "stack cb-pile" } }),
    h("div", { class: "cb-orders" }, (view.orders || []).map((/** @type {any} */ entry, /** @type {number} */ slot) => order(ctx, entry, slot))),
    h("div", { class: "cb-piles" }, stack("ingredients left", view.ingredient_pile_size ?? 0, { attrs: { class: "stack cb-pile", "data-deck": "" } }), usedPile(ctx)),
  );
}

/**
 * The orders a seat served, one line per coffee (an iced one counts with its drink): how many,
 * what they score now, and whether they double or how many more would double them, so a score
 * says why at all times (the tiny cards show only the cup).
 * @param {DrawContext} ctx
 * @param {string[]} taken
 */
export function servedKinds(ctx, taken) {
  const families = ctx.catalogue.families || {};
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of taken) {
    const kind = ctx.card(id).family;
    if (kind) counts.set(kind, (counts.get(kind) || 0) + 1);
  }
  return [...counts].map(([kind, n]) => {
    const family = families[kind] || {};
    const doubled = n >= family.double_at;
    const score = n * family.points * (doubled ? 2 : 1);
    const more = family.double_at - n;
    const why = doubled ? "doubled" : `${more} more ${more === 1 ? "doubles" : "double"} ${n === 1 ? "it" : "them"}`;
    return h("li", { class: `cb-kind${doubled ? " doubled" : ""}`, title: family.text || null }, `${family.name} ×${n}: ${score} pts · ${why}`);
  });
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 * @param {string} size
 */
function served(ctx, seat, size) {
  const taken = (ctx.view.taken || [])[seat] || [];
  return h(
    "div",
    { class: "zone cb-served", "data-place": `served:${seat}` },
    h("div", { class: "zone-label" }, `Orders served · ${taken.length}`),
    taken.length ? h("div", { class: "card-row" }, taken.map((/** @type {string} */ id) => cardFace(ctx.card(id), { class: size }))) : h("p", { class: "empty" }, "none yet"),
    taken.length ? h("ul", { class: "cb-kinds", "aria-label": "points by coffee" }, servedKinds(ctx, taken)) : null,
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function opponent(ctx, seat) {
  const size = (ctx.view.hand_sizes || [])[seat] ?? 0;
  return seatPanel(
    ctx,
    seat,
    { points: ctx.view.scores?.[seat], target: `player:${seat}` },
    h(
      "div",
      { class: "cb-seat-row" },
      h(
        "div",
        { class: "zone cb-their-hand" },
        h("div", { class: "zone-label" }, `Hand · ${size} card${size === 1 ? "" : "s"}`),
        h("div", { class: "fan" }, Array.from({ length: size }, () => cardBack("a card in hand", { class: "card-back-xs" }))),
      ),
      served(ctx, seat, "card-tiny"),
    ),
  );
}

/**
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 */
export function render(board, ctx) {
  const { view } = ctx;
  syncTurn(ctx);
  const { others, me } = othersThenMe(ctx);
  board.classList.add("board-cb", `seats-${view.players}`);
  board.classList.toggle("mode-exchange", turn.mode === "exchange" && ctx.legal.length > 0);
  if (turn.queue.length) board.dataset.busy = "1";
  else delete board.dataset.busy;
  board.append(
    lastMoveLine(ctx) || h("p", { class: "last-move muted" }, view.target ? `First to ${view.target} points wins.` : "The game begins."),
    h("div", { class: `opponents count-${others.length}` }, others.map((seat) => opponent(ctx, seat))),
    centre(ctx),
    // (a watcher has no place at the table)
    ...(me !== null
      ? [
          seatPanel(
            ctx,
            me,
            { points: view.scores?.[me], target: `player:${me}`, badges: view.target ? [h("span", { class: "chip" }, `first to ${view.target} wins`)] : [] },
            h("div", { class: "cb-my-row" }, myHand(ctx), controls(ctx), served(ctx, me, "card-tiny")),
          ),
        ]
      : []),
  );
  markArrivals(board, ctx);
  sendQueued(ctx);
}

/**
 * @param {LegalAction} action
 * @param {DrawContext} ctx
 */
export function actionTarget(action, ctx) {
  switch (action.type) {
    case "lay":
    case "lay-joker":
      return turn.mode === "lay" && !turn.queue.length ? `order:${action.slot}` : null;
    case "finish-laying":
      return "finish";
    case "exchange":
      return turn.queue.length ? null : "exchange";
    case "pass":
      return "pass";
    case "pick-for-exchange":
      // Only once an exchange is under way on the server; before that, picks are staged here.
      return types(ctx).has("exchange") && !turn.queue.length ? `hand-card:${action.card}` : null;
    default:
      return null;
  }
}

/**
 * @param {DrawContext} ctx
 */
export function step(ctx) {
  // Only what the prompt above does not say already: laying more or finishing, and laying or
  // exchanging, are the prompt's own words (and the board's, beside the Finish button).
  const t = types(ctx);
  if (t.has("exchange")) return "Pick more cards to exchange, or exchange them.";
  if (canStage(ctx) && !canLay(ctx) && !t.has("finish-laying")) return "No card fits an order: pick cards of your hand to exchange.";
  return "";
}

export default { render, actionTarget, step, bar: exchangeBar, folded: foldedPick, barEnd: exchangeInstead };
