// @ts-check
// Monster Rejects's table: the play pile in the middle (its top card, the realm and value to
// beat, how many cards lie under it), the deck to draw from, the graveyard as a stack, and the
// Chaos cards in force with their text; the opponents' hands face down across the table, my
// hand at the bottom. Cards are played by clicking them in my hand; the deck draws; a player is
// targeted by clicking their panel; the other choices are buttons on the table.
// View keys from src/cardcafe/games/monster_rejects/state.py `_view`.

import { cardBack, cardFace, stack } from "../cards.js";
import { h } from "../dom.js";
import { lastMoveLine, markArrivals, onlyYou, othersThenMe, playerName, seatPanel } from "./kit.js";
import { questionInSight } from "./question-in-sight.js";

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").LegalAction} LegalAction */

// Moves made with a card of my hand.
const HAND_MOVES = new Set(["play-chaos", "play-realm", "play-item", "hide", "give-back"]);
// Moves without a card: a button on the table, worded by the move's own label.
const BUTTON_MOVES = ["end-play", "pass"];
// Answering a face-down card: buttons in the pile's notes, each beside what it leads to.
const ANSWERS = ["accept", "call"];

/**
 * @param {DrawContext} ctx
 * @param {string} id
 * @param {string} size
 * @param {Record<string, any>} [attrs]
 */
function face(ctx, id, size, attrs = {}) {
  return cardFace(ctx.card(id), { class: size, attrs });
}

/**
 * What a card of the pile goes by now: its own name (a Crown is called so, as the prompts do),
 * with the value it counts as when an item or a Chaos card changed it, in the log's words (its
 * name, then "(worth N)"): the value and realm alone read as a card nobody played.
 * @param {DrawContext} ctx
 * @param {{card: string, value?: number}} entry
 */
function countsAs(ctx, entry) {
  const info = ctx.card(entry.card);
  if (entry.value === undefined || entry.value === null || entry.value === info.value) return info.name;
  return `${info.name} (worth ${entry.value})`;
}

/**
 * The card an event of the log is about (its data's card id), if any.
 * @param {import("../types.js").LogEvent|undefined} event
 * @returns {string|undefined}
 */
function cardOf(event) {
  return /** @type {{card?: string}} */ (event?.data || {}).card;
}

/**
 * Why the top card counts as another value than its own, from the public log: the item played
 * with it (by the item's name), or a Chaos card that changed it since; null when it counts as
 * printed.
 * @param {DrawContext} ctx
 * @param {{card: string, value?: number}} top
 */
function changedBecause(ctx, top) {
  const info = ctx.card(top.card);
  if (top.value === undefined || top.value === null || top.value === info.value) return null;
  const log = ctx.log || [];
  let i = log.length - 1;
  // After the top card was played: a Chaos card that set its value (the log's last word on it).
  for (; i >= 0; i--) {
    const e = log[i];
    if (e.kind === "play-realm" && cardOf(e) === top.card) break;
    if (e.kind === "deuce-top") {
      const chaos = cardOf(log.slice(0, i).findLast((c) => c.kind === "play-chaos"));
      return `${chaos ? ctx.card(chaos).name : "a Chaos card"} was played on it`;
    }
  }
  // With it: the item its player put down just before their Realm cards.
  for (i--; i >= 0; i--) {
    const e = log[i];
    const item = e.kind === "play-item" ? cardOf(e) : undefined;
    if (item) return `it was played with ${ctx.card(item).name}`;
    if (e.kind !== "play-realm") break;
  }
  return "an item or a Chaos card changed it";
}

/**
 * One answer to a face-down card: its button, and what it leads to.
 * @param {DrawContext} ctx
 * @param {string} type
 * @param {string} words
 * @param {string} outcome
 */
function answer(ctx, type, words, outcome) {
  const move = ctx.legal.find((a) => a.type === type);
  const button = move ? h("button", { class: "btn btn-small board-move", type: "button", title: move.label || null, "data-target": `button:${type}` }, words) : h("b", {}, `${words}:`);
  return h("div", { class: "rj-answer" }, button, h("p", {}, outcome));
}

/**
 * The face-down card on the pile: what it lies on, and what answering it risks (003: "If they
 * are correct in revealing your dirty lies, you must pick up all the cards in the play pile. If
 * you were truthful ... that player must pick up the play pile.").
 * @param {DrawContext} ctx
 * @param {any[]} pile
 */
