// @ts-check
// Monster's Coffee's table, laid out like the real one: the opponents across the table, the
// centre (the cards taken this round, grouped by family, and the five families of the game
// with their powers), and my own lines at the bottom. Each player has a Front Line (face up,
// with any tokens lying on its cards) above a Rear Line (face down: mine face up to me only).
// Every card shows its family's own picture; its power is its tooltip and tap-to-read text.
// View keys from src/cardcafe/games/monsters_coffee/knowledge.py `_view`.

import { cardBack, cardFace, pile, registerIcons } from "../cards.js";
import { h } from "../dom.js";
import { lastMoveLine, markArrivals, onlyYou, othersThenMe, playerName, seatPanel } from "./kit.js";
import { FAMILY_PICTURES, tokenIcon } from "./monsters-coffee/pictures.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").LegalAction} LegalAction */

registerIcons(Object.fromEntries(Object.entries(FAMILY_PICTURES).map(([k, v]) => [`mc-${k}`, v])));

/**
 * @param {DrawContext} ctx
 * @param {string} id
 * @returns {string}
 */
const family = (ctx, id) => ctx.card(id).family || String(id).split(":")[0];

/**
 * A card's face with its family's picture.
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {{size?: string, targets?: string|null, note?: string, private?: boolean}} [opts]
 */
function monster(ctx, id, { size = "", targets = null, note = "", private: hidden = false } = {}) {
  const info = ctx.card(id);
  return cardFace(
    { ...info, icon: `mc-${family(ctx, id)}`, note, private: hidden },
    // (Small cards break a name at its syllables, "Cako-sau-rus", rather than anywhere: cards.js.)
    { class: size, attrs: targets ? { "data-targets": targets } : {} },
  );
}

/**
 * A token's name and rule, from the catalogue's glossary.
 * @param {DrawContext} ctx
 * @param {string} key
 * @param {string} fallback
 */
function term(ctx, key, fallback) {
  const entry = ctx.term(key);
  return entry || { name: fallback, text: "" };
}

/**
 * @param {DrawContext} ctx
 * @param {string} kind
 * @param {number} [count]
 * @param {string} [glossaryKey]
 */
function tokenBadge(ctx, kind, count = 1, glossaryKey = kind) {
  const info = term(ctx, glossaryKey, kind);
  const label = count > 1 ? `${count} × ${info.name}` : info.name;
  return h(
    "span",
    { class: `token token-${kind}`, title: info.text ? `${label}: ${info.text}` : label, role: "img", "aria-label": label },
    tokenIcon(kind),
    count > 1 ? h("b", {}, count) : null,
  );
}

/**
 * A Front Line card with what lies on it: Droppings, Snout's Coffee, a Mummy token.
 * @param {DrawContext} ctx
 * @param {number} owner
 * @param {number} slot
 * @param {any} entry
 * @param {string} size
 */
function frontCard(ctx, owner, slot, entry, size) {
  const { view } = ctx;
  const chosen = view.priss_slot === slot && owner === view.current_player;
  const el = monster(ctx, entry.card, { size, targets: `front:${owner}:${slot}` });
  if (chosen) el.classList.add("chosen");
  const tokens = [];
  if (entry.droppings) tokens.push(tokenBadge(ctx, "droppings", entry.droppings));
  if (entry.snout_coffee) tokens.push(tokenBadge(ctx, "coffee", entry.snout_coffee === true ? 1 : entry.snout_coffee, "snout_coffee"));
  if (entry.mummy) tokens.push(mummyBadge(ctx, entry.mummy));
  if (tokens.length) el.append(h("div", { class: "card-tokens" }, tokens));
  return el;
}

/**
 * A Mummy token: face down ("?"), or its Coffees and Bones when I may see it.
 * @param {DrawContext} ctx
 * @param {{coffee: number, bones: number}|null|boolean} token
 * @param {Record<string, any>} [attrs]
 */
