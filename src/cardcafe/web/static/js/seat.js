// @ts-check
// Which seat this page plays: a recovery link (#token=), a stored token, a seat link to claim
// (?seat=N, with &invite= for a friend's private seat), an open public seat to offer, or
// watching. The answer is handed to `start(token)` (null: watch).

import { api, recoveryLink, seats } from "./api.js";
import { clear, h, toast } from "./dom.js";

/** @param {"join-dialog"} id */
const $ = (id) => /** @type {HTMLDialogElement} */ (document.getElementById(id));

/**
 * @typedef {{tableId: string, params: URLSearchParams, start: (token: string|null) => void,
 *            titles: Object<string, string>}} SeatContext
 */

/**
 * @typedef {{seat: number, kind: string, taken: boolean, name: string|null, invite_only: boolean}} SeatInfo
 * @typedef {{id: string, game: string, title?: string, players: number, status: string,
 *            seats: SeatInfo[]}} TableInfo
 */

/**
 * The table's public summary, or null if it cannot be read now.
 * @param {string} tableId
 * @returns {Promise<TableInfo|null>}
 */
export async function tableInfo(tableId) {
  try {
    return await api.table(tableId);
  } catch {
    return null;
  }
}

/**
 * Open `dialog` with a title and content.
 * @param {HTMLDialogElement} dialog
 * @param {string} title
 * @param {...Node} content
 */
export function dialogShell(dialog, title, ...content) {
  clear(dialog).append(h("h2", { id: `${dialog.id}-title` }, title), ...content);
  if (!dialog.open) dialog.showModal();
}

/**
 * Find this page's seat and start the table with it.
 * @param {SeatContext} sc
 */
export async function findSeat(sc) {
  const { tableId, params } = sc;
  // A recovery link: the token rides in the fragment; keep it, then take it out of the bar.
  const fragment = new URLSearchParams(location.hash.slice(1));
  const recovered = fragment.get("token");
  if (recovered) {
    seats.set(tableId, null, recovered);
    history.replaceState(null, "", location.pathname + location.search);
    return sc.start(recovered);
  }
  if (params.has("spectate") || params.has("replay")) {
    const stored = seats.get(tableId);
    return sc.start(params.has("replay") && stored ? stored.token : null);
  }
  const fromUrl = params.get("token");
  if (fromUrl) return sc.start(fromUrl);
  const stored = seats.get(tableId);
  const invited = params.has("seat") ? Number(params.get("seat")) : null;
  // A link to another seat than the one this browser holds: offer that seat.
  if (stored && stored.token && (invited === null || invited === stored.seat)) return sc.start(stored.token);
  if (invited !== null) return askToJoin(sc, invited, params.get("invite"));
  const info = await tableInfo(tableId);
  const open = info ? openSeats(info) : [];
  if (info && info.status === "open" && open.length) return offerSeats(sc, info, open);
  return sc.start(null);
}

// Seats anyone may take from here: free, for a person, not kept for an invited friend.
/** @param {TableInfo} info */
function openSeats(info) {
  return (info.seats || []).filter((s) => s.kind === "human" && !s.taken && !s.invite_only).map((s) => s.seat);
}

/**
 * Ask for a name and claim `seat` (with a friend's `invite` for a private seat).
 * @param {SeatContext} sc
 * @param {number} seat
 * @param {string|null} invite
 */
function askToJoin(sc, seat, invite) {
  const { tableId } = sc;
  const dialog = $("join-dialog");
  const about = h("p", { class: "join-about" }, `You are invited to seat ${seat + 1} at this table.`);
  // Say which game and who is already there, once the table answers.
  tableInfo(tableId).then((info) => {
    if (!info) return;
    /** @param {SeatInfo} s */
    const who = (s) => (s.kind !== "human" ? `a ${s.kind} bot` : s.taken ? s.name : "a friend (seat still free)");
    const others = (info.seats || []).filter((s) => s.seat !== seat).map(who);
    const list = others.length > 1 ? `${others.slice(0, -1).join(", ")} and ${others.at(-1)}` : others[0];
    clear(about).append(
      `You are invited to seat ${seat + 1} of a ${info.title || info.game} table`,
      others.length ? ` with ${list}.` : ".",
    );
  });
  const name = h("input", { id: "join-name", maxlength: 32, value: seats.name(), placeholder: "Leave empty for a made-up name", autocomplete: "nickname" });
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h(
    "form",
    { method: "dialog", class: "join-form" },
    about,
    h("label", { for: "join-name" }, "Your name"),
    name,
    error,
    h(
      "div",
      { class: "row" },
      h("button", { class: "btn btn-primary", type: "submit", id: "join-submit" }, `Sit down at seat ${seat + 1}`),
      h("button", { class: "btn", type: "button", id: "join-watch", onclick: () => { dialog.close(); sc.start(null); } }, "Just watch"),
    ),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const claimed = await api.claim(tableId, seat, name.value.trim() || null, invite);
      seats.setName(name.value.trim());
      seats.set(tableId, seat, claimed.token, { fresh: true });
      dialog.close();
      history.replaceState(null, "", location.pathname);
      sc.start(claimed.token);
    } catch (err) {
      error.textContent = `Could not take seat ${seat + 1}: ${err instanceof Error ? err.message : err}`;
    }
  });
  dialogShell(dialog, "Take a seat", form);
  name.focus();
}

/**
 * The open public seats of a table waiting for players, to take one or just watch.
 * @param {SeatContext} sc
 * @param {TableInfo} info
 * @param {number[]} open
 */
function offerSeats(sc, info, open) {
  const dialog = $("join-dialog");
  dialogShell(
    dialog,
    "Join this table?",
    h("p", {}, `${info.title || sc.titles[info.game] || info.game} · ${info.players} players · waiting for ${open.length} more.`),
    h(
      "div",
      { class: "row" },
      open.map((seat) => h("button", { class: "btn btn-primary", type: "button", onclick: () => askToJoin(sc, seat, null) }, `Take seat ${seat + 1}`)),
      h("button", { class: "btn", type: "button", onclick: () => { dialog.close(); sc.start(null); } }, "Just watch"),
    ),
  );
}

/**
 * Once, right after a claim: the player's personal link, which opens their seat in any
 * browser (a panel they dismiss, not a dialog in the way of the game).
 * @param {string} tableId
 * @param {{seat: number|null, token: string, fresh?: boolean}|null} stored
 * @param {HTMLElement} where
 */
export function offerRecoveryLink(tableId, stored, where) {
  if (!stored || !stored.fresh) return;
  seats.set(tableId, stored.seat, stored.token); // shown once
  const url = recoveryLink(tableId, stored.token);
  const panel = h(
    "section",
    { class: "recovery-panel", id: "recovery-panel", "aria-label": "your seat link" },
    h("strong", {}, "Your personal seat link"),
    h("p", {}, "It opens your seat in any browser or device, if this one closes. Keep it to yourself."),
    h("input", { readonly: true, value: url, id: "recovery-url", "aria-label": "your seat link", onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
    h(
      "div",
      { class: "row" },
      h("button", { class: "btn btn-small", type: "button", onclick: () => copyText(url) }, "Copy"),
      h("button", { class: "btn btn-small", type: "button", id: "recovery-done", onclick: () => panel.remove() }, "Got it"),
    ),
  );
  where.prepend(panel);
}

/**
 * Copy `text`, saying whether it worked.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied.");
  } catch {
    toast("Copy failed: select the link and copy it by hand.", "error");
  }
}
