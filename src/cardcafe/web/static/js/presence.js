// @ts-check
// Who is at the table: the table's public summary (GET /api/tables/{id}), read every few
// seconds. It carries each seat's presence (online, offline and for how long, a bot), whether
// the others may now let a bot play an absent seat, and the rematch table when there is one.

import { api } from "./api.js";

const EVERY_MS = 3000;

/**
 * @typedef {{seat: number, kind: string, taken: boolean, name: string|null,
 *            invite_only: boolean, presence: "online"|"offline"|"bot",
 *            away_seconds: number|null, can_hand_to_bot: boolean}} SeatPresence
 * @typedef {{id: string, status: string, seats: SeatPresence[], turn: number|null,
 *            absent_seconds: number, rematch: string|null}} TableSummary
 */

export class Presence {
  /**
   * @param {string} tableId
   * @param {(summary: TableSummary) => void} onUpdate called after every successful read
   */
  constructor(tableId, onUpdate) {
    this.tableId = tableId;
    this.onUpdate = onUpdate;
    /** @type {TableSummary|null} */
    this.summary = null;
    /** @type {number|undefined} */
    this.timer = undefined;
  }

  start() {
    if (this.timer) return;
    this.refresh();
    this.timer = window.setInterval(() => this.refresh(), EVERY_MS);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async refresh() {
    /** @type {TableSummary} */
    let summary;
    try {
      summary = await api.table(this.tableId);
    } catch {
      return; // offline: the connection badge says so already
    }
    this.summary = summary;
    this.onUpdate(summary);
  }

  /**
   * @param {number} seat
   * @returns {SeatPresence|null}
   */
  seat(seat) {
    return this.summary ? this.summary.seats[seat] || null : null;
  }
}

/**
 * "3 min", "40 s": how long someone has been away.
 * @param {number|null|undefined} seconds
 */
export function awayFor(seconds) {
  if (seconds === null || seconds === undefined) return "";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
