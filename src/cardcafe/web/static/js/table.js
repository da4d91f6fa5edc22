// The table page: find my seat (stored token, ?token=, a ?seat= link to claim, or spectate),
// keep a socket open, and draw every snapshot: banner, board (by the game's module), clickable
// legal actions with a button list as fallback, hint, scores, log, score breakdowns (a pause at
// each round end, the final summary at the game end). Every card's name, effect, colour and
// picture comes from the table's catalogue, fetched once.

import { api, recoveryLink, seatLink, seats, spectateLink } from "./api.js";
import { Chat } from "./chat.js";
import { cardLookup, loadCatalogue, termLookup } from "./catalogue.js";
import { Connection } from "./connection.js";
import { clear, h, toast } from "./dom.js";
import { avatar, playerName, seatHue } from "./games/kit.js";
import { generic, loadGame } from "./games/registry.js";
import { awayFor, Presence } from "./presence.js";
import { clockIcon, Replay } from "./replay.js";
import { copyText as copy, dialogShell, findSeat, offerRecoveryLink, tableInfo as infoOf } from "./seat.js";

const $ = (id) => document.getElementById(id);
const page = $("table-page");
const board = $("board");
const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const params = new URLSearchParams(location.search);

const app = {
  conn: null,
  token: null,
  snapshot: null,
  game: generic,
  titles: {},
  sending: false,
  hint: null, // {version, index, label, confidence}
  summaryFor: null, // the version whose summary was shown already
  logLength: -1,
  poll: null,
  deadlineTimer: null,
  replay: null, // a Replay while the viewer steps through a finished game
  catalogue: null, // the table's catalogue: every card's name, text, colour and picture
  catalogueReady: null, // a promise of it
  card: cardLookup(null),
  term: termLookup(null),
  roundSeen: new Set(), // round-end breakdowns the player has read ("Next round")
  paused: null, // the round-end breakdown the table is paused on: {key}
  connState: "connecting", // the socket: connecting, online, offline, refused
  presence: null, // a Presence: who is online, read every few seconds
  rematchSeen: undefined, // the rematch id in the first snapshot (an old one: not followed)
  replayAsked: params.has("replay"), // ?replay=1 (from the history): open the replay at once
  leaving: false, // on the way to the rematch table
};

// The catalogue, fetched once per page: the table's own (its options name the cards).
function fetchCatalogue() {
  if (!app.catalogueReady) {
    app.catalogueReady = loadCatalogue(tableId)
      .catch((err) => {
        console.error("no catalogue:", err);
        toast("Could not load the card names: cards show their ids.", "error", 6000);
        return { cards: {}, terms: {}, phases: {} };
      })
      .then((catalogue) => {
        app.catalogue = catalogue;
        app.card = cardLookup(catalogue);
        app.term = termLookup(catalogue);
        page.dataset.catalogue = "loaded";
        return catalogue;
      });
  }
  return app.catalogueReady;
}

// -- finding my seat -----------------------------------------------------------------------

async function boot() {
  api.games().then((games) => {
    for (const g of games) app.titles[g.id] = g.title;
    if (app.snapshot) render();
  }).catch(() => {});
  fetchCatalogue();
  return findSeat({ tableId, params, start, titles: app.titles });
}

const tableInfo = () => infoOf(tableId);

// -- the connection ------------------------------------------------------------------------

function start(token) {
  app.token = token;
  page.dataset.role = token ? "seat" : "spectator";
  if (app.conn) app.conn.close();
  app.conn = new Connection(tableId, token, {
    snapshot: onSnapshot,
    error: onError,
    hint: onHint,
    state: onConnState,
    chat: (line) => app.chat && app.chat.receive(line),
  });
  app.chat = app.chat || new Chat(tableId, (message) => app.conn.send(message));
  app.conn.open();
  if (!app.presence) {
    app.presence = new Presence(tableId, onPresence);
    app.presence.start();
  }
  if (token) offerRecoveryLink(tableId, seats.get(tableId), $("side"));
}

// Every few seconds: who is online; a seat's player away long enough may be replaced by a bot.
function onPresence(summary) {
  if (app.snapshot && !app.replay) {
    renderScores(context(), app.snapshot.status === "finished");
  }
  // (Only once the first snapshot said whether the rematch was there before this page.)
  if (summary.rematch && app.rematchSeen !== undefined) followRematch(summary.rematch);
}

