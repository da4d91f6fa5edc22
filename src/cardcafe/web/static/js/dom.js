// @ts-check
// Tiny DOM helpers shared by every page: build elements, show toasts.

/**
 * What h() takes as children: nodes, words and numbers, lists of them; null, undefined and
 * false are left out.
 * @typedef {Node|string|number|boolean|null|undefined|Child[]} Child
 */

/**
 * Attributes: `on<event>` functions become listeners, `dataset` and `style` objects are
 * assigned, `true` is an empty attribute; null, undefined and false are left out.
 * @typedef {Record<string, any>} Attrs
 */

/** @typedef {"svg"|"path"|"circle"|"rect"|"ellipse"|"polygon"|"line"|"g"} SvgTag */
const SVG_TAGS = ["svg", "path", "circle", "rect", "ellipse", "polygon", "line", "g"];

/**
 * h("div", {class: "x", onclick: f}, child, "text", [more]) -> an element (an HTML element
 * of that tag, or an SVG element for the SVG tags).
 * @template {keyof HTMLElementTagNameMap | SvgTag} K
 * @param {K} tag
 * @param {Attrs|null} [attrs]
 * @param {...Child} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : SVGElement}
 */
export function h(tag, attrs = {}, ...children) {
  const isSvg = SVG_TAGS.includes(tag);
  const el = isSvg
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(/** @type {HTMLElement|SVGElement} */ (el).dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) /** @type {HTMLElement|SVGElement} */ (el).style.setProperty(prop, v);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return /** @type {any} */ (el);
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * An element the page's template always has (a missing one is a bug in the page, said so).
 * The caller may name its kind: `/** @type {HTMLInputElement} *\/ (byId("name"))`.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`this page has no #${id}`);
  return /** @type {T} */ (el);
}

/**
 * Empty an element; returns it.
 * @template {Node} T
 * @param {T} el
 * @returns {T}
 */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/**
 * A short message at the corner of the page, gone after `ms`.
 * @param {string} message
 * @param {"info"|"error"} [kind]
 * @param {number} [ms]
 */
export function toast(message, kind = "info", ms = 3500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(item);
  setTimeout(() => item.remove(), ms);
}

// "ice-cream-man" -> "Ice cream man": a readable name for any identifier.
/** @param {string|number} id */
export function humanize(id) {
  const text = String(id).replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A stable hue (0-359) for any string, so a card type keeps its colour everywhere.
/** @param {string|number} text */
export function hueOf(text) {
  let hash = 0;
  for (const ch of String(text)) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/**
 * How to scroll for the player: smoothly, unless they asked for less motion.
 * @returns {ScrollBehavior}
 */
export function calmScroll() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}
