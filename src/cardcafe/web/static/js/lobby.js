// @ts-check
// The lobby: pick a game, the player count, each seat (you, a friend, anyone, or a bot) and
// the options; create the table, sit down, share the other seats' links; list tables to join.

import { absolute, api, recoveryLink, seatLink, seats, spectateLink } from "./api.js";
import { cardFace } from "./cards.js";
import { byId as $, clear, h, toast } from "./dom.js";
import { optionRow, readOption } from "./options.js";
import { tableRow } from "./table-row.js";

/**
 * A game as GET /api/games lists it.
 * @typedef {{id: string, title: string, players: [number, number],
 *            options?: Record<string, import("./options.js").OptionSpec>,
 *            guide_url?: string, rules_url?: string, pitch?: string}} GameInfo
 */
/** @typedef {{seat: number, join_url?: string, invite_only?: boolean}} CreatedSeat */
/** @typedef {{id: string, seats?: CreatedSeat[]}} CreatedTable */

// A friend's seat opens only with its link (invite-only); "anyone" may sit down from the lobby.
const SEAT_KINDS = [
  ["friend", "A friend (private seat link)"],
  ["anyone", "Anyone from the lobby"],
  ["heuristic", "Heuristic bot (plays solidly)"],
  ["ismcts", "Search bot (thinks hard)"],
  ["random", "Random bot (for beginners)"],
];
// A face for each game tile: the game's own card art where we have it, else a monogram.
/** @type {Record<string, {icon: string, hue: number}>} */
const TILE_ART = {
  "monster-diner": { icon: "monster", hue: 135 },
  "monsters-coffee": { icon: "cup", hue: 24 },
  "coffee-break": { icon: "bean", hue: 32 },
  "monster-rejects": { icon: "flame", hue: 10 },
};
// [seconds per move, seconds in the time bank]: a player out of time gets a bot's move.
/** @type {[number|null, number|null, string][]} */
const TIMERS = [
  [null, null, "No turn timer"],
  [20, 60, "20 s a move + 1 min bank"],
  [45, 180, "45 s a move + 3 min bank"],
  [120, 600, "2 min a move + 10 min bank"],
];

/** What the lobby knows: the games, and the one chosen (set once the games are here). */
const lobby = {
  /** @type {GameInfo[]} */
  games: [],
  /** @type {GameInfo} */
  game: /** @type {any} */ (null),
};

/** The text fields and lists of the form. */
const yourName = /** @type {HTMLInputElement} */ ($("your-name"));
const playerCount = /** @type {HTMLSelectElement} */ ($("player-count"));

async function boot() {
  yourName.value = seats.name();
  try {
    lobby.games = await api.games();
  } catch (err) {
    clear($("game-picker")).append(h("p", { class: "form-error" }, `Could not load the games: ${err instanceof Error ? err.message : err}`));
    return;
  }
  drawPicker();
  if (lobby.games.length) selectGame(lobby.games[0].id);
  $("table-form").addEventListener("submit", createTable);
  playerCount.addEventListener("change", drawSeats);
  refreshTables();
  setInterval(refreshTables, 5000);
}

function drawPicker() {
  const picker = clear($("game-picker"));
  for (const game of lobby.games) {
    const art = TILE_ART[game.id] || { icon: undefined, hue: undefined };
    const [low, high] = game.players;
    picker.append(
      h(
        "button",
        {
          type: "button",
          class: "game-tile",
          role: "radio",
          "aria-checked": "false",
          "data-game": game.id,
          onclick: () => selectGame(game.id),
        },
        cardFace({ id: game.id, name: game.title, icon: art.icon, hue: art.hue }, { class: "tile-card" }),
        h("span", { class: "tile-title" }, game.title),
        h("span", { class: "tile-players" }, low === high ? `${low} players` : `${low}–${high} players`),
      ),
    );
  }
}

