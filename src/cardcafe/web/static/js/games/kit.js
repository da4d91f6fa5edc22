// @ts-check
// Pieces every game's table drawing shares: seat colours, names, player panels, sections.

import { h } from "../dom.js";
import { winnerMark } from "./winners.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../dom.js").Child} Child */
/** @typedef {Pick<DrawContext, "names">} Named a context that names the seats */

const SEAT_HUES = [8, 210, 150, 275, 35, 185, 330, 95];

/**
 * A score in the game's own unit, as the history and the log word it: "4 points", "4 Coffee"
 * (the catalogue's "score_unit": Monster's Coffee counts Coffee tokens, not points).
 * @param {Pick<DrawContext, "catalogue">} ctx
 * @param {number} n
 */
export function scoreWords(ctx, n) {
  return `${n} ${scoreUnit(ctx, n)}`;
}

/**
 * The game's unit for `n`, one or many: "point", "points", "Coffee".
 * @param {Pick<DrawContext, "catalogue">} ctx
 * @param {number} n
 */
function scoreUnit(ctx, n) {
  const [one, many] = ctx.catalogue?.score_unit || ["point", "points"];
  return n === 1 || n === -1 ? one : many;
}

/** @param {number} seat */
export function seatHue(seat) {
  return SEAT_HUES[seat % SEAT_HUES.length];
}

/**
 * A seat's name as players read it ("Player 2" when it has none).
 * @param {Named} ctx
 * @param {number} seat
 */
export function playerName(ctx, seat) {
  const names = ctx.names || [];
  const name = names[seat];
  if (!name) return `Player ${seat + 1}`;
  // Two "heuristic bot"s at one table: tell them apart by seat.
  return names.filter((n) => n === name).length > 1 ? `${name} ${seat + 1}` : name;
}

/**
 * A seat's initial in its colour.
 * @param {Named} ctx
 * @param {number} seat
 */
export function avatar(ctx, seat) {
  const name = playerName(ctx, seat);
  return h(
    "span",
    { class: "avatar", style: { "--seat-hue": String(seatHue(seat)) }, "aria-hidden": "true" },
    name.trim().charAt(0).toUpperCase() || String(seat + 1),
  );
}

/**
 * The order to draw seats in: my seat first, then clockwise from it (spectators: seat order).
 * @param {Pick<DrawContext, "view"|"seat">} ctx
 * @returns {number[]}
 */
export function seatOrder(ctx) {
  const n = ctx.view.players;
  const first = ctx.seat ?? 0;
  return Array.from({ length: n }, (_, k) => (first + k) % n);
}

/**
 * One player's area: a header (avatar, name, badges, points) and the game's content.
 * @typedef {{points?: number|null, badges?: Child[], target?: string|null}} PanelOptions
 */
/**
 * @param {DrawContext} ctx
 * @param {number} seat
 * @param {PanelOptions} [opts]
 * @param {...Child} content
 */
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
      me ? h("span", { class: "badge badge-you" }, "you") : null,
      turn ? h("span", { class: "badge badge-turn" }, "to play") : null,
      won ? h("span", { class: "badge badge-won" }, winnerMark(ctx, seat)) : null,
      ...badges,
      points !== undefined && points !== null
        ? h("span", { class: "player-points", title: scoreWords(ctx, points) }, h("b", {}, points), unitBeside(ctx, points))
        : null,
    ),
    ...content,
  );
}

/**
 * The unit beside a player's score: " pts" (short, in the seat's header) for points, else the
 * game's own word (" Coffee").
 * @param {Pick<DrawContext, "catalogue">} ctx
 * @param {number} n
 */
function unitBeside(ctx, n) {
  const unit = scoreUnit(ctx, n);
  return unit === "point" ? " pt" : unit === "points" ? " pts" : ` ${unit}`;
}

/**
 * A labelled part of a player's area.
 * @param {Child} label
 * @param {...Child} content
 */
export function zone(label, ...content) {
  return h("div", { class: "zone" }, h("div", { class: "zone-label" }, label), ...content);
}

