// @ts-check
// Coffee Break's turn on the table: the two explicit choices (lay, or exchange), the cards
// staged for an exchange (kept here, sent only on "Confirm"), and the steps of a confirmed
// exchange sent one per snapshot (the engine's pick-for-exchange... then exchange).

import { cardFace } from "../../cards.js";
import { h } from "../../dom.js";
import { onlyYou } from "../kit.js";

/** @typedef {import("../../types.js").DrawContext} DrawContext */

export const MAX_EXCHANGE = 4;

/**
 * What I am doing this turn, kept between drawings: the mode and the cards staged to exchange
 * (indexes in my hand), and the steps of a confirmed exchange still to send.
 * @type {{key: string|null, mode: "lay"|"exchange", staged: number[], queue: Object[],
 *         sentFor: import("../../types.js").LegalAction[]|null}}
 */
export const turn = { key: null, mode: "lay", staged: [], queue: [], sentFor: null };

/** @param {DrawContext} ctx */
export const types = (ctx) => new Set(ctx.legal.map((a) => a.type));
/** @param {DrawContext} ctx */
export const canLay = (ctx) => types(ctx).has("lay") || types(ctx).has("lay-joker");
// Exchanging can still be chosen (no card laid, no card picked on the server yet).
/** @param {DrawContext} ctx */
export const canStage = (ctx) => types(ctx).has("pick-for-exchange") && !types(ctx).has("exchange");

/**
 * @param {DrawContext} ctx
 */
export function syncTurn(ctx) {
  const key = ctx.legal.length ? `${ctx.view.current_player}|${ctx.view.hand_sizes?.join(",")}|${ctx.view.ingredient_pile_size}` : null;
  if (!ctx.legal.length) {
    Object.assign(turn, { key: null, mode: "lay", staged: [], queue: [], sentFor: null });
    return;
  }
  if (turn.queue.length) return; // a confirmed exchange is being sent
  if (key !== turn.key) Object.assign(turn, { key, mode: canLay(ctx) ? "lay" : "exchange", staged: [] });
  if (!canStage(ctx)) turn.staged = [];
  if (turn.mode === "exchange" && !canStage(ctx)) turn.mode = "lay";
  if (turn.mode === "lay" && !canLay(ctx) && canStage(ctx)) turn.mode = "exchange";
}

/**
 * Send the next step of a confirmed exchange, once per snapshot.
 * @param {DrawContext} ctx
 */
export function sendQueued(ctx) {
  if (!turn.queue.length || turn.sentFor === ctx.legal) return;
  turn.sentFor = ctx.legal;
  const action = turn.queue.shift();
  setTimeout(() => {
    if (!action || !ctx.send || !ctx.send(action)) {
      turn.queue = [];
      ctx.redraw?.();
    }
  }, 0);
}

/**
 * My hand: in exchange mode each card is a toggle (staged or not); otherwise cards to read.
 * @param {DrawContext} ctx
 */
export function myHand(ctx) {
  const hand = ctx.view.hand || [];
  const picked = [...(ctx.view.picked || [])]; // picked on the server (exchange under way)
  const staging = turn.mode === "exchange" && canStage(ctx) && !turn.queue.length;
  const cards = hand.map((/** @type {string} */ id, /** @type {number} */ i) => {
    const info = ctx.card(id);
    const serverPicked = picked.indexOf(id);
    if (serverPicked >= 0) picked.splice(serverPicked, 1);
    const staged = turn.staged.includes(i);
    const el = cardFace({ ...info, private: true }, { class: "card-mid", attrs: { "data-targets": `hand-card:${id}` } });
    if (staged || serverPicked >= 0) el.classList.add("staged");
    if (staging) {
      const full = !staged && turn.staged.length >= MAX_EXCHANGE;
      el.classList.add("board-action");
      el.setAttribute("role", "checkbox");
      el.setAttribute("aria-checked", String(staged));
      // The name stays the card's accessible name; whether it is picked is aria-checked.
      if (full) el.setAttribute("disabled", "");
      el.title = `${info.text}\n\nClick: ${staged ? "keep this card" : "pick it to exchange"}`;
      el.addEventListener("click", (event) => {
        event.stopPropagation();
        if (full) return;
        turn.staged = staged ? turn.staged.filter((x) => x !== i) : [...turn.staged, i];
        ctx.redraw?.();
      });
    }
    return el;
  });
  return h("div", { class: "zone cb-hand", "data-place": "hand" }, h("div", { class: "zone-label" }, "Your hand ", onlyYou()), h("div", { class: "card-row" }, cards));
}

/**
 * @param {DrawContext} ctx
 * @param {"lay"|"exchange"} mode
 * @param {string} label
 */
function modeButton(ctx, mode, label) {
  const on = turn.mode === mode;
  return h(
    "button",
    {
      class: `btn btn-small board-action mode-${mode}${on ? " on" : ""}`,
      type: "button",
      "aria-pressed": String(on),
      onclick: (/** @type {Event} */ event) => {
        event.stopPropagation();
        turn.mode = mode;
        turn.staged = [];
        ctx.redraw?.();
      },
    },
    label,
  );
}

/**
 * The turn's controls, on the table: the two choices, then what each needs.
 * @param {DrawContext} ctx
 */