/** @param {string} id */
function selectGame(id) {
  const game = lobby.games.find((g) => g.id === id);
  if (!game) return;
  lobby.game = game;
  for (const tile of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".game-tile"))) {
    tile.setAttribute("aria-checked", String(tile.dataset.game === id));
  }
  const [low, high] = lobby.game.players;
  const count = playerCount;
  clear(count);
  for (let n = low; n <= high; n++) count.append(h("option", { value: n }, `${n} players`));
  count.value = String(Math.min(Math.max(low, 2), high));
  // What you do in it, in one line: a newcomer picks a game by more than its name.
  const pitch = $("game-pitch");
  pitch.replaceChildren(h("b", {}, `${lobby.game.title}: `), lobby.game.pitch || "");
  pitch.hidden = !lobby.game.pitch;
  const rules = /** @type {HTMLAnchorElement} */ ($("rules-link"));
  rules.href = lobby.game.guide_url || `/guide/${encodeURIComponent(id)}`;
  rules.textContent = `How to play ${lobby.game.title}`;
  /** @type {HTMLAnchorElement} */ ($("full-rules-link")).href = lobby.game.rules_url || `/rules/${encodeURIComponent(id)}`;
  drawSeats();
  drawOptions();
  // An error said of the game left behind (its option, its players) no longer holds.
  $("form-error").textContent = "";
  $("table-form").hidden = false;
  $("share").hidden = true;
}

function drawSeats() {
  const list = clear($("seat-list"));
  const n = Number(playerCount.value);
  for (let seat = 0; seat < n; seat++) {
    const kinds = seat === 0 ? [["you", "You"], ...SEAT_KINDS] : SEAT_KINDS;
    const select = h(
      "select",
      { id: `seat-${seat}`, name: `seat-${seat}`, "data-seat": seat, "aria-label": `Seat ${seat + 1}` },
      kinds.map(([value, label]) => h("option", { value }, label)),
    );
    select.value = seat === 0 ? "you" : "heuristic";
    list.append(h("li", {}, h("span", { class: "seat-no" }, `Seat ${seat + 1}`), select));
  }
}

function drawOptions() {
  const box = clear($("options-list"));
  const advanced = h("details", { class: "advanced" }, h("summary", {}, "Advanced options"));
  for (const [name, spec] of Object.entries(lobby.game.options || {})) {
    const row = optionRow(name, spec);
    // Free-text options with no default, and lists to tick, are for experts.
    if ((row.dataset.kind === "text" || row.dataset.kind === "items") && spec.default === null) advanced.append(row);
    else box.append(row);
  }
  if (advanced.children.length > 1) box.append(advanced);
  const timer = h(
    "select",
    { id: "turn-seconds", "aria-describedby": "turn-seconds-help" },
    TIMERS.map(([turn, bank, label], i) => h("option", { value: i, "data-turn": turn ?? "", "data-bank": bank ?? "" }, label)),
  );
  box.append(
    h(
      "div",
      { class: "form-row option-row" },
      h("label", { for: "turn-seconds" }, "Turn timer"),
      timer,
      h("p", { class: "option-help", id: "turn-seconds-help" }, "A player who runs out of time has a bot make that move for them."),
    ),
  );
}

/** The options that differ from their defaults, as the server wants them. */
function readOptions() {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [name, spec] of Object.entries(lobby.game.options || {})) {
    /** @type {HTMLElement|null} */
    const input = document.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (!input) continue;
    const value = readOption(input);
    if (value === null && spec.default !== null) continue; // a number left empty: the default
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) out[name] = value;
  }
  return out;
}

/**
 * Create the table the form describes, claim "You", then go there or share the links.
 * @param {Event} event
 */
