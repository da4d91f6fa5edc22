// @ts-check
// Where a snapshot arrives: every snapshot of the table passes through `receiveSnapshot`, which
// keeps it, notes what it changes (the seat, a rematch, the game's drawing module, a stale
// hint) and has the table drawn in the next frame (frame.js: of a burst, only the newest is
// drawn; the log, the last moves and the cards that arrived are read from it whole).

import { seats } from "../api.js";
import { generic, loadGame } from "../games/registry.js";
import { fetchCatalogue } from "./load-catalogue.js";
import { byId } from "./page.js";
import { followRematch } from "./rematch.js";
import { bringsRoundEnd } from "./round-end.js";

/**
 * Take in one snapshot from the socket and have it drawn.
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 * @param {import("../types.js").Snapshot} message
 */
export async function receiveSnapshot(state, commands, message) {
  // The catalogue first: no card is drawn before its name is known.
  if (!state.catalogue) await fetchCatalogue(state);
  // A round's end is drawn at once, over the board of the round's last move (drawn first if it
  // waits for its frame): a drawing a frame later may be of the next round's first move, whose
  // view has no breakdown, and the table would not pause on the round.
  const roundEnd = bringsRoundEnd(state, message);
  if (roundEnd) commands.renderPending();
  const previous = state.snapshot;
  state.snapshot = message;
  state.sending = false;
  byId("offline-line").hidden = state.connState === "online";
  state.chat?.update(message.seat, message.names || []);
  const stored = seats.get(state.tableId);
  if (stored && stored.token === state.token && stored.seat !== message.seat && message.seat !== null) {
    seats.set(state.tableId, message.seat, state.token, { fresh: Boolean(stored.fresh) }); // a recovery link
  }
  if (state.rematchSeen === undefined) state.rematchSeen = message.rematch || null;
  if (message.rematch && message.rematch !== state.rematchSeen) followRematch(state, message.rematch);
  if (!previous || previous.version !== message.version) state.hint = null;
  const gameId = (message.view && message.view.game) || message.game;
  if (gameId && state.game.id !== gameId) {
    // ?renderer=generic draws any game with the fallback (how a brand-new game looks).
    state.gameLoading = true;
    try {
      state.game = state.params.get("renderer") === "generic" ? { ...generic, id: gameId } : await loadGame(gameId);
    } finally {
      state.gameLoading = false;
    }
  }
  // A newer snapshot may have come in while this one waited: only the newest is drawn.
  if (state.snapshot === message) {
    if (roundEnd) commands.render();
    else commands.renderSoon();
  }
  if (state.replayAsked && message.status === "finished") {
    state.replayAsked = false;
    commands.startReplay();
  }
}