export function controls(ctx) {
  const t = types(ctx);
  if (!ctx.legal.length) return null;
  /** @type {HTMLElement[]} */
  const parts = [];
  if (turn.queue.length) {
    parts.push(h("p", { class: "cb-say" }, "Exchanging…"));
  } else if (t.has("pass")) {
    parts.push(h("p", { class: "cb-say" }, "No card in hand: nothing to do."), h("button", { class: "btn btn-primary board-move", type: "button", "data-target": "pass" }, "Pass"));
  } else if (t.has("finish-laying")) {
    parts.push(h("p", { class: "cb-say" }, "Lay more cards under the orders, or stop here."), h("button", { class: "btn btn-primary board-move", type: "button", "data-target": "finish" }, "Finish laying"));
  } else if (t.has("exchange")) {
    parts.push(h("p", { class: "cb-say" }, "Pick more cards (up to 4), or exchange these now."), h("button", { class: "btn btn-primary board-move", type: "button", "data-target": "exchange" }, "Exchange"));
  } else {
    /** @type {HTMLElement[]} */
    const choices = [];
    if (canLay(ctx)) choices.push(modeButton(ctx, "lay", "Lay cards"));
    if (canStage(ctx)) choices.push(modeButton(ctx, "exchange", "Exchange cards"));
    parts.push(h("div", { class: "cb-modes", role: "group", "aria-label": "This turn: lay or exchange" }, choices));
    if (turn.mode === "lay") {
      parts.push(h("p", { class: "cb-say" }, "Click a glowing order to lay a card under it."));
    } else {
      const n = turn.staged.length;
      parts.push(
        h("p", { class: "cb-say" }, n ? `${n} of up to ${MAX_EXCHANGE} picked: nothing is sent until you confirm.` : `Click 1 to ${MAX_EXCHANGE} cards of your hand to exchange.`),
        h(
          "div",
          { class: "board-actions" },
          h("button", { class: "btn btn-primary board-action cb-confirm", type: "button", disabled: n === 0, onclick: (/** @type {Event} */ e) => { e.stopPropagation(); confirm(ctx); } }, n ? `Confirm: exchange ${n}` : "Confirm"),
          h("button", { class: "btn board-action cb-cancel", type: "button", disabled: n === 0, onclick: (/** @type {Event} */ e) => { e.stopPropagation(); turn.staged = []; ctx.redraw?.(); } }, "Cancel"),
        ),
      );
    }
  }
  return h("div", { class: "cb-controls" }, parts);
}

/**
 * The move bar while cards are picked for an exchange: its confirm and cancel (and the way back
 * to laying), as on the board; the "Lay ..." moves were not what the player was doing.
 * @param {DrawContext} ctx
 * @returns {HTMLElement[]|null}
 */
export function exchangeBar(ctx) {
  if (!ctx.legal.length || turn.mode !== "exchange" || !canStage(ctx) || turn.queue.length) return null;
  const n = turn.staged.length;
  /**
   * @param {string} label
   * @param {boolean} primary
   * @param {boolean} off
   * @param {() => void} act
   */
  const button = (label, primary, off, act) =>
    h("button", { class: `btn action${primary ? " btn-primary" : ""}`, type: "button", disabled: off, onclick: () => { act(); ctx.redraw?.(); } }, h("span", { class: "action-label" }, label));
  return [
    button(n ? `Confirm: exchange ${n}` : `Pick 1 to ${MAX_EXCHANGE} cards to exchange`, true, n === 0, () => confirm(ctx)),
    n ? button("Cancel", false, false, () => { turn.staged = []; }) : null,
    canLay(ctx) ? button("Lay cards instead", false, false, () => { turn.mode = "lay"; turn.staged = []; }) : null,
  ].filter((b) => b !== null);
}

/**
 * While laying, the server's picks for an exchange act at once (the first one ends the chance
 * to lay): the move list listed six "Pick Milk to exchange" beside the "Lay ..." moves, which a
 * player took for part of laying. They are left out of the list (`folded`), and one button after
 * the laying moves leads to the exchange, staged on the board with its own confirm (`barEnd`).
 * @param {DrawContext} ctx
 * @param {import("../../types.js").LegalAction} action
 */
export function foldedPick(ctx, action) {
  return action.type === "pick-for-exchange" && canStage(ctx) && !turn.queue.length;
}

/**
 * @param {DrawContext} ctx
 * @param {import("../../types.js").LegalAction|null} hinted a folded move the hint names
 * @returns {HTMLElement[]}
 */
export function exchangeInstead(ctx, hinted) {
  if (!ctx.legal.length || turn.mode !== "lay" || !canStage(ctx) || turn.queue.length) return [];
  const label = `Exchange 1 to ${MAX_EXCHANGE} cards instead of laying`;
  const go = () => {
    turn.mode = "exchange";
    turn.staged = [];
    ctx.redraw?.();
  };
  return [h("button", { class: `btn action${hinted ? " hinted" : ""}`, type: "button", "data-action-type": "exchange-instead", onclick: go }, h("span", { class: "action-label" }, label))];
}

/**
 * @param {DrawContext} ctx
 */
function confirm(ctx) {
  const hand = ctx.view.hand || [];
  const cards = turn.staged.map((i) => hand[i]).filter(Boolean);
  if (!cards.length) return;
  turn.queue = [...cards.map((card) => ({ type: "pick-for-exchange", card })), { type: "exchange" }];
  turn.staged = [];
  turn.sentFor = null;
  sendQueued(ctx);
  ctx.redraw?.();
}