function onConnState(state, reason) {
  const badge = $("conn");
  badge.dataset.state = state;
  badge.querySelector("span").textContent =
    { connecting: "connecting", online: "live", offline: "reconnecting…", refused: "refused" }[state] || state;
  page.dataset.conn = state;
  app.connState = state;
  // While the socket is down nothing can be played: the moves wait, and the page says why.
  $("offline-line").hidden = state === "online" || !app.snapshot;
  if (app.snapshot && !app.replay) {
    renderActions();
    markTargets();
  }
  if (state === "refused") {
    if (app.token) {
      // The stored token no longer opens this seat: forget it and watch instead.
      seats.forget(tableId);
      toast(`Your seat link was refused (${reason}). Watching instead.`, "error", 6000);
      start(null);
    } else {
      toast(`The table refused the connection: ${reason}`, "error", 8000);
    }
  }
}

async function onSnapshot(message) {
  // The catalogue first: no card is drawn before its name is known.
  if (!app.catalogue) await fetchCatalogue();
  const previous = app.snapshot;
  app.snapshot = message;
  app.sending = false;
  $("offline-line").hidden = app.connState === "online";
  app.chat.update(message.seat, message.names || []);
  const stored = seats.get(tableId);
  if (stored && stored.token === app.token && stored.seat !== message.seat && message.seat !== null) {
    seats.set(tableId, message.seat, app.token, { fresh: Boolean(stored.fresh) }); // a recovery link
  }
  if (app.rematchSeen === undefined) app.rematchSeen = message.rematch || null;
  if (message.rematch && message.rematch !== app.rematchSeen) followRematch(message.rematch);
  if (!previous || previous.version !== message.version) app.hint = null;
  const gameId = (message.view && message.view.game) || message.game;
  if (gameId && app.game.id !== gameId) {
    // ?renderer=generic draws any game with the fallback (how a brand-new game looks).
    app.game = params.get("renderer") === "generic" ? { ...generic, id: gameId } : await loadGame(gameId);
  }
  if (app.snapshot === message) render();
  if (app.replayAsked && message.status === "finished") {
    app.replayAsked = false;
    startReplay();
  }
}

// A rematch was agreed at this table: take the player there with their seat (the same
// token opens it), or the watcher to watch it. An old rematch (the page was opened after it)
// is a link in the summary instead.
function followRematch(newId, { asked = false } = {}) {
  if ((newId === app.rematchSeen && !asked) || app.leaving) return;
  app.leaving = true;
  if (app.token && app.snapshot && app.snapshot.seat !== null) {
    seats.set(newId, app.snapshot.seat, app.token);
    location.href = `/table/${encodeURIComponent(newId)}`;
  } else {
    location.href = `/table/${encodeURIComponent(newId)}?spectate=1`;
  }
}

async function askRematch() {
  try {
    const made = await api.rematch(tableId, app.token);
    followRematch(made.id, { asked: true });
  } catch (err) {
    toast(`No rematch: ${err.message}`, "error");
  }
}

function onError(message) {
  app.sending = false;
  toast(message.message || "That move was refused.", "error");
  renderActions();
}

function onHint(message) {
  const snap = app.snapshot;
  if (!snap) return;
  const index = (snap.legal || []).findIndex((a) => sameAction(a, message.action));
  app.hint = { version: snap.version, index, label: message.label, confidence: message.confidence };
  renderActions();
  markTargets();
}

function sameAction(a, b) {
  if (!a || !b) return false;
  const strip = (x) => JSON.stringify(Object.keys(x).filter((k) => k !== "label").sort().map((k) => [k, x[k]]));
  return strip(a) === strip(b);
}

function play(index) {
  const snap = app.snapshot;
  if (!snap || app.sending) return;
  if (app.connState !== "online") {
    toast("Reconnecting to the table: try again in a moment.", "error");
    return;
  }
  const chosen = (snap.legal || [])[index];
  if (!chosen) return;
  const { label, ...action } = chosen;
  if (app.conn.send({ type: "move", version: snap.version, action })) {
    app.sending = true;
    page.dataset.sending = "1";
    for (const button of document.querySelectorAll("#action-list button")) button.disabled = true;
  } else {
    toast("Not connected: the move was not sent. Reconnecting…", "error");
  }
}

function askHint() {
  const snap = app.snapshot;
  if (!snap || !(snap.legal || []).length) return;
  if (app.conn.send({ type: "hint", version: snap.version })) {
    $("hint-line").hidden = false;
    $("hint-line").textContent = "Asking the café's best bot…";
  }
}