async function createTable(event) {
  event.preventDefault();
  const error = $("form-error");
  error.textContent = "";
  const name = yourName.value.trim();
  const chosen = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seat-list select"))].map((s) => s.value);
  const kinds = chosen.map((k) => (["you", "friend", "anyone"].includes(k) ? "human" : k));
  const inviteOnly = chosen.flatMap((k, seat) => (k === "friend" ? [seat] : []));
  const [turnSeconds, bankSeconds] = TIMERS[Number(/** @type {HTMLSelectElement} */ ($("turn-seconds")).value)] || [null, null];
  const button = /** @type {HTMLButtonElement} */ ($("create-table"));
  button.disabled = true;
  try {
    /** @type {CreatedTable} */
    const table = await api.createTable({
      game: lobby.game.id,
      players: kinds.length,
      options: readOptions(),
      seats: kinds,
      invite_only: inviteOnly,
      turn_seconds: turnSeconds,
      ...(turnSeconds ? { bank_seconds: bankSeconds } : {}),
    });
    const mine = chosen.indexOf("you");
    if (mine >= 0) {
      seats.setName(name);
      // No name given: the server makes up a friendly one.
      const claimed = await api.claim(table.id, mine, name || null, null);
      seats.set(table.id, mine, claimed.token, { fresh: true });
    }
    const friends = chosen.flatMap((k, seat) => (k === "friend" || k === "anyone" ? [seat] : []));
    if (mine >= 0 && friends.length === 0) {
      location.href = `/table/${encodeURIComponent(table.id)}`;
      return;
    }
    showShare(table, mine, friends);
  } catch (err) {
    error.textContent = `Could not create the table: ${err instanceof Error ? err.message : err}`;
    // The server names the option it refused: its field gets the focus.
    const option = err instanceof Error && "option" in err ? String(err.option) : null;
    const field = option ? document.querySelector(`[data-option="${CSS.escape(option)}"]`) : null;
    if (field instanceof HTMLElement) (field.matches("input, select") ? field : field.querySelector("input"))?.focus();
  } finally {
    button.disabled = false;
  }
}

/**
 * The links to send: each friend's seat, watching, and my own seat's personal link.
 * @param {CreatedTable} table
 * @param {number} mine my seat, -1 when I only set the table
 * @param {number[]} friends
 */
function showShare(table, mine, friends) {
  const box = clear($("share"));
  $("table-form").hidden = true;
  box.hidden = false;
  const byseat = new Map((table.seats || []).map((s) => [s.seat, s]));
  /** @param {number} seat */
  const link = (seat) => {
    const url = byseat.get(seat)?.join_url;
    return url ? absolute(url) : seatLink(table.id, seat);
  };
  // Our own watch link (?spectate=1): it watches even in a browser that holds a seat there.
  const watch = spectateLink(table.id);
  /**
   * @param {string} label
   * @param {string} url
   * @param {string} cls
   */
  const row = (label, url, cls) =>
    h(
      "li",
      { class: cls },
      h("span", { class: "seat-no" }, label),
      h("input", { readonly: true, value: url, "aria-label": `${label} link`, onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
      h("button", { type: "button", class: "btn btn-small", onclick: () => copy(url) }, "Copy"),
    );
  box.append(
    h("h3", {}, "Your table is set. Send each friend their seat link:"),
    h(
      "ul",
      { class: "share-list" },
      friends.map((seat) => row(byseat.get(seat)?.invite_only ? `Seat ${seat + 1}` : `Seat ${seat + 1} (open to anyone)`, link(seat), "share-seat")),
      row("Watch", watch, "share-watch"),
      mine >= 0 ? row("Your seat", recoveryLink(table.id, seats.get(table.id)?.token || ""), "share-mine") : null,
    ),
    mine >= 0
      ? h("p", { class: "muted" }, "“Your seat” is your personal link: it opens your seat in any browser. Keep it to yourself.")
      : "", // (not null: append() would write "null")
    h(
      "div",
      { class: "row" },
      mine >= 0
        ? h("a", { class: "btn btn-primary btn-big", id: "go-to-table", href: `/table/${encodeURIComponent(table.id)}` }, "Sit down at the table")
        : h("a", { class: "btn btn-primary btn-big", id: "go-to-table", href: `/table/${encodeURIComponent(table.id)}?spectate=1` }, "Watch the table"),
      h("button", { type: "button", class: "btn", onclick: () => { box.hidden = true; $("table-form").hidden = false; } }, "Start another"),
    ),
  );
  refreshTables();
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied.");
  } catch {
    toast("Copy failed: select the link and copy it by hand.", "error");
  }
}

async function refreshTables() {
  const list = $("table-list");
  let tables;
  try {
    tables = await api.tables();
  } catch {
    return;
  }
  clear(list);
  if (!tables.length) {
    list.append(h("li", { class: "muted" }, "No tables yet. Start one above!"));
    return;
  }
  for (const table of tables) list.append(tableRow(table, seats.get(table.id)));
}

boot();
