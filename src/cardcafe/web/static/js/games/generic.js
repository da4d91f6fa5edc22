// The fallback table: draws ANY game's view readably, so a new game is playable at once.
//
// It knows only the engine's common view keys. Every other key is drawn by the shape of its
// value: a list with one entry per player goes into the players' panels, lists of strings are
// cards, {card: count} objects are piles, numbers and words are labelled chips. Where my entry
// is a list of cards and the others' are counts or nulls, my cards are hidden from the others:
// they are marked "only you", and the others' are drawn face down.

import { cardBack, cardFace, pile, stack } from "../cards.js";
import { h, humanize } from "../dom.js";
import { playerPanel, seatOrder, zone } from "./kit.js";

const COMMON = new Set(["game", "players", "seat", "current_player", "is_over", "prompt", "scores", "winners"]);

function isPerPlayer(value, players) {
  if (Array.isArray(value)) return value.length === players && players > 1;
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === players && keys.every((k, i) => String(i) === k);
  }
  return false;
}

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isCardList = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string");
const isCountMap = (v) =>
  v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "number");

function scalarText(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

// Draw one value of the view. `mine` marks my secret cards; `seatCards` makes them clickable.
export function renderValue(value, opts = {}) {
  const describe = opts.describe || ((id) => ({ id }));
  if (isScalar(value)) return h("span", { class: "chip" }, scalarText(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "none");
    if (isCardList(value)) {
      return h(
        "div",
        { class: "card-row" },
        value.map((id) =>
          cardFace({ ...describe(id), private: opts.private }, { attrs: { "data-target": `card:${id}` } }),
        ),
      );
    }
    if (value.every((x) => x === null)) {
      return h("div", { class: "card-row" }, value.map(() => cardBack("hidden card")));
    }
    if (value.every(isScalar)) {
      return h("div", { class: "chips" }, value.map((x) => h("span", { class: "chip" }, scalarText(x))));
    }
    return h("ol", { class: "generic-list" }, value.map((x) => h("li", {}, renderValue(x, opts))));
  }
  if (isCountMap(value)) {
    const entries = Object.entries(value).filter(([, n]) => n !== 0);
    if (entries.length === 0) return h("span", { class: "muted" }, "none");
    return h(
      "div",
      { class: "card-row" },
      entries.map(([id, n]) =>
        pile(cardFace({ ...describe(id), private: opts.private }, { attrs: { "data-target": `card:${id}` } }), n),
      ),
    );
  }
  if (value && typeof value === "object") {
    return h(
      "dl",
      { class: "generic-dl" },
      Object.entries(value).map(([k, v]) => [h("dt", {}, humanize(k)), h("dd", {}, renderValue(v, opts))]),
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

function renderOthersSecret(value, label) {
  if (typeof value === "number") return stack(label, value);
  if (Array.isArray(value)) return h("div", { class: "card-row" }, value.map(() => cardBack(`${label}: hidden`)));
  return h("span", { class: "muted" }, "hidden");
}

export function perPlayerFields(view) {
  return Object.keys(view).filter((k) => !COMMON.has(k) && isPerPlayer(view[k], view.players));
}

export function render(board, ctx, opts = {}) {
  const { view } = ctx;
  const fields = perPlayerFields(view);
  const centre = Object.keys(view).filter((k) => !COMMON.has(k) && !fields.includes(k));
  const describe = opts.describe;

  const centreChips = centre.filter((k) => isScalar(view[k]));
  const centreBlocks = centre.filter((k) => !isScalar(view[k]));
  board.append(
    h(
      "section",
      { class: "centre generic-centre", "aria-label": "the centre of the table" },
      h(
        "div",
        { class: "chips" },
        centreChips.map((k) => h("span", { class: "chip" }, h("small", {}, humanize(k)), " ", h("b", {}, scalarText(view[k])))),
      ),
      centreBlocks.map((k) => zone(humanize(k), renderValue(view[k], { describe }))),
    ),
  );

  const values = (k) => (Array.isArray(view[k]) ? view[k] : Object.values(view[k]));
  const points = view.scores || null;
  const players = h("div", { class: "players" });
  for (const seat of seatOrder(ctx)) {
    const zones = fields.map((k) => {
      const all = values(k);
      const secret = isSecretField(all, ctx.seat);
      if (secret && seat !== ctx.seat) return zone(humanize(k), renderOthersSecret(all[seat], humanize(k)));
      return zone(
        humanize(k) + (secret ? " (hidden from the others)" : ""),
        renderValue(all[seat], { describe, private: secret && seat === ctx.seat }),
      );
    });
    players.append(playerPanel(ctx, seat, { points: points ? points[seat] : undefined }, ...zones));
  }
  board.append(players);
}

// An action that names a card is played by clicking that card (when only one action does).
export function actionTarget(action) {
  if (typeof action.card === "string") return `card:${action.card}`;
  return null;
}

export default { render, actionTarget };
