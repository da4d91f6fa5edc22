// The lobby: pick a game, the player count, each seat (you, a friend, or a bot) and the
// options; create the table, sit down, share the other seats' links; list tables to join.

import { absolute, api, seatLink, seats, spectateLink } from "./api.js";
import { cardFace } from "./cards.js";
import { clear, h, humanize, toast } from "./dom.js";

const $ = (id) => document.getElementById(id);

const SEAT_KINDS = [
  ["friend", "A friend (seat link)"],
  ["heuristic", "Bot · heuristic (solid)"],
  ["ismcts", "Bot · ismcts (thinks hard)"],
  ["random", "Bot · random (beginner)"],
];
// A face for each game tile: the game's own card art where we have it, else a monogram.
const TILE_ART = {
  "monster-diner": { icon: "monster", hue: 135 },
  "monsters-coffee": { icon: "cup", hue: 24 },
  "coffee-break": { icon: "bean", hue: 32 },
  "monster-rejects": { icon: "flame", hue: 10 },
};
// [seconds per move, seconds in the time bank]: a player out of time gets a bot's move.
const TIMERS = [
  [null, null, "No turn timer"],
  [20, 60, "20 s a move + 1 min bank"],
  [45, 180, "45 s a move + 3 min bank"],
  [120, 600, "2 min a move + 10 min bank"],
];

const lobby = { games: [], game: null };

async function boot() {
  $("your-name").value = seats.name();
  try {
    lobby.games = await api.games();
  } catch (err) {
    clear($("game-picker")).append(h("p", { class: "form-error" }, `Could not load the games: ${err.message}`));
    return;
  }
  drawPicker();
  if (lobby.games.length) selectGame(lobby.games[0].id);
  $("table-form").addEventListener("submit", createTable);
  $("player-count").addEventListener("change", drawSeats);
  refreshTables();
  setInterval(refreshTables, 5000);
}

function drawPicker() {
  const picker = clear($("game-picker"));
  for (const game of lobby.games) {
    const art = TILE_ART[game.id] || {};
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
        cardFace({ id: game.id, name: game.title, icon: art.icon, hue: art.hue, rule: "" }, { class: "tile-card" }),
        h("span", { class: "tile-title" }, game.title),
        h("span", { class: "tile-players" }, low === high ? `${low} players` : `${low}–${high} players`),
      ),
    );
  }
}

function selectGame(id) {
  lobby.game = lobby.games.find((g) => g.id === id);
  for (const tile of document.querySelectorAll(".game-tile")) {
    tile.setAttribute("aria-checked", String(tile.dataset.game === id));
  }
  const [low, high] = lobby.game.players;
  const count = $("player-count");
  clear(count);
  for (let n = low; n <= high; n++) count.append(h("option", { value: n }, `${n} players`));
  count.value = String(Math.min(Math.max(low, 2), high));
  $("rules-link").href = `/rules/${encodeURIComponent(id)}`;
  $("rules-link").textContent = `How to play ${lobby.game.title}`;
  drawSeats();
  drawOptions();
  $("table-form").hidden = false;
  $("share").hidden = true;
}

function drawSeats() {
  const list = clear($("seat-list"));
  const n = Number($("player-count").value);
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
  const options = Object.entries(lobby.game.options || {});
  const advanced = h("details", { class: "advanced" }, h("summary", {}, "Advanced options"));
  for (const [name, spec] of options) {
    const id = `opt-${name}`;
    let input;
    if (Array.isArray(spec.choices) && spec.choices.length) {
      input = h(
        "select",
        { id, "data-option": name },
        spec.choices.map((c) => h("option", { value: JSON.stringify(c) }, c === null ? "—" : String(c))),
      );
      input.value = JSON.stringify(spec.default);
    } else if (spec.type === "bool" || typeof spec.default === "boolean") {
      input = h("input", { id, type: "checkbox", "data-option": name, checked: Boolean(spec.default) });
    } else if (spec.type === "int" || spec.type === "float" || typeof spec.default === "number") {
      input = h("input", {
        id,
        type: "number",
        "data-option": name,
        value: spec.default ?? "",
        step: spec.type === "float" ? "any" : "1",
        placeholder: spec.default === null ? "the game's default" : "",
      });
    } else {
      input = h("input", { id, type: "text", "data-option": name, value: spec.default ?? "", placeholder: spec.default === null ? "(default)" : "" });
    }
    const row = h("div", { class: "form-row" }, h("label", { for: id }, humanize(name)), input);
    // Free-text options with no default (such as a card-set file) are for experts.
    if (input.type === "text" && spec.default === null) advanced.append(row);
    else box.append(row);
  }
  if (advanced.children.length > 1) box.append(advanced);
  const timer = h(
    "select",
    { id: "turn-seconds" },
    TIMERS.map(([turn, bank, label], i) => h("option", { value: i, "data-turn": turn ?? "", "data-bank": bank ?? "" }, label)),
  );
  box.append(h("div", { class: "form-row" }, h("label", { for: "turn-seconds" }, "Turn timer"), timer));
}

