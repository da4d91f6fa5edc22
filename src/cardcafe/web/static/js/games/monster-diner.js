// Monster Diner's table: the deck and the card just drawn in the centre; each player's mat
// (up to three cards this move) and diner (the cards that score). View keys come from
// src/cardcafe/games/monster_diner/state.py `_view`.

import { cardFace, pile, stack } from "../cards.js";
import { h } from "../dom.js";
import { playerName, playerPanel, seatOrder, zone } from "./kit.js";

// Card ids of the rulebook that this drawing needs to find on the table (never their names:
// names, effects, colours and pictures come from the catalogue, `ctx.card`).
const GUEST = "unwelcome-guest";
const MOVE_ENDS_AT = 3;

// Diner piles in the catalogue's order (its cards come in rulebook order).
function sortKey(ctx, id) {
  const order = Object.keys(ctx.catalogue.cards || {});
  const i = order.indexOf(id);
  return i >= 0 ? i : order.length;
}

function card(ctx, id, target) {
  return cardFace(ctx.card(id), { attrs: target ? { "data-target": target } : {} });
}

function guests(ctx, n) {
  const info = ctx.card(GUEST);
  return n === 1 ? `an ${info.name}`.replace(/^an ([^aeiouAEIOU])/, "a $1") : `${n} ${info.plural || `${info.name}s`}`;
}

function centre(ctx) {
  const { view } = ctx;
  const drawer = view.current_player;
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

function matZone(ctx, seat) {
  const { view } = ctx;
  const mat = view.mats[seat];
  const slots = [];
  for (let i = 0; i < Math.max(MOVE_ENDS_AT, mat.length); i++) {
    slots.push(mat[i] ? card(ctx, mat[i]) : h("div", { class: "card-slot", "aria-hidden": "true" }));
  }
  const mine = seat === view.current_player && view.held !== null;
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
  const ids = Object.keys(diner).sort((a, b) => sortKey(ctx, a) - sortKey(ctx, b) || a.localeCompare(b));
  const taking = view.guest_target === seat && !view.is_over;
  const total = ids.reduce((n, id) => n + diner[id], 0);
  return zone(
    `Diner · ${total} card${total === 1 ? "" : "s"}`,
    ids.length
      ? h(
          "div",
          { class: "card-row diner" },
          ids.map((id) => pile(card(ctx, id, taking ? `take:${id}` : null), diner[id])),
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
        { points: view.scores[seat], target: `player:${seat}` },
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

// A line that tells a player where they are in a move made of several small actions.
export function step(ctx) {
  const { view } = ctx;
  if (view.held) {
    const own = view.mats[view.current_player].length;
    return `Card ${own + 1} of up to ${MOVE_ENDS_AT}: your move ends when your own mat holds ${MOVE_ENDS_AT} cards. Others' mats take at most 2.`;
  }
  if (view.guest_target === null && view.guests_to_give > 0) return `Click the player who gets your ${ctx.card(GUEST).name}.`;
  if (view.guest_target !== null) return `Now click a card in ${playerName(ctx, view.guest_target)}'s diner to take it.`;
  return "";
}

export default { render, actionTarget, step };
