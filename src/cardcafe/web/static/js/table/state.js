// @ts-check
// What the table page knows, in one documented object: made once by table.js and handed to
// every module that reads or changes it. Each field says which module writes it.

import { cardLookup, termLookup } from "../catalogue.js";
import { generic } from "../games/registry.js";

/** @typedef {import("../types.js").Snapshot} Snapshot */
/** @typedef {import("../types.js").Catalogue} Catalogue */
/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").GameModule} GameModule */

/**
 * The page's state. Nothing else is shared between the table's modules.
 * @typedef {Object} TableState
 * @property {string} tableId the table this page shows (from its address)
 * @property {URLSearchParams} params the page's query (?token=, ?seat=, ?replay=, ?renderer=)
 * @property {import("../connection.js").Connection|null} conn the socket (live.js)
 * @property {string|null} token this browser's seat token; null while watching (live.js)
 * @property {"connecting"|"online"|"offline"|"refused"} connState the socket's state (live.js)
 * @property {import("../chat.js").Chat|null} chat the chat panel (live.js)
 * @property {import("../presence.js").Presence|null} presence who is online, read every few seconds (live.js)
 * @property {Snapshot|null} snapshot the last snapshot (snapshot.js)
 * @property {GameModule} game the module that draws this game's table (snapshot.js)
 * @property {boolean} gameLoading that module is being loaded: nothing is drawn meanwhile, or
 *   another game's module (the fallback drawing) would flash on the page (snapshot.js)
 * @property {Record<string, string>} titles each game's title by id (table.js)
 * @property {Catalogue|null} catalogue every card's name, text, colour and picture (load-catalogue.js)
 * @property {Promise<Catalogue>|null} catalogueReady a promise of it, made once (load-catalogue.js)
 * @property {DrawContext["card"]} card a card's face from the catalogue (load-catalogue.js)
 * @property {DrawContext["term"]} term a game term's words from the catalogue (load-catalogue.js)
 * @property {boolean} sending a move is on its way; the buttons wait (moves.js, snapshot.js)
 * @property {Hint|null} hint the best bot's suggestion for this version (moves.js)
 * @property {number|null} summaryFor the version whose game-end summary was shown (summary.js)
 * @property {number} logLength how many log lines are drawn (side.js); -1 draws them again
 * @property {number|null} poll the timer that watches an open table for its start (waiting.js)
 * @property {number|undefined} deadlineTimer the move clock's timer (banner.js)
 * @property {import("../replay.js").Replay|null} replay set while the viewer steps through a finished game (replay-view.js)
 * @property {Set<string>} roundSeen the round ends the player has read (round-end.js)
 * @property {{key: string, ctx: DrawContext, board: DrawContext, boardDrawn: boolean}|null} paused
 *   the round end the table is paused on: its own context (the log cut at the round's end),
 *   and the board held as the round ended (round-end.js)
 * @property {DrawContext|null} boardCtx what the live board shows now (render.js)
 * @property {string|null|undefined} rematchSeen the rematch in the first snapshot, which is
 *   an old one and not followed; undefined until then (snapshot.js)
 * @property {boolean} replayAsked ?replay=1: open the replay once the game is over (snapshot.js)
 * @property {boolean} leaving on the way to the rematch table (rematch.js)
 */

/**
 * A hint from the café's best bot.
 * @typedef {{version: number, index: number, label: string, sure?: string}} Hint
 */

/**
 * The state of a page that has not heard from the table yet.
 * @param {string} tableId
 * @param {URLSearchParams} params
 * @returns {TableState}
 */
export function createTableState(tableId, params) {
  return {
    tableId,
    params,
    conn: null,
    token: null,
    connState: "connecting",
    chat: null,
    presence: null,
    snapshot: null,
    game: generic,
    gameLoading: false,
    titles: {},
    catalogue: null,
    catalogueReady: null,
    card: cardLookup(null),
    term: termLookup(null),
    sending: false,
    hint: null,
    summaryFor: null,
    logLength: -1,
    poll: null,
    deadlineTimer: undefined,
    replay: null,
    roundSeen: new Set(),
    paused: null,
    boardCtx: null,
    rematchSeen: undefined,
    replayAsked: params.has("replay"),
    leaving: false,
  };
}

/**
 * What every drawing reads cards and terms through.
 * @param {TableState} state
 * @returns {Pick<DrawContext, "catalogue"|"card"|"term">}
 */
export function catalogueContext(state) {
  return { catalogue: state.catalogue || { cards: {}, terms: {} }, card: state.card, term: state.term };
}

/**
 * What the table's modules may ask of the page. table.js wires each command to the module that
 * does it, so no module imports the ones that draw it (no import cycles).
 * @typedef {Object} Commands
 * @property {() => void} render draw the whole table again from the last snapshot, now
 * @property {() => void} renderSoon draw it in the next frame, once however often asked
 *   (snapshot.js: a burst of snapshots draws the newest)
 * @property {() => void} renderPending draw now if a drawing waits for its frame
 * @property {(index: number) => void} play play the legal action at this index of the snapshot
 * @property {() => void} startReplay step through the finished game
 */