// -- drawing -------------------------------------------------------------------------------

function context() {
  const snap = app.snapshot;
  return {
    view: snap.view,
    seat: snap.seat ?? null,
    names: snap.names || [],
    legal: snap.legal || [],
    status: snap.status,
    log: snap.log || [],
    // For a table that stages a move made of several steps (Coffee Break's exchange): play
    // one legal action, given as its JSON; false when it is not legal now.
    send: (action) => {
      const index = (snap.legal || []).findIndex((a) => sameAction(a, action));
      if (index >= 0) play(index);
      return index >= 0;
    },
    // Draw the table again (a table's own choice changed, e.g. a card staged for an exchange).
    redraw: () => render(),
    ...catalogueContext(),
  };
}

// What every drawing reads cards and terms through.
function catalogueContext() {
  return { catalogue: app.catalogue || { cards: {}, terms: {} }, card: app.card, term: app.term };
}

// A breakdown's identity: the same round end is paused on once, however many snapshots show it.
function breakdownKey(view) {
  return JSON.stringify([view.breakdown_title || "", view.breakdown, view.scores]);
}

function render() {
  if (app.replay) return;
  const snap = app.snapshot;
  const ctx = context();
  const view = snap.view;
  const over = snap.status === "finished" || (view && view.is_over);
  const mine = !over && ctx.legal.length > 0;
  page.dataset.status = snap.status || "playing";
  page.dataset.version = String(snap.version);
  page.dataset.seat = ctx.seat === null ? "" : String(ctx.seat);
  page.dataset.turn = over ? "over" : snap.status === "open" ? "waiting" : mine ? "mine" : "theirs";
  page.dataset.sending = "";
  page.classList.toggle("my-turn", mine);

  const gameId = (view && view.game) || snap.game;
  const title = app.titles[gameId] || gameId || "Table";
  $("table-title").textContent = title;
  document.title = `${mine ? "● Your turn · " : ""}${title} · cardcafe`;
  const guide = $("rules-btn");
  if (gameId) {
    guide.href = `/guide/${encodeURIComponent(gameId)}`;
    guide.hidden = false;
  }
  renderSeatTools(ctx, over);
  $("hint-btn").disabled = !mine || Boolean(app.paused);
  $("hint-btn").onclick = askHint;

  // A round ends: the table pauses on its breakdown until the player moves on (the engine and
  // the server do not wait; later snapshots are kept and drawn after "Next round").
  if (view && view.breakdown && !over && !app.roundSeen.has(breakdownKey(view))) {
    if (!app.paused || app.paused.key !== breakdownKey(view)) showRoundEnd(ctx);
  } else if (app.paused && over) {
    closeRoundEnd(false); // the final summary says it all
  }
  const paused = Boolean(app.paused);
  page.dataset.paused = paused ? "round" : "";
  renderBanner(ctx, mine && !paused, over);
  if (!paused || !board.hasChildNodes()) {
    hideCardDetails();
    clear(board);
    if (snap.status === "open") board.append(waitingPanel(ctx));
    if (view) drawBoard(ctx);
  }
  if (!paused) markTargets();
  renderActions();
  // While paused, the scores and the log stay at the round end too: the next deal waits.
  renderScores(paused ? app.paused.ctx : ctx, over);
  renderLog(paused ? app.paused.ctx : ctx);
  if (over && view && !app.replayAsked) showSummary(ctx);
  if (snap.status === "open") pollWhileOpen();
}

// Draw a view with the game's module; a view it did not expect falls back to the generic one.
function drawBoard(ctx) {
  const view = ctx.view;
  if (view.breakdown) board.append(breakdownSection(ctx, { id: "board-breakdown" }));
  {
    try {
      app.game.render(board, ctx);
    } catch (err) {
      // A view this module did not expect must not make the game unplayable.
      console.error(err);
      clear(board);
      if (view.breakdown) board.append(breakdownSection(ctx, { id: "board-breakdown" }));
      try {
        generic.render(board, ctx);
      } catch (again) {
        console.error(again);
        clear(board).append(h("pre", { class: "raw-view" }, JSON.stringify(view, null, 2)));
      }
    }
  }
}

