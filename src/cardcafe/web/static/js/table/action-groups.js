// @ts-check
// A long choice of moves, grouped: when one click offers many actions and the game names a
// group for them (Monster Rejects' declarations by realm), the menus show the groups first
// instead of a wall of buttons. Games that name no group keep the flat list.

/** @typedef {import("../types.js").DrawContext} DrawContext */
/** @typedef {import("../types.js").GameModule} GameModule */

// More actions than this on one spot are worth grouping (a phone shows about this many).
export const MANY_ACTIONS = 8;

/**
 * One entry of a grouped choice: a group of actions under its title, or an action alone (one
 * the game did not group).
 * @typedef {{title: string, indexes: number[]} | {index: number}} ChoiceEntry
 */

/**
 * The game's group title for an action, or null (no group; a failing module groups nothing).
 * @param {GameModule} game
 * @param {import("../types.js").LegalAction} action
 * @param {DrawContext} ctx
 * @returns {string|null}
 */
function groupOf(game, action, ctx) {
  if (!game.actionGroup) return null;
  try {
    const title = game.actionGroup(action, ctx);
    return typeof title === "string" && title ? title : null;
  } catch {
    return null;
  }
}

/**
 * The actions at `indexes` (of `ctx.legal`) grouped as the game groups them, in the order they
 * come (a group where its first action comes), or null when there is nothing to group: few
 * actions, or fewer than two groups.
 * @param {GameModule} game
 * @param {DrawContext} ctx
 * @param {number[]} indexes
 * @returns {ChoiceEntry[]|null}
 */
export function groupChoices(game, ctx, indexes) {
  if (indexes.length <= MANY_ACTIONS || !game.actionGroup) return null;
  /** @type {ChoiceEntry[]} */
  const entries = [];
  /** @type {Map<string, number[]>} */
  const groups = new Map();
  for (const index of indexes) {
    const title = groupOf(game, ctx.legal[index], ctx);
    if (title === null) {
      entries.push({ index });
      continue;
    }
    const members = groups.get(title);
    if (members) members.push(index);
    else {
      const fresh = [index];
      groups.set(title, fresh);
      entries.push({ title, indexes: fresh });
    }
  }
  return groups.size >= 2 ? entries : null;
}
