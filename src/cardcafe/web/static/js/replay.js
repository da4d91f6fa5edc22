// @ts-check
// A finished game, turn by turn, as one viewer saw it: the server's replay (a seat's replay
// with its token, else the public one) drawn by the same game module as the live table.
// The server sends one step per version, each with the turn it belongs to; the controls stop
// at the end of each turn (a move of several decisions is one stop), the slider too.

import { clear, h } from "./dom.js";

/**
 * @typedef {{version: number, turn: number, view: import("./types.js").View, log: import("./types.js").LogEvent[]}} ReplayStep
 * @typedef {{seat?: number|null, names?: string[], steps: ReplayStep[]}} ReplayData
 * @typedef {Omit<import("./types.js").DrawContext, "catalogue"|"card"|"term">} ReplayContext
 */

/** @typedef {"first"|"back"|"play"|"pause"|"forward"|"last"} IconName */

// Icons as inline SVG: no font has to carry a glyph for them (Debian's Chromium did not).
const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  back: "M18 4v16L7 12z",
  play: "M6 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M6 4v16l11-8z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z",
};

/** @param {IconName} name */
function icon(name) {
  return h("svg", { viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true", class: "icon" }, h("path", { d: ICONS[name], fill: "currentColor" }));
}

/** A small clock face for the turn timer. */
export function clockIcon() {
  return h(
    "svg",
    { viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true", class: "icon" },
    h("circle", { cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    h("path", { d: "M12 9v4l3 2M9 2h6", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }),
  );
}

export class Replay {
  /**
   * @param {ReplayData} data
   * @param {(ctx: ReplayContext) => void} draw draws one step
   * @param {() => void} onExit
   */
  constructor(data, draw, onExit) {
    this.steps = data.steps || [];
    this.seat = data.seat ?? null;
    this.names = data.names || [];
    // The steps the controls stop at: the deal, then the last step of every turn.
    this.stops = this.steps
      .map((step, i) => i)
      .filter((i) => i === 0 || i === this.steps.length - 1 || this.steps[i + 1].turn !== this.steps[i].turn);
    this.at = this.stops.length - 1; // index into stops
    this.draw = draw;
    this.onExit = onExit;
    /** @type {number|undefined} */
    this.timer = undefined;
    /** @type {HTMLElement|null} */
    this.bar = null;
  }

  get index() {
    return this.stops[this.at];
  }

  /** "turn 3 of 41"; the deal is "the deal (41 turns, 123 moves)". */
  position() {
    const last = this.stops.length - 1;
    // A turn is one player's moves in a row (three cards placed, a draw then a play): "(29
    // turns)" alone, beside a log of 33 moves, was taken for a mistake. Both counts, named.
    const moves = this.steps.length - 1; // a step per move, after the deal
    const count = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    return this.at === 0 ? `the deal (${count(last, "turn")}, ${count(moves, "move")})` : `turn ${this.at} of ${last}`;
  }

  // The context a game module draws: the view at this step, and every event seen up to it.
  /** @returns {ReplayContext} */
  context() {
    const step = this.steps[this.index];
    const log = this.steps.slice(0, this.index + 1).flatMap((s) => s.log || []);
    return { view: step.view, seat: this.seat, names: this.names, legal: [], status: "replay", log };
  }

  /** @param {number} at the stop to show (clamped to the first and the last) */
  go(at) {
    this.at = Math.max(0, Math.min(this.stops.length - 1, at));
    this.update();
    this.draw(this.context());
  }

  first() {
    this.go(0);
  }

  toggle() {
    if (this.timer) {
      this.stop();
    } else {
      if (this.at >= this.stops.length - 1) this.at = 0;
      this.timer = window.setInterval(() => {
        if (this.at >= this.stops.length - 1) this.stop();
        else this.go(this.at + 1);
      }, 900);
      this.update();
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.update();
  }

  // The control bar: first, back, play/pause, forward, last, a slider, and leave.
  element() {
    const slider = h("input", {
      type: "range",
      min: 0,
      max: Math.max(0, this.stops.length - 1),
      value: this.at,
      "aria-label": "turn of the replay",
      id: "replay-slider",
      oninput: (/** @type {Event} */ e) => {
        this.stop();
        this.go(Number(/** @type {HTMLInputElement} */ (e.target).value));
      },
    });
    /**
     * @param {IconName} name
     * @param {string} title
     * @param {() => void} fn
     * @param {string} id
     */
    const button = (name, title, fn, id) =>
      h("button", { class: "btn btn-small btn-icon", type: "button", title, "aria-label": title, id, onclick: fn }, icon(name));
    const bar = h(
      "section",
      { class: "replay-bar", id: "replay-bar", "aria-label": "replay controls" },
      h("strong", {}, "Replay"),
      button("first", "the deal", () => { this.stop(); this.go(0); }, "replay-first"),
      button("back", "previous turn", () => { this.stop(); this.go(this.at - 1); }, "replay-back"),
      button("play", "play", () => this.toggle(), "replay-play"),
      button("forward", "next turn", () => { this.stop(); this.go(this.at + 1); }, "replay-forward"),
      button("last", "the end", () => { this.stop(); this.go(this.stops.length - 1); }, "replay-last"),
      slider,
      h("span", { class: "replay-pos", id: "replay-pos" }),
      h("button", { class: "btn btn-small", type: "button", id: "replay-exit", onclick: () => { this.stop(); this.onExit(); } }, "Back to the table"),
    );
    this.bar = bar;
    this.update();
    return bar;
  }

  update() {
    if (!this.bar) return;
    const slider = /** @type {HTMLInputElement} */ (this.bar.querySelector("#replay-slider"));
    slider.value = String(this.at);
    clear(/** @type {HTMLElement} */ (this.bar.querySelector("#replay-pos"))).append(this.position());
    const play = /** @type {HTMLButtonElement} */ (this.bar.querySelector("#replay-play"));
    clear(play).append(icon(this.timer ? "pause" : "play"));
    play.title = this.timer ? "pause" : "play";
    play.setAttribute("aria-label", play.title);
  }
}