function renderBanner(ctx, mine, over) {
  const snap = app.snapshot;
  const view = ctx.view;
  const who = $("banner-who");
  const prompt = $("banner-prompt");
  const banner = $("banner");
  clear(who);
  clear(prompt);
  clearInterval(app.deadlineTimer);
  banner.dataset.kind = over ? "over" : mine ? "mine" : "theirs";
  if (snap.status === "open") {
    who.append("Waiting for everyone to sit down…");
    prompt.append("The game starts as soon as every human seat is taken.");
    return;
  }
  if (snap.status === "expired") {
    who.append("This table expired");
    prompt.append("Nobody sat down at it for a long time. ", h("a", { href: "/" }, "Start a new table in the lobby."));
    return;
  }
  if (over) {
    const winners = (view && view.winners) || [];
    who.append(
      winners.length
        ? `Game over · ${winners.map((w) => (w === ctx.seat ? "you" : playerName(ctx, w))).join(" and ")} ${winners.length > 1 || winners[0] === ctx.seat ? "win" : "wins"}!`
        : "Game over",
    );
    prompt.append(h("button", { class: "btn btn-small", type: "button", onclick: startReplay }, "Watch the replay"));
    return;
  }
  const current = view ? view.current_player : null;
  if (app.paused) {
    who.append(view.breakdown_title || "The round is over");
    prompt.append("Read the scores, then go on to the next round.");
    return;
  }
  if (mine) {
    who.append(h("span", { class: "pulse" }), "Your turn");
    if (view && view.prompt) prompt.append(view.prompt);
    const step = app.game.step ? app.game.step(ctx) : "";
    if (step) prompt.append(h("small", { class: "step" }, step));
  } else if (current !== null && current !== undefined) {
    who.append(avatar(ctx, current), `${playerName(ctx, current)} is playing…`);
    if (ctx.seat === null) prompt.append("You are watching this table.");
  }
  if (snap.notice) prompt.append(h("p", { class: "notice", id: "table-notice", role: "status" }, snap.notice));
  // The pending decision, as the game names it.
  if (view && view.phase) who.append(h("span", { class: "phase-tag", id: "phase-tag", title: "what the game is waiting for" }, view.phase));
  if (snap.deadline) {
    const time = h("span", { class: "clock-time" });
    const clock = h("span", { class: "clock", title: "time left for this move" }, clockIcon(), time);
    prompt.append(clock);
    const tick = () => {
      const left = Math.max(0, Math.round((Date.parse(snap.deadline) - Date.now()) / 1000));
      time.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    };
    tick();
    app.deadlineTimer = setInterval(tick, 1000);
  }
}

// Make the table itself clickable: each legal action the game maps to an element.
function markTargets() {
  if (app.paused || app.replay || !app.snapshot) return;
  const ctx = context();
  for (const el of board.querySelectorAll(".actionable, .hinted")) {
    el.classList.remove("actionable", "hinted");
  }
  if (app.sending || app.connState !== "online") return;
  const groups = new Map();
  ctx.legal.forEach((action, index) => {
    let key = null;
    try {
      key = app.game.actionTarget ? app.game.actionTarget(action, ctx) : null;
    } catch {
      key = null;
    }
    if (!key) return;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(index);
  });
  for (const [key, indexes] of groups) {
    const quoted = CSS.escape(key);
    const elements = board.querySelectorAll(`[data-target="${quoted}"], [data-targets~="${quoted}"]`);
    for (const el of elements) {
      el.classList.add("actionable");
      if (app.hint && indexes.includes(app.hint.index)) el.classList.add("hinted");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const labels = indexes.map((i) => ctx.legal[i].label).join(" / ");
      // A card keeps its effect text as its tooltip; what clicking it does comes after.
      const text = el.dataset.card ? ctx.card(el.dataset.card).text : "";
      el.title = text ? `${text}\n\nClick: ${labels}` : labels;
      el.dataset.actions = labels;
      const act = (event) => {
        event.stopPropagation();
        if (indexes.length === 1) play(indexes[0]);
        else chooseAmong(el, indexes);
      };
      el.onclick = act;
      el.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          act(event);
        }
      };
    }
  }
}

// Several actions on one element: a small menu right there.
function chooseAmong(el, indexes) {
  document.querySelector(".chooser")?.remove();
  const ctx = context();
  const menu = h(
    "div",
    { class: "chooser", role: "menu" },
    indexes.map((i) =>
      h("button", { class: "btn btn-small", type: "button", role: "menuitem", onclick: (e) => { e.stopPropagation(); menu.remove(); play(i); } }, ctx.legal[i].label),
    ),
    h("button", { class: "btn btn-small btn-cancel", type: "button", onclick: (e) => { e.stopPropagation(); menu.remove(); } }, "cancel"),
  );
  el.append(menu);
}

