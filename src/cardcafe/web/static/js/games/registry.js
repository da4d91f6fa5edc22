// @ts-check
// Finds the module that draws a game's table: `games/<game-id>.js` when it exists, else the
// generic renderer, so a newly registered game is playable before anyone draws it nicely.
//
// A game module's default export may give: render(board, ctx), actionTarget(action, ctx) ->
// a data-target key, step(ctx) -> a guiding line, actionGroup(action, ctx) -> a short group
// title in the player's words (or null), so that a long choice of moves (more than 8 on one
// spot, in at least two groups) is offered group by group: first the groups with their counts,
// then a group's moves (table/action-groups.js). Whatever it leaves out comes from the
// generic module (which groups nothing). Card faces come from the table's catalogue (`ctx.card(id)`), scores from
// `view.scores`: no module names a card or guesses a score key.

import generic from "./generic.js";

/** @typedef {import("../types.js").GameModule} GameModule */

/** @type {Map<string, Promise<GameModule>>} */
const loaded = new Map();

/**
 * The module that draws `gameId`'s table (the generic one when it has none).
 * @param {string} gameId
 * @returns {Promise<GameModule>}
 */
export async function loadGame(gameId) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(gameId || "")) return generic;
  if (!loaded.has(gameId)) {
    loaded.set(
      gameId,
      import(`./${gameId}.js`)
        .then((module) => ({ ...generic, ...module.default, id: gameId }))
        .catch(() => ({ ...generic, id: gameId })),
    );
  }
  return /** @type {Promise<GameModule>} */ (loaded.get(gameId));
}

export { generic };
