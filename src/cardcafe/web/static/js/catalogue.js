// @ts-check
// The game's catalogue (GET /api/tables/{id}/catalogue): every card's name, effect text,
// colour and picture, as the engine words them under the table's options. The only source of
// card names and effects on this page: nothing about a card is written in this code.

import { hueOf } from "./dom.js";

const EMPTY = { cards: {}, terms: {}, phases: {} };

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").CardInfo} CardInfo */
/** @typedef {import("./types.js").TermInfo} TermInfo */

/**
 * @param {string} tableId
 * @returns {Promise<Catalogue>}
 */
export async function loadCatalogue(tableId) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/catalogue`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return { ...EMPTY, ...(await response.json()) };
}

/**
 * card(id) -> what a card face shows: {id, name, text, hue, icon, value, short, kind, known}.
 * An id missing from the catalogue (a bug in the game's words) shows as itself, marked unknown.
 * @param {Catalogue|null} catalogue
 * @returns {(id: string) => CardInfo}
 */
export function cardLookup(catalogue) {
  const cards = (catalogue && catalogue.cards) || {};
  /** @type {Map<string, CardInfo>} */
  const cache = new Map();
  return (id) => {
    const key = String(id);
    const cached = cache.get(key);
    if (cached) return cached;
    const entry = cards[key];
    /** @type {CardInfo} */
    const info = entry
      ? {
          ...entry,
          id: key,
          name: entry.name,
          text: entry.text || "",
          hue: entry.hue ?? hueOf(entry.kind || key),
          known: true,
        }
      : { id: key, name: key, text: "", hue: hueOf(key), known: false };
    cache.set(key, info);
    return info;
  };
}

/**
 * A term of the game (a token, a realm, a place): {name, text, ...}, or null. From the
 * catalogue's "terms", else its "glossary" where that holds {name, text} entries; a plural key
 * ("cookies") finds its singular ("cookie").
 * @param {Catalogue|null} catalogue
 * @returns {(id: string) => TermInfo|null}
 */
export function termLookup(catalogue) {
  const books = [catalogue && catalogue.terms, catalogue && catalogue.glossary].filter(
    (book) => book && typeof book === "object" && !Array.isArray(book),
  );
  /**
   * @param {string} id
   * @returns {TermInfo|null}
   */
  const find = (id) => {
    for (const book of books) {
      const entry = book[id];
      if (entry && typeof entry === "object" && typeof entry.name === "string") return entry;
    }
    return null;
  };
  return (id) => {
    const key = String(id);
    return find(key) || find(key.replace(/s$/, "")) || find(key.replace(/_/g, "-")) || null;
  };
}

/**
 * A value's words from a table of the catalogue named after its key: `end_reason: "limit"`
 * reads `catalogue.end_reasons.limit`. Null when the catalogue has no such table or entry.
 * @param {Catalogue|null|undefined} catalogue
 * @param {string} key
 * @param {unknown} value
 * @returns {string|null}
 */
export function valueWords(catalogue, key, value) {
  if (!catalogue || typeof value !== "string") return null;
  const table = catalogue[`${key}s`] || catalogue[`${key}es`];
  if (!table || typeof table !== "object" || Array.isArray(table)) return null;
  const entry = table[value];
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object" && typeof entry.name === "string") return entry.name;
  return null;
}
