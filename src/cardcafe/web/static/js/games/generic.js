// @ts-check
// The fallback table: draws ANY game's view readably, so a new game is playable at once.
//
// It knows only the engine's common view keys (engine/view.py `CommonView`). Every other key is
// drawn by the shape of its value: a list with one entry per player goes into the players'
// panels, lists of card ids are cards, {card: count} objects are piles ({token: count}: chips),
// objects with a "card" are that card (face down when it is null), numbers and words are
// labelled chips. Every card face comes from the table's catalogue (`ctx.card`); keys are named
// by the catalogue's terms where it has them. Secrets: where my entry is a list of cards and the
// others' are counts or nulls (or a top-level "hand" beside per-player "hand_sizes"), my cards
// are marked "only you" and the others' are drawn face down.

import { cardBack, cardFace, pile, stack } from "../cards.js";
import { valueWords } from "../catalogue.js";
import { h, humanize } from "../dom.js";
import { onlyYou, playerName, playerPanel, seatOrder, zone } from "./kit.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../dom.js").Child} Child */
/**
 * How renderValue draws a value: `ctx` names cards and seats, `describe` gives a card's face,
 * `key` is the value's key in the view, `path` the place its items are targeted by,
 * `private` marks my secret cards.
 * @typedef {{ctx?: DrawContext|null, describe?: (id: string) => import("../cards.js").FaceInfo,
 *            key?: string, path?: string|null, private?: boolean, compact?: boolean}} ValueOptions
 * @typedef {ValueOptions & {describe: (id: string) => import("../cards.js").FaceInfo}} Described
 */

// The common keys: drawn by the page itself (banner, scores, breakdown), never as chips.
const COMMON = new Set([
  "game", "players", "seat", "current_player", "is_over", "prompt", "phase", "scores",
  "winners", "breakdown", "breakdown_title",
]);
// Engine bookkeeping a player has no use for (move counters, limits, seeds).
const BOOKKEEPING = /^(turns?|turn_count|moves?|quiet_turns|first_player|seed|version|steps?|.+_limit)$/;
// Keys of an object whose string value names a card.
const CARDISH = /card|order|monster|item|ingredient/i;
// Keys whose whole number names a seat ("owner": 1 is the second seat): shown as the name.
const SEATISH = /^(owner|winner|first_player|last_player|leader|dealer|asker|giver|taker|.+_target|.+_seat|.*ist|by|from|to)$/;

// Shared places of the table: never one entry per player, whatever their length.
const SHARED = /pile|graveyard|deck|cent(re|er)|discard|used|famil|market|row|supply/i;
// Face-up heaps of spent cards: drawn small, copies stacked, when they grow long.
const HEAP = /graveyard|discard|used/i;
const HEAP_LONG = 6;

/**
 * @param {any} value
 * @param {number} players
 * @param {string} [key]
 */
function isPerPlayer(value, players, key = "") {
  if (SHARED.test(key)) return false;
  if (Array.isArray(value)) {
    // A row of cards (strings, or objects holding a card) is a place, not one entry per seat.
    const cards = value.every((x) => typeof x === "string") || value.every((x) => x && typeof x === "object" && !Array.isArray(x) && "card" in x);
    return value.length === players && players > 1 && !cards;
  }
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === players && players > 1 && keys.every((k, i) => String(i) === k);
  }
  return false;
}

