// The HTTP half of docs/protocol.md, and where a browser keeps its seat tokens.

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
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
      : Array.isArray(detail) ? detail.map((d) => d.msg || JSON.stringify(d)).join("; ")
      : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  history: (query) => call("GET", `/api/history?${new URLSearchParams(query)}`),
  createTable: (spec) => call("POST", "/api/tables", spec),
  claim: (tableId, seat, name, invite) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/claim`, {
      ...(name ? { name } : {}),
      ...(invite ? { invite } : {}),
    }),
  concede: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/concede`, { token }),
  handToBot: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { token }),
  rematch: (tableId, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, { token }),
  table: (tableId) => call("GET", `/api/tables/${encodeURIComponent(tableId)}`),
  replay: (tableId, token) =>
    call("GET", `/api/tables/${encodeURIComponent(tableId)}/replay${token ? `?token=${encodeURIComponent(token)}` : ""}`),
  leave: (tableId, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/leave`, { token }),
};

// A seat token is shown once by the server; the browser keeps it per table so a reload (or a
// dropped connection) finds its seat again. Nothing else about the seat is secret.
const KEY = (tableId) => `cardcafe.seat.${tableId}`;

export const seats = {
  get(tableId) {
    try {
      return JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
    } catch {
      return null;
    }
  },
  // fresh: the seat was just claimed here, so the table shows its recovery link once.
  set(tableId, seat, token, { fresh = false } = {}) {
    localStorage.setItem(KEY(tableId), JSON.stringify({ seat, token, ...(fresh ? { fresh } : {}) }));
  },
  forget(tableId) {
    localStorage.removeItem(KEY(tableId));
  },
  name() {
    return localStorage.getItem("cardcafe.name") || "";
  },
  setName(name) {
    if (name) localStorage.setItem("cardcafe.name", name);
  },
};

// Seat links in the form the table page understands, whatever form the server prefers.
export function seatLink(tableId, seat) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}?seat=${seat}`;
}

export function spectateLink(tableId) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}?spectate=1`;
}

// A seat's personal link: it opens the seat in any browser (the token rides in the fragment,
// which a browser never sends to the server).
export function recoveryLink(tableId, token) {
  return `${location.origin}/table/${encodeURIComponent(tableId)}#token=${encodeURIComponent(token)}`;
}

export function absolute(url) {
  return new URL(url, location.origin).href;
}
