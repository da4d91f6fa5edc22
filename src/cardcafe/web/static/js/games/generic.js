// The fallback table: draws ANY game's view readably, so a new game is playable at once.
//
// It knows only the engine's common view keys. Every other key is drawn by the shape of its
// value: a list with one entry per player goes into the players' panels, lists of strings are
// cards, {card: count} objects are piles, objects with a "card" are that card (face down when
// it is null), numbers and words are labelled chips. Secrets: where my entry is a list of cards
// and the others' are counts or nulls (or a top-level "hand" beside per-player "hand_sizes"),
// my cards are marked "only you" and the others' are drawn face down.

import { cardBack, cardFace, pile, stack } from "../cards.js";
import { h, humanize } from "../dom.js";
import { playerName, playerPanel, seatOrder, zone } from "./kit.js";

const COMMON = new Set(["game", "players", "seat", "current_player", "is_over", "prompt", "scores", "winners"]);
// Keys whose per-player numbers are running scores: shown in each panel's header.
const POINTS = ["points_now", "points", "score", "scores_now", "vp"];
// Keys of an object whose string value names a card.
const CARDISH = /card|order|monster|item|ingredient/i;
// Keys whose whole number names a seat ("turn": 1 is Player 2): shown as the player's name.
const SEATISH = /^(turn|owner|winner|first_player|last_player|.+_target|.+_seat|.*ist)$/;

// Shared places of the table: never one entry per player, whatever their length.
const SHARED = /pile|graveyard|deck|cent(re|er)|discard|used|famil|market|row|supply/i;

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

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isCardList = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string");
const isCountMap = (v) =>
  v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === "number");
const isBlank = (v) =>
  v === null || v === false || v === "" || (typeof v === "object" && Object.keys(v).length === 0);

function scalarText(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

// A card id's face: the game's describe(), else the view's own names table, else its id.
function describer(ctx, opts) {
  const names = ctx && ctx.view && ctx.view.names;
  const table = names && typeof names === "object" && !Array.isArray(names) ? names : null;
  return (id) => {
    const base = opts.describe ? opts.describe(id) : { id };
    if (!base.name && table && typeof table[id] === "string") base.name = table[id];
    return base;
  };
}

// Every drawn item carries the keys an action may name it by: `card:<id>` and its place
// `<field>[:<seat>]:<index>`, so a game module can map actions to places with no drawing code.
function targets(id, opts, index) {
  const keys = [];
  if (typeof id === "string") keys.push(`card:${id}`);
  if (opts.path && index !== undefined) keys.push(`${opts.path}:${index}`);
  return keys.join(" ") || null;
}

function face(id, opts, index) {
  return cardFace({ ...opts.describe(id), private: opts.private }, { attrs: { "data-targets": targets(id, opts, index) } });
}

// An object holding a "card" (or several card-like fields): the card, with its other facts.
function cardObject(value, opts, index) {
  const key = Object.keys(value).find((k) => CARDISH.test(k) && (typeof value[k] === "string" || value[k] === null));
  if (!key) return null;
  const id = value[key];
  const facts = Object.entries(value).filter(([k, v]) => k !== key && !isBlank(v));
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
              ? h("span", { class: "chip" }, v === true ? humanize(k) : [h("small", {}, humanize(k)), " ", scalarText(v)])
              : h("div", { class: "fact-block" }, h("small", {}, humanize(k)), renderValue(v, { ...opts, compact: true })),
          ),
        )
      : null,
  );
}

// Draw one value of the view. `opts.private` marks my secret cards.
export function renderValue(value, opts = {}) {
  opts = { describe: (id) => ({ id }), ...opts };
  if (isScalar(value)) return h("span", { class: "chip" }, scalarText(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "none");
    if (isCardList(value)) return h("div", { class: "card-row" }, value.map((id, i) => face(id, opts, i)));
    if (value.every((x) => x === null)) {
      return h("div", { class: "card-row" }, value.map((_, i) => cardBack("hidden card", { attrs: { "data-targets": targets(null, opts, i) } })));
    }
    if (value.every(isScalar)) {
      return h("div", { class: "chips" }, value.map((x, i) => h("span", { class: "chip", "data-targets": targets(null, opts, i) }, scalarText(x))));
    }
    if (value.every((x) => x && typeof x === "object" && !Array.isArray(x) && cardObject(x, opts))) {
      return h("div", { class: "card-row" }, value.map((x, i) => cardObject(x, opts, i)));
    }
    return h("ol", { class: "generic-list" }, value.map((x, i) => h("li", {}, renderValue(x, { ...opts, path: opts.path ? `${opts.path}:${i}` : null }))));
  }
  if (isCountMap(value)) {
    const entries = Object.entries(value).filter(([, n]) => n !== 0);
    if (entries.length === 0) return h("span", { class: "muted" }, "none");
    // {id: count} of cards: piles; of anything else (a token supply): chips.
    if (opts.chips) {
      return h("div", { class: "chips" }, entries.map(([k, n]) => h("span", { class: "chip" }, h("small", {}, humanize(k)), " ", h("b", {}, n))));
    }
    return h("div", { class: "card-row" }, entries.map(([id, n]) => pile(face(id, opts), n)));
  }
  if (value && typeof value === "object") {
    const asCard = cardObject(value, opts);
    if (asCard) return asCard;
    const entries = Object.entries(value).filter(([, v]) => !isBlank(v));
    if (!entries.length) return h("span", { class: "muted" }, "none");
    return h(
      "dl",
      { class: "generic-dl" },
      entries.map(([k, v]) => [h("dt", {}, humanize(k)), h("dd", {}, renderValue(v, { ...opts, path: null }))]),
    );
  }
  return h("span", {}, String(value));
}