const isScalar = (/** @type {any} */ v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isCardList = (/** @type {any} */ v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string");
const isCountMap = (/** @type {any} */ v) =>
  v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === "number");
const isCard = (/** @type {DrawContext|null|undefined} */ ctx, /** @type {any} */ v) => typeof v === "string" && !!ctx && !!ctx.card && ctx.card(v).known;
const isBlank = (/** @type {any} */ v) =>
  v === null || v === false || v === "" || (typeof v === "object" && Object.keys(v).length === 0);

/**
 * A key of the view as players read it: the catalogue's term for it, else the key in words.
 * @param {DrawContext|null|undefined} ctx
 * @param {string} key
 */
export function label(ctx, key) {
  const term = ctx && ctx.term ? ctx.term(key) : null;
  return term ? term.name : humanize(key);
}

/**
 * A scalar as text; a seat number under a seat-like key is that player's name; a card id is
 * the card's name.
 * @param {any} v
 * @param {string|undefined} key
 * @param {DrawContext|null|undefined} ctx
 * @returns {string}
 */
function scalarText(v, key, ctx) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (ctx && key && SEATISH.test(key) && Number.isInteger(v) && v >= 0 && v < ctx.view.players) return playerName(ctx, v);
  if (ctx && typeof v === "string" && ctx.card && ctx.card(v).known) return ctx.card(v).name;
  const words = ctx && key ? valueWords(ctx.catalogue, key, v) : null;
  if (words) return words;
  const term = ctx && typeof v === "string" && ctx.term ? ctx.term(v) : null;
  if (term) return term.name;
  return String(v);
}

/**
 * @param {DrawContext|null|undefined} ctx
 * @param {string} key
 * @param {any} value
 */
function chip(ctx, key, value) {
  if (value === true) return h("span", { class: "chip" }, label(ctx, key));
  return h("span", { class: "chip" }, h("small", {}, label(ctx, key)), " ", h("b", {}, scalarText(value, key, ctx)));
}

/**
 * Every drawn item carries the keys an action may name it by: `card:<id>` and its place
 * `<field>[:<seat>]:<index>`, so a game module can map actions to places with no drawing code.
 * @param {string|null} id
 * @param {ValueOptions} opts
 * @param {number} [index]
 */
function targets(id, opts, index) {
  const keys = [];
  if (typeof id === "string") keys.push(`card:${id}`);
  if (opts.path && index !== undefined) keys.push(`${opts.path}:${index}`);
  return keys.join(" ") || null;
}

/**
 * @param {string} id
 * @param {Described} opts
 * @param {number} [index]
 */
function face(id, opts, index) {
  return cardFace({ ...opts.describe(id), private: opts.private }, { attrs: { "data-targets": targets(id, opts, index) } });
}

/**
 * An object holding a "card" (or several card-like fields): the card, with its other facts.
 * @param {Record<string, any>} value
 * @param {Described} opts
 * @param {number} [index]
 * @returns {HTMLElement|null}
 */
function cardObject(value, opts, index) {
  const key = Object.keys(value).find((k) => CARDISH.test(k) && (typeof value[k] === "string" || value[k] === null));
  if (!key) return null;
  const id = value[key];
  /** @type {{value?: any}} */
  const shown = id === null ? {} : opts.describe(id);
  // Facts the face already shows (its printed value) are not repeated under it.
  const facts = Object.entries(value).filter(
    ([k, v]) => k !== key && !isBlank(v) && !BOOKKEEPING.test(k) && !(k === "value" && v === shown.value),
  );
  return h(
    "div",
    { class: "card-with-facts" },
    id === null ? cardBack("face-down card", { attrs: { "data-targets": targets(null, opts, index) } }) : face(id, opts, index),
    facts.length
      ? h(
          "div",
          { class: "facts" },
          facts.map(([k, v]) =>
            isScalar(v)
              ? chip(opts.ctx, k, v)
              : h("div", { class: "fact-block" }, h("small", {}, label(opts.ctx, k)), renderValue(v, { ...opts, compact: true })),
          ),
        )
      : null,
  );
}

/**
 * Draw one value of the view. `opts.ctx` names cards and seats; `opts.private` marks my secret
 * cards.
 * @param {any} value
 * @param {ValueOptions} [options]
 * @returns {HTMLElement}
 */
