// Pieces every game's table drawing shares: seat colours, names, player panels, sections.

import { h } from "../dom.js";

const SEAT_HUES = [8, 210, 150, 275, 35, 185, 330, 95];

export function seatHue(seat) {
  return SEAT_HUES[seat % SEAT_HUES.length];
}

export function playerName(ctx, seat) {
  const names = ctx.names || [];
  const name = names[seat];
  if (!name) return `Player ${seat + 1}`;
  // Two "heuristic bot"s at one table: tell them apart by seat.
  return names.filter((n) => n === name).length > 1 ? `${name} ${seat + 1}` : name;
}

export function avatar(ctx, seat) {
  const name = playerName(ctx, seat);
  return h(
    "span",
    { class: "avatar", style: { "--seat-hue": String(seatHue(seat)) }, "aria-hidden": "true" },
    name.trim().charAt(0).toUpperCase() || String(seat + 1),
  );
}

// The order to draw seats in: my seat first, then clockwise from it (spectators: seat order).
export function seatOrder(ctx) {
  const n = ctx.view.players;
  const first = ctx.seat ?? 0;
  return Array.from({ length: n }, (_, k) => (first + k) % n);
}

// One player's area: a header (avatar, name, badges, points) and the game's content.
export function playerPanel(ctx, seat, { points, badges = [], target } = {}, ...content) {
  const me = ctx.seat === seat;
  const turn = ctx.view.current_player === seat;
  const won = (ctx.view.winners || []).includes(seat);
  return h(
    "section",
    {
      class: `player${me ? " me" : ""}${turn ? " turn" : ""}${won ? " won" : ""}`,
      "data-seat": seat,
      "data-target": target,
      style: { "--seat-hue": String(seatHue(seat)) },
      "aria-label": `${playerName(ctx, seat)}${me ? " (you)" : ""}`,
    },
    h(
      "header",
      { class: "player-head" },
      avatar(ctx, seat),
      h("span", { class: "player-name" }, playerName(ctx, seat)),
      h("span", { class: "seat-tag", title: `seat ${seat + 1}` }, `P${seat + 1}`),
      me ? h("span", { class: "badge badge-you" }, "you") : null,
      turn ? h("span", { class: "badge badge-turn" }, "to play") : null,
      won ? h("span", { class: "badge badge-won" }, "winner") : null,
      ...badges,
      points !== undefined && points !== null
        ? h("span", { class: "player-points", title: "points" }, h("b", {}, points), " pts")
        : null,
    ),
    ...content,
  );
}

export function zone(label, ...content) {
  return h("div", { class: "zone" }, h("div", { class: "zone-label" }, label), ...content);
}

export function row(...content) {
  return h("div", { class: "card-row" }, ...content);
}
