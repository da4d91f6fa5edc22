// @ts-check
// Who won, in one set of words for every place that says it (the banner, the summary, the
// standings, the scores, the player panels and breakdowns, the rivals strip).
//
// A player who concedes hands their seat to a bot, which plays it to the end; the seat keeps its
// score and can still win (the server makes no exception: the result is the game's). The win is
// then the bot's, not the player's: "Bot (for Ann, who conceded) wins", and Ann is never told
// "you win". The server names such a seat "Ann (conceded)" (table.py, names), and the games' log
// words its win the same way (engine/words.py, Words.won).

import { playerName } from "./kit.js";

/** @typedef {Pick<import("../types.js").DrawContext, "names"|"seat">} Named */

const CONCEDED = " (conceded)";

/**
 * Whether the seat's player conceded (a bot played it on).
 * @param {Named} ctx
 * @param {number} seat
 */
export function conceded(ctx, seat) {
  return (ctx.names[seat] || "").endsWith(CONCEDED);
}

/**
 * Whether the viewer won in person: their seat won and they played it to the end.
 * @param {Named} ctx
 * @param {number[]} winners
 */
export function iWon(ctx, winners) {
  return ctx.seat !== null && winners.includes(ctx.seat) && !conceded(ctx, ctx.seat);
}

/**
 * A winner as the viewer reads it: "you", "Bob", "Bot (for Ann, who conceded)", "the bot that
 * played on for you".
 * @param {Named} ctx
 * @param {number} seat
 */
export function winnerName(ctx, seat) {
  if (!conceded(ctx, seat)) return seat === ctx.seat ? "you" : playerName(ctx, seat);
  if (seat === ctx.seat) return "the bot that played on for you";
  return `Bot (for ${playerName(ctx, seat).slice(0, -CONCEDED.length)}, who conceded)`;
}

/**
 * Who won, a sentence's start and verb: "you win", "Bob wins", "you and Bob share the win",
 * "Bot (for Ann, who conceded) wins"; "" when nobody did.
 * @param {Named} ctx
 * @param {number[]} winners
 */
export function winnersWords(ctx, winners) {
  if (!winners.length) return "";
  const who = winners.map((w) => winnerName(ctx, w));
  const names = who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : who[0];
  if (who.length > 1) return `${names} share the win`;
  return `${names} ${who[0] === "you" ? "win" : "wins"}`;
}

/**
 * The mark beside a winner's name or score: "winner", or "won by the bot" for a seat a bot
 * played on after its player conceded.
 * @param {Named} ctx
 * @param {number} seat
 */
export function winnerMark(ctx, seat) {
  return conceded(ctx, seat) ? "won by the bot" : "winner";
}

/** @param {string} text */
export function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