function renderActions() {
  const snap = app.snapshot;
  const list = $("action-list");
  clear(list);
  const legal = (snap && snap.legal) || [];
  const panel = $("actions-panel");
  panel.hidden = legal.length === 0;
  const hintLine = $("hint-line");
  if (app.hint && app.hint.version === snap.version) {
    hintLine.hidden = false;
    const sure = typeof app.hint.confidence === "number" ? ` (${Math.round(app.hint.confidence * 100)}% sure)` : "";
    hintLine.textContent = `Hint: ${app.hint.label}${sure}`;
  } else {
    hintLine.hidden = true;
  }
  panel.hidden = panel.hidden || Boolean(app.paused);
  legal.forEach((action, index) => {
    const hinted = app.hint && app.hint.version === snap.version && app.hint.index === index;
    list.append(
      h(
        "button",
        {
          class: `btn action${hinted ? " hinted" : ""}`,
          type: "button",
          "data-action-index": index,
          "data-action-type": action.type,
          disabled: app.sending || app.connState !== "online",
          onclick: () => play(index),
        },
        h("span", { class: "action-label" }, action.label || action.type),
      ),
    );
  });
}

function renderScores(ctx, over) {
  const list = $("score-list");
  clear(list);
  const view = ctx.view;
  if (!view) return;
  const points = view.scores || null;
  const winners = view.winners || [];
  for (let seat = 0; seat < view.players; seat++) {
    list.append(
      h(
        "li",
        {
          class: `${seat === view.current_player && !over ? "turn" : ""}${winners.includes(seat) ? " won" : ""}${seat === ctx.seat ? " me" : ""}`,
          style: { "--seat-hue": String(seatHue(seat)) },
          "data-seat": seat,
        },
        presenceDot(seat),
        avatar(ctx, seat),
        h("span", { class: "score-name" }, playerName(ctx, seat), seat === ctx.seat ? h("small", {}, " (you)") : null, awayLine(seat, over)),
        h("b", { class: "score-points" }, points ? String(points[seat]) : ""),
      ),
    );
  }
  $("scores-title").textContent = over ? "Final scores" : "Scores";
}

function renderLog(ctx) {
  const log = $("log");
  if (ctx.log.length === app.logLength) return;
  app.logLength = ctx.log.length;
  clear(log);
  for (const event of ctx.log.slice(-150)) {
    log.append(
      h(
        "li",
        { style: event.actor !== null && event.actor !== undefined ? { "--seat-hue": String(seatHue(event.actor)) } : {} },
        event.actor !== null && event.actor !== undefined ? avatar(ctx, event.actor) : h("span", { class: "avatar table-avatar", title: "the table" }),
        h("span", { class: "log-text" }, event.text),
      ),
    );
  }
  log.scrollTop = log.scrollHeight;
}

// -- who is at the table ---------------------------------------------------------------------

function presenceDot(seat) {
  const info = app.presence && app.presence.seat(seat);
  if (!info || app.replay) return null;
  const words = { online: "online", offline: "offline", bot: "a bot plays" }[info.presence] || info.presence;
  return h("i", { class: `presence-dot ${info.presence}`, "data-presence": info.presence, title: words, role: "img", "aria-label": words });
}

// Under an absent player's name: how long they have been away, and, once the wait is over,
// a button for the others to let a bot play their seat until they come back.
function awayLine(seat, over) {
  const info = app.presence && app.presence.seat(seat);
  if (!info || info.presence !== "offline" || over || app.replay || !info.taken) return null;
  const line = h("small", { class: "away" }, ` · away ${awayFor(info.away_seconds)}`);
  const snap = app.snapshot;
  if (info.can_hand_to_bot && app.token && snap.seat !== null && snap.seat !== seat) {
    line.append(
      " ",
      h(
        "button",
        {
          class: "btn btn-small hand-to-bot",
          type: "button",
          "data-seat": seat,
          onclick: async () => {
            try {
              await api.handToBot(tableId, seat, app.token);
              toast("A bot plays that seat until its player is back.");
              app.presence.refresh();
            } catch (err) {
              toast(err.message, "error");
            }
          },
        },
        "Let a bot play",
      ),
    );
  }
  return line;
}

