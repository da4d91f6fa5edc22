// @ts-check
// The WebSocket half of docs/protocol.md: one socket per seat (or spectator), reconnecting by
// itself. A socket starts with a whole snapshot, then gets deltas (snapshot-delta.js), so a
// reconnect needs nothing but the next snapshot.
import { SnapshotKeeper } from "./snapshot-delta.js";

/** @typedef {"connecting"|"online"|"offline"|"refused"} SocketState */

/**
 * What the page does with each kind of message, and with the socket's own state.
 * @typedef {Object} Handlers
 * @property {(message: import("./types.js").Snapshot) => void} [snapshot]
 * @property {(message: {type: "error", message?: string, version?: number|null}) => void} [error]
 * @property {(message: {type: "hint", version: number, action: Object, label: string, confidence?: number, sure?: string}) => void} [hint]
 * @property {(line: import("./chat.js").ChatLine) => void} [chat]
 * @property {(state: SocketState, reason?: string) => void} [state]
 */

export class Connection {
  /**
   * @param {string} tableId
   * @param {string|null} token a seat's token; null to watch
   * @param {Handlers} handlers
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    /** @type {WebSocket|null} */
    this.socket = null;
    this.retry = 0;
    this.closed = false;
    /** @type {number|undefined} */
    this.pingTimer = undefined;
    this.snapshots = new SnapshotKeeper(() => this.send({ type: "resync" }));
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const seat = this.token ? `token=${encodeURIComponent(this.token)}&` : "";
    const query = `?${seat}deltas=1`;
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}${query}`;
  }

  open() {
    this.closed = false;
    this.handlers.state?.("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.handlers.state?.("online");
      clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), 20000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && (message.type === "snapshot" || message.type === "delta")) {
        message = this.snapshots.receive(message);
        if (!message) return; // a delta that did not fit: the whole snapshot is on its way
      }
      // Only the kinds of message the page handles (a state change is not a message).
      const handler = message && message.type !== "state" ? this.handlers[/** @type {keyof Handlers} */ (message.type)] : null;
      if (handler) /** @type {(message: any) => void} */ (handler)(message);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket || this.closed) return;
      // 4xxx closes are the server refusing us (bad token, no such table): say so, stop.
      if (event.code >= 4000 && event.code < 5000) {
        this.handlers.state?.("refused", event.reason || "the server refused this connection");
        return;
      }
      this.handlers.state?.("offline");
      const delay = Math.min(500 * 2 ** this.retry, 5000);
      this.retry += 1;
      setTimeout(() => {
        if (!this.closed && this.socket === socket) this.open();
      }, delay);
    });
  }

  // Drop the socket and open a fresh one (a full snapshot follows).
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.open();
  }

  // Break the socket as a network failure would (the page then reconnects by itself).
  drop() {
    if (this.socket) this.socket.close(1000, "dropped");
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.socket) this.socket.close();
  }

  /**
   * Send one message; false when the socket is not open (nothing was sent).
   * @param {Object} message
   */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}
