// Monster Diner's table: the deck and the card just drawn in the centre; each player's mat
// (up to three cards this move) and diner (the cards that score). View keys come from
// src/cardcafe/games/monster_diner/state.py `_view`.

import { cardFace, pile, stack } from "../cards.js";
import { h } from "../dom.js";
import { playerName, playerPanel, seatOrder, zone } from "./kit.js";

// Names, pictures and what each card scores (seed 001). Values the rulebook leaves open (the
// Salad-meister table) are described by what the rulebook does say.
const TYPES = {
  janitor: { name: "Janitor", icon: "broom", hue: 205, value: 1, rule: "1 pt each · breaks ties" },
  "ice-cream-man": { name: "Ice Cream Man", icon: "cone", hue: 330, value: 5, rule: "5 pts per pair" },
  "pizza-maker": { name: "Pizza Maker", icon: "pizza", hue: 24, value: 12, rule: "12 pts per four" },
  florist: { name: "Florist", icon: "flower", hue: 290, value: 6, rule: "6 pts if odd" },
  "salad-meister": { name: "Salad-meister", icon: "salad", hue: 100, value: "4★", rule: "most pts at 4" },
  bartender: { name: "Bartender", icon: "cocktail", hue: 190, value: 10, rule: "1–2: 10 · 4+: −2" },
  "restaurant-critic": { name: "Restaurant Critic", icon: "star", hue: 48, value: "✦", rule: "+ Precept: any card" },
  precept: { name: "Precept", icon: "scroll", hue: 32, value: "✦", rule: "+ Critic: any card" },
  "unwelcome-guest": { name: "Unwelcome guest", icon: "monster", hue: 135, value: 2, rule: "2 pts · pass it on" },
};
const ORDER = Object.keys(TYPES);
const SHORT = {
  janitor: "Janitor",
  "ice-cream-man": "Ice Cream",
  "pizza-maker": "Pizza",
  florist: "Florist",
  "salad-meister": "Salad",
  bartender: "Bartender",
};
const GUEST = "unwelcome-guest";
const MOVE_ENDS_AT = 3;

export function describe(id) {
  if (TYPES[id]) return { id, ...TYPES[id] };
  if (id.startsWith("masterchef")) {
    const needs = id.includes(":") ? id.split(":")[1].split("+") : [];
    return {
      id,
      name: "MasterChef",
      icon: "chef",
      hue: 0,
      value: 7,
      rule: needs.length ? `needs ${needs.map((n) => SHORT[n] || n).join(" + ")}` : "7 pts",
    };
  }
  return { id };
}

function sortKey(id) {
  const i = ORDER.indexOf(id);
  return i >= 0 ? i : ORDER.length;
}

function card(id, target) {
  return cardFace(describe(id), { attrs: target ? { "data-target": target } : {} });
}

function centre(ctx) {
  const { view } = ctx;
  const drawer = view.turn;
  const held = view.held
    ? h(
        "figure",
        { class: "drawn" },
        cardFace(describe(view.held), { class: "card-big" }),
        h(
          "figcaption",
          {},
          drawer === ctx.seat ? "You drew this card" : `${playerName(ctx, drawer)} drew this card`,
        ),
      )
    : null;
  const guestNote =
    view.phase === "give" || view.phase === "take"
      ? h(
          "div",
          { class: "guest-note" },
          cardFace(describe(GUEST), { class: "card-small" }),
          h(
            "p",
            {},
            view.phase === "give"
              ? `${playerName(ctx, drawer)} must give away ${view.guests_to_give} Unwelcome guest${view.guests_to_give > 1 ? "s" : ""}.`
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

function matZone(ctx, seat) {
  const { view } = ctx;
  const mat = view.mats[seat];
  const slots = [];
  for (let i = 0; i < Math.max(MOVE_ENDS_AT, mat.length); i++) {
    slots.push(mat[i] ? card(mat[i]) : h("div", { class: "card-slot", "aria-hidden": "true" }));
  }
  const mine = seat === view.turn && view.phase === "place";
  const label = mine ? `Mat · ${mat.length} of ${MOVE_ENDS_AT} (the move ends at ${MOVE_ENDS_AT})` : `Mat · ${mat.length}`;
  return h(
    "div",
    { class: "zone mat", "data-target": `mat:${seat}`, "aria-label": `${playerName(ctx, seat)}'s mat` },
    h("div", { class: "zone-label" }, label),
    h("div", { class: "card-row" }, slots),
  );
}

function dinerZone(ctx, seat) {
  const { view } = ctx;
  const diner = view.diners[seat] || {};
  const ids = Object.keys(diner).sort((a, b) => sortKey(a) - sortKey(b) || a.localeCompare(b));
  const taking = view.phase === "take" && view.guest_target === seat;
  const total = ids.reduce((n, id) => n + diner[id], 0);
  return zone(
    `Diner · ${total} card${total === 1 ? "" : "s"}`,
    ids.length
      ? h(
          "div",
          { class: "card-row diner" },
          ids.map((id) => pile(card(id, taking ? `take:${id}` : null), diner[id])),
        )
      : h("p", { class: "empty" }, "No guests served yet."),
  );
}

export function render(board, ctx) {
  const { view } = ctx;
  board.append(centre(ctx));
  const players = h("div", { class: "players" });
  for (const seat of seatOrder(ctx)) {
    players.append(
      playerPanel(
        ctx,
        seat,
        { points: view.points_now[seat], target: `player:${seat}` },
        matZone(ctx, seat),
        dinerZone(ctx, seat),
      ),
    );
  }
  board.append(players);
}

// Which part of the table each action is played by clicking.
export function actionTarget(action) {
  if (action.type === "place") return `mat:${action.target}`;
  if (action.type === "give-guest") return `player:${action.target}`;
  if (action.type === "take-card") return `take:${action.card}`;
  return null;
}

// Points while the game runs (the engine's own count of each diner as it stands).
export function points(ctx) {
  return ctx.view.points_now;
}

// A line that tells a player where they are in a move made of several small actions.
export function step(ctx) {
  const { view } = ctx;
  if (view.phase === "place") {
    const own = view.mats[view.turn].length;
    return `Card ${own + 1} of up to ${MOVE_ENDS_AT}: your move ends when your own mat holds ${MOVE_ENDS_AT} cards. Others' mats take at most 2.`;
  }
  if (view.phase === "give") return "Click the player who gets your Unwelcome guest.";
  if (view.phase === "take") return `Now click a card in ${playerName(ctx, view.guest_target)}'s diner to take it.`;
  return "";
}

export default { render, actionTarget, points, step, describe };
