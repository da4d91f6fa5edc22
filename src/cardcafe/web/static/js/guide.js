// @ts-check
// The player guide page: every card the guide names becomes its picture. A card that starts a
// list item (a power, a special card, a scoring rule) gets its card face beside the line; a card
// named in a sentence gets a small picture before its name. Tap or click any of them to read the
// card's own text. The cards come from the game's catalogue, embedded in the page by the server
// under the reader's options, so the names are the ones their table uses.

import { cardFace, icon, softHyphens } from "./cards.js";
import { h } from "./dom.js";

/** @typedef {import("./cards.js").FaceInfo & {name: string, in_deck?: boolean, in_play?: boolean}} GuideCard */

/** @type {Record<string, Record<string, any>>} */
const catalogue = JSON.parse(document.getElementById("guide-cards")?.textContent || "{}");

/**
 * A card of the catalogue by id, or null.
 * @param {string|undefined} key
 * @returns {GuideCard|null}
 */
function info(key) {
  if (key === undefined) return null;
  const entry = catalogue[key];
  return entry ? /** @type {GuideCard} */ ({ ...entry, id: key }) : null;
}

/**
 * Not dealt in this game: a Battle Pack item left out, a family not on the Menu coffee.
 * @param {GuideCard} card
 */
function dealt(card) {
  return card.in_deck !== false && card.in_play !== false;
}

/**
 * The card-ref that opens an item of a list, if the item starts with one.
 * @param {Element} li
 * @returns {Element|null}
 */
function leadingRef(li) {
  let first = li.firstChild;
  while (first && first.nodeType === Node.TEXT_NODE && !(first.textContent || "").trim()) first = first.nextSibling;
  if (first instanceof Element && first.nodeName === "P") return leadingRef(first);
  return first instanceof Element && first.classList.contains("card-ref") ? first : null;
}

// -- the card peek: one card's face and text, on tap or click ------------------------------
const peek = h("aside", { class: "card-peek", role: "dialog", "aria-label": "Card", hidden: true });
document.body.append(peek);
/** @type {HTMLElement|null} the element that opened the peek (focus goes back to it) */
let peekFrom = null;

/**
 * @param {GuideCard} card
 * @param {HTMLElement} from
 */
function showPeek(card, from) {
  peek.replaceChildren(
    cardFace(card),
    h("div", { class: "peek-words" }, h("h3", {}, card.name), h("p", {}, card.text || "")),
    h("button", { class: "btn btn-small peek-close", type: "button", "aria-label": "Close", onclick: hidePeek }, "Close"),
  );
  peek.hidden = false;
  peekFrom = from;
  /** @type {HTMLButtonElement|null} */ (peek.querySelector(".peek-close"))?.focus({ preventScroll: true });
}

function hidePeek() {
  if (peek.hidden) return;
  peek.hidden = true;
  if (peekFrom) peekFrom.focus({ preventScroll: true });
  peekFrom = null;
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") hidePeek();
});
document.addEventListener("click", (e) => {
  const target = e.target instanceof Element ? e.target : null;
  if (!peek.hidden && !peek.contains(target) && !target?.closest("[data-card]")) hidePeek();
});

/**
 * @param {HTMLElement} el
 * @param {GuideCard} card
 */
function opensPeek(el, card) {
  el.addEventListener("click", (e) => {
    e.preventDefault();
    showPeek(card, el);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      showPeek(card, el);
    }
  });
}

// -- drawing -------------------------------------------------------------------------------
// The key cards: each face (picture only) over its name, which wraps freely below it.
function drawGlance() {
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".glance-card[data-card]"))) {
    const card = info(li.dataset.card);
    if (!card) continue;
    const face = cardFace(card, { class: "card-glance" });
    opensPeek(face, card);
    li.replaceChildren(face, h("span", { class: "glance-name", "aria-hidden": "true" }, softHyphens(card.name)));
  }
}

/**
 * @param {HTMLLIElement} li
 * @param {HTMLElement} ref
 * @param {GuideCard} card
 */
function drawListed(li, ref, card) {
  const face = cardFace(card, { class: "card-listed" });
  opensPeek(face, card);
  li.classList.add("card-item");
  li.closest("ul, ol")?.classList.add("card-list");
  if (!dealt(card)) {
    li.classList.add("not-dealt");
    ref.after(h("span", { class: "not-dealt-tag" }, "not in this game"));
  }
  const words = h("div", { class: "card-item-words" }, ...li.childNodes);
  li.replaceChildren(face, words);
  ref.classList.add("card-ref-lead");
}

/**
 * The picture stays on the line of the name's first word.
 * @param {HTMLElement} ref
 * @param {GuideCard} card
 */
function drawInline(ref, card) {
  ref.style.setProperty("--hue", String(card.hue ?? 30));
  const [first, ...rest] = (ref.textContent || "").split(" ");
  ref.replaceChildren(h("span", { class: "nowrap" }, icon(card.icon, card.name), first), rest.length ? ` ${rest.join(" ")}` : "");
  ref.setAttribute("role", "button");
  ref.setAttribute("tabindex", "0");
  ref.setAttribute("aria-label", `${card.name}: show the card`);
  opensPeek(ref, card);
}

function drawGuide() {
  for (const ref of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".guide-body .card-ref[data-card]"))) {
    const card = info(ref.dataset.card);
    if (!card) continue;
    const li = ref.closest("li");
    if (li && leadingRef(li) === ref && !li.classList.contains("card-item")) drawListed(li, ref, card);
    else drawInline(ref, card);
  }
}

drawGlance();
drawGuide();
