// @ts-check
// Monster Diner's table: the deck and the card just drawn in the centre; each player's mat
// (up to three cards this move) and diner (the cards that score). View keys come from
// src/cardcafe/games/monster_diner/state.py `_view`.

import { cardFace, icon, pile, stack } from "../cards.js";
import { h } from "../dom.js";
import { lastMoveLine, markArrivals, othersThenMe, playerName, seatPanel, zone } from "./kit.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").LegalAction} LegalAction */

// Card ids of the rulebook that this drawing needs to find on the table (never their names:
// names, effects, colours and pictures come from the catalogue, `ctx.card`).
const GUEST = "unwelcome-guest";
const MOVE_ENDS_AT = 3;

/**
 * Diner piles in the catalogue's order (its cards come in rulebook order).
 * @param {DrawContext} ctx
 * @param {string} id
 */
function sortKey(ctx, id) {
  const order = Object.keys(ctx.catalogue.cards || {});
  const i = order.indexOf(id);
  return i >= 0 ? i : order.length;
}

/**
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {string|null} target
 * @param {string} [size]
 */
function card(ctx, id, target, size = "") {
  return cardFace(ctx.card(id), { class: size, attrs: target ? { "data-target": target } : {} });
}

/**
 * @param {DrawContext} ctx
 * @param {number} n
 */
function guests(ctx, n) {
  const info = ctx.card(GUEST);
  return n === 1 ? `an ${info.name}`.replace(/^an ([^aeiouAEIOU])/, "a $1") : `${n} ${info.plural || `${info.name}s`}`;
}

/**
 * @param {DrawContext} ctx
 */
