// @ts-check
// The history page: finished games, the most recent first, filtered by game and player name;
// each with its final scores, its replay and its record.

import { api, seats } from "./api.js";
import { byId as $, clear, h } from "./dom.js";
import { winnerMark } from "./games/winners.js";

const PAGE = 20;
const state = { offset: 0 };

/**
 * @typedef {{id: string, game: string, title: string, finished_at: string, names: string[],
 *            scores: number[], score_words?: string[], winners: number[], replay_url: string,
 *            record_url: string}} Finished
 */

/** The filter as the query of GET /api/history. */
function query() {
  /** @type {Record<string, string>} */
  const out = { limit: String(PAGE), offset: String(state.offset) };
  const game = /** @type {HTMLSelectElement} */ ($("history-game")).value;
  const player = /** @type {HTMLInputElement} */ ($("history-player")).value.trim();
  if (game) out.game = game;
  if (player) out.player = player;
  return out;
}

/** Read one page of finished games and list them. */
async function load() {
  const list = $("history-list");
  let page;
  try {
    page = await api.history(query());
  } catch (err) {
    clear(list).append(h("li", { class: "form-error" }, `Could not read the finished games: ${err instanceof Error ? err.message : err}`));
    return;
  }
  clear(list);
  if (!page.games.length) list.append(h("li", { class: "muted" }, emptyWords(query())));
  for (const game of page.games) list.append(row(game));
  $("history-newer").hidden = state.offset === 0;
  $("history-older").hidden = state.offset + page.games.length >= page.total;
}

/**
 * What an empty list means: nothing finished yet, or nothing that matches the filter (which
 * one is said, so the player knows what to loosen).
 * @param {Record<string, string>} filter
 */
function emptyWords(filter) {
  if (filter.offset !== "0") return "No older games.";
  if (!filter.game && !filter.player) return "No game has finished here yet: finished games come here, with their scores, replay and record.";
  const select = /** @type {HTMLSelectElement} */ ($("history-game"));
  const title = filter.game ? select.selectedOptions[0]?.textContent || filter.game : "";
  const who = filter.player ? ` with a player named like “${filter.player}”` : "";
  return `No finished ${title ? `game of ${title}` : "game"}${who}.`;
}

/** @param {Finished} game */
function row(game) {
  const when = new Date(game.finished_at);
  const winners = new Set(game.winners || []);
  // The seat this browser played (it keeps each table's seat: api.js, seats), marked as the
  // table marks it: a player looking for their own games found no "you" in the list.
  const mine = seats.get(game.id)?.seat ?? null;
  return h(
    "li",
    { class: "history-item", "data-table": game.id },
    h("b", {}, game.title),
    h("span", { class: "when" }, when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" })),
    h(
      "span",
      { class: "table-actions" },
      h("a", { class: "btn btn-primary btn-small", href: game.replay_url }, "Replay"),
      h("a", { class: "btn btn-small", href: game.record_url, download: `${game.game}-${game.id}.json` }, "Download the record"),
    ),
    h(
      "ul",
      { class: "history-scores", "aria-label": "final scores" },
      game.names.map((name, seat) =>
        h("li", { class: [winners.has(seat) ? "won" : "", seat === mine ? "mine" : ""].join(" ").trim() }, name, seat === mine ? h("span", { class: "you" }, " (you)") : null, `: ${(game.score_words || [])[seat] ?? (game.scores ? game.scores[seat] : "")}`, winners.has(seat) ? ` (${winnerMark({ names: game.names, seat: null }, seat)})` : ""),
      ),
    ),
  );
}

$("history-filter").addEventListener("submit", (event) => {
  event.preventDefault();
  state.offset = 0;
  load();
});
$("history-game").addEventListener("change", () => {
  state.offset = 0;
  load();
});
$("history-newer").addEventListener("click", () => {
  state.offset = Math.max(0, state.offset - PAGE);
  load();
});
$("history-older").addEventListener("click", () => {
  state.offset += PAGE;
  load();
});
load();