/**
 * The words that explain the eye on my private cards, with the eye itself, for the label of the
 * place they lie in: "Your hand 👁 only you see it". The eye alone was a mark a newcomer could
 * not read, and a phone has no hover to ask it.
 * @param {string} [words]
 */
export function onlyYou(words = "only you see it") {
  return h("span", { class: "only-you" }, h("span", { class: "eye-mark", "aria-hidden": "true" }), words);
}

/** @param {...Child} content */
export function row(...content) {
  return h("div", { class: "card-row" }, ...content);
}

// -- the last move, and cards that just moved ---------------------------------------------

/**
 * The last thing a player did (the log's last event with an actor), or null.
 * @param {Pick<DrawContext, "log">} ctx
 * @returns {import("../types.js").LogEvent & {actor: number}|null}
 */
export function lastMove(ctx) {
  const log = ctx.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const event = log[i];
    if (event && event.actor !== null && event.actor !== undefined && event.text) {
      return /** @type {import("../types.js").LogEvent & {actor: number}} */ (event);
    }
  }
  return null;
}

/**
 * What the seats did since my last move, one entry per seat in the order they first moved: the
 * log's events with an actor after my last one (each seat's events together: a card taken,
 * then its power). While my own move is the last thing that happened (a power's second step,
 * the bots still to move), the window runs from my move before it, so the rivals' stay in
 * sight. A spectator sees one turn around the table: back to the first seat met twice.
 * @param {Pick<DrawContext, "log"|"seat">} ctx
 * @returns {{actor: number, texts: string[]}[]}
 */
export function movesSinceMine(ctx) {
  /** @type {{actor: number, text: string}[]} */
  const moves = [];
  for (const e of ctx.log || []) {
    if (e && e.actor !== null && e.actor !== undefined && e.text) moves.push({ actor: e.actor, text: e.text });
  }
  const me = ctx.seat;
  let from = 0;
  if (me !== null && me !== undefined) {
    let i = moves.length - 1;
    while (i >= 0 && moves[i].actor === me) i--; // my move just made, if it is the last
    while (i >= 0 && moves[i].actor !== me) i--; // the others' since my move before
    from = i + 1;
  } else {
    /** @type {Set<number>} */
    const seen = new Set();
    for (let i = moves.length - 1; i >= 0; i--) {
      const newRun = i === moves.length - 1 || moves[i].actor !== moves[i + 1].actor;
      if (newRun && seen.has(moves[i].actor)) break;
      seen.add(moves[i].actor);
      from = i;
    }
  }
  /** @type {Map<number, string[]>} */
  const bySeat = new Map();
  for (const { actor, text } of moves.slice(from)) bySeat.set(actor, [...(bySeat.get(actor) || []), text]);
  return [...bySeat].map(([actor, texts]) => ({ actor, texts }));
}

/**
 * A seat's events as one line: the same words told again in a row are told once, with how
 * many times ("picks a card to exchange" three times took the whole line, and the cards the
 * exchange discarded were cut off).
 * @param {string[]} texts
 */
export function movesText(texts) {
  /** @type {{text: string, times: number}[]} */
  const runs = [];
  for (const text of texts) {
    const last = runs.at(-1);
    if (last && last.text === text) last.times++;
    else runs.push({ text, times: 1 });
  }
  return runs.map(({ text, times }) => (times > 1 ? `${text.replace(/[.!]$/, "")} (×${times}).` : text)).join(" ");
}

// Whether the player opened the last moves' lines whole (kept while the table redraws).
let lastMovesOpen = false;

// Lines shown before a tap opens them all: the newest; the older ones fold into "+N earlier"
// (five rivals' lines pushed my hand off a 1366x900 screen at a 6-player table).
const LINES_FOLDED = 3;