function centre(ctx) {
  const { view } = ctx;
  const drawer = /** @type {number} */ (view.current_player); // a card is held on a turn
  const held = view.held
    ? h(
        "figure",
        { class: "drawn" },
        cardFace(ctx.card(view.held), { class: "card-big" }),
        h(
          "figcaption",
          {},
          drawer === ctx.seat ? "You drew this card" : `${playerName(ctx, drawer)} drew this card`,
        ),
      )
    : null;
  const guestNote =
    view.guests_to_give > 0 || view.guest_target !== null
      ? h(
          "div",
          { class: "guest-note" },
          cardFace(ctx.card(GUEST), { class: "card-small" }),
          h(
            "p",
            {},
            view.guest_target === null
              ? `${playerName(ctx, drawer)} must give away ${guests(ctx, view.guests_to_give)}.`
              : `${playerName(ctx, drawer)} takes a card from ${playerName(ctx, view.guest_target)}'s diner.`,
          ),
        )
      : null;
  return h(
    "section",
    { class: "centre", "aria-label": "the centre of the table" },
    stack("in the deck", view.deck_size),
    held,
    guestNote,
    stack("set aside unseen", view.removed_count, { attrs: { class: "stack removed" } }),
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function matZone(ctx, seat) {
  const { view } = ctx;
  const mat = view.mats[seat];
  const slots = [];
  for (let i = 0; i < Math.max(MOVE_ENDS_AT, mat.length); i++) {
    // An empty place on a mat is a small dashed outline: the cards are what needs the room.
    if (seat !== ctx.seat) {
      // Across the table a mat is a short list, like the diner beside it.
      if (mat[i]) slots.push(tile(ctx, mat[i], 1));
      continue;
    }
    slots.push(mat[i] ? card(ctx, mat[i], null, "card-xs") : h("div", { class: `card-slot ${mat.length ? "card-xs" : "card-back-xs"}`, "aria-hidden": "true" }));
  }
  const mine = seat === view.current_player && view.held !== null;
  // The banner's step line says when the move ends; the label keeps to the count.
  const label = mine ? `Mat · ${mat.length} of ${MOVE_ENDS_AT}` : `Mat · ${mat.length}`;
  return h(
    "div",
    { class: "zone mat", "data-target": `mat:${seat}`, "data-place": `mat:${seat}`, "aria-label": `${playerName(ctx, seat)}'s mat` },
    h("div", { class: "zone-label" }, label),
    slots.length ? h("div", { class: seat === ctx.seat ? "card-row" : "md-tiles" }, slots) : h("p", { class: "empty empty-line" }, "empty"),
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function dinerZone(ctx, seat) {
  const { view } = ctx;
  const diner = view.diners[seat] || {};
  const ids = Object.keys(diner).sort((a, b) => sortKey(ctx, a) - sortKey(ctx, b) || a.localeCompare(b));
  const taking = view.guest_target === seat && !view.is_over;
  const total = ids.reduce((n, id) => n + diner[id], 0);
  const diner_ = zone(
    `Diner · ${total} card${total === 1 ? "" : "s"}`,
    ids.length
      ? h(
          "div",
          { class: "card-row diner" },
          ids.map((id) =>
            seat === ctx.seat ? pile(card(ctx, id, taking ? `take:${id}` : null, "card-xs"), diner[id]) : tile(ctx, id, diner[id], taking ? `take:${id}` : null),
          ),
        )
      : h("p", { class: "empty" }, "No guests served yet."),
  );
  diner_.dataset.place = `diner:${seat}`;
  diner_.classList.add("diner-zone");
  return diner_;
}

/**
 * Across the table a diner is a tidy tally: each card's picture, name and count on one line
 * (its rule on hover or tap, like any card).
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {number} count
 * @param {string|null} [target]
 */
function tile(ctx, id, count, target) {
  const info = ctx.card(id);
  return h(
    "div",
    {
      class: "md-tile card-face",
      style: { "--hue": String(info.hue ?? 30) },
      "data-card": id,
      "data-target": target,
      title: info.text || info.name,
      tabindex: "0",
      "aria-label": info.name,
      "aria-description": `${count} in this place. ${info.text || ""}`.trim(),
    },
    icon(info.icon, info.name),
    h("span", { class: "md-tile-name card-name" }, info.name),
    count > 1 || !target ? h("b", { class: "md-tile-count" }, `×${count}`) : null,
  );
}

/**
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 */
export function render(board, ctx) {
  const { view } = ctx;
  const { others, me } = othersThenMe(ctx);
  const panel = (/** @type {number} */ seat) =>
    seatPanel(ctx, seat, { points: (view.scores || [])[seat], target: `player:${seat}` }, h("div", { class: "md-row" }, matZone(ctx, seat), dinerZone(ctx, seat)));
  board.classList.add("board-md", `seats-${view.players}`);
  board.append(
    lastMoveLine(ctx) || h("p", { class: "last-move muted" }, "The game begins."),
    h("div", { class: `opponents count-${Math.min(others.length, 3)}` }, others.map(panel)),
    centre(ctx),
    ...(me !== null ? [panel(me)] : []), // (a watcher has no place at the table)
  );
  markArrivals(board, ctx);
}

/**
 * Which part of the table each action is played by clicking.
 * @param {LegalAction} action
 */
export function actionTarget(action) {
  if (action.type === "place") return `mat:${action.target}`;
  if (action.type === "give-guest") return `player:${action.target}`;
  if (action.type === "take-card") return `take:${action.card}`;
  return null;
}

/**
 * A line that tells a player where they are in a move made of several small actions.
 * @param {DrawContext} ctx
 */
export function step(ctx) {
  const { view } = ctx;
  if (view.held) {
    const own = view.mats[/** @type {number} */ (view.current_player)].length;
    return `Card ${own + 1} of up to ${MOVE_ENDS_AT}: your move ends when your own mat holds ${MOVE_ENDS_AT} cards. Others' mats take at most 2.`;
  }
  if (view.guest_target === null && view.guests_to_give > 0) return `Click the player who gets your ${ctx.card(GUEST).name}.`;
  if (view.guest_target !== null) return `Now click a card in ${playerName(ctx, view.guest_target)}'s diner to take it.`;
  return "";
}

export default { render, actionTarget, step };