// The seated player's tools: their personal seat link, and conceding.
function renderSeatTools(ctx, over) {
  const tools = $("seat-tools");
  clear(tools);
  tools.hidden = !app.token || ctx.seat === null || Boolean(app.replay);
  if (tools.hidden) return;
  tools.append(
    h("button", { class: "btn btn-small", type: "button", id: "seat-link-btn", onclick: () => copy(recoveryLink(tableId, app.token)), title: "the link that opens your seat in any browser" }, "Copy my seat link"),
  );
  const mine = ctx.names[ctx.seat] || "";
  if (app.snapshot.status === "playing" && !over && !mine.endsWith("(conceded)")) {
    tools.append(h("button", { class: "btn btn-small", type: "button", id: "concede-btn", onclick: confirmConcede }, "Concede"));
  }
}

function confirmConcede() {
  const dialog = $("join-dialog");
  dialogShell(
    dialog,
    "Concede the game?",
    h("p", {}, "A bot plays your seat to the end of the game. You can stay and watch."),
    h(
      "div",
      { class: "row" },
      h("button", {
        class: "btn btn-primary",
        type: "button",
        id: "concede-yes",
        onclick: async () => {
          dialog.close();
          try {
            await api.concede(tableId, app.snapshot.seat, app.token);
            toast("You conceded: a bot finishes the game for you.");
          } catch (err) {
            toast(err.message, "error");
          }
        },
      }, "Concede"),
      h("button", { class: "btn", type: "button", onclick: () => dialog.close() }, "Keep playing"),
    ),
  );
}

// -- score breakdowns ------------------------------------------------------------------------

const fmt = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

// One table per seat: each part's label and points, and the total (the seat's score).
function breakdownTables(ctx, order) {
  const view = ctx.view;
  const seatsInOrder = order || Array.from({ length: view.players }, (_, seat) => seat);
  return h(
    "div",
    { class: "breakdown-tables" },
    seatsInOrder.map((seat) => {
      const parts = (view.breakdown || [])[seat] || [];
      const total = parts.reduce((sum, part) => sum + Number(part.points || 0), 0);
      const won = view.is_over && (view.winners || []).includes(seat);
      return h(
        "table",
        {
          class: `breakdown${seat === ctx.seat ? " me" : ""}${won ? " won" : ""}`,
          "data-seat": seat,
          style: { "--seat-hue": String(seatHue(seat)) },
        },
        h(
          "caption",
          {},
          avatar(ctx, seat),
          h("span", {}, playerName(ctx, seat), seat === ctx.seat ? " (you)" : ""),
          won ? h("span", { class: "badge badge-won" }, "winner") : null,
        ),
        h(
          "tbody",
          {},
          parts.length
            ? parts.map((part) =>
                h(
                  "tr",
                  { class: "breakdown-part" },
                  h("td", { class: "part-label" }, part.label),
                  h("td", { class: `part-points${part.points < 0 ? " minus" : ""}` }, fmt(part.points)),
                ),
              )
            : h("tr", {}, h("td", { class: "part-label muted", colspan: 2 }, "no points")),
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row" }, "Total"),
            h("td", { class: "part-total" }, fmt((view.scores || [])[seat] ?? total)),
          ),
        ),
      );
    }),
  );
}

// The breakdown as a part of the board (the final summary stays there; a replay shows each).
function breakdownSection(ctx, attrs = {}) {
  const view = ctx.view;
  return h(
    "section",
    { class: "breakdown-panel", "aria-label": view.breakdown_title || "Scores", ...attrs },
    h("h2", { class: "breakdown-title" }, view.breakdown_title || (view.is_over ? "Final scores" : "Scores")),
    breakdownTables(ctx, ranking(view)),
  );
}