// Lines at the top of the table saying what each seat played since my last move, by whom: the
// bots' moves are seen on the table, not only in the log. One line per seat (the whole words in
// its tooltip and the log), so a phone keeps its screen.
/** @param {DrawContext} ctx */
export function lastMoveLine(ctx) {
  const moves = movesSinceMine(ctx);
  if (!moves.length) return null;
  const several = moves.length > 1;
  const folded = Math.max(0, moves.length - LINES_FOLDED); // older lines shown only when open
  const lineClass = (/** @type {number} */ i) => `last-move-line${i < folded ? " older" : ""}${i === folded ? " lead" : ""}`;
  const last = moves[moves.length - 1].actor;
  /** @param {Event} event */
  const toggle = (event) => {
    if (event instanceof KeyboardEvent && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    lastMovesOpen = !lastMovesOpen;
    const el = /** @type {HTMLElement} */ (event.currentTarget);
    el.classList.toggle("open", lastMovesOpen);
    el.setAttribute("aria-expanded", String(lastMovesOpen));
  };
  return h(
    "div",
    {
      class: `last-move${several ? " several" : ""}${several && lastMovesOpen ? " open" : ""}`,
      style: { "--seat-hue": String(seatHue(last)) },
      "data-actor": last,
      "aria-label": "The last moves, one line per player",
      ...(several
        ? { role: "button", tabindex: "0", "aria-expanded": String(lastMovesOpen), title: "Tap to read them whole", onclick: toggle, onkeydown: toggle }
        : { role: "group" }),
    },
    moves.map(({ actor, texts }, i) =>
      h(
        "p",
        { class: lineClass(i), "data-actor": actor, style: { "--seat-hue": String(seatHue(actor)) } },
        avatar(ctx, actor),
        h(
          "span",
          { class: "last-move-text", title: movesText(texts) },
          several ? null : h("b", {}, "Last move · "),
          movesText(texts),
        ),
        i === folded && folded ? h("span", { class: "last-move-more" }, `+${folded} earlier`) : null,
      ),
    ),
  );
}

// Which cards are new in their place since the last drawing, to highlight them and let them
// slide in (CSS skips the motion under prefers-reduced-motion). A place is the nearest
// ancestor with data-place; a card is its data-card and which copy of it in that place.
/** @type {{table: string, keys: Set<string>}|null} */
let drawnBefore = null;

/**
 * @param {HTMLElement} board
 * @returns {Map<string, HTMLElement>}
 */
function placeKeys(board) {
  /** @type {Map<string, HTMLElement>} */
  const keys = new Map();
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll(".card[data-card], .card-back[data-key], .md-tile[data-card], .cb-need[data-card]"))) {
    const place = /** @type {HTMLElement|null} */ (el.closest("[data-place]"));
    if (!place) continue;
    const base = `${place.dataset.place}|${el.dataset.card || el.dataset.key}`;
    const n = (counts.get(base) || 0) + 1;
    counts.set(base, n);
    keys.set(`${base}|${n}`, el);
  }
  return keys;
}

/**
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 */
export function markArrivals(board, ctx) {
  const table = `${ctx.view.game}|${ctx.seat}`;
  const keys = placeKeys(board);
  const before = drawnBefore && drawnBefore.table === table ? drawnBefore.keys : null;
  if (before) {
    for (const [key, el] of keys) if (!before.has(key)) el.classList.add("arrived");
  }
  drawnBefore = { table, keys: new Set(keys.keys()) };
  const mover = lastMove(ctx);
  if (mover) board.querySelector(`.player[data-seat="${mover.actor}"]`)?.classList.add("last-mover");
}

/**
 * A player's panel, compact: for opponents around the table.
 * @param {DrawContext} ctx
 * @param {number} seat
 * @param {PanelOptions} [opts]
 * @param {...Child} content
 */
export function seatPanel(ctx, seat, opts, ...content) {
  const panel = playerPanel(ctx, seat, opts, ...content);
  panel.classList.add(ctx.seat === seat ? "seat-mine" : "seat-other");
  return panel;
}

/**
 * Opponents first (clockwise from me), then me: my area is drawn at the bottom of the table.
 * @param {DrawContext} ctx
 * @returns {{others: number[], me: number|null}}
 */
export function othersThenMe(ctx) {
  const order = seatOrder(ctx);
  if (ctx.seat === null || ctx.seat === undefined) return { others: order, me: null };
  return { others: order.slice(1), me: order[0] };
}
