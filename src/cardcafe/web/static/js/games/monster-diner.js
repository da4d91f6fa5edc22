// @ts-check
// Monster Diner's table: the deck and the card just drawn in the centre; each player's mat
// (up to three cards this move) and diner (the cards that score). View keys come from
// src/cardcafe/games/monster_diner/state.py `_view`.

import { cardFace, icon, pile, softHyphens, stack } from "../cards.js";
import { h } from "../dom.js";
import { lastMoveLine, markArrivals, othersThenMe, playerName, seatPanel, zone } from "./kit.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").LegalAction} LegalAction */

// Card ids of the rulebook that this drawing needs to find on the table (never their names:
// names, effects, colours and pictures come from the catalogue, `ctx.card`).
const GUEST = "unwelcome-guest";
const CHEF = "masterchef"; // a chef card's kind, and the card that has its plain name
const MOVE_ENDS_AT = 3;
// "There can't be more than two cards on another player's mat." (001)
const OTHERS_MAT_HOLDS = 2;

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
 * The kinds of staff a chef card lists (its id: "masterchef:" and the kinds' ids joined by "+"), or
 * null for any other card.
 * @param {DrawContext} ctx
 * @param {string} id
 * @returns {string[]|null}
 */
function recipe(ctx, id) {
  if (ctx.card(id).kind !== CHEF || !id.includes(":")) return null;
  return id.slice(id.indexOf(":") + 1).split("+").filter(Boolean);
}

/**
 * A chef card's recipe as the pictures of the kinds it lists: its full name does not fit a
 * small card or a tally line, and the recipe is what decides its 7 points. With `diner` (the
 * diner it scores in), each kind says whether that diner holds one yet.
 * @param {DrawContext} ctx
 * @param {string[]} kinds
 * @param {Record<string, number>|null} diner
 */
function recipeStrip(ctx, kinds, diner) {
  return h(
    "span",
    { class: "md-recipe", "aria-hidden": "true" },
    kinds.map((kind) => {
      const info = ctx.card(kind);
      const have = diner ? (diner[kind] || 0) > 0 : null;
      const state = have === null ? "" : have ? " have" : " missing";
      const says = have === null ? "" : have ? ": in this diner" : ": not in this diner yet";
      return h("span", { class: `md-need${state}`, "data-kind": kind, title: `${info.name}${says}` }, icon(info.icon, info.name));
    }),
  );
}

/**
 * What a chef card's face says in words for a screen reader: which listed kinds its diner holds.
 * @param {DrawContext} ctx
 * @param {string[]} kinds
 * @param {Record<string, number>|null} diner
 */
function recipeWords(ctx, kinds, diner) {
  if (!diner) return "";
  const missing = kinds.filter((kind) => !(diner[kind] > 0)).map((kind) => ctx.card(kind).name);
  return missing.length ? `Not in this diner yet: ${missing.join(", ")}.` : "This diner holds every kind it lists.";
}

/**
 * A chef card's name as its face shows it: the plain card's name to read, the rest of the
 * catalogue's name (the kinds it lists, in brackets) kept for screen readers only, the recipe's
 * pictures saying it instead.
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {(text: string) => string} [wrap] how the visible part is set (soft hyphens on a card)
 */
function chefName(ctx, id, wrap = (text) => text) {
  const full = ctx.card(id).name;
  const plain = ctx.card(CHEF).name;
  if (!full.startsWith(plain)) return [wrap(full)];
  return [wrap(plain), h("span", { class: "sr-only" }, full.slice(plain.length))];
}

/**
 * A card's face; a chef card's shows its recipe as pictures under its plain name.
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {string|null} target
 * @param {string} [size]
 * @param {Record<string, number>|null} [diner] the diner the card scores in (mats: their owner's)
 */
function card(ctx, id, target, size = "", diner = null) {
  const info = ctx.card(id);
  const kinds = recipe(ctx, id);
  const attrs = target ? { "data-target": target } : {};
  if (!kinds) return cardFace(info, { class: size, attrs });
  const face = cardFace(
    { ...info, short: undefined },
    { class: `${size} md-chef`, attrs: { ...attrs, "aria-description": `${info.text} ${recipeWords(ctx, kinds, diner)}`.trim() } },
  );
  face.querySelector(".card-name")?.replaceChildren(...chefName(ctx, id, (text) => softHyphens(text, 6)));
  face.append(recipeStrip(ctx, kinds, diner));
  return face;
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
  const mine = drawer === ctx.seat; // my own move reads "You", as the banner does
  const held = view.held
    ? h(
        "figure",
        { class: "drawn" },
        card(ctx, view.held, null, "card-big"),
        h(
          "figcaption",
          {},
          mine ? "You drew this card" : `${playerName(ctx, drawer)} drew this card`,
          // What it does, in words: where it goes is the choice, and its small face says
          // little (the guest's "give away · 2" told a newcomer nothing).
          h("span", { class: "drawn-rule" }, ctx.card(view.held).text || ""),
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
              ? `${mine ? "You" : playerName(ctx, drawer)} must give away ${guests(ctx, view.guests_to_give)} to another player, then take any card from their diner.`
              : // (The card's name too: a phone hides its face beside these words.)
                `${mine ? "You take" : `${playerName(ctx, drawer)} takes`} a card from ${playerName(ctx, view.guest_target)}'s diner, in return for the ${ctx.card(GUEST).name}.`,
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
 * Whether I am placing a drawn card (my legal moves are then where it may go).
 * @param {DrawContext} ctx
 */
function placing(ctx) {
  return ctx.view.held !== null && ctx.view.current_player === ctx.seat && ctx.legal.length > 0;
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function matZone(ctx, seat) {
  const { view } = ctx;
  const mat = view.mats[seat];
  const owner = view.diners[seat] || {}; // where the mat's cards will score
  const slots = [];
  if (seat !== ctx.seat) {
    // Across the table a mat is a short tally, like the diner beside it: two of a card are
    // one line "×2".
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const id of mat) counts.set(id, (counts.get(id) || 0) + 1);
    for (const [id, n] of counts) slots.push(tile(ctx, id, n, null, owner));
  } else {
    // An empty place on my mat is a small dashed outline: the cards are what needs the room.
    for (let i = 0; i < Math.max(MOVE_ENDS_AT, mat.length); i++) {
      slots.push(mat[i] ? card(ctx, mat[i], null, "card-xs", owner) : h("div", { class: `card-slot ${mat.length ? "card-xs" : "card-back-xs"}`, "aria-hidden": "true" }));
    }
  }
  const mine = seat === view.current_player && view.held !== null;
  // The banner's step line says when the move ends; the label keeps to the count. While I
  // place a card, a mat it cannot go on says so (001: "If there are two cards already, you
  // can't add any more cards").
  const full = placing(ctx) && seat !== ctx.seat && !ctx.legal.some((a) => a.type === "place" && a.target === seat);
  const label = mine ? `Mat · ${mat.length} of ${MOVE_ENDS_AT}` : `Mat · ${mat.length}${full ? " · full" : ""}`;
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
            seat === ctx.seat ? pile(card(ctx, id, taking ? `take:${id}` : null, "card-xs", diner), diner[id]) : tile(ctx, id, diner[id], taking ? `take:${id}` : null, diner),
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
 * @param {Record<string, number>|null} [diner] the diner it scores in (a chef card's recipe)
 */
function tile(ctx, id, count, target, diner = null) {
  const info = ctx.card(id);
  const kinds = recipe(ctx, id);
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
      "aria-description": `${count} in this place. ${info.text || ""} ${kinds ? recipeWords(ctx, kinds, diner) : ""}`.trim(),
    },
    icon(info.icon, info.name),
    kinds
      ? h("span", { class: "md-tile-chef" }, h("span", { class: "md-tile-name card-name" }, ...chefName(ctx, id)), recipeStrip(ctx, kinds, diner))
      : h("span", { class: "md-tile-name card-name" }, info.name),
    count > 1 || !target ? h("b", { class: "md-tile-count" }, `×${count}`) : null,
  );
}

/**
 * Why a seat's running score is what it is, in the engine's words (the final breakdown's, while
 * the game goes on): its title, then each part and its points. None once the game is
 * over (the final breakdown says it) or while the diner scores nothing.
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function why(ctx, seat) {
  const { view } = ctx;
  const parts = (view.scores_so_far || [])[seat] || [];
  if (!parts.length) return null;
  const shown = parts.map((/** @type {{label: string, points: number}} */ p) => `${p.label} ${p.points > 0 ? "+" : ""}${p.points}`);
  return h(
    "p",
    // (Light on the table's green, as the last-move line: the panel's muted grey is too faint.)
    { class: "md-why", "data-part": "scores-so-far", style: { margin: "4px 0 0", "font-size": "13px", "line-height": "1.35", color: "rgba(255, 248, 236, 0.85)" } },
    `${view.scores_so_far_title || "Scores so far"}: `,
    shown.join(" · "),
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
    seatPanel(ctx, seat, { points: (view.scores || [])[seat], target: `player:${seat}` }, h("div", { class: "md-row" }, matZone(ctx, seat), dinerZone(ctx, seat)), why(ctx, seat));
  board.classList.add("board-md", `seats-${view.players}`);
  board.append(
    lastMoveLine(ctx) || h("p", { class: "last-move muted" }, "The game begins."),
    // Four or five rivals: one row on a wide desktop (boards.css), every rival's mat in sight.
    h("div", { class: `opponents count-${Math.min(others.length, 3)}${others.length > 3 ? " md-one-row" : ""}`, style: { "--md-others": String(others.length) } }, others.map(panel)),
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
    // Cards put on others' mats do not count: say what the own mat holds, not a card number.
    const own = view.mats[/** @type {number} */ (view.current_player)].length;
    if (own === MOVE_ENDS_AT - 1) return `Your mat holds ${own} of ${MOVE_ENDS_AT} cards: this card ends your move if you put it on your own mat. Another player's mat takes at most ${OTHERS_MAT_HOLDS}.`;
    return `Your mat holds ${own} of ${MOVE_ENDS_AT} cards: your move ends when it holds ${MOVE_ENDS_AT}. Another player's mat takes at most ${OTHERS_MAT_HOLDS}.`;
  }
  if (view.guest_target === null && view.guests_to_give > 0) return `Click the player who gets your ${ctx.card(GUEST).name}.`;
  if (view.guest_target !== null) return `Now click a card in ${playerName(ctx, view.guest_target)}'s diner to take it.`;
  return "";
}

export default { render, actionTarget, step };