function ranking(view) {
  const scores = view.scores || [];
  return Array.from({ length: view.players }, (_, seat) => seat).sort(
    (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b,
  );
}

// A round ended: pause on its breakdown until the player dismisses it.
function showRoundEnd(ctx) {
  const view = ctx.view;
  const key = breakdownKey(view);
  app.paused = { key, ctx };
  document.querySelector(".chooser")?.remove();
  hideCardDetails();
  const dialog = $("round-dialog");
  const next = h("button", { class: "btn btn-primary", type: "button", id: "next-round", onclick: () => closeRoundEnd(true) }, "Next round");
  dialogShell(
    dialog,
    view.breakdown_title || "The round is over",
    h("p", { class: "summary-lead" }, "The round is over. Here is how everyone scored."),
    breakdownTables(ctx, ranking(view)),
    h("div", { class: "row" }, next),
  );
  // Escape closes it like the button does.
  dialog.oncancel = (event) => {
    event.preventDefault();
    closeRoundEnd(true);
  };
  next.focus();
}

function closeRoundEnd(read) {
  const dialog = $("round-dialog");
  if (app.paused && read) app.roundSeen.add(app.paused.key);
  app.paused = null;
  if (dialog.open) dialog.close();
  app.logLength = -1;
  if (read && app.snapshot) render();
}

function showSummary(ctx) {
  const snap = app.snapshot;
  if (app.summaryFor === snap.version) return;
  app.summaryFor = snap.version;
  const view = ctx.view;
  const scores = view.scores || [];
  const winners = view.winners || [];
  const ranking = Array.from({ length: view.players }, (_, seat) => seat).sort(
    (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b,
  );
  const dialog = $("summary-dialog");
  const iWon = ctx.seat !== null && winners.includes(ctx.seat);
  dialogShell(
    dialog,
    iWon ? "You win!" : "Game over",
    h(
      "p",
      { class: "summary-lead" },
      winners.length
        ? `${winners.map((w) => playerName(ctx, w)).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`
        : "Nobody wins this one.",
    ),
    view.breakdown
      ? h("div", { class: "summary-breakdown" }, h("h3", { class: "breakdown-title" }, view.breakdown_title || "Final scores"), breakdownTables(ctx, ranking))
      : h(
      "ol",
      { class: "summary-list" },
      ranking.map((seat) =>
        h(
          "li",
          { class: winners.includes(seat) ? "won" : "", style: { "--seat-hue": String(seatHue(seat)) } },
          avatar(ctx, seat),
          h("span", {}, playerName(ctx, seat), seat === ctx.seat ? " (you)" : ""),
          h("b", {}, String(scores[seat] ?? "")),
        ),
      ),
    ),
    h(
      "div",
      { class: "row" },
      app.token && ctx.seat !== null && !snap.rematch
        ? h("button", { class: "btn btn-primary", type: "button", id: "rematch-btn", onclick: askRematch }, "Rematch")
        : null,
      snap.rematch
        ? h("button", { class: "btn btn-primary", type: "button", id: "rematch-link", onclick: () => followRematch(snap.rematch, { asked: true }) }, "Go to the rematch")
        : null,
      h("button", { class: "btn", type: "button", onclick: () => dialog.close() }, "Look at the table"),
      h("button", { class: "btn", type: "button", id: "replay-btn", onclick: () => { dialog.close(); startReplay(); } }, "Watch the replay"),
      h("a", { class: "btn", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `${tableId}.json` }, "Download the record"),
      h("a", { class: "btn", href: "/history", id: "history-btn" }, "Finished games"),
      h("a", { class: "btn", href: "/" }, "Back to the lobby"),
    ),
  );
}

// While seats are empty: the links to share, refreshed until the game starts.
function waitingPanel(ctx) {
  const box = h("section", { class: "waiting panel", id: "waiting" }, h("h2", {}, "Waiting for players"));
  const list = h("ul", { class: "seat-links" });
  box.append(list, h("p", { class: "muted" }, "Send each friend their seat link. Anyone with the watch link sees only what is public."));
  const copyRow = (label, url) =>
    h(
      "li",
      {},
      h("span", { class: "seat-label" }, label),
      h("input", { readonly: true, value: url, "aria-label": `${label} link`, onclick: (e) => e.target.select() }),
      h("button", { class: "btn btn-small", type: "button", onclick: () => copy(url) }, "Copy"),
    );
  tableInfo().then((info) => {
    if (!info) return;
    for (const s of info.seats || []) {
      if (s.kind !== "human") {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", { class: "muted" }, `${s.kind} bot`)));
      } else if (s.taken) {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", {}, s.seat === ctx.seat ? "you" : `${s.name} is here`)));
      } else if (s.invite_only) {
        list.append(h("li", {}, h("span", { class: "seat-label" }, `Seat ${s.seat + 1}`), h("span", { class: "muted" }, "kept for the friend you sent its link")));
      } else {
        list.append(copyRow(`Seat ${s.seat + 1}`, seatLink(tableId, s.seat)));
      }
    }
    list.append(copyRow("Watch", spectateLink(tableId)));
  });
  if (ctx.seat !== null && app.token) {
    box.append(
      h("button", {
        class: "btn btn-small",
        type: "button",
        onclick: async () => {
          try {
            await api.leave(tableId, ctx.seat, app.token);
            seats.forget(tableId);
            location.href = "/";
          } catch (err) {
            toast(err.message, "error");
          }
        },
      }, "Leave this seat"),
    );
  }
  return box;
}

// If the start is not pushed to us, notice it and fetch a fresh snapshot.
function pollWhileOpen() {
  if (app.poll) return;
  app.poll = setInterval(async () => {
    if (!app.snapshot || app.snapshot.status !== "open") {
      clearInterval(app.poll);
      app.poll = null;
      return;
    }
    const info = await tableInfo();
    if (info && info.status !== "open") app.conn.reconnect();
  }, 3000);
}

// -- replay of a finished game ---------------------------------------------------------------

async function startReplay() {
  let data;
  try {
    data = await api.replay(tableId, app.token);
  } catch (err) {
    toast(`No replay: ${err.message}`, "error");
    return;
  }
  if (!data.steps || !data.steps.length) return;
  $("summary-dialog").open && $("summary-dialog").close();
  app.replay = new Replay(data, drawReplayStep, stopReplay);
  page.dataset.mode = "replay";
  $("actions-panel").hidden = true;
  $("banner").append(app.replay.element());
  app.replay.first();
}

function drawReplayStep(replayCtx) {
  const ctx = { ...replayCtx, ...catalogueContext() };
  const view = ctx.view;
  const who = clear($("banner-who"));
  const prompt = clear($("banner-prompt"));
  $("banner").dataset.kind = "replay";
  who.append(`Replay · ${app.replay.position()}`);
  if (view.is_over) prompt.append("The end of the game.");
  else if (view.current_player !== null && view.current_player !== undefined) {
    prompt.append(avatar(ctx, view.current_player), ` ${playerName(ctx, view.current_player)} to play`);
  }
  hideCardDetails();
  clear(board);
  drawBoard(ctx);
  renderScores(ctx, view.is_over);
  app.logLength = -1;
  renderLog(ctx);
}

function stopReplay() {
  document.getElementById("replay-bar")?.remove();
  app.replay = null;
  page.dataset.mode = "";
  app.logLength = -1;
  render();
}

// -- a card's details: its name and effect, on tap, focus or long press -----------------------

function showCardDetails(el) {
  const id = el.dataset.card;
  if (!id) return;
  const info = app.card(id);
  const box = $("card-details");
  clear(box).append(
    h("strong", { class: "details-name" }, info.name),
    info.value !== undefined && info.value !== null && info.value !== "" ? h("span", { class: "details-value" }, ` · ${info.value}`) : null,
    info.text ? h("p", { class: "details-text" }, info.text) : null,
    el.dataset.actions ? h("p", { class: "details-actions" }, `Click: ${el.dataset.actions}`) : null,
  );
  box.dataset.card = id;
  box.hidden = false;
  box.style.setProperty("--hue", String(info.hue ?? 30));
  // Beside the card: below it when there is room, else above; always on screen.
  const rect = el.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, rect.left + rect.width / 2 - width / 2));
  box.style.left = `${left}px`;
  const height = box.offsetHeight;
  const below = rect.bottom + 8 + height <= window.innerHeight;
  box.style.top = `${window.scrollY + (below ? rect.bottom + 8 : Math.max(8, rect.top - height - 8))}px`;
  box.style.left = `${window.scrollX + left}px`;
}

function hideCardDetails() {
  const box = $("card-details");
  if (box) box.hidden = true;
}

function cardOf(target) {
  return target && target.closest ? target.closest(".card-face[data-card]") : null;
}

board.addEventListener("focusin", (event) => {
  const el = cardOf(event.target);
  if (el) showCardDetails(el);
});
board.addEventListener("focusout", (event) => {
  if (!cardOf(event.relatedTarget)) hideCardDetails();
});
// A long press on a phone (or a right click): the details, not the browser's menu.
board.addEventListener("contextmenu", (event) => {
  const el = cardOf(event.target);
  if (!el) return;
  event.preventDefault();
  showCardDetails(el);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hideCardDetails();
});

document.addEventListener("click", (event) => {
  document.querySelector(".chooser")?.remove();
  if (!cardOf(event.target)) hideCardDetails();
});
// For people debugging in the console and for the browser tests: drop the socket like a flaky
// network would, and read the last snapshot.
window.cardcafe = {
  dropConnection: () => app.conn && app.conn.drop(),
  snapshot: () => app.snapshot,
  catalogue: () => app.catalogue,
};
boot();
