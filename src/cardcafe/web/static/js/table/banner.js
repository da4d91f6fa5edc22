// @ts-check
// The banner above the table: whose turn it is and what the game asks, the pending decision's
// name, a notice about the last moves, and the time left for this move; or why nothing can be
// played (waiting for players, expired, paused on a round end, over).

import { clear, h } from "../dom.js";
import { avatar, playerName } from "../games/kit.js";
import { winnersWords } from "../games/winners.js";
import { clockIcon } from "../replay.js";
import { byId } from "./page.js";
import { marginWords } from "./standings.js";
import { waysOn } from "./ways-on.js";

/**
 * Draw the banner for the live table.
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 * @param {import("../types.js").DrawContext} ctx
 * @param {boolean} mine this page's seat is to play
 * @param {boolean} over
 */
export function renderBanner(state, commands, ctx, mine, over) {
  const snap = state.snapshot;
  if (!snap) return;
  const view = snap.view;
  const who = clear(byId("banner-who"));
  const prompt = clear(byId("banner-prompt"));
  const banner = byId("banner");
  clearInterval(state.deadlineTimer);
  banner.dataset.kind = over ? "over" : mine ? "mine" : "theirs";
  if (snap.status === "open") {
    who.append("Waiting for everyone to sit down…");
    prompt.append("The game starts as soon as every human seat is taken.");
    return;
  }
  if (snap.status === "expired") {
    who.append("This table expired");
    prompt.append("Nobody sat down at it for a long time. ", h("a", { href: "/" }, "Start a new table in the lobby."));
    return;
  }
  if (over) {
    const winners = (view && view.winners) || [];
    // Who won and by how much, the first thing on a phone's screen (standings.js).
    const margin = view ? marginWords(ctx) : "";
    who.append(
      winners.length
        ? `Game over · ${winnersWords(ctx, winners)}${margin ? ` ${margin}` : ""}!`
        : "Game over",
    );
    // What the summary offers, still here once it is closed ("Look at the table"): the
    // banner offered only the replay, and a player had no way on but the site's logo.
    prompt.append(waysOn(state, commands, "banner-next"));
    return;
  }
  const current = view ? view.current_player : null;
  if (state.paused) {
    who.append((view && view.breakdown_title) || "The round is over");
    prompt.append("Read the scores, then go on to the next round.");
    return;
  }
  if (mine) {
    who.append(h("span", { class: "pulse" }), "Your turn");
    if (view && view.prompt) prompt.append(view.prompt);
    const step = state.game.step ? state.game.step(ctx) : "";
    if (step) prompt.append(h("small", { class: "step" }, step));
  } else if (current !== null && current !== undefined) {
    who.append(avatar(ctx, current), `${playerName(ctx, current)} is playing…`);
    if (ctx.seat === null) prompt.append("You are watching this table.");
  }
  if (snap.notice) prompt.append(h("p", { class: "notice", id: "table-notice", role: "status" }, snap.notice));
  // The pending decision, as the game names it.
  if (view && view.phase) who.append(h("span", { class: "phase-tag", id: "phase-tag", title: "what the game is waiting for" }, view.phase));
  const deadline = snap.deadline;
  if (deadline) {
    const time = h("span", { class: "clock-time" });
    const clock = h("span", { class: "clock", title: "time left for this move" }, clockIcon(), time);
    prompt.append(clock);
    const tick = () => {
      const left = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
      time.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    };
    tick();
    state.deadlineTimer = window.setInterval(tick, 1000);
  }
}

/**
 * Draw the banner for one step of a replay.
 * @param {import("../types.js").DrawContext} ctx
 * @param {string} position "turn 3 of 41"
 */
export function renderReplayBanner(ctx, position) {
  const view = ctx.view;
  const who = clear(byId("banner-who"));
  const prompt = clear(byId("banner-prompt"));
  byId("banner").dataset.kind = "replay";
  who.append(`Replay · ${position}`);
  if (view.is_over) prompt.append("The end of the game.");
  else if (view.current_player !== null && view.current_player !== undefined) {
    prompt.append(avatar(ctx, view.current_player), ` ${playerName(ctx, view.current_player)} to play`);
  }
}
