// @ts-check
// The panels beside the table: the scores (with who is online, how long an absent player has
// been away, and the button to let a bot play their seat) and the game's log.

import { api } from "../api.js";
import { clear, h, toast } from "../dom.js";
import { avatar, playerName, seatHue } from "../games/kit.js";
import { conceded } from "../games/winners.js";
import { awayFor } from "../presence.js";
import { byId } from "./page.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("../types.js").DrawContext} DrawContext */

/**
 * One line per seat: presence, name, points; the seat to play and the winners marked.
 * @param {TableState} state
 * @param {DrawContext} ctx
 * @param {boolean} over
 */
export function renderScores(state, ctx, over) {
  const list = byId("score-list");
  clear(list);
  const view = ctx.view;
  if (!view) return;
  const points = view.scores || null;
  const winners = view.winners || [];
  for (let seat = 0; seat < view.players; seat++) {
    list.append(
      h(
        "li",
        {
          class: `${seat === view.current_player && !over ? "turn" : ""}${winners.includes(seat) ? ` won${conceded(ctx, seat) ? " won-by-bot" : ""}` : ""}${seat === ctx.seat ? " me" : ""}`,
          style: { "--seat-hue": String(seatHue(seat)) },
          "data-seat": seat,
        },
        presenceDot(state, seat),
        avatar(ctx, seat),
        h("span", { class: "score-name" }, playerName(ctx, seat), seat === ctx.seat ? h("small", {}, " (you)") : null, awayLine(state, seat, over)),
        h("b", { class: "score-points" }, points ? String(points[seat]) : ""),
      ),
    );
  }
  byId("scores-title").textContent = over ? "Final scores" : "Scores";
  // What the numbers count and how the game is won, in the game's words (its catalogue's
  // "scoring"): a score alone says nothing to a newcomer.
  const how = byId("scores-how");
  const scoring = ctx.catalogue?.scoring;
  how.textContent = typeof scoring === "string" ? scoring : "";
  how.hidden = !how.textContent;
}

/**
 * The game's log, the last 150 lines (drawn again only when it grew or `state.logLength` is -1).
 * @param {TableState} state
 * @param {DrawContext} ctx
 */
export function renderLog(state, ctx) {
  const log = byId("log");
  if (ctx.log.length === state.logLength) return;
  state.logLength = ctx.log.length;
  clear(log);
  for (const event of ctx.log.slice(-150)) {
    const actor = event.actor;
    log.append(
      h(
        "li",
        { style: actor !== null && actor !== undefined ? { "--seat-hue": String(seatHue(actor)) } : {} },
        actor !== null && actor !== undefined ? avatar(ctx, actor) : h("span", { class: "avatar table-avatar", title: "the table" }),
        h("span", { class: "log-text" }, event.text),
      ),
    );
  }
  log.scrollTop = log.scrollHeight;
}

/**
 * A seat's presence: online, offline, or a bot plays it (none during a replay).
 * @param {TableState} state
 * @param {number} seat
 */
function presenceDot(state, seat) {
  const info = state.presence && state.presence.seat(seat);
  if (!info || state.replay) return null;
  const words = { online: "online", offline: "offline", bot: "a bot plays" }[info.presence] || info.presence;
  return h("i", { class: `presence-dot ${info.presence}`, "data-presence": info.presence, title: words, role: "img", "aria-label": words });
}

/**
 * Under an absent player's name: how long they have been away, and, once the wait is over,
 * a button for the others to let a bot play their seat until they come back.
 * @param {TableState} state
 * @param {number} seat
 * @param {boolean} over
 */
function awayLine(state, seat, over) {
  const { presence, snapshot: snap, token, tableId } = state;
  const info = presence && presence.seat(seat);
  if (!presence || !info || info.presence !== "offline" || over || state.replay || !info.taken) return null;
  const line = h("small", { class: "away" }, ` · away ${awayFor(info.away_seconds)}`);
  if (info.can_hand_to_bot && token && snap && snap.seat !== null && snap.seat !== seat) {
    line.append(
      " ",
      h(
        "button",
        {
          class: "btn btn-small hand-to-bot",
          type: "button",
          "data-seat": seat,
          onclick: async () => {
            try {
              await api.handToBot(tableId, seat, token);
              toast("A bot plays that seat until its player is back.");
              presence.refresh();
            } catch (err) {
              toast(err instanceof Error ? err.message : String(err), "error");
            }
          },
        },
        "Let a bot play",
      ),
    );
  }
  return line;
}