function stakes(ctx, pile) {
  const { view } = ctx;
  const top = pile.at(-1);
  const under = pile.at(-2);
  const claim = `the ${ctx.card(top.card).name}`;
  /** @type {(string|HTMLElement)[]} */
  const lines = [];
  if (!under) lines.push("It starts the pile.");
  else lines.push(under.face_down ? "It lies on another face-down card." : `It lies on the ${countsAs(ctx, under)}.`);
  const bluffer = view.illusionist;
  const answerer = view.current_player;
  const cards = `the pile (${pile.length} card${pile.length === 1 ? "" : "s"})`;
  if (bluffer === null || bluffer === undefined || answerer === null || answerer === undefined) return lines;
  if (ctx.legal.some((a) => a.type === "call")) {
    // Each answer's button beside what it risks (the side column words the whole move).
    const them = playerName(ctx, bluffer);
    lines.push(answer(ctx, "call", "Call the bluff", `If it is not ${claim}, ${them} picks up ${cards}; if it is, you pick it up.`));
    lines.push(answer(ctx, "accept", "Accept it", `It counts as ${claim} and you play on it.`));
  } else if (bluffer === ctx.seat) {
    const them = playerName(ctx, answerer);
    lines.push(`If ${them} calls the bluff: a lie and you pick up ${cards}; the truth and ${them} does.`);
  }
  return lines;
}

/**
 * @param {DrawContext} ctx
 */
function pileTop(ctx) {
  const { view } = ctx;
  const pile = view.pile || [];
  const top = pile.at(-1);
  const pileTerm = ctx.term("Play pile");
  const label = h("div", { class: "zone-label" }, `${pileTerm ? pileTerm.name : "Play pile"} · ${pile.length} card${pile.length === 1 ? "" : "s"}`);
  const many = pile.length > 1 ? " many" : "";
  // Once the game is over nothing is left to beat: the pile only shows how it ended.
  const over = ctx.status === "finished" || !!view.end_reason;
  // What may go on the pile next, in the engine's words (the Chaos cards in force that shape
  // it first); none once the game is over.
  const next = over ? null : view.next_play_text;
  const nextLine = next ? h("span", { class: "rj-next", "data-part": "next-play" }, next) : null;
  // A card just put face down by a Chaos card lies on the pile (or starts it) until its owner
  // says what it is: clicking it declares.
  if (view.illusion_card && ctx.legal.some((a) => a.type === "declare")) {
    const hidden = ctx.card(view.illusion_card).name;
    const under = top && !top.face_down ? ctx.card(top.card) : null;
    const card = cardBack(`your face-down card (really the ${hidden}): click to declare what it is`, {
      class: "card-mid",
      attrs: { "data-target": "declared", "data-key": "face-down" },
    });
    const say = h(
      "p",
      { class: "rj-beat rj-declare" },
      "Your face-down card is really the ",
      h("b", {}, hidden),
      under ? `It goes on the ${countsAs(ctx, top)}. ` : top ? "It goes on a face-down card. " : "It starts a new pile. ",
      "Click it to declare what it is: the truth, or a bluff.",
      // What it may be declared as: what may follow now.
      nextLine,
    );
    return h("div", { class: "zone rj-pile", "data-place": "pile" }, label, h("div", { class: "rj-pile-row" }, h("div", { class: `pile${top ? " many" : ""}` }, card), say));
  }
  let card;
  if (!top) card = h("div", { class: "card-slot card-mid", "aria-label": "empty play pile" });
  else if (top.face_down) card = cardBack("a face-down card (declared)", { class: "card-mid", attrs: { "data-target": "declared", "data-key": "face-down" } });
  else card = face(ctx, top.card, "card-big-rj", { "data-target": "declared" });
  const info = top ? ctx.card(top.card) : null;
  const why = top && !top.face_down ? changedBecause(ctx, top) : null;
  const beat = top && info
    ? h(
        "p",
        { class: "rj-beat", style: { "--hue": String(info.hue ?? 30) } },
        // My own face-down card: the view tells me (only me) what it really is.
        top.face_down ? `Declared: ${info.name}${top.really ? (top.really === top.card ? " (the truth)" : ` (really the ${ctx.card(top.really).name})`) : ""}` : over ? "Last played: " : "",
        top.face_down ? "" : h("b", {}, countsAs(ctx, top)),
        nextLine,
      )
    : h("p", { class: "rj-beat" }, over ? "The pile is empty." : nextLine);
  // The reason the top card is not worth its printed value, or what a face-down card risks.
  const more = top?.face_down ? stakes(ctx, pile) : why ? [`The ${info?.name} counts as ${top.value}: ${why}.`] : [];
  return h(
    "div",
    { class: "zone rj-pile", "data-place": "pile" },
    label,
    h("div", { class: "rj-pile-row" }, h("div", { class: `pile${many}` }, card), beat),
    more.length ? h("div", { class: "rj-pile-notes" }, more.map((line) => (typeof line === "string" ? h("p", {}, line) : line))) : null,
  );
}

