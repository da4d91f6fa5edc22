// @ts-check
// The table page's fixed elements (templates/table.html), looked up by id.

import { byId } from "../dom.js";

export { byId };

/**
 * One of the page's dialogs.
 * @param {"join-dialog"|"summary-dialog"|"round-dialog"} id
 * @returns {HTMLDialogElement}
 */
export function dialogById(id) {
  return /** @type {HTMLDialogElement} */ (byId(id));
}

/** The page: its data-* attributes say what it shows (the browser tests read them). */
export const page = byId("table-page");

/** Where the game module draws the table. */
export const board = byId("board");
