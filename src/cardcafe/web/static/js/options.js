// @ts-check
// One game option as the lobby offers it: its label, a one-line explanation, and an input
// whose choices say what they mean (all words from /api/games, i.e. `Game.option_texts()`).

import { h, humanize } from "./dom.js";

/**
 * @typedef {{type: string, default: any, choices?: any[], label?: string, help?: string,
 *            choice_texts?: Object<string, string>, min?: number, max?: number|null,
 *            item_texts?: Object<string, string>, count?: number}} OptionSpec
 */

/**
 * The words for one choice: the game's, else the value itself ("Standard" for none).
 * @param {OptionSpec} spec
 * @param {any} value
 */
export function choiceText(spec, value) {
  const key = JSON.stringify(value);
  const texts = spec.choice_texts || {};
  if (texts[key]) return texts[key];
  if (value === null) return "Standard (the game decides)";
  if (value === true) return "Yes";
  if (value === false) return "No";
  return typeof value === "string" ? humanize(value) : String(value);
}

/**
 * A form row for option `name`: label, input, and the help line under them.
 * @param {string} name
 * @param {OptionSpec} spec
 * @returns {HTMLElement} the row; `dataset.kind` is "choice", "bool", "number" or "text"
 */
export function optionRow(name, spec) {
  const id = `opt-${name}`;
  const helpId = `${id}-help`;
  // A field left empty means the game's default: its words say which under the field ("Left
  // empty: 20 points with 2 players, 15 with 3, as the rulebook says"), where the placeholder's "the game
  // decides" told a newcomer nothing of how long the game would run (and was cut in a narrow
  // field: "the ga...").
  const empty = spec.default === null && !spec.choices?.length ? (spec.choice_texts || {}).null : null;
  const placeholder = spec.default !== null ? "" : empty ? "default" : "the game decides";
  const described = spec.help || empty ? helpId : null;
  let input;
  let kind;
  if (spec.item_texts) {
    // A list to tick its items in ("Your own five families"): at most `count` of them.
    return h(
      "div",
      { class: "form-row option-row", "data-kind": "items" },
      h("span", { class: "option-label", id: `${id}-label` }, spec.label || name),
      spec.help ? h("p", { class: "option-help", id: helpId }, spec.help) : null,
      itemBoxes(id, name, spec, described),
    );
  }
  if (Array.isArray(spec.choices) && spec.choices.length) {
    kind = "choice";
    input = h(
      "select",
      { id, "data-option": name, "aria-describedby": described },
      spec.choices.map((c) => h("option", { value: JSON.stringify(c) }, choiceText(spec, c))),
    );
    input.value = JSON.stringify(spec.default);
    if (input.selectedIndex < 0) input.selectedIndex = 0; // never an empty dropdown
  } else if (spec.type === "bool" || typeof spec.default === "boolean") {
    kind = "bool";
    input = h("input", { id, type: "checkbox", "data-option": name, checked: Boolean(spec.default), "aria-describedby": described });
  } else if (spec.type === "int" || spec.type === "float" || typeof spec.default === "number") {
    kind = "number";
    input = h("input", {
      id,
      type: "number",
      "data-option": name,
      value: spec.default ?? "",
      step: spec.type === "float" ? "any" : "1",
      min: spec.min ?? null,
      max: spec.max ?? null,
      placeholder,
      "aria-describedby": described,
    });
  } else {
    kind = "text";
    input = h("input", { id, type: "text", "data-option": name, value: spec.default ?? "", placeholder, "aria-describedby": described });
  }
  const row = h(
    "div",
    { class: "form-row option-row", "data-kind": kind },
    h("label", { for: id }, spec.label || name),
    input,
    spec.help || empty
      ? h("p", { class: "option-help", id: helpId }, [spec.help || "", empty ? ` Left empty: ${empty}.` : ""].join("").trim())
      : null,
  );
  row.dataset.kind = kind;
  return row;
}

/**
 * The boxes of a list option, one per item, with a line that counts them; once `count` are
 * ticked the others wait.
 * @param {string} id
 * @param {string} name
 * @param {OptionSpec} spec
 * @param {string|null} described
 */
function itemBoxes(id, name, spec, described) {
  const count = spec.count || 0;
  const tally = h("p", { class: "option-tally", "aria-live": "polite" });
  const group = h("div", { id, class: "option-items", role: "group", "data-option": name, "aria-labelledby": `${id}-label`, "aria-describedby": described });
  const boxes = Object.entries(spec.item_texts || {}).map(([item, words]) => {
    const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", value: item, onchange: () => update() }));
    group.append(h("label", { class: "option-item" }, box, " ", words));
    return box;
  });
  const update = () => {
    const ticked = boxes.filter((b) => b.checked).length;
    for (const box of boxes) box.disabled = count > 0 && ticked >= count && !box.checked;
    const none = (spec.choice_texts || {}).null;
    tally.textContent = ticked === 0 && none ? `None ticked: ${none}.` : count ? `${ticked} of ${count} ticked.` : `${ticked} ticked.`;
  };
  update();
  return h("div", { class: "option-items-box" }, group, tally);
}

/**
 * The value an option input holds, as JSON would carry it.
 * @param {HTMLElement} input
 */
export function readOption(input) {
  if (input.classList.contains("option-items")) {
    const ticked = [.../** @type {NodeListOf<HTMLInputElement>} */ (input.querySelectorAll("input:checked"))].map((box) => box.value);
    return ticked.length ? ticked : null;
  }
  if (input instanceof HTMLSelectElement) return input.value === "" ? null : JSON.parse(input.value);
  if (!(input instanceof HTMLInputElement)) return null;
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value === "" ? null : Number(input.value);
  return input.value === "" ? null : input.value;
}