/**
 * The Chaos cards in force (and those lying beside the pile), each with its text.
 * @param {DrawContext} ctx
 */
function chaos(ctx) {
  const { view } = ctx;
  const ids = [...new Set([...(view.in_force || []), ...(view.beside || [])])];
  const items = ids.map((id) => {
    const info = ctx.card(id);
    return h("li", { class: "rj-chaos", style: { "--hue": String(info.hue ?? 48) } }, face(ctx, id, "card-tiny"), h("div", {}, h("b", {}, info.name), h("p", {}, info.text)));
  });
  if (view.item) {
    const info = ctx.card(view.item);
    items.push(h("li", { class: "rj-chaos" }, face(ctx, view.item, "card-tiny"), h("div", {}, h("b", {}, info.name), h("p", {}, info.text))));
  }
  const smuggled = (view.smuggled || []).map((/** @type {{card: string|null, owner: number}} */ s) =>
    h("li", { class: "rj-chaos" }, s.card ? face(ctx, s.card, "card-tiny") : cardBack("a smuggled card", { class: "card-tiny" }), h("div", {}, h("b", {}, "Smuggled"), h("p", {}, `by ${playerName(ctx, s.owner)}`))),
  );
  return h(
    "div",
    { class: "zone rj-in-force", "data-place": "in-force" },
    h("div", { class: "zone-label" }, "Chaos in force"),
    items.length || smuggled.length ? h("ul", { class: "rj-chaos-list" }, items, smuggled) : h("p", { class: "empty" }, "None: the usual rules."),
  );
}

/**
 * @param {DrawContext} ctx
 */
function graveyard(ctx) {
  const ids = ctx.view.graveyard || [];
  const top = ids.at(-1);
  const term = ctx.term("Graveyard");
  return h(
    "figure",
    { class: "heap-stack rj-graveyard", "data-place": "graveyard", title: term?.text || null },
    top ? h("div", { class: `pile${ids.length > 1 ? " many" : ""}` }, face(ctx, top, "card-xs")) : h("div", { class: "card-slot card-xs" }),
    h("figcaption", {}, h("b", {}, ids.length), ` in the ${term ? term.name.toLowerCase() : "graveyard"}`),
  );
}

/**
 * @param {DrawContext} ctx
 */
function buttons(ctx) {
  const seen = new Set();
  const out = [];
  for (const action of ctx.legal) {
    if (!BUTTON_MOVES.includes(action.type) || seen.has(action.type)) continue;
    seen.add(action.type);
    out.push(h("button", { class: "btn btn-small board-move", type: "button", "data-target": `button:${action.type}` }, action.label || action.type));
  }
  return out.length ? h("div", { class: "board-actions rj-buttons" }, out) : null;
}

/**
 * @param {DrawContext} ctx
 */