function mummyBadge(ctx, token, attrs = {}) {
  const info = term(ctx, "mummy", "Mummy token");
  if (token && typeof token === "object") {
    const label = `${info.name}: ${token.coffee} Coffee, ${token.bones} Bones`;
    return h("span", { class: "token token-mummy open", title: label, role: "img", "aria-label": label, ...attrs }, tokenIcon("mummy"), h("b", {}, `${token.coffee}☕ ${token.bones}🦴`));
  }
  return h("span", { class: "token token-mummy", title: `${info.name} (face down)`, role: "img", "aria-label": `${info.name}, face down`, ...attrs }, tokenIcon("mummy"));
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 * @param {string} which
 * @param {any[]} cards
 * @param {string} size
 */
function line(ctx, seat, which, cards, size) {
  const info = term(ctx, which, which === "front" ? "Front Line" : "Rear Line");
  // An opponent's Rear Line is a narrow column of backs: its label is its first word.
  const narrow = which === "rear" && seat !== ctx.seat;
  return h(
    "div",
    { class: `zone mc-line mc-${which}`, "data-place": `${which}:${seat}`, title: info.text || null, "aria-label": `${info.name} · ${cards.length}` },
    h(
      "div",
      { class: "zone-label" },
      narrow ? info.name.split(" ")[0] : `${info.name} · ${cards.length}`,
      // My face-down cards, face up to me alone: the eye on them, explained.
      cards.some((el) => el.classList?.contains("private")) ? [" ", onlyYou("face down to the others")] : null,
    ),
    cards.length ? h("div", { class: "card-row" }, cards) : h("p", { class: "empty empty-line" }, "empty"),
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 * @param {number} slot
 * @param {any} entry
 * @param {string} size
 */
function rearCard(ctx, seat, slot, entry, size) {
  const me = seat === ctx.seat;
  const targets = `rear:${seat}:${slot}`;
  if (entry.card === null) return cardBack(`${term(ctx, "rear", "Rear Line").name}: face-down card`, { class: size, attrs: { "data-targets": targets, "data-key": `back` } });
  const el = monster(ctx, entry.card, { size, targets, private: me && !entry.revealed, note: entry.revealed ? "revealed" : "" });
  if (ctx.view.rex_rear === slot && seat === ctx.view.current_player) el.classList.add("chosen");
  return el;
}

/**
 * A player's header facts: Cookies, Whipped Cream, Mummy tokens, hand size, families they lack.
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function facts(ctx, seat) {
  const { view } = ctx;
  const out = [];
  if (view.cookies?.[seat]) out.push(tokenBadge(ctx, "cookie", view.cookies[seat]));
  if (view.whipped_cream?.[seat]) out.push(tokenBadge(ctx, "whipped_cream", view.whipped_cream[seat]));
  for (const token of view.mummy_tokens?.[seat] || []) out.push(mummyBadge(ctx, token));
  const hand = view.hands?.[seat];
  if (typeof hand === "number" && hand > 0) out.push(h("span", { class: "chip" }, `${hand} in hand`));
  for (const lacking of view.not_in_rear?.[seat] || []) {
    out.push(h("span", { class: "chip", title: `said so when a ${ctx.card("grunge").name} asked` }, `no ${ctx.card(lacking).name} in the Rear Line`));
  }
  return out;
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function panel(ctx, seat) {
  const { view } = ctx;
  const me = seat === ctx.seat;
  const hand = view.hands?.[seat];
  const choosing = me && Array.isArray(hand) && hand.length > 0;
  // While I choose my Rear Line my hand and Rear Line share one row: smaller cards.
  const size = me && !choosing ? "card-mid" : "card-xs";
  const front = (view.front?.[seat] || []).map((/** @type {any} */ entry, /** @type {number} */ slot) => frontCard(ctx, seat, slot, entry, size));
  // Others' Rear Lines are mostly card backs: drawn smaller, in a column beside the Front Line.
  const rear = (view.rear?.[seat] || []).map((/** @type {any} */ entry, /** @type {number} */ slot) => rearCard(ctx, seat, slot, entry, me ? size : entry.card === null ? "card-back-xs" : "card-tiny"));
  const lines = [line(ctx, seat, "rear", rear, size)];
  // The Front Line is laid out once the Rear Line is chosen: until then, the hand instead.
  if (!choosing || front.length) lines.unshift(line(ctx, seat, "front", front, size));
  if (choosing) {
    lines.push(
      h(
        "div",
        { class: "zone mc-hand", "data-place": `hand:${seat}` },
        h("div", { class: "zone-label" }, "Your hand ", onlyYou()),
        h("div", { class: "card-row" }, hand.map((id, i) => monster(ctx, id, { size, targets: `hand:${i}`, private: true }))),
      ),
    );
  }
  const zones = [h("div", { class: "mc-lines" }, lines)];
  const extra = facts(ctx, seat);
  return seatPanel(
    ctx,
    seat,
    { points: view.scores?.[seat], target: `player:${seat}`, badges: extra.length ? [h("span", { class: "player-facts chips" }, extra)] : [] },
    ...zones,
  );
}

/**
 * The five families of this game: picture, name and power, to read and to name (when a
 * power asks for a family).
 * @param {DrawContext} ctx
 */
