// @ts-check
// One game option as the lobby offers it: its label, a one-line explanation, and an input
// whose choices say what they mean (all words from /api/games, i.e. `Game.option_texts()`).

import { h, humanize } from "./dom.js";

/**
 * @typedef {{type: string, default: any, choices?: any[], label?: string, help?: string,
 *            choice_texts?: Object<string, string>}} OptionSpec
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
  const described = spec.help ? helpId : null;
  let input;
  let kind;
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
      placeholder: spec.default === null ? "the game decides" : "",
      "aria-describedby": described,
    });
  } else {
    kind = "text";
    input = h("input", { id, type: "text", "data-option": name, value: spec.default ?? "", placeholder: spec.default === null ? "the game decides" : "", "aria-describedby": described });
  }
  const row = h(
    "div",
    { class: "form-row option-row", "data-kind": kind },
    h("label", { for: id }, spec.label || name),
    input,
    spec.help ? h("p", { class: "option-help", id: helpId }, spec.help) : null,
  );
  row.dataset.kind = kind;
  return row;
}

/**
 * The value an option input holds, as JSON would carry it.
 * @param {HTMLInputElement|HTMLSelectElement} input
 */
export function readOption(input) {
  if (input.tagName === "SELECT") return input.value === "" ? null : JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value === "" ? null : Number(input.value);
  return input.value === "" ? null : input.value;
}