function centre(ctx) {
  const { view } = ctx;
  const notes = [];
  if (view.cosby_target !== null && view.cosby_target !== undefined) {
    const taker = /** @type {number} */ (view.current_player);
    notes.push(`${taker === ctx.seat ? "You take" : `${playerName(ctx, taker)} takes`} a card from ${view.cosby_target === ctx.seat ? "you" : playerName(ctx, view.cosby_target)}.`);
  }
  if (view.illusionist !== null && view.illusionist !== undefined) notes.push(`${view.illusionist === ctx.seat ? "You" : playerName(ctx, view.illusionist)} played a card face down.`);
  // Our turn limit (the rules page: the game ends after it, the fewest cards in hand win); the
  // view counts the turns begun, this one included.
  if (view.turn_limit && view.turns && !view.end_reason) notes.push(`Turn ${view.turns} of ${view.turn_limit}: then the fewest cards in hand win.`);
  return h(
    "section",
    { class: "centre rj-centre", "aria-label": "the centre of the table" },
    h("div", { class: "rj-deck", "data-target": "deck" }, stack("in the deck", view.deck_size ?? 0)),
    pileTop(ctx),
    graveyard(ctx),
    chaos(ctx),
    notes.length || buttons(ctx) ? h("div", { class: "rj-notes" }, notes.map((n) => h("p", {}, n)), buttons(ctx)) : null,
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function opponent(ctx, seat) {
  const n = (ctx.view.hand_sizes || [])[seat] ?? 0;
  return seatPanel(
    ctx,
    seat,
    { target: `player:${seat}`, badges: [h("span", { class: "chip" }, `${n} card${n === 1 ? "" : "s"} left`)] },
    h("div", { class: "zone", "data-place": `hand:${seat}` }, h("div", { class: "fan" }, Array.from({ length: Math.min(n, 14) }, () => cardBack("a card in hand", { class: "card-back-xs" })))),
  );
}

/**
 * @param {DrawContext} ctx
 * @param {number} seat
 */
function mine(ctx, seat) {
  const hand = ctx.view.hand || [];
  const n = hand.length;
  return seatPanel(
    ctx,
    seat,
    { target: `player:${seat}`, badges: [h("span", { class: "chip" }, `${n} card${n === 1 ? "" : "s"} left`)] },
    h(
      "div",
      { class: "zone rj-hand", "data-place": `hand:${seat}` },
      h("div", { class: "zone-label" }, "Your hand ", onlyYou()),
      h("div", { class: "card-row" }, hand.map((/** @type {string} */ id) => face(ctx, id, "card-mid", { "data-targets": `hand-card:${id}` }))),
    ),
  );
}

/**
 * @param {HTMLElement} board
 * @param {DrawContext} ctx
 */
export function render(board, ctx) {
  const { others, me } = othersThenMe(ctx);
  board.classList.add("board-rj", `seats-${ctx.view.players}`);
  board.append(
    lastMoveLine(ctx) || h("p", { class: "last-move muted" }, "The game begins: the first to empty their hand wins."),
    // Five or six players: every opponent on one row on a desktop (two rows pushed my hand off the screen).
    h("div", { class: `opponents count-${Math.min(others.length, 3)}${others.length > 3 ? " rj-one-row" : ""}`, style: { "--rj-others": String(others.length) } }, others.map((seat) => opponent(ctx, seat))),
    centre(ctx),
    ...(me !== null ? [mine(ctx, me)] : []), // (a watcher has no place at the table)
  );
  // My hand is private: marked so, and only the cards a move uses are clickable.
  for (const el of board.querySelectorAll(".rj-hand .card")) el.classList.add("private");
  markArrivals(board, ctx);
  // A face-down card for me to answer: the pile, with the answers under it, in sight.
  if (ctx.legal.some((a) => a.type === "call")) {
    const pile = ctx.view.pile || [];
    questionInSight("#board [data-place='pile']", `${ctx.view.illusionist}:${pile.length}:${ctx.log.length}`);
  }
}

/**
 * @param {LegalAction} action
 */
export function actionTarget(action) {
  if (HAND_MOVES.has(action.type)) return `hand-card:${action.card}`;
  if (action.type === "draw") return "deck";
  if (action.type === "target") return `player:${action.seat}`;
  if (action.type === "declare") return "declared";
  if (BUTTON_MOVES.includes(action.type) || ANSWERS.includes(action.type)) return `button:${action.type}`;
  return null;
}

/**
 * A face-down card's declarations (up to 52: any Realm card that could follow) grouped by realm,
 * titled with the realm's name as the catalogue gives it; other moves are not grouped.
 * @param {LegalAction} action
 * @param {DrawContext} ctx
 * @returns {string|null}
 */
export function actionGroup(action, ctx) {
  if (action.type !== "declare") return null;
  return ctx.card(action.card).realm_name || null;
}

/**
 * @param {DrawContext} ctx
 */
export function step(ctx) {
  const t = new Set(ctx.legal.map((a) => a.type));
  if (t.has("declare")) return "Click the face-down card to say what it is.";
  if (t.has("target")) return "Click the player you take from.";
  // The second half of a Chaos card played from the hand: the card it hides or gives back.
  if (t.has("give-back")) return "Click the card of your hand to give back.";
  if (t.has("hide")) return "Click the card of your hand to put face down.";
  if (t.has("accept") || t.has("call")) return "Accept the face-down card, or call the bluff.";
  if (t.has("draw")) return "Click a card of your hand to play it, or click the deck to draw.";
  if (t.has("play-realm") || t.has("play-chaos")) return "Click a card of your hand to play it.";
  return "";
}

export default { render, actionTarget, actionGroup, step };
