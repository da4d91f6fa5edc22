// @ts-check
// A reshuffle shown where the deck is, for a moment: when the discards (Coffee Break's used
// ingredients, Monster Rejects' graveyard) are shuffled into a new deck, the log's own words
// for it sit over the deck for a few seconds, so the jump of its count is read where it shows.
// The deck is the board's element marked `data-deck` by the game's drawing, or the one a draw
// is played on (`data-target="deck"`).

import { h } from "../dom.js";

/** How long the words stay over the deck (ms); the CSS fades them out by then. */
const SHOWN_MS = 6000;
/** The log events that say the deck was made anew. */
const RESHUFFLES = new Set(["reshuffle"]);

/** @type {{table: string, length: number}|null} */
let seen = null;
/** @type {{table: string, text: string, since: number}|null} */
let news = null;

/**
 * Note a reshuffle among the events that arrived since the last drawing, and show the latest
 * one over the deck while it is fresh (every redraw in that time shows it again).
 * @param {HTMLElement} board
 * @param {import("../types.js").DrawContext} ctx
 * @param {string} table which table (a rematch or another table starts afresh)
 */
export function showDeckNews(board, ctx, table) {
  const log = ctx.log || [];
  // Only events that arrive while the page is open: a reload does not replay old news.
  if (seen && seen.table === table && log.length > seen.length) {
    const fresh = log.slice(seen.length).filter((e) => e && e.kind && RESHUFFLES.has(e.kind));
    const last = fresh.at(-1);
    if (last) news = { table, text: last.text, since: Date.now() };
  }
  seen = { table, length: log.length };
  if (!news || news.table !== table) return;
  const elapsed = Date.now() - news.since;
  if (elapsed >= SHOWN_MS) {
    news = null;
    return;
  }
  const deck = /** @type {HTMLElement|null} */ (board.querySelector("[data-deck], [data-target='deck']"));
  if (!deck) return;
  const note = h("p", { class: "deck-news", role: "status", style: { animationDelay: `-${elapsed}ms` } }, news.text);
  deck.classList.add("has-deck-news");
  deck.append(note);
  keepOnScreen(note, board);
  setTimeout(() => note.remove(), SHOWN_MS - elapsed);
}

/**
 * Shift the note sideways so that it stays inside the board (a deck at the table's edge).
 * @param {HTMLElement} note
 * @param {HTMLElement} board
 */
function keepOnScreen(note, board) {
  const box = note.getBoundingClientRect();
  const area = board.getBoundingClientRect();
  const left = Math.max(area.left, 0) + 4;
  const right = Math.min(area.right, document.documentElement.clientWidth) - 4;
  const shift = box.left < left ? left - box.left : box.right > right ? right - box.right : 0;
  if (shift) note.style.setProperty("--shift", `${Math.round(shift)}px`);
}