export function renderValue(value, options = {}) {
  const ctx = options.ctx || null;
  /** @type {Described} */
  const opts = { describe: ctx && ctx.card ? ctx.card : (id) => ({ id, name: String(id) }), ...options };
  if (typeof value === "string" && isCard(ctx, value)) return h("div", { class: "card-row" }, face(value, opts));
  if (isScalar(value)) return h("span", { class: "chip" }, scalarText(value, opts.key, ctx));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "none");
    if (isCardList(value) && opts.key && HEAP.test(opts.key) && value.length > HEAP_LONG) return heap(value, opts);
    if (isCardList(value)) return h("div", { class: "card-row" }, value.map((/** @type {string} */ id, /** @type {number} */ i) => face(id, opts, i)));
    if (value.every((x) => x === null)) {
      return h("div", { class: "card-row" }, value.map((_, i) => cardBack("hidden card", { attrs: { "data-targets": targets(null, opts, i) } })));
    }
    if (value.every(isScalar)) {
      return h("div", { class: "chips" }, value.map((x, i) => h("span", { class: "chip", "data-targets": targets(null, opts, i) }, scalarText(x, opts.key, ctx))));
    }
    if (value.every((x) => x && typeof x === "object" && !Array.isArray(x) && cardObject(x, opts))) {
      return h("div", { class: "card-row" }, value.map((x, i) => cardObject(x, opts, i)));
    }
    return h("ol", { class: "generic-list" }, value.map((x, i) => h("li", {}, renderValue(x, { ...opts, path: opts.path ? `${opts.path}:${i}` : null }))));
  }
  if (isCountMap(value)) {
    const entries = Object.entries(value).filter(([, n]) => n !== 0);
    if (entries.length === 0) return h("span", { class: "muted" }, "none");
    // {card id: count}: piles of those cards; {token: count}: chips named by the catalogue.
    const cards = ctx && ctx.card && entries.every(([id]) => ctx.card(id).known);
    if (!cards) {
      return h("div", { class: "chips" }, entries.map(([k, n]) => h("span", { class: "chip" }, h("small", {}, label(ctx, k)), " ", h("b", {}, n))));
    }
    return h("div", { class: "card-row" }, entries.map(([id, n]) => pile(face(id, opts), Number(n))));
  }
  if (value && typeof value === "object") {
    const asCard = cardObject(value, opts);
    if (asCard) return asCard;
    const entries = Object.entries(value).filter(([k, v]) => !isBlank(v) && !BOOKKEEPING.test(k));
    if (!entries.length) return h("span", { class: "muted" }, "none");
    return h(
      "dl",
      { class: "generic-dl" },
      entries.map(([k, v]) => [h("dt", {}, label(ctx, k)), h("dd", {}, renderValue(v, { ...opts, key: k, path: null }))]),
    );
  }
  return h("span", {}, String(value));
}

/**
 * A long heap of spent cards: one small face per card, copies stacked with their count.
 * @param {string[]} ids
 * @param {Described} opts
 */
function heap(ids, opts) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return h(
    "div",
    { class: "card-row heap" },
    [...counts].map(([id, n]) =>
      pile(cardFace({ ...opts.describe(id) }, { class: "card-small", attrs: { "data-targets": targets(id, opts) } }), n),
    ),
  );
}

/**
 * My entry is a list of cards while some other seat's is a count or null: a secret hand.
 * @param {any[]} values
 * @param {number|null|undefined} seat
 */
function isSecretField(values, seat) {
  if (seat === null || seat === undefined) return false;
  const mine = values[seat];
  if (!Array.isArray(mine) && !isCountMap(mine)) return false;
  return values.some(
    (v, i) => i !== seat && (v === null || typeof v === "number" || (Array.isArray(v) && v.some((x) => x === null))),
  );
}

/**
 * @param {any} value
 * @param {string} what
 * @param {string} [path]
 */
function renderOthersSecret(value, what, path) {
  if (typeof value === "number") return stack(value === 1 ? "card" : "cards", value);
  if (Array.isArray(value)) {
    return h("div", { class: "card-row" }, value.map((_, i) => cardBack(`${what}: hidden`, { attrs: { "data-targets": `${path}:${i}` } })));
  }
  return h("span", { class: "muted" }, "hidden");
}

/** @param {import("../types.js").View} view */
export function perPlayerFields(view) {
  return Object.keys(view).filter((k) => !COMMON.has(k) && isPerPlayer(view[k], view.players, k));
}

/**
 * What a game module may add to the generic drawing: its own card faces, keys it draws
 * itself, an element in the centre, elements in each player's panel.
 * @typedef {{describe?: (id: string) => import("../cards.js").FaceInfo, skip?: string[],
 *            centreExtra?: Child, panelExtra?: (seat: number) => Child[]}} RenderOptions
 */

