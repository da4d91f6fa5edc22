// @ts-check
// Card faces drawn with CSS and inline SVG: any game describes a card as
// its catalogue entry {id, name, text, value, short, hue, icon} and gets the same look everywhere.

import { h, hueOf } from "./dom.js";

const STROKE = 'stroke="currentColor" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"';

// Small pictures on a 48x48 grid. Games pick one by name; unknown cards get a monogram.
/** @type {Record<string, string>} */
export const ICONS = {
  broom: `<path d="M30 4 20 30" ${STROKE} fill="none"/><path d="M12 28h16l4 16H8z" fill="#e9c46a" ${STROKE}/><path d="M14 36v8M20 36v8M26 36v8" ${STROKE}/>`,
  cone: `<circle cx="24" cy="16" r="10" fill="#f7a8c4" ${STROKE}/><circle cx="18" cy="12" r="2" fill="#fff"/><path d="M14 22h20L24 46z" fill="#e9b872" ${STROKE}/><path d="M18 28l10 8M30 28l-10 8" stroke="currentColor" stroke-width="1.5"/>`,
  pizza: `<path d="M6 10q18-8 36 0L24 46z" fill="#f6c453" ${STROKE}/><path d="M6 10q18-8 36 0" fill="none" stroke="#b5651d" stroke-width="5"/><circle cx="20" cy="18" r="3.5" fill="#d64533"/><circle cx="29" cy="22" r="3.5" fill="#d64533"/><circle cx="24" cy="32" r="3" fill="#d64533"/>`,
  flower: `<path d="M24 26v20" ${STROKE}/><path d="M24 38q-8-6-12-2 6 6 12 2" fill="#5bb56a" ${STROKE}/><g fill="#f38ab5" ${STROKE}><circle cx="24" cy="8" r="6"/><circle cx="33" cy="15" r="6"/><circle cx="30" cy="26" r="6"/><circle cx="18" cy="26" r="6"/><circle cx="15" cy="15" r="6"/></g><circle cx="24" cy="18" r="5" fill="#ffd166" ${STROKE}/>`,
  salad: `<path d="M14 20q2-12 10-12 4 8-2 14M26 18q6-10 14-6-2 8-10 10M10 22q-2-8 6-10 4 6 0 10" fill="#6cc551" ${STROKE}/><circle cx="30" cy="22" r="3" fill="#e4572e"/><path d="M4 24h40q-2 18-20 18T4 24z" fill="#f3e5cc" ${STROKE}/>`,
  cocktail: `<path d="M6 8h36L24 28z" fill="#7fd1e8" ${STROKE}/><path d="M24 28v14M14 44h20" ${STROKE}/><path d="M30 4l-4 10" ${STROKE}/><circle cx="31" cy="13" r="3" fill="#6a994e" ${STROKE}/>`,
  star: `<path d="M24 4l6 13 14 1-11 9 4 14-13-8-13 8 4-14L4 18l14-1z" fill="#ffd166" ${STROKE}/>`,
  scroll: `<path d="M12 6h24v34a4 4 0 0 1-4 4H10a4 4 0 0 1-4-4v-4h6z" fill="#f4e4bc" ${STROKE}/><path d="M6 36h20v4a4 4 0 0 0 4 4" fill="none" ${STROKE}/><path d="M18 14h12M18 20h12M18 26h8" ${STROKE}/>`,
  monster: `<path d="M8 44V22a16 16 0 0 1 32 0v22l-5-4-5 4-6-4-6 4-5-4z" style="fill: hsl(var(--hue) 55% 68%)" ${STROKE}/><circle cx="18" cy="20" r="5" fill="#fff" ${STROKE}/><circle cx="31" cy="22" r="3.5" fill="#fff" ${STROKE}/><circle cx="19" cy="21" r="1.8" fill="currentColor"/><circle cx="31" cy="23" r="1.5" fill="currentColor"/><path d="M16 32h16l-3 4-3-4-3 4-3-4-2 4z" fill="#fff" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M12 8l3 6M36 8l-3 6" ${STROKE}/>`,
  chef: `<path d="M12 30q-8-4-6-12 3-8 11-5 3-9 7-9t7 9q8-3 11 5 2 8-6 12z" fill="#fff" ${STROKE}/><rect x="12" y="30" width="24" height="10" rx="2" fill="#fff" ${STROKE}/><path d="M18 30v10M24 30v10M30 30v10" stroke="currentColor" stroke-width="1.5"/>`,
  cup: `<path d="M8 16h28v14a12 12 0 0 1-12 12h-4A12 12 0 0 1 8 30z" fill="#c8763a" ${STROKE}/><path d="M36 20h3a5 5 0 0 1 0 10h-4" fill="none" ${STROKE}/><path d="M16 4q-3 4 0 8M24 4q-3 4 0 8" fill="none" ${STROKE}/>`,
  bean: `<ellipse cx="24" cy="24" rx="14" ry="19" fill="#6b3b1f" ${STROKE} transform="rotate(25 24 24)"/><path d="M18 8q10 16 12 32" fill="none" stroke="#f3e5cc" stroke-width="3" stroke-linecap="round"/>`,
  drop: `<path d="M24 4C16 18 10 24 10 31a14 14 0 0 0 28 0c0-7-6-13-14-27z" fill="#8ecae6" ${STROKE}/><path d="M17 31a7 7 0 0 0 7 7" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  bottle: `<path d="M18 4h12v8l4 6v24a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3V18l4-6z" fill="#fdfcf7" ${STROKE}/><path d="M14 26h20" ${STROKE}/><path d="M18 12h12" ${STROKE}/>`,
  cube: `<path d="M24 6l16 8v18l-16 9-16-9V14z" fill="#d7f3fb" ${STROKE}/><path d="M8 14l16 8 16-8M24 22v19" fill="none" ${STROKE}/>`,
  swirl: `<path d="M10 40h28l-2-8H12z" fill="#f3e5cc" ${STROKE}/><path d="M12 32q-4-8 6-10-4-8 6-10 2-6 6-6-2 6 4 8 6 4 0 10 8 2 2 8z" fill="#fff" ${STROKE}/>`,
  // a wrapped caramel sweet (caramel, not a second drop of water)
  candy: `<path d="M14 24 4 15v18zM34 24l10-9v18z" fill="#f0b45c" ${STROKE}/><ellipse cx="24" cy="24" rx="12" ry="10" fill="#d68910" ${STROKE}/><path d="M19 19q5-3 10 0" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>`,
  // milk foam: a heap of bubbles (whipped cream keeps the swirl)
  bubbles: `<circle cx="15" cy="30" r="9" fill="#fff8ec" ${STROKE}/><circle cx="32" cy="29" r="10" fill="#fff8ec" ${STROKE}/><circle cx="23" cy="16" r="9" fill="#fff8ec" ${STROKE}/><circle cx="20" cy="13" r="2.5" fill="#fff"/>`,
  bar: `<rect x="10" y="6" width="28" height="36" rx="3" fill="#7b4a2a" ${STROKE}/><path d="M10 18h28M10 30h28M24 6v36" stroke="#3b2417" stroke-width="2"/>`,
  bolt: `<path d="M28 4L10 28h12l-4 16 20-26H26z" fill="#ffd166" ${STROKE}/>`,
  skull: `<path d="M24 6a16 16 0 0 0-16 16c0 6 3 10 7 12v6h18v-6c4-2 7-6 7-12A16 16 0 0 0 24 6z" fill="#f4f1e8" ${STROKE}/><circle cx="18" cy="22" r="4" fill="currentColor"/><circle cx="30" cy="22" r="4" fill="currentColor"/><path d="M21 40v-4M27 40v-4" ${STROKE}/>`,
  flame: `<path d="M24 4c2 10 14 14 14 26a14 14 0 0 1-28 0c0-8 6-10 6-18 4 2 6 6 6 10 2-4 2-12 2-18z" fill="#f3722c" ${STROKE}/><path d="M24 44a6 6 0 0 1-6-6c0-4 3-5 4-9 3 3 8 5 8 9a6 6 0 0 1-6 6z" fill="#ffd166"/>`,
  eye: `<path d="M4 24q20-20 40 0-20 20-40 0z" fill="#e0c3fc" ${STROKE}/><circle cx="24" cy="24" r="7" fill="#7a4fa3" ${STROKE}/><circle cx="26" cy="22" r="2" fill="#fff"/>`,
  token: `<circle cx="24" cy="24" r="18" fill="#f4b76b" ${STROKE}/><circle cx="24" cy="24" r="11" fill="none" stroke="currentColor" stroke-width="2" stroke-dasharray="3 3"/>`,
};

// A game's own pictures (a Monster's Coffee family each): registered once by its renderer.
/** @param {Record<string, string>} pictures SVG markup by picture name */
export function registerIcons(pictures) {
  Object.assign(ICONS, pictures);
}

/**
 * A card's picture: the named one, else a monogram of `label`.
 * @param {string|undefined} name
 * @param {string} [label]
 */
export function icon(name, label) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("class", "card-icon");
  svg.setAttribute("aria-hidden", "true");
  if (name && ICONS[name]) {
    svg.innerHTML = ICONS[name];
  } else {
    // A monogram: the first letters of the card's name in a badge.
    const letters = String(label || name || "?")
      .split(/[\s-]+/)
      .filter((w) => w && !/^\d+$/.test(w) && !["of", "the", "a"].includes(w.toLowerCase()))
      .map((w) => w[0])
      .join("")
      .slice(0, 2)
      .toUpperCase() || String(label || name || "?").charAt(0);
    svg.innerHTML = `<circle cx="24" cy="24" r="20" fill="#fff" ${STROKE}/>`;
    const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
    text.setAttribute("x", "24");
    text.setAttribute("y", "31");
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("font-size", "20");
    text.setAttribute("font-weight", "700");
    text.setAttribute("fill", "currentColor");
    text.textContent = letters;
    svg.append(text);
  }
  return svg;
}

// Soft hyphens in long words, so a name wraps inside a narrow card as "Unwel-/come" rather than
// overflowing or breaking anywhere: at a camel-case joint, else at the syllable-like joint
// (before a consonant that starts a vowel) nearest the middle, and again inside a half that is
// itself long ("Cako-sau-rus" on the narrowest cards). Only the visible face gets them; the
// accessible name stays the catalogue's.
const VOWEL = /[aeiouyäöüéèáíóú]/i;
const LETTER = /\p{L}/u;
/**
 * @param {string} text
 * @param {number} [longer] words longer than this get a soft hyphen
 */
export function softHyphens(text, longer = 8) {
  return String(text).replace(/[\p{L}']{5,}/gu, (word) => hyphenate(word, Math.max(longer, 4)));
}

/**
 * A name as a card face shows it: each word with break points in a box of its own, so a word
 * that fits on a line goes to the next line whole ("12 of / Inferno") and only a word wider
 * than the card breaks at them ("In-/ferno"): a line fills as far as it can, and a break point
 * let "12 of In-" take half a word that fitted alone.
 * @param {string} name
 * @param {number} [longer] words longer than this get break points
 * @returns {(string|HTMLElement)[]}
 */
export function wrappedName(name, longer) {
  return softHyphens(name, longer)
    .split(/(\S*\u00ad\S*)/u)
    .filter(Boolean)
    .map((part) => (part.includes("\u00ad") ? h("span", { class: "word" }, part) : part));
}

/**
 * @param {string} word
 * @param {number} longer
 * @returns {string}
 */
function hyphenate(word, longer) {
  if (word.length <= longer) return word;
  const at = bestJoint(word);
  if (at === null) return word;
  return `${hyphenate(word.slice(0, at), longer)}\u00ad${hyphenate(word.slice(at), longer)}`;
}

/**
 * Where a word breaks best: its camel-case joint, else its syllable-like joint nearest the
 * middle, else a looser one between two consonants; null when none leaves 2 letters on each
 * side (3 in a word of 8 letters or more).
 * @param {string} word
 * @returns {number|null}
 */
function bestJoint(word) {
  const camel = [...word.matchAll(/\p{Ll}(?=\p{Lu})/gu)].map((m) => (m.index ?? 0) + 1);
  /** @type {number[]} */
  const joints = [];
  /** @type {number[]} */
  const loose = []; // between two consonants ("Night-mare"): only when nothing better
  const consonant = (/** @type {string} */ ch) => !VOWEL.test(ch);
  const digraph = (/** @type {string} */ x, /** @type {string} */ y) => /^(ch|sh|th|ph|ck|gh|wh)$/i.test(x + y);
  // "ck" ends a syllable ("Pick-pocket"), never starts one
  const starts = (/** @type {string} */ x, /** @type {string} */ y) => !/^ck$/i.test(x + y);
  // A short word ("Un-dead", "Ka-boom", "Mum-my") may keep two letters on either side of the
  // break: on a narrow card that reads better than the word broken anywhere.
  const short = word.length < 8;
  // A prefix of two letters before a consonant and a vowel is a syllable of its own in a long
  // word too ("Re-vealed"): there the word's other joints may all be false ones.
  const first = !short && /^(re|un|de)[^aeiouy][aeiouy]/i.test(word) ? 2 : 3;
  for (let i = short ? 2 : first; i <= word.length - (short ? 2 : 3); i++) {
    const [a, b, c, d] = [word[i - 2], word[i - 1], word[i], word[i + 1]];
    if (![b, c, d].every((ch) => LETTER.test(ch))) continue;
    if (digraph(b, c)) continue;
    // A consonant then a silent "e", "es" or "ed" at the word's end is no syllable ("revea-led";
    // "-ted", "-ded", "-ses", "-ces"... are): at best a looser joint, between two consonants
    // ("Whip-ped": the narrowest cards need that word broken somewhere).
    const silent = /^[^aeiouy](e|ed|es)$/i.test(word.slice(i)) && !/^([td]ed|[szcgx]es)$/i.test(word.slice(i));
    if (!silent && consonant(c) && VOWEL.test(d) && (VOWEL.test(b) || (consonant(b) && VOWEL.test(a)))) joints.push(i);
    else if (digraph(c, d) && starts(c, d) && VOWEL.test(b) && VOWEL.test(word[i + 2] || "")) joints.push(i);
    else if (!LETTER.test(a || "")) continue; // the looser joints want a letter before them too
    else if (consonant(b) && consonant(c) && VOWEL.test(d)) loose.push(i);
    // between a doubled consonant ("Smug-gler")
    else if (consonant(b) && b.toLowerCase() === c.toLowerCase()) loose.push(i);
    // before a digraph that starts a vowel ("Mac-chiato"), else such a word breaks anywhere
    else if (consonant(b) && digraph(c, d) && starts(c, d) && VOWEL.test(word[i + 2] || "")) loose.push(i);
  }
  const candidates = camel.length ? camel : joints.length ? joints : loose;
  if (!candidates.length) return null;
  const middle = word.length / 2;
  return candidates.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
}

/**
 * A short line worth printing under the name: not the name again in other words (a short
 * "7 Gold" under the name "7 of Gold").
 * @param {string|undefined} short
 * @param {string} name
 */
function saysMore(short, name) {
  if (!short) return false;
  const words = (/** @type {string} */ text) => String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
  const inName = new Set(words(name));
  return !words(short).every((w) => inName.has(w));
}

/**
 * A face-up card. `info` is a catalogue entry (catalogue.js `card(id)`): {id, name, text, hue,
 * icon, value, short}; plus `note` (a fact of this table: "as Milk") and `private` (only I see
 * it). The name is always on the face and is the card's accessible name; the effect text is its
 * tooltip and what the details popover shows on tap or focus.
 * @typedef {Partial<import("./types.js").CardInfo> & {id: string, note?: string|null, private?: boolean}} FaceInfo
 * @typedef {{class?: string, attrs?: Record<string, any>, hyphenFrom?: number}} Extra
 */
/**
 * @param {FaceInfo} info
 * @param {Extra} [extra]
 */
export function cardFace(info, extra = {}) {
  const name = info.name ?? String(info.id);
  const hue = info.hue ?? hueOf(String(info.kind || info.id));
  const line = [info.note, saysMore(info.short, name) ? info.short : null].filter(Boolean).join(" · ");
  const hyphenFrom = extra.hyphenFrom ?? (/\bcard-(xs|tiny|mid)\b/.test(extra.class || "") ? 4 : undefined);
  const el = h(
    "div",
    {
      class: `card card-face${info.private ? " private" : ""}${info.known === false ? " unknown" : ""}${extra.class ? ` ${extra.class}` : ""}`,
      style: { "--hue": String(hue) },
      "data-card": info.id,
      title: info.text || name,
      role: "img",
      tabindex: "0",
      "aria-label": name,
      "aria-description": [info.note, info.text].filter(Boolean).join(" ") || null,
      ...(extra.attrs || {}),
    },
    h("div", { class: "card-band" }),
    info.value !== undefined && info.value !== null && info.value !== "" ? h("div", { class: "card-value" }, info.value) : null,
    icon(info.icon, name),
    h("div", { class: "card-name" }, wrappedName(name, hyphenFrom)),
    // The short line wraps like the name: a word wider than a small card breaks at a syllable
    // ("Whip-ped"), not at its last letter ("Whippe/d").
    line ? h("div", { class: "card-rule" }, wrappedName(line, hyphenFrom)) : null,
  );
  return el;
}

/**
 * A face-down card (a deck, an opponent's hidden card). `label` says what it is.
 * @param {string} [label]
 * @param {Extra} [extra]
 */
export function cardBack(label = "face-down card", extra = {}) {
  return h("div", {
    class: `card card-back${extra.class ? ` ${extra.class}` : ""}`,
    role: "img",
    "aria-label": label,
    title: label,
    ...(extra.attrs || {}),
  });
}

/**
 * Several copies of one card: the face, a stack shadow and a count badge.
 * @param {Node} face
 * @param {number} count
 * @param {Extra} [extra]
 */
export function pile(face, count, extra = {}) {
  return h(
    "div",
    { class: `pile${count > 1 ? " many" : ""}`, ...(extra.attrs || {}) },
    face,
    count > 1 ? h("span", { class: "count", "aria-label": `${count} cards` }, `×${count}`) : null,
  );
}

/**
 * A stack of face-down cards with its size: decks, discard piles, removed cards.
 * @param {string} label
 * @param {number} count
 * @param {Extra} [extra]
 */
export function stack(label, count, extra = {}) {
  const top = count > 0 ? cardBack(`${label}: ${count} cards`) : h("div", { class: "card-slot" });
  return h(
    "figure",
    { class: "stack", ...(extra.attrs || {}) },
    h("div", { class: `pile${count > 1 ? " many" : ""}` }, top),
    h("figcaption", {}, h("b", {}, count), ` ${label}`),
  );
}
