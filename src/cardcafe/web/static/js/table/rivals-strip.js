// @ts-check
// The rivals on a phone or a tablet (up to 980 px wide): a strip that scrolls sideways
// (boards.css), where they stood one under another and put my own cards and the prompt below
// all of them (at six players Monster Diner drew my mat some 1,900 px down a phone's page,
// Monster's Coffee my hand 1,600 px at five; 1,650 px down a 768x1024 tablet's). On a phone
// one rival a swipe at Monster Diner and Monster's Coffee, two and a part at the games of small
// face-down hands; on a tablet two, and three and a part. Over the strip a row of the rivals, each one's initial in their colour and their
// points, says how many there are and which are in sight, marks whose turn it is and each rival
// a move of mine goes to, and brings a rival into sight at a tap. On a desktop that row is
// hidden and the rivals keep the game's own layout.

import { calmScroll, h } from "../dom.js";
import { avatar, playerName, scoreWords, seatHue } from "../games/kit.js";
import { winnerMark } from "../games/winners.js";

/**
 * Put the row of the rivals over the rivals' area the game module drew (`.opponents`), when
 * it holds two rivals or more.
 * @param {HTMLElement} board
 * @param {import("../types.js").DrawContext} ctx
 */
export function addRivalsRow(board, ctx) {
  const strip = /** @type {HTMLElement|null} */ (board.querySelector(".opponents"));
  if (!strip) return;
  const panels = /** @type {HTMLElement[]} */ ([...strip.querySelectorAll(":scope > .seat-other[data-seat]")]);
  if (panels.length < 2) return;
  strip.classList.add("rivals-strip");
  const scores = ctx.view.scores || [];
  const winners = ctx.view.is_over ? ctx.view.winners || [] : [];
  const chips = panels.map((panel) => {
    const seat = Number(panel.dataset.seat);
    const name = playerName(ctx, seat);
    const turn = !ctx.view.is_over && ctx.view.current_player === seat;
    const won = winners.includes(seat);
    const points = scores[seat];
    return h(
      "button",
      {
        type: "button",
        class: `rival-chip${turn ? " turn" : ""}${won ? " won" : ""}`,
        "data-seat": seat,
        style: { "--seat-hue": String(seatHue(seat)) },
        title: name,
        "aria-label": `${name}${turn ? ", to play" : ""}${won ? `, ${winnerMark(ctx, seat)}` : ""}${points !== undefined && points !== null ? `, ${scoreWords(ctx, points)}` : ""}`,
        onclick: () => panel.scrollIntoView({ behavior: calmScroll(), block: "nearest", inline: "start" }),
      },
      avatar(ctx, seat),
      points !== undefined && points !== null ? h("b", { "aria-hidden": "true" }, String(points)) : null,
    );
  });
  const who = ctx.seat === null ? "players" : "rivals";
  const row = h(
    "nav",
    { class: "rivals-row", "data-rivals": panels.length, "aria-label": `The ${panels.length} ${who}: swipe the row under this one, or tap one here` },
    chips,
  );
  strip.before(row);
  /** Which rivals the strip shows now (half of their panel or more). */
  const mark = () => {
    const seen = strip.getBoundingClientRect();
    panels.forEach((panel, i) => {
      const box = panel.getBoundingClientRect();
      const shown = Math.min(box.right, seen.right) - Math.max(box.left, seen.left);
      chips[i].classList.toggle("in-sight", shown >= box.width / 2);
    });
  };
  // (Scroll events come once a frame; the first marking waits for the table's layout, and for
  // the strip's place kept across the redraw: board.js.)
  strip.addEventListener("scroll", mark, { passive: true });
  requestAnimationFrame(() => {
    showWinner(strip, panels, winners, JSON.stringify([ctx.names, scores, winners]));
    mark();
  });
}

/** The game's end whose winner the strip was last brought to (once: then it is the player's). */
let winnerShownFor = "";

/**
 * At the game's end, the first winning rival's panel brought into sight in the strip (it could
 * lie scrolled out of it, and the end did not show who won), unless it is in sight already.
 * Only the strip scrolls, never the page.
 * @param {HTMLElement} strip
 * @param {HTMLElement[]} panels
 * @param {number[]} winners
 * @param {string} end which game end this is
 */
function showWinner(strip, panels, winners, end) {
  const panel = panels.find((p) => winners.includes(Number(p.dataset.seat)));
  if (!panel || winnerShownFor === end) return;
  winnerShownFor = end;
  const seen = strip.getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  if (box.left >= seen.left - 1 && box.right <= seen.right + 1) return;
  strip.scrollTo({ left: strip.scrollLeft + box.left - seen.left - 3, behavior: "instant" });
}

/**
 * Mark, in the row of the rivals, each rival a move of mine goes to (a place of theirs glows
 * on the table, maybe out of sight in the strip). Called once the table's moves are marked.
 * @param {HTMLElement} board
 */
export function markRivalsWithMoves(board) {
  for (const chip of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll(".rival-chip[data-seat]"))) {
    const panel = board.querySelector(`.opponents > .seat-other[data-seat="${chip.dataset.seat}"]`);
    chip.classList.toggle("has-move", Boolean(panel && (panel.matches(".actionable") || panel.querySelector(".actionable"))));
  }
}