function readOptions() {
  const out = {};
  for (const [name, spec] of Object.entries(lobby.game.options || {})) {
    const input = document.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (!input) continue;
    let value;
    if (input.tagName === "SELECT") value = JSON.parse(input.value);
    else if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
    else value = input.value === "" ? null : input.value;
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) out[name] = value;
  }
  return out;
}

async function createTable(event) {
  event.preventDefault();
  const error = $("form-error");
  error.textContent = "";
  const name = $("your-name").value.trim();
  const chosen = [...document.querySelectorAll("#seat-list select")].map((s) => s.value);
  const kinds = chosen.map((k) => (k === "you" || k === "friend" ? "human" : k));
  const [turnSeconds, bankSeconds] = TIMERS[Number($("turn-seconds").value)] || [null, null];
  const button = $("create-table");
  button.disabled = true;
  try {
    const table = await api.createTable({
      game: lobby.game.id,
      players: kinds.length,
      options: readOptions(),
      seats: kinds,
      turn_seconds: turnSeconds,
      ...(turnSeconds ? { bank_seconds: bankSeconds } : {}),
    });
    const mine = chosen.indexOf("you");
    if (mine >= 0) {
      seats.setName(name);
      const { token } = await api.claim(table.id, mine, name || "You");
      seats.set(table.id, mine, token);
    }
    const friends = chosen.flatMap((k, seat) => (k === "friend" ? [seat] : []));
    if (mine >= 0 && friends.length === 0) {
      location.href = `/table/${encodeURIComponent(table.id)}`;
      return;
    }
    showShare(table, mine, friends);
  } catch (err) {
    error.textContent = `Could not create the table: ${err.message}`;
  } finally {
    button.disabled = false;
  }
}

function showShare(table, mine, friends) {
  const box = clear($("share"));
  $("table-form").hidden = true;
  box.hidden = false;
  const byseat = new Map((table.seats || []).map((s) => [s.seat, s]));
  const link = (seat) => (byseat.get(seat)?.join_url ? absolute(byseat.get(seat).join_url) : seatLink(table.id, seat));
  // Our own watch link (?spectate=1): it watches even in a browser that holds a seat there.
  const watch = spectateLink(table.id);
  const row = (label, url, cls) =>
    h(
      "li",
      { class: cls },
      h("span", { class: "seat-no" }, label),
      h("input", { readonly: true, value: url, "aria-label": `${label} link`, onclick: (e) => e.target.select() }),
      h("button", { type: "button", class: "btn btn-small", onclick: () => copy(url) }, "Copy"),
    );
  box.append(
    h("h3", {}, "Your table is set. Send each friend their seat link:"),
    h("ul", { class: "share-list" }, friends.map((seat) => row(`Seat ${seat + 1}`, link(seat), "share-seat")), row("Watch", watch, "share-watch")),
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
  const title = (id) => lobby.games.find((g) => g.id === id)?.title || id;
  const order = { open: 0, playing: 1, finished: 2 };
  tables.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3));
  for (const table of tables) {
    const open = (table.seats || []).filter((s) => s.kind === "human" && !s.taken);
    const resume = seats.get(table.id);
    list.append(
      h(
        "li",
        { class: `table-item status-${table.status}`, "data-table": table.id },
        h(
          "div",
          { class: "table-meta" },
          h("b", {}, title(table.game)),
          h("span", { class: `pill pill-${table.status}` }, table.status),
          h(
            "span",
            { class: "seat-dots", "aria-label": "seats" },
            (table.seats || []).map((s) =>
              h("i", {
                class: s.kind === "human" ? (s.taken ? "dot taken" : "dot open") : "dot bot",
                title: `Seat ${s.seat + 1}: ${s.kind === "human" ? (s.taken ? "taken" : "open") : `${s.kind} bot`}`,
              }),
            ),
          ),
        ),
        h(
          "div",
          { class: "table-actions" },
          resume ? h("a", { class: "btn btn-primary btn-small", href: `/table/${encodeURIComponent(table.id)}` }, "Back to my seat") : null,
          !resume && table.status === "open"
            ? open.map((s) => h("a", { class: "btn btn-primary btn-small", href: seatLink(table.id, s.seat) }, `Join seat ${s.seat + 1}`))
            : null,
          h("a", { class: "btn btn-small", href: spectateLink(table.id) }, table.status === "finished" ? "See the end" : "Watch"),
        ),
      ),
    );
  }
}

boot();
