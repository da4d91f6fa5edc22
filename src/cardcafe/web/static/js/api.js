// @ts-check
// The HTTP half of docs/protocol.md, and where a browser keeps its seat tokens.

/**
 * One call; the answer's JSON, or an Error saying why it was refused (the server's words).
 * @param {"GET"|"POST"} method
 * @param {string} path
 * @param {Object} [body]
 * @returns {Promise<any>}
 */
async function call(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {RequestInit} */
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && data.detail;
    const message = typeof detail === "string" ? detail
      : Array.isArray(detail) ? detail.map((/** @type {{msg?: string}} */ d) => d.msg || JSON.stringify(d)).join("; ")
      : `${response.status} ${response.statusText}`;
    // An option refused names itself (`option`), so a form can point at its field.
    throw Object.assign(new Error(message), data && typeof data.option === "string" ? { option: data.option } : {});
  }
  return data;
}

/** @typedef {string|null} Token a seat's token (null: none, e.g. a watcher) */

/** The calls, each with the arguments the server wants (docs/protocol.md). */
export const api = {
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  /** @param {Record<string, string>} query */
  history: (query) => call("GET", `/api/history?${new URLSearchParams(query)}`),
  /** @param {Object} spec */
  createTable: (spec) => call("POST", "/api/tables", spec),
  /**
   * @param {string} tableId
   * @param {number} seat
   * @param {string|null} name
   * @param {string|null} invite
   */
  claim: (tableId, seat, name, invite) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/claim`, {
      ...(name ? { name } : {}),
      ...(invite ? { invite } : {}),
    }),
  /**
   * @param {string} tableId
   * @param {number|null|undefined} seat
   * @param {Token} token
   */
  concede: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/concede`, { token }),
  /**
   * @param {string} tableId
   * @param {number} seat
   * @param {Token} token
   */
  handToBot: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { token }),
  /**
   * @param {string} tableId
   * @param {Token} token
   */
  rematch: (tableId, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, { token }),
  /** @param {string} tableId */
  table: (tableId) => call("GET", `/api/tables/${encodeURIComponent(tableId)}`),
  /**
   * @param {string} tableId
   * @param {Token} token
   */
  replay: (tableId, token) =>
    call("GET", `/api/tables/${encodeURIComponent(tableId)}/replay${token ? `?token=${encodeURIComponent(token)}` : ""}`),
  /**
   * @param {string} tableId
   * @param {number} seat
   * @param {Token} token
   */
  leave: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/leave`, { token }),
};

// A seat token is shown once by the server; the browser keeps it per table so a reload (or a
// dropped connection) finds its seat again. Nothing else about the seat is secret.
/** @param {string} tableId */
const KEY = (tableId) => `cardcafe.seat.${tableId}`;

/** @typedef {{seat: number|null, token: string, fresh?: boolean}} StoredSeat */

export const seats = {
  /**
   * @param {string} tableId
   * @returns {StoredSeat|null}
   */
  get(tableId) {
    try {
      return JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
    } catch {
      return null;
    }
  },
  /**
   * fresh: the seat was just claimed here, so the table shows its recovery link once.
   * @param {string} tableId
   * @param {number|null} seat
   * @param {string} token
   * @param {{fresh?: boolean}} [opts]
   */
  set(tableId, seat, token, { fresh = false } = {}) {
    localStorage.setItem(KEY(tableId), JSON.stringify({ seat, token, ...(fresh ? { fresh } : {}) }));
  },
  /** @param {string} tableId */
  forget(tableId) {
    localStorage.removeItem(KEY(tableId));
  },
  name() {
    return localStorage.getItem("cardcafe.name") || "";
  },
  /** @param {string} name */
  setName(name) {
    if (name) localStorage.setItem("cardcafe.name", name);
  },
};

/**
 * Seat links in the form the table page understands, whatever form the server prefers.
 * @param {string} tableId
 * @param {number} seat
 */
export function seatLink(tableId, seat) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}?seat=${seat}`;
}

/** @param {string} tableId */
export function spectateLink(tableId) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}?spectate=1`;
}

/**
 * A seat's personal link: it opens the seat in any browser (the token rides in the fragment,
 * which a browser never sends to the server).
 * @param {string} tableId
 * @param {string} token
 */
export function recoveryLink(tableId, token) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}#token=${encodeURIComponent(token)}`;
}

/** @param {string} url */
export function absolute(url) {
  return new URL(url, location.origin).href;
}