/**
 * Draw any game's view on `board`.
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 * @param {RenderOptions} [opts]
 */
export function render(board, ctx, opts = {}) {
  const { view } = ctx;
  const describe = opts.describe || ctx.card;
  const fields = perPlayerFields(view);
  // A top-level hand of mine, with everyone's hand sizes beside it: shown in the panels.
  const handKey = ["hand", "my_hand"].find((k) => k in view && (Array.isArray(view[k]) || view[k] === null));
  const sizesKey = fields.find((k) => /hand.*(size|count)/i.test(k));
  const skip = new Set(opts.skip || []);
  const hidden = (/** @type {string} */ k) => k === handKey || k === sizesKey || skip.has(k) || BOOKKEEPING.test(k);
  const centre = Object.keys(view).filter((k) => !COMMON.has(k) && !fields.includes(k) && !hidden(k));
  const base = { ctx, describe };

  const centreChips = centre.filter((k) => isScalar(view[k]) && !isBlank(view[k]) && !isCard(ctx, view[k]));
  const centreBlocks = centre.filter((k) => (!isScalar(view[k]) || isCard(ctx, view[k])) && !isBlank(view[k]));
  board.append(
    h(
      "section",
      { class: "centre generic-centre", "aria-label": "the centre of the table" },
      centreChips.length ? h("div", { class: "chips" }, centreChips.map((k) => chip(ctx, k, view[k]))) : null,
      opts.centreExtra || null,
      centreBlocks.map((k) => zone(label(ctx, k), renderValue(view[k], { ...base, key: k, path: k }))),
    ),
  );

  const points = view.scores || null;
  const players = h("div", { class: "players" });
  for (const seat of seatOrder(ctx)) {
    /** @type {Child[]} */
    const zones = [];
    if (handKey || sizesKey) {
      if (seat === ctx.seat && handKey && Array.isArray(view[handKey])) {
        zones.push(zone(["Your hand ", onlyYou()], renderValue(view[handKey], { ...base, path: handKey, private: true })));
      } else if (sizesKey) {
        const size = values(view, sizesKey)[seat];
        zones.push(zone("Hand", renderOthersSecret(size, size === 1 ? "card in hand" : "cards in hand")));
      }
    }
    // Numbers and words of each player (tokens, counts): one row of chips.
    const facts = fields.filter((k) => !hidden(k) && values(view, k).every(isScalar));
    const chips = facts.filter((k) => !isBlank(values(view, k)[seat])).map((k) => chip(ctx, k, values(view, k)[seat]));
    if (chips.length) zones.push(h("div", { class: "chips player-facts" }, chips));
    for (const k of fields) {
      if (hidden(k) || facts.includes(k)) continue;
      const all = values(view, k);
      const secret = isSecretField(all, ctx.seat);
      if (secret && seat !== ctx.seat) {
        zones.push(zone(label(ctx, k), renderOthersSecret(all[seat], label(ctx, k), `${k}:${seat}`)));
      } else if (!isBlank(all[seat]) || secret) {
        zones.push(
          zone(
            [label(ctx, k), secret ? [" ", onlyYou()] : null],
            renderValue(all[seat], { ...base, key: k, path: `${k}:${seat}`, private: secret && seat === ctx.seat }),
          ),
        );
      }
    }
    const extra = opts.panelExtra ? opts.panelExtra(seat) : [];
    players.append(playerPanel(ctx, seat, { points: points ? points[seat] : undefined, target: `player:${seat}` }, ...extra, ...zones));
  }
  board.append(players);
}

/**
 * A per-player field's entries, one per seat.
 * @param {import("../types.js").View} view
 * @param {string} k
 * @returns {any[]}
 */
function values(view, k) {
  return Array.isArray(view[k]) ? view[k] : Object.values(view[k]);
}

// An action that names a card is played by clicking that card (when only one action does).
/** @param {import("../types.js").LegalAction} action */
export function actionTarget(action) {
  if (typeof action.card === "string") return `card:${action.card}`;
  return null;
}

/** @type {import("../types.js").GameModule} */
export default { render, actionTarget };
