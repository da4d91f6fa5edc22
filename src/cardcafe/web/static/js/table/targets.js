// @ts-check
// The legal moves on screen: the table's own elements made clickable (each legal action the
// game module maps to an element), a small menu where one element has several, and the button
// list beside the table with the hint line.

import { clear, h } from "../dom.js";
import { groupChoices } from "./action-groups.js";
import { liveContext } from "./context.js";
import { openMenu } from "./menu-sheet.js";
import { moveWords, offersByIndex, oneOfEach } from "./offers.js";
import { board, byId } from "./page.js";
import { markRivalsWithMoves } from "./rivals-strip.js";
import { waysOn } from "./ways-on.js";

/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").Commands} Commands */

/**
 * Make the table itself clickable: each legal action the game maps to an element.
 * @param {TableState} state
 * @param {Commands} commands
 */
export function markTargets(state, commands) {
  if (state.paused || state.replay || !state.snapshot) return;
  const ctx = liveContext(state, commands);
  for (const el of board.querySelectorAll(".actionable, .hinted")) {
    el.classList.remove("actionable", "hinted");
  }
  if (state.sending || state.connState !== "online") {
    markRivalsWithMoves(board);
    return;
  }
  const byIndex = offersByIndex(state.snapshot);
  // The hinted move wherever it lies: every copy of it ("Put the Rex ...": each Rex of the hand).
  const hinted = state.hint && state.hint.version === state.snapshot.version ? state.hint.index : null;
  /** @type {Map<string, number[]>} */
  const groups = new Map();
  ctx.legal.forEach((action, index) => {
    let key = null;
    try {
      key = state.game.actionTarget ? state.game.actionTarget(action, ctx) : null;
    } catch {
      key = null;
    }
    if (!key) return;
    const group = groups.get(key) || [];
    group.push(index);
    groups.set(key, group);
  });
  for (const [key, all] of groups) {
    // (Two copies of one card on one element, a zone both lie in: one move, once.)
    const indexes = oneOfEach(all, byIndex);
    const quoted = CSS.escape(key);
    const elements = board.querySelectorAll(`[data-target="${quoted}"], [data-targets~="${quoted}"]`);
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (elements)) {
      el.classList.add("actionable");
      if (all.some((i) => moveWords(byIndex, i, hinted).hinted)) el.classList.add("hinted");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const labels = indexes.map((i) => moveWords(byIndex, i).text).join(" / ");
      // A card keeps its effect text as its tooltip; what clicking it does comes after.
      const text = el.dataset.card ? ctx.card(el.dataset.card).text : "";
      el.title = text ? `${text}\n\nClick: ${labels}` : labels;
      el.dataset.actions = labels;
      /** @param {Event} event */
      const act = (event) => {
        event.stopPropagation();
        if (indexes.length === 1) commands.play(indexes[0]);
        else chooseAmong(state, commands, el, indexes);
      };
      el.onclick = act;
      el.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          act(event);
        }
      };
    }
  }
  markRivalsWithMoves(board);
}

/**
 * Several actions on one element: a small menu right there (on a phone, a sheet along the
 * screen's bottom: menu-sheet.js). A long choice the game groups comes in two steps: the groups
 * (title and how many), then one group's actions with "back".
 * @param {TableState} state
 * @param {Commands} commands
 * @param {HTMLElement} el
 * @param {number[]} indexes
 */
function chooseAmong(state, commands, el, indexes) {
  document.querySelector(".chooser")?.remove();
  const ctx = liveContext(state, commands);
  const entries = groupChoices(state.game, ctx, indexes);
  const menu = h("div", { class: entries ? "chooser chooser-grouped" : "chooser", role: "menu" });
  const close = () => {
    menu.remove();
    el.focus();
  };
  /** @param {() => void} then */
  const closing = (then) => (/** @type {Event} */ e) => {
    e.stopPropagation();
    close();
    then();
  };
  const snap = state.snapshot;
  // The hinted move stands out in the menu (in a grouped one, its group too): the move list
  // where it is marked may be out of sight (under a phone's sheet, or a group away).
  const hinted = state.hint && snap && state.hint.version === snap.version ? state.hint.index : -1;
  const byIndex = offersByIndex(snap);
  /** @param {number} i */
  const isHinted = (i) => moveWords(byIndex, i, hinted).hinted;
  /** @param {number} i */
  const actionButton = (i) =>
    h("button", { class: `btn btn-small${isHinted(i) ? " hinted" : ""}`, type: "button", role: "menuitem", onclick: closing(() => commands.play(i)) }, moveWords(byIndex, i).text);
  const cancel = () => h("button", { class: "btn btn-small btn-cancel", type: "button", onclick: closing(() => {}) }, "cancel");
  /** Show these in the menu, its first choice focused (so the keyboard follows the steps). @param {...Node} items */
  const show = (...items) => {
    menu.replaceChildren(...items);
    /** @type {HTMLElement|null} */ (menu.querySelector("[role='menuitem']"))?.focus();
  };
  /** @param {string} [from] the group just left: its button takes the focus again */
  const groupsStep = (from) => {
    if (!entries) return show(...indexes.map(actionButton), cancel());
    const items = entries.map((entry) => {
      if (!("title" in entry)) return actionButton(entry.index);
      /** @param {Event} e */
      const open = (e) => {
        e.stopPropagation();
        show(
          h("div", { class: "chooser-head" }, h("button", { class: "btn btn-small btn-back", type: "button", onclick: back(entry.title) }, "back"), h("p", { class: "chooser-title" }, entry.title)),
          h("div", { class: "chooser-items" }, entry.indexes.map(actionButton)),
          cancel(),
        );
      };
      return h(
        "button",
        { class: `btn btn-small chooser-group${entry.indexes.some(isHinted) ? " hinted" : ""}`, type: "button", role: "menuitem", "aria-haspopup": "menu", "data-group": entry.title, onclick: open },
        `${entry.title} (${entry.indexes.length})`,
      );
    });
    show(...items, cancel());
    if (from) /** @type {HTMLElement|undefined} */ (items.find((b) => b.dataset.group === from))?.focus();
  };
  /** @param {string} from */
  const back = (from) => (/** @type {Event} */ e) => {
    e.stopPropagation();
    groupsStep(from);
  };
  // The menu lies inside the element it belongs to: its keys and clicks are its own (Enter on
  // a button presses that button; it does not open the menu again), and Escape closes it.
  menu.addEventListener("keydown", (e) => {
    e.stopPropagation();
    if (e.key === "Escape") close();
  });
  menu.addEventListener("click", (e) => e.stopPropagation());
  openMenu(menu, el, () => groupsStep());
}