function families(ctx) {
  return h(
    "div",
    { class: "mc-families", "aria-label": "The families in this game" },
    (ctx.view.families || []).map((/** @type {string} */ fam) => {
      const info = ctx.card(fam);
      return h(
        "div",
        { class: "mc-family", "data-target": `family:${fam}`, title: info.text, style: { "--hue": String(info.hue ?? 30) }, tabindex: "0", "data-card": fam },
        h("span", { class: "mc-family-pic" }, pictureOf(fam)),
        h("span", { class: "mc-family-words" }, h("b", {}, info.name), h("small", {}, info.short || "")),
      );
    }),
  );
}

/**
 * @param {string} fam
 */
function pictureOf(fam) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = FAMILY_PICTURES[fam] || "";
  return svg;
}

/**
 * The centre: the cards taken this round, grouped by card (a pile with its count).
 * @param {DrawContext} ctx
 */
function centre(ctx) {
  const { view } = ctx;
  const ids = view.centre || [];
  /** @type {Map<string, number>} */
  const groups = new Map();
  ids.forEach((/** @type {string} */ id) => groups.set(id, (groups.get(id) || 0) + 1));
  const centreInfo = term(ctx, "centre", "Centre");
  const cards = [...groups].map(([id, n]) => pile(monster(ctx, id, { size: "card-xs", targets: `centre-card:${id}` }), n));
  const drawn = (view.drawn_mummy || []).map((/** @type {any} */ token, /** @type {number} */ i) => mummyBadge(ctx, token, { "data-target": `mummy:${i}`, tabindex: "0" }));
  const asking =
    view.ask_target !== null && view.ask_target !== undefined
      ? h(
          "p",
          { class: "mc-asking" },
          `${playerName(ctx, view.asker)} asks ${view.ask_target === ctx.seat ? "you" : playerName(ctx, view.ask_target)}`,
          view.ask_family ? `: a ${ctx.card(view.ask_family).name} in the Rear Line?` : "…",
        )
      : null;
  return h(
    "section",
    { class: "centre mc-centre", "aria-label": "the centre of the table" },
    h(
      "div",
      { class: "zone mc-middle", "data-place": "centre", title: centreInfo.text || null },
      h("div", { class: "zone-label" }, `${centreInfo.name} · ${ids.length} card${ids.length === 1 ? "" : "s"} · round ${view.round}`),
      h("div", { class: "card-row" }, cards.length ? cards : h("p", { class: "empty" }, "No card taken yet this round.")),
    ),
    drawn.length ? h("div", { class: "zone mc-drawn" }, h("div", { class: "zone-label" }, "Mummy tokens drawn"), h("div", { class: "chips" }, drawn)) : null,
    asking,
    families(ctx),
  );
}

/**
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 */
export function render(board, ctx) {
  const { others, me } = othersThenMe(ctx);
  board.classList.add("board-mc", `seats-${ctx.view.players}`);
  board.append(
    lastMoveLine(ctx) || h("p", { class: "last-move muted" }, "The game begins."),
    h("div", { class: `opponents count-${others.length}` }, others.map((seat) => panel(ctx, seat))),
    centre(ctx),
    ...(me !== null ? [panel(ctx, me)] : []), // (a watcher has no place at the table)
  );
  markArrivals(board, ctx);
}

/**
 * @param {LegalAction} action
 * @param {DrawContext} ctx
 */
export function actionTarget(action, ctx) {
  const me = ctx.seat;
  switch (action.type) {
    case "choose-rear":
      return `hand:${action.slot}`;
    case "take":
    case "pick-front":
      return `front:${action.owner}:${action.slot}`;
    case "pick-rear":
      return `rear:${me}:${action.slot}`;
    case "pick-centre": {
      // Copies of one card in the centre are alike: the first copy stands for them all.
      const id = (ctx.view.centre || [])[action.slot];
      return ctx.view.centre.indexOf(id) === action.slot ? `centre-card:${id}` : null;
    }
    case "ask-player":
      return `player:${action.seat}`;
    case "ask-family":
      return `family:${action.family}`;
    case "place-mummy":
      return `mummy:${action.which}`;
    default:
      return null;
  }
}

/**
 * What to click, from the moves open to the player (phases are names, not ids).
 * @param {DrawContext} ctx
 */
export function step(ctx) {
  const types = new Set(ctx.legal.map((a) => a.type));
  if (types.has("take")) return "Click a card in a Front Line of more than 3 cards to take it to the centre.";
  if (types.has("choose-rear")) return "Click a card of your hand to put it face down in your Rear Line.";
  if (types.has("pick-rear")) return "Click a card of your Rear Line.";
  if (types.has("pick-front")) return "Click a card in a Front Line.";
  if (types.has("pick-centre")) return "Click a card in the centre.";
  if (types.has("ask-player")) return "Click the player you ask.";
  if (types.has("ask-family")) return "Click the family you ask about (in the centre).";
  if (types.has("place-mummy")) return "Click the Mummy token to place.";
  return "";
}

export default { render, actionTarget, step };