// My entry is a list of cards while some other seat's is a count or null: a secret hand.
function isSecretField(values, seat) {
  if (seat === null || seat === undefined) return false;
  const mine = values[seat];
  if (!Array.isArray(mine) && !isCountMap(mine)) return false;
  return values.some(
    (v, i) => i !== seat && (v === null || typeof v === "number" || (Array.isArray(v) && v.some((x) => x === null))),
  );
}

function renderOthersSecret(value, label, path) {
  if (typeof value === "number") return stack(label, value);
  if (Array.isArray(value)) {
    return h("div", { class: "card-row" }, value.map((_, i) => cardBack(`${label}: hidden`, { attrs: { "data-targets": `${path}:${i}` } })));
  }
  return h("span", { class: "muted" }, "hidden");
}

export function perPlayerFields(view) {
  return Object.keys(view).filter((k) => !COMMON.has(k) && isPerPlayer(view[k], view.players, k));
}

export function render(board, ctx, opts = {}) {
  const { view } = ctx;
  const describe = describer(ctx, opts);
  const fields = perPlayerFields(view);
  const pointsKey = POINTS.find((k) => fields.includes(k) && values(view, k).every((x) => typeof x === "number"));
  // A top-level hand of mine, with everyone's hand sizes beside it: shown in the panels.
  const handKey = ["hand", "my_hand"].find((k) => k in view && (Array.isArray(view[k]) || view[k] === null));
  const sizesKey = fields.find((k) => /hand.*(size|count)/i.test(k));
  const hidden = new Set(["names", pointsKey, handKey, sizesKey, ...(opts.skip || [])].filter(Boolean));
  const centre = Object.keys(view).filter((k) => !COMMON.has(k) && !fields.includes(k) && !hidden.has(k));

  const centreChips = centre.filter((k) => isScalar(view[k]) && !isBlank(view[k]));
  const chipText = (k) => (SEATISH.test(k) && Number.isInteger(view[k]) && view[k] >= 0 && view[k] < view.players ? playerName(ctx, view[k]) : scalarText(view[k]));
  const centreBlocks = centre.filter((k) => !isScalar(view[k]) && !isBlank(view[k]));
  board.append(
    h(
      "section",
      { class: "centre generic-centre", "aria-label": "the centre of the table" },
      h(
        "div",
        { class: "chips" },
        centreChips.map((k) => h("span", { class: "chip" }, h("small", {}, humanize(k)), " ", h("b", {}, chipText(k)))),
      ),
      opts.centreExtra || null,
      centreBlocks.map((k) => zone(humanize(k), renderValue(view[k], { describe, path: k, chips: /supply|tokens?/i.test(k) }))),
    ),
  );

  const points = view.scores || (pointsKey ? values(view, pointsKey) : null);
  const players = h("div", { class: "players" });
  for (const seat of seatOrder(ctx)) {
    const zones = [];
    if (handKey || sizesKey) {
      if (seat === ctx.seat && Array.isArray(view[handKey])) {
        zones.push(zone("Your hand (only you see it)", renderValue(view[handKey], { describe, path: handKey, private: true })));
      } else if (sizesKey) {
        zones.push(zone("Hand", renderOthersSecret(values(view, sizesKey)[seat], "cards in hand")));
      }
    }
    // Numbers and words of each player (tokens, counts): one row of chips.
    const facts = fields.filter((k) => !hidden.has(k) && values(view, k).every(isScalar));
    const chips = facts
      .filter((k) => !isBlank(values(view, k)[seat]))
      .map((k) => h("span", { class: "chip" }, h("small", {}, humanize(k)), " ", h("b", {}, scalarText(values(view, k)[seat]))));
    if (chips.length) zones.push(h("div", { class: "chips player-facts" }, chips));
    for (const k of fields) {
      if (hidden.has(k) || facts.includes(k)) continue;
      const all = values(view, k);
      const secret = isSecretField(all, ctx.seat);
      if (secret && seat !== ctx.seat) {
        zones.push(zone(humanize(k), renderOthersSecret(all[seat], humanize(k), `${k}:${seat}`)));
      } else if (!isBlank(all[seat]) || secret) {
        zones.push(
          zone(
            humanize(k) + (secret ? " (only you see it)" : ""),
            renderValue(all[seat], { describe, path: `${k}:${seat}`, private: secret && seat === ctx.seat }),
          ),
        );
      }
    }
    const extra = opts.panelExtra ? opts.panelExtra(seat) : [];
    players.append(playerPanel(ctx, seat, { points: points ? points[seat] : undefined, target: `player:${seat}` }, ...extra, ...zones));
  }
  board.append(players);
}

function values(view, k) {
  return Array.isArray(view[k]) ? view[k] : Object.values(view[k]);
}

// An action that names a card is played by clicking that card (when only one action does).
export function actionTarget(action) {
  if (typeof action.card === "string") return `card:${action.card}`;
  return null;
}

export default { render, actionTarget };