/**
 * The list of legal moves as buttons (always there, whatever the table draws), and the hint.
 * @param {TableState} state
 * @param {Commands} commands
 */
export function renderActions(state, commands) {
  const snap = state.snapshot;
  const list = byId("action-list");
  // Every section starts open (each move stays in sight, one click away, as in a list that is
  // not grouped); the sections the player folded stay folded while the table redraws the same
  // moment.
  const version = snap ? String(snap.version) : "";
  const folded = new Set(
    list.dataset.version === version ? [...list.querySelectorAll("details.action-group:not([open])")].map((d) => /** @type {HTMLElement} */ (d).dataset.group) : [],
  );
  list.dataset.version = version;
  clear(list);
  const legal = (snap && snap.legal) || [];
  // Copies of one card are one move: one button, which plays the first copy (offers.js).
  const byIndex = offersByIndex(snap);
  const panel = byId("actions-panel");
  panel.hidden = legal.length === 0;
  const hintLine = byId("hint-line");
  const hint = snap && state.hint && state.hint.version === snap.version ? state.hint : null;
  if (hint) {
    hintLine.hidden = false;
    // How sure the bot is, in the words the terminal uses (the server's, one place for both):
    // a bare "23% sure" left a newcomer asking of what, and whether that is good.
    hintLine.textContent = `Hint: ${hint.label}${hint.sure ? ` (${hint.sure})` : ""}`;
  } else {
    hintLine.hidden = true;
  }
  panel.hidden = panel.hidden || Boolean(state.paused);
  // The game is over: on a phone or a tablet the move bar offers the ways on (the desktop's
  // banner holds them in sight: table.css).
  const over = Boolean(snap && (snap.status === "finished" || snap.view?.is_over));
  panel.classList.toggle("game-over", over);
  byId("actions-title").textContent = over ? "What next" : "Your move";
  document.getElementById("end-next")?.remove();
  if (over && !state.replay) {
    panel.hidden = false;
    list.after(waysOn(state, commands, "end-next"));
    return;
  }
  /** @param {number} index */
  const button = (index) => {
    const action = legal[index];
    const move = moveWords(byIndex, index, hint && hint.index);
    return h(
      "button",
      {
        class: `btn action${move.hinted ? " hinted" : ""}`,
        type: "button",
        "data-action-index": index,
        "data-action-type": action.type,
        disabled: state.sending || state.connState !== "online",
        onclick: () => commands.play(index),
      },
      h("span", { class: "action-label" }, move.text || action.label || action.type),
    );
  };
  // A move the table stages before sending it (Coffee Break's exchange): the bar offers that
  // move's own steps; the legal moves it listed ("Lay ...") were not what the player was doing.
  const staged = snap && !state.paused && !state.replay && state.game.bar ? state.game.bar(liveContext(state, commands)) : null;
  if (staged) {
    list.classList.remove("grouped");
    list.append(...staged);
    return;
  }
  // Moves the table's own controls offer (Coffee Break's picks for an exchange, staged on the
  // board) are left out, and the game's buttons after the list lead to them.
  const ctx = snap && !state.paused && !state.replay ? liveContext(state, commands) : null;
  const elsewhere = (/** @type {number} */ i) => Boolean(ctx && legal[i] && state.game.folded?.(ctx, legal[i]));
  const indexes = oneOfEach(
    legal.map((_, index) => index),
    byIndex,
  ).filter((i) => !elsewhere(i));
  const hintedElsewhere = hint !== null && elsewhere(hint.index) ? legal[hint.index] : null;
  const tail = ctx && state.game.barEnd ? state.game.barEnd(ctx, hintedElsewhere) : [];
  const entries = snap && !state.paused ? groupChoices(state.game, liveContext(state, commands), indexes) : null;
  list.classList.toggle("grouped", entries !== null);
  if (!entries) {
    list.append(...indexes.map(button), ...tail);
    return;
  }
  // A long list the game groups: one section per group, which the player may fold (the
  // hinted move's is always open).
  for (const entry of entries) {
    if (!("title" in entry)) {
      list.append(button(entry.index));
      continue;
    }
    const open = !folded.has(entry.title) || (hint !== null && entry.indexes.some((i) => moveWords(byIndex, i, hint.index).hinted));
    list.append(
      h(
        "details",
        { class: "action-group", "data-group": entry.title, open },
        h("summary", {}, entry.title, " ", h("span", { class: "action-group-count" }, `(${entry.indexes.length})`)),
        h("div", { class: "action-group-list" }, entry.indexes.map(button)),
      ),
    );
  }
  list.append(...tail);
}
