// @ts-check
// The table page (templates/table.html): finds this page's seat, keeps a socket to the table
// and draws every snapshot. This module only wires the parts together; each part of the page
// is its own module under table/, and what they share is one TableState (table/state.js):
//   live.js        the socket, chat and presence      snapshot.js  where a snapshot arrives
//   render.js      drawing the live table             moves.js     sending a move, a hint
//   banner.js      whose turn, what to do, the clock  targets.js   clickable table, move list
//   board.js       the game module's drawing          side.js      scores and log
//   round-end.js   the pause at a round end           summary.js   the game's end
//   breakdowns.js  score breakdown tables             rematch.js   asking for, following a rematch
//   waiting.js     seat links before the start        seat-tools.js  seat link, conceding
//   replay-view.js a finished game step by step       card-details.js  a card's words on tap
//   state.js       TableState and Commands            context.js   what a game module draws from
//   page.js        the page's fixed elements          load-catalogue.js  the catalogue, once
//   frame.js       drawing at most once a frame
// Every card's name, effect, colour and picture comes from the table's catalogue, fetched once.

import { api } from "./api.js";
import { findSeat } from "./seat.js";
import { listenForCardDetails } from "./table/card-details.js";
import { start } from "./table/live.js";
import { fetchCatalogue } from "./table/load-catalogue.js";
import { play } from "./table/moves.js";
import { board } from "./table/page.js";
import { oncePerFrame } from "./table/frame.js";
import { render } from "./table/render.js";
import { startReplay } from "./table/replay-view.js";
import { createTableState } from "./table/state.js";

const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");
const state = createTableState(tableId, new URLSearchParams(location.search));

// A snapshot's drawing waits for the next frame (a burst of them is drawn once: frame.js).
const draw = () => render(state, commands);
const nextFrame = oncePerFrame(draw);

/** @type {import("./table/state.js").Commands} */
const commands = {
  render: () => {
    nextFrame.cancel();
    draw();
  },
  renderSoon: () => nextFrame.request(),
  renderPending: () => {
    if (nextFrame.pending()) commands.render();
  },
  play: (index) => play(state, index),
  startReplay: () => startReplay(state, commands),
};

// The games' titles and the catalogue are asked for at once; then the seat is found and the
// table opened for it.
api
  .games()
  .then((/** @type {{id: string, title: string}[]} */ games) => {
    for (const g of games) state.titles[g.id] = g.title;
    if (state.snapshot) commands.render();
  })
  .catch(() => {});
fetchCatalogue(state);
listenForCardDetails(state, board);
findSeat({ tableId, params: state.params, start: (token) => start(state, commands, token), titles: state.titles });

// For people debugging in the console and for the browser tests: drop the socket like a flaky
// network would, and read the last snapshot.
Object.assign(window, {
  cardcafe: {
    dropConnection: () => state.conn && state.conn.drop(),
    snapshot: () => state.snapshot,
    catalogue: () => state.catalogue,
  },
});
