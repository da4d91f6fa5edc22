// A finished game, step by step, as one viewer saw it: the server's replay (a seat's replay
// with its token, else the public one) drawn by the same game module as the live table.

import { clear, h } from "./dom.js";

export class Replay {
  // data: {seat, names, steps: [{version, view, log}]}; draw(ctx) draws one step.
  constructor(data, draw, onExit) {
    this.steps = data.steps || [];
    this.seat = data.seat ?? null;
    this.names = data.names || [];
    this.index = this.steps.length - 1;
    this.draw = draw;
    this.onExit = onExit;
    this.timer = null;
    this.bar = null;
  }

  // The context a game module draws: the view at this step, and every event seen up to it.
  context() {
    const step = this.steps[this.index];
    const log = this.steps.slice(0, this.index + 1).flatMap((s) => s.log || []);
    return { view: step.view, seat: this.seat, names: this.names, legal: [], status: "replay", log };
  }

  go(index) {
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.update();
    this.draw(this.context());
  }

  toggle() {
    if (this.timer) {
      this.stop();
    } else {
      if (this.index >= this.steps.length - 1) this.index = 0;
      this.timer = setInterval(() => {
        if (this.index >= this.steps.length - 1) this.stop();
        else this.go(this.index + 1);
      }, 700);
      this.update();
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.update();
  }

  // The control bar: first, back, play/pause, forward, last, a slider, and leave.
  element() {
    const slider = h("input", {
      type: "range",
      min: 0,
      max: Math.max(0, this.steps.length - 1),
      value: this.index,
      "aria-label": "step of the replay",
      id: "replay-slider",
      oninput: (e) => {
        this.stop();
        this.go(Number(e.target.value));
      },
    });
    const button = (label, title, fn, id) =>
      h("button", { class: "btn btn-small", type: "button", title, "aria-label": title, id, onclick: fn }, label);
    this.bar = h(
      "section",
      { class: "replay-bar", id: "replay-bar", "aria-label": "replay controls" },
      h("strong", {}, "Replay"),
      button("⏮", "first step", () => { this.stop(); this.go(0); }),
      button("◀", "step back", () => { this.stop(); this.go(this.index - 1); }, "replay-back"),
      button("▶", "play", () => this.toggle(), "replay-play"),
      button("▶|", "step forward", () => { this.stop(); this.go(this.index + 1); }, "replay-forward"),
      button("⏭", "last step", () => { this.stop(); this.go(this.steps.length - 1); }),
      slider,
      h("span", { class: "replay-pos", id: "replay-pos" }),
      button("Back to the table", "leave the replay", () => { this.stop(); this.onExit(); }, "replay-exit"),
    );
    this.update();
    return this.bar;
  }

  update() {
    if (!this.bar) return;
    this.bar.querySelector("#replay-slider").value = String(this.index);
    const pos = this.bar.querySelector("#replay-pos");
    clear(pos).append(`move ${this.index} of ${this.steps.length - 1}`);
    this.bar.querySelector("#replay-play").textContent = this.timer ? "❚❚" : "▶";
  }
}
