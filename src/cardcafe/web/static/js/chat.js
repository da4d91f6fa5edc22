// @ts-check
// The table's chat: players talk, watchers read along. Each player can mute any other seat
// (kept in this browser, per table): a muted seat's lines are hidden, not deleted.

import { clear, h } from "./dom.js";

/** @param {string} tableId */
const KEY = (tableId) => `cardcafe.mute.${tableId}`;

/**
 * @typedef {{type: "chat", seat: number, name: string, text: string, at: string}} ChatLine
 */

export class Chat {
  /**
   * @param {string} tableId
   * @param {(message: Object) => boolean} send sends one socket message; false if offline
   */
  constructor(tableId, send) {
    this.tableId = tableId;
    this.send = send;
    /** @type {ChatLine[]} */
    this.lines = [];
    /** @type {number|null} */
    this.seat = null;
    /** @type {string[]} */
    this.names = [];
    this.muted = new Set(readMuted(tableId));
    // The seats people sit at (the table's summary says; bots do not chat): no Mute button
    // is drawn before it is known.
    /** @type {Set<number>|null} */
    this.people = null;
    this.panel = element("chat-panel");
    this.list = element("chat-log");
    this.form = element("chat-form");
    this.input = /** @type {HTMLInputElement} */ (element("chat-input"));
    this.mutes = element("chat-mutes");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.send({ type: "chat", text })) this.input.value = "";
    });
  }

  /**
   * Who I am and who sits where (from each snapshot).
   * @param {number|null} seat
   * @param {string[]} names
   */
  update(seat, names) {
    const changed = seat !== this.seat || JSON.stringify(names) !== JSON.stringify(this.names);
    this.seat = seat;
    this.names = names;
    this.form.hidden = seat === null; // watchers read along
    // Its line for no messages from the first: a watcher's chat stood empty under its title
    // (no field to type in, no word) until someone spoke.
    if (this.panel.hidden) this.draw();
    this.panel.hidden = false;
    if (changed) this.drawMutes();
  }

  /** @param {ChatLine} line */
  receive(line) {
    if (this.lines.some((l) => l.at === line.at && l.seat === line.seat && l.text === line.text)) return; // a reconnect resends the recent lines
    this.lines.push(line);
    this.draw();
  }

  /**
   * Which seats people sit at (from the table's summary, read every few seconds).
   * @param {number[]} seats
   */
  setPeople(seats) {
    const people = new Set(seats);
    const known = this.people;
    if (known && known.size === people.size && seats.every((seat) => known.has(seat))) return;
    this.people = people;
    this.drawMutes();
  }

  drawMutes() {
    clear(this.mutes);
    this.names.forEach((name, seat) => {
      if (seat === this.seat || !name || !this.people?.has(seat)) return;
      const muted = this.muted.has(seat);
      this.mutes.append(
        h(
          "button",
          {
            type: "button",
            class: `btn btn-small mute${muted ? " on" : ""}`,
            "data-seat": seat,
            "aria-pressed": String(muted),
            title: muted ? `show ${name}'s messages again` : `hide ${name}'s messages`,
            onclick: () => this.toggle(seat),
          },
          muted ? `Unmute ${name}` : `Mute ${name}`,
        ),
      );
    });
  }

  /** @param {number} seat mute it, or show it again */
  toggle(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    localStorage.setItem(KEY(this.tableId), JSON.stringify([...this.muted]));
    this.drawMutes();
    this.draw();
  }

  draw() {
    clear(this.list);
    const shown = this.lines.filter((l) => !this.muted.has(l.seat));
    if (!shown.length) this.list.append(h("li", { class: "muted" }, this.seat === null ? "No messages yet." : "Say hello to the table."));
    for (const line of shown.slice(-100)) {
      this.list.append(h("li", { "data-seat": line.seat }, h("b", {}, line.seat === this.seat ? "You" : line.name), ": ", line.text));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}

/**
 * A chat element of the table page.
 * @param {string} id
 */
function element(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the table page has no #${id}`);
  return el;
}

/**
 * The seats muted at this table, as kept in this browser.
 * @param {string} tableId
 * @returns {number[]}
 */
function readMuted(tableId) {
  try {
    const seats = JSON.parse(localStorage.getItem(KEY(tableId)) || "[]");
    return Array.isArray(seats) ? seats.filter((s) => Number.isInteger(s)) : [];
  } catch {
    return [];
  }
}
